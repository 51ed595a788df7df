package dev.gmac.gpu.exec;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.PtxType;
import dev.gmac.gpu.ptx.StateSpace;

/**
 * The functional model's instruction interpreter: executes decoded instructions ({@link Insn}) for the issue
 * groups a CTA's {@link DivergenceModel} forms, with the lane loop inside each opcode over the executing mask, the
 * warps' flat register files, and the model deciding PC, lanes and frame (Fung thesis §2.1.2). It is
 * execute-at-issue: {@link #run} with a budget of one and an {@link IssueRecord} is exactly one issued warp
 * instruction, which is how a timing model drives it; with a larger budget and no record it is the fast
 * functional loop.
 *
 * <p>Two paths. An issue group of one static warp (every group of {@code pdom} and {@code its}) runs in {@link
 * #runSingle}, which keeps PC, mask and registers in locals and calls the model only at branches it must see, at
 * the model's watch PC and at control instructions. A group of several static warps (compacted or dynamic warps)
 * runs one instruction at a time in {@link #runGroup}: data instructions execute per member through the same loop
 * (one instruction, on a {@link MemberView}), warp-wide collectives gather the members' lanes first, and control
 * instructions are handled once for the group.
 *
 * <p>Hot instructions (32- and 64-bit integer add/mul/mad/shift/logic, f32 and f64 add/mul/fma, setp, selp,
 * 32- and 64-bit global and shared loads and stores, kernel parameter loads, branches) are cases of the main
 * switch; the rest are in {@link #other} and {@link #control}, which keeps the main loop small enough for the
 * JIT to compile. Lane loops visit the set bits of the executing mask. Nothing allocates on the fast path and no
 * exception is thrown except for a fault. Memory goes through the launch's {@link MemoryPort}; inside a
 * transaction every memory instruction takes the port's transactional path.
 */
final class Interpreter {
    private static final long M32 = 0xFFFFFFFFL;

    /** The instruction left the group alone: continue at pc + 1. */
    private static final int NEXT = 0;
    /** The model changed the group: re-read it. */
    private static final int RELOAD = 1;
    /** The slot cannot continue now. */
    private static final int STOP = 2;

    private final KernelLaunch launch;
    private final Insn[] code;
    private final FunctionInfo[] funcs;
    private final MemoryPort port;
    private final MemberView view = new MemberView();
    private final Collectives collectives;
    private final int width;

    long warpInstructions;
    long threadInstructions;
    long divergentBranches;
    long atomics;
    long barriers;
    long fences;
    /** Threads that finished: the watchdog's strong progress. */
    long threadsExited;
    /** Set when memory changed, a barrier released or a thread finished: the watchdog's weak progress. */
    boolean progressed;
    /**
     * Whether a store counts as progress only when it changes memory ({@link LaunchWatchdog#comparesStores()});
     * otherwise every store counts, and the comparison costs nothing.
     */
    boolean compareStores;

    Interpreter(KernelLaunch launch, MemoryPort port) {
        this.launch = launch;
        this.code = launch.program.code();
        this.funcs = launch.program.functions().toArray(new FunctionInfo[0]);
        this.port = port;
        this.collectives = new Collectives(launch.warpSize);
        this.width = launch.warpSize;
    }

    // ------------------------------------------------------------------ faults

    KernelFaultException fault(Warp w, Insn in, int lane, long address, FaultKind kind, String reason) {
        return launch.fault(w, in, lane, address, kind, reason);
    }

    private static int firstLane(long mask) {
        return Long.numberOfTrailingZeros(mask);
    }

    /** The effective address of a memory instruction for {@code lane}, in the instruction's own space. */
    private static long effectiveAddress(Insn in, long[] r, Warp w, int frame, int lane) {
        switch (in.addrMode) {
            case Insn.ADDR_REG: {
                long a = r[in.a + lane] + in.imm;
                return (in.space == StateSpace.SHARED
                                || in.space == StateSpace.LOCAL
                                || in.space == StateSpace.CONST
                                || in.space == StateSpace.PARAM)
                        ? a & M32
                        : a;
            }
            case Insn.ADDR_FRAME:
                return w.frameBase[frame] + in.imm;
            default:
                return in.imm;
        }
    }

    private static int recordedSpace(int space, long addr) {
        return space == StateSpace.GENERIC ? Math.max(0, StateSpace.spaceOfGeneric(addr)) : space;
    }

    // ------------------------------------------------------------------ the loops

    /**
     * Runs warp slot {@code slot} of {@code cta} for at most {@code budget} warp instructions, or until it stops
     * (waits, finishes or yields). With a record, fills it for the last instruction issued (use a budget of 1).
     * Returns the number of warp instructions issued.
     */
    int run(Cta cta, int slot, int budget, IssueRecord rec) {
        DivergenceModel dm = cta.simt;
        int n = 0;
        while (n < budget && dm.state(slot) == DivergenceModel.RUNNABLE) {
            int k = dm.members(slot) == 1 ? runSingle(dm, slot, budget - n, rec, false) : runGroup(cta, dm, slot, rec);
            n += k;
            if (k == 0 && dm.state(slot) == DivergenceModel.RUNNABLE && dm.members(slot) == 1) {
                break; // a function exit was handled without an issue; nothing else to do in this call
            }
        }
        if (n > 0 && launch.tm() != null) {
            afterTransactional(dm, slot, n);
        }
        return n;
    }

    /**
     * Tells the TM model that the slot ran {@code n} instructions inside its running attempt, if it is in one,
     * and aborts the lanes the model names (its watchdog, doomed lanes; {@link TmModel#ran}).
     */
    private void afterTransactional(DivergenceModel dm, int slot, int n) {
        TxScope s = dm.txScope(slot);
        if (s == null || dm.state(slot) != DivergenceModel.RUNNABLE) {
            return;
        }
        int members = dm.members(slot);
        if (members > 1 && dm.memberTxScope(slot, 1) != s) {
            // the members run in different transactions (tbc: one per static warp): each is told and aborts
            TxScope[] scopes = new TxScope[members];
            for (int i = 0; i < members; i++) {
                scopes[i] = dm.memberTxScope(slot, i);
            }
            for (TxScope m : scopes) {
                if (m != null && !m.waiting && dm.state(slot) == DivergenceModel.RUNNABLE) {
                    long abort = launch.tm().ran(m, n) & m.running;
                    if (abort != 0) {
                        dm.txAbort(slot, m, abort);
                    }
                }
            }
            return;
        }
        if (s.waiting) {
            return;
        }
        long abort = launch.tm().ran(s, n) & s.running;
        if (abort != 0) {
            dm.txAbort(slot, s, abort);
        }
    }

    /**
     * The fast loop for a one-member issue group. With {@code member} set, it executes exactly one data
     * instruction for a member of a larger group ({@link #runGroup} via {@link #view}), merging into the record
     * and counting no warp instruction of its own.
     */
    private int runSingle(DivergenceModel dm, int slot, int budget, IssueRecord rec, boolean member) {
        final Insn[] code = this.code;
        final boolean every = dm.reportsEveryBranch();
        Warp w = dm.member(slot, 0);
        int pc = dm.pc(slot);
        long mask = dm.memberLanes(slot, 0);
        int frame = dm.memberFrame(slot, 0);
        int watch = dm.watchPc(slot);
        int watch2 = dm.secondWatchPc(slot);
        TxScope tx = dm.txScope(slot);
        long[] r = w.regs[frame];
        long[] p = w.preds[frame];
        int n = 0;
        long ti = 0;
        try {
            while (true) {
                final Insn in = code[pc];
                if (in.op == Op.RET_EXIT) {
                    if (member) {
                        break;
                    }
                    // A function's exit, reached by every lane of the group: return at once, as part of the
                    // instruction that got here, without an issue slot of its own.
                    dm.setPc(slot, pc);
                    if (functionExit(dm, slot) == STOP
                            || dm.state(slot) != DivergenceModel.RUNNABLE
                            || dm.members(slot) != 1) {
                        return n;
                    }
                    w = dm.member(slot, 0);
                    pc = dm.pc(slot);
                    mask = dm.memberLanes(slot, 0);
                    frame = dm.memberFrame(slot, 0);
                    watch = dm.watchPc(slot);
                    watch2 = dm.secondWatchPc(slot);
                    tx = dm.txScope(slot);
                    r = w.regs[frame];
                    p = w.preds[frame];
                    continue;
                }
                if (n >= budget) {
                    break;
                }
                n++;
                ti += Long.bitCount(mask);
                long em = mask;
                final int g = in.guard;
                if (g >= 0) {
                    em = in.guardNeg ? mask & ~p[g] : mask & p[g];
                }
                if (rec != null) {
                    if (member) {
                        rec.addMember(w, mask, em);
                    } else {
                        rec.begin(w, in, mask, em);
                    }
                }
                int npc = pc + 1;
                {
                    switch (in.op) {
                        case Op.NOP:
                            break;
                        case Op.MOV: {
                            final int d = in.d;
                            final int a = in.a;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l];
                            }
                            break;
                        }
                        case Op.ADD_I32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (int) r[a + l] + (int) r[b + l];
                            }
                            break;
                        }
                        case Op.SUB_I32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (int) r[a + l] - (int) r[b + l];
                            }
                            break;
                        }
                        case Op.ADD_I64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] + r[b + l];
                            }
                            break;
                        }
                        case Op.SUB_I64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] - r[b + l];
                            }
                            break;
                        }
                        case Op.MUL_LO_I32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (int) r[a + l] * (int) r[b + l];
                            }
                            break;
                        }
                        case Op.MUL_LO_I64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] * r[b + l];
                            }
                            break;
                        }
                        case Op.MAD_LO_I32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            final int c = in.c;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (int) r[a + l] * (int) r[b + l] + (int) r[c + l];
                            }
                            break;
                        }
                        case Op.MAD_LO_I64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            final int c = in.c;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] * r[b + l] + r[c + l];
                            }
                            break;
                        }
                        case Op.MUL_WIDE_S32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (long) (int) r[a + l] * (long) (int) r[b + l];
                            }
                            break;
                        }
                        case Op.MUL_WIDE_U32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (r[a + l] & M32) * (r[b + l] & M32);
                            }
                            break;
                        }
                        case Op.SHL_B32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 32 ? 0 : ((int) r[a + l]) << s;
                            }
                            break;
                        }
                        case Op.SHR_U32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 32 ? 0 : ((int) r[a + l]) >>> s;
                            }
                            break;
                        }
                        case Op.SHR_S32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = ((int) r[a + l]) >> (s >= 32 ? 31 : s);
                            }
                            break;
                        }
                        case Op.SHL_B64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 64 ? 0 : r[a + l] << s;
                            }
                            break;
                        }
                        case Op.SHR_U64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 64 ? 0 : r[a + l] >>> s;
                            }
                            break;
                        }
                        case Op.SHR_S64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long s = r[b + l] & M32;
                                r[d + l] = r[a + l] >> (s >= 64 ? 63 : s);
                            }
                            break;
                        }
                        case Op.AND_B: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] & r[b + l];
                            }
                            break;
                        }
                        case Op.OR_B: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] | r[b + l];
                            }
                            break;
                        }
                        case Op.XOR_B: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] ^ r[b + l];
                            }
                            break;
                        }
                        case Op.CVT_U64_U32: {
                            final int d = in.d;
                            final int a = in.a;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = r[a + l] & M32;
                            }
                            break;
                        }
                        case Op.CVT_S64_S32: {
                            final int d = in.d;
                            final int a = in.a;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (int) r[a + l];
                            }
                            break;
                        }
                        case Op.SETP_S32:
                        case Op.SETP_U32: {
                            final int a = in.a;
                            final int b = in.b;
                            final int cmp = in.sub;
                            final boolean uns = in.op == Op.SETP_U32;
                            long res = 0;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                int x = (int) r[a + l];
                                int y = (int) r[b + l];
                                if (uns) {
                                    x ^= Integer.MIN_VALUE;
                                    y ^= Integer.MIN_VALUE;
                                }
                                if (compare32(cmp, x, y)) {
                                    res |= 1L << l;
                                }
                            }
                            p[in.d] = (p[in.d] & ~em) | res;
                            if (in.d2 >= 0) {
                                p[in.d2] = (p[in.d2] & ~em) | (~res & em);
                            }
                            break;
                        }
                        case Op.SELP: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            final long sel = in.cNeg ? ~p[in.c] : p[in.c];
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = (sel & (1L << l)) != 0 ? r[a + l] : r[b + l];
                            }
                            break;
                        }
                        case Op.ADD_F32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                float x = Float.intBitsToFloat((int) r[a + l]) + Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                            break;
                        }
                        case Op.SUB_F32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                float x = Float.intBitsToFloat((int) r[a + l]) - Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                            break;
                        }
                        case Op.MUL_F32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                float x = Float.intBitsToFloat((int) r[a + l]) * Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                            break;
                        }
                        case Op.FMA_F32: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            final int c = in.c;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                float x = Math.fma(
                                        Float.intBitsToFloat((int) r[a + l]),
                                        Float.intBitsToFloat((int) r[b + l]),
                                        Float.intBitsToFloat((int) r[c + l]));
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                            break;
                        }
                        case Op.ADD_F64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) + Double.longBitsToDouble(r[b + l]));
                            }
                            break;
                        }
                        case Op.SUB_F64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) - Double.longBitsToDouble(r[b + l]));
                            }
                            break;
                        }
                        case Op.MUL_F64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) * Double.longBitsToDouble(r[b + l]));
                            }
                            break;
                        }
                        case Op.FMA_F64: {
                            final int d = in.d;
                            final int a = in.a;
                            final int b = in.b;
                            final int c = in.c;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                r[d + l] = Double.doubleToRawLongBits(Math.fma(
                                        Double.longBitsToDouble(r[a + l]),
                                        Double.longBitsToDouble(r[b + l]),
                                        Double.longBitsToDouble(r[c + l])));
                            }
                            break;
                        }
                        case Op.LD_GLOBAL_32: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int d = in.d;
                            final int a = in.a;
                            final long off = in.imm;
                            final boolean sx = in.signed;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = r[a + l] + off;
                                int o = port.gofs(addr, 4, in, w, l);
                                int v = (int) GlobalMemory.I32.get(port.gseg, o);
                                r[d + l] = sx ? v : v & M32;
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 4, false);
                                }
                            }
                            break;
                        }
                        case Op.LD_GLOBAL_64: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int d = in.d;
                            final int a = in.a;
                            final long off = in.imm;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = r[a + l] + off;
                                int o = port.gofs(addr, 8, in, w, l);
                                r[d + l] = (long) GlobalMemory.I64.get(port.gseg, o);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 8, false);
                                }
                            }
                            break;
                        }
                        case Op.ST_GLOBAL_32: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int b = in.b;
                            final int a = in.a;
                            final long off = in.imm;
                            boolean changed = false;
                            // compared with memory only when the watchdog asks, until this quantum made progress
                            final boolean check = compareStores && !progressed;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = r[a + l] + off;
                                int o = port.gofs(addr, 4, in, w, l);
                                int v = (int) r[b + l];
                                if (check) {
                                    changed |= (int) GlobalMemory.I32.get(port.gseg, o) != v;
                                }
                                GlobalMemory.I32.set(port.gseg, o, v);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 4, true);
                                }
                            }
                            progressed |= !check || changed;
                            break;
                        }
                        case Op.ST_GLOBAL_64: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int b = in.b;
                            final int a = in.a;
                            final long off = in.imm;
                            boolean changed = false;
                            // compared with memory only when the watchdog asks, until this quantum made progress
                            final boolean check = compareStores && !progressed;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = r[a + l] + off;
                                int o = port.gofs(addr, 8, in, w, l);
                                long v = r[b + l];
                                if (check) {
                                    changed |= (long) GlobalMemory.I64.get(port.gseg, o) != v;
                                }
                                GlobalMemory.I64.set(port.gseg, o, v);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 8, true);
                                }
                            }
                            progressed |= !check || changed;
                            break;
                        }
                        case Op.LD_SHARED_32: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int d = in.d;
                            final int a = in.a;
                            final long off = in.imm;
                            final boolean sx = in.signed;
                            final Cta cta = w.cta;
                            final byte[] sh = cta.shared;
                            final int lim = cta.sharedSize - 4;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = (r[a + l] + off) & M32;
                                if (addr > lim || (addr & 3) != 0) {
                                    port.sofs(addr, 4, cta, in, w, l);
                                }
                                int v = (int) MemoryPort.A32.get(sh, (int) addr);
                                r[d + l] = sx ? v : v & M32;
                                if (rec != null) {
                                    rec.address(l, StateSpace.SHARED, addr, 4, false);
                                }
                            }
                            break;
                        }
                        case Op.ST_SHARED_32: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            final int b = in.b;
                            final int a = in.a;
                            final long off = in.imm;
                            boolean changed = false;
                            // compared with memory only when the watchdog asks, until this quantum made progress
                            final boolean check = compareStores && !progressed;
                            final Cta cta = w.cta;
                            final byte[] sh = cta.shared;
                            final int lim = cta.sharedSize - 4;
                            for (int l = 0; l < width; l++) {
                                if ((em & (1L << l)) == 0) {
                                    continue;
                                }
                                long addr = (r[a + l] + off) & M32;
                                if (addr > lim || (addr & 3) != 0) {
                                    port.sofs(addr, 4, cta, in, w, l);
                                }
                                int v = (int) r[b + l];
                                if (check) {
                                    changed |= (int) MemoryPort.A32.get(sh, (int) addr) != v;
                                }
                                MemoryPort.A32.set(sh, (int) addr, v);
                                if (rec != null) {
                                    rec.address(l, StateSpace.SHARED, addr, 4, true);
                                }
                            }
                            progressed |= !check || changed;
                            break;
                        }
                        case Op.LD_KPARAM: {
                            if (tx != null) {
                                other(w, in, mask, em, frame, r, p, rec, tx); // the TM model sees the access
                                break;
                            }
                            if (em != 0) {
                                final int d = in.d;
                                long v = port.load(w, in, StateSpace.PARAM, in.imm, in.width, firstLane(em));
                                if (in.signed) {
                                    int s = 64 - 8 * in.width;
                                    v = (v << s) >> s;
                                }
                                for (int l = 0; l < width; l++) {
                                    if ((em & (1L << l)) == 0) {
                                        continue;
                                    }
                                    r[d + l] = v;
                                    if (rec != null) {
                                        rec.address(l, StateSpace.PARAM, in.imm, in.width, false);
                                    }
                                }
                            }
                            break;
                        }
                        case Op.BRA: {
                            if (!every) {
                                if (em == mask) {
                                    npc = in.target;
                                    break;
                                }
                                if (em == 0) {
                                    break;
                                }
                            }
                            if (em != mask && em != 0) {
                                divergentBranches++;
                            }
                            dm.setPc(slot, pc);
                            if (dm.branch(slot, em, in.target, npc, in.rpc, in.uniform) == DivergenceModel.STOP
                                    || dm.state(slot) != DivergenceModel.RUNNABLE
                                    || dm.members(slot) != 1) {
                                return n;
                            }
                            w = dm.member(slot, 0);
                            pc = dm.pc(slot);
                            mask = dm.memberLanes(slot, 0);
                            frame = dm.memberFrame(slot, 0);
                            watch = dm.watchPc(slot);
                            watch2 = dm.secondWatchPc(slot);
                            tx = dm.txScope(slot);
                            r = w.regs[frame];
                            p = w.preds[frame];
                            continue;
                        }
                        case Op.CALL:
                        case Op.EXIT:
                        case Op.TRAP:
                        case Op.BAR:
                        case Op.WARP_SYNC:
                        case Op.TX_BEGIN:
                        case Op.TX_COMMIT:
                        case Op.YIELD: {
                            if (em == 0 && in.op != Op.TX_BEGIN && in.op != Op.TX_COMMIT) {
                                break;
                            }
                            dm.setPc(slot, pc);
                            int res = control(dm, slot, in);
                            if (res == NEXT) {
                                break;
                            }
                            if (res == STOP || dm.state(slot) != DivergenceModel.RUNNABLE || dm.members(slot) != 1) {
                                return n;
                            }
                            w = dm.member(slot, 0);
                            pc = dm.pc(slot);
                            mask = dm.memberLanes(slot, 0);
                            frame = dm.memberFrame(slot, 0);
                            watch = dm.watchPc(slot);
                            watch2 = dm.secondWatchPc(slot);
                            tx = dm.txScope(slot);
                            r = w.regs[frame];
                            p = w.preds[frame];
                            continue;
                        }
                        default:
                            other(w, in, mask, em, frame, r, p, rec, tx);
                    }
                }
                pc = npc;
                if (pc == watch || pc == watch2) {
                    dm.setPc(slot, pc);
                    if (dm.reached(slot) == DivergenceModel.STOP
                            || dm.state(slot) != DivergenceModel.RUNNABLE
                            || dm.members(slot) != 1) {
                        return n;
                    }
                    w = dm.member(slot, 0);
                    pc = dm.pc(slot);
                    mask = dm.memberLanes(slot, 0);
                    frame = dm.memberFrame(slot, 0);
                    watch = dm.watchPc(slot);
                    watch2 = dm.secondWatchPc(slot);
                    tx = dm.txScope(slot);
                    r = w.regs[frame];
                    p = w.preds[frame];
                }
            }
            dm.setPc(slot, pc);
            return n;
        } finally {
            if (!member) {
                warpInstructions += n;
            }
            threadInstructions += ti;
        }
    }

    /**
     * One instruction of a group of several static warps: control instructions once for the group, warp-wide
     * collectives over the members' gathered lanes, anything else per member.
     */
    private int runGroup(Cta cta, DivergenceModel dm, int slot, IssueRecord rec) {
        int pc = dm.pc(slot);
        Insn in = code[pc];
        if (in.op == Op.RET_EXIT) {
            functionExit(dm, slot);
            return 0;
        }
        warpInstructions++;
        int k = dm.members(slot);
        long mask = dm.mask(slot);
        if (rec != null) {
            rec.begin(dm.member(slot, 0), in, 0, 0);
        }
        switch (in.op) {
            case Op.BRA: {
                long taken = 0;
                for (int i = 0; i < k; i++) {
                    long lanes = dm.memberLanes(slot, i);
                    taken |= executing(in, dm.member(slot, i), dm.memberFrame(slot, i), lanes);
                    threadInstructions += Long.bitCount(lanes);
                    if (rec != null) {
                        rec.addMember(
                                dm.member(slot, i),
                                lanes,
                                executing(in, dm.member(slot, i), dm.memberFrame(slot, i), lanes));
                    }
                }
                if (taken != mask && taken != 0) {
                    divergentBranches++;
                }
                if (!dm.reportsEveryBranch() && (taken == mask || taken == 0)) {
                    advance(dm, slot, taken == mask ? in.target : pc + 1);
                } else {
                    dm.branch(slot, taken, in.target, pc + 1, in.rpc, in.uniform);
                }
                return 1;
            }
            case Op.CALL:
            case Op.EXIT:
            case Op.TRAP:
            case Op.BAR:
            case Op.WARP_SYNC:
            case Op.TX_BEGIN:
            case Op.TX_COMMIT:
            case Op.YIELD: {
                for (int i = 0; i < k; i++) {
                    long lanes = dm.memberLanes(slot, i);
                    threadInstructions += Long.bitCount(lanes);
                    if (rec != null) {
                        rec.addMember(
                                dm.member(slot, i),
                                lanes,
                                executing(in, dm.member(slot, i), dm.memberFrame(slot, i), lanes));
                    }
                }
                if (control(dm, slot, in) == NEXT) {
                    advance(dm, slot, pc + 1);
                }
                return 1;
            }
            case Op.VOTE:
            case Op.SHFL:
            case Op.MATCH:
            case Op.ACTIVEMASK:
                collectives.group(in, dm, slot, rec);
                threadInstructions += Long.bitCount(mask);
                advance(dm, slot, pc + 1);
                return 1;
            default:
                for (int i = 0; i < k; i++) {
                    view.bind(dm, slot, i);
                    runSingle(view, 0, 1, rec, true);
                }
                advance(dm, slot, pc + 1);
                return 1;
        }
    }

    /** Moves a group to {@code npc}, reporting the model's watch PC. */
    private static void advance(DivergenceModel dm, int slot, int npc) {
        dm.setPc(slot, npc);
        if (npc == dm.watchPc(slot) || npc == dm.secondWatchPc(slot)) {
            dm.reached(slot);
        }
    }

    /** The lanes of {@code lanes} whose guard predicate holds for {@code in}. */
    private static long executing(Insn in, Warp w, int frame, long lanes) {
        if (in.guard < 0) {
            return lanes;
        }
        long pg = w.preds[frame][in.guard];
        return in.guardNeg ? lanes & ~pg : lanes & pg;
    }

    private static boolean compare32(int cmp, int x, int y) {
        switch (cmp) {
            case Op.CMP_EQ:
                return x == y;
            case Op.CMP_NE:
                return x != y;
            case Op.CMP_LT:
            case Op.CMP_LO:
                return x < y;
            case Op.CMP_LE:
            case Op.CMP_LS:
                return x <= y;
            case Op.CMP_GT:
            case Op.CMP_HI:
                return x > y;
            default:
                return x >= y;
        }
    }

    // ------------------------------------------------------------------ control

    /**
     * A control instruction of the group at its PC (the model's PC is the instruction's): calls, exit, trap,
     * barriers, {@code bar.warp.sync}, the transaction delimiters and {@code yield.wave}. Returns {@link #NEXT} when no lane executed
     * it, else {@link #RELOAD} or {@link #STOP}.
     */
    private int control(DivergenceModel dm, int slot, Insn in) {
        int k = dm.members(slot);
        long em = 0;
        for (int i = 0; i < k; i++) {
            em |= executing(in, dm.member(slot, i), dm.memberFrame(slot, i), dm.memberLanes(slot, i));
        }
        switch (in.op) {
            case Op.CALL:
                return em == 0 ? NEXT : call(dm, slot, in, em);
            case Op.EXIT: {
                if (em == 0) {
                    return NEXT;
                }
                int k2 = dm.members(slot);
                for (int i = 0; i < k2; i++) {
                    Warp w = dm.member(slot, i);
                    retireLanes(
                            w,
                            dm.memberFrame(slot, i),
                            executing(in, w, dm.memberFrame(slot, i), dm.memberLanes(slot, i)));
                }
                dm.setPc(slot, in.pc + 1);
                int res = dm.exited(slot, em);
                checkBarriers(dm);
                return res == DivergenceModel.STOP ? STOP : RELOAD;
            }
            case Op.TRAP:
                if (em == 0) {
                    return NEXT;
                }
                throw fault(
                        dm.member(slot, 0), in, firstLane(em), -1, FaultKind.TRAP, "the kernel executed " + in.text);
            case Op.BAR:
                return em == 0 ? NEXT : barrier(dm, slot, in, em);
            case Op.WARP_SYNC: {
                if (em == 0) {
                    return NEXT;
                }
                Warp w = dm.member(slot, 0);
                int lane = firstLane(em);
                // a 32-bit member mask names lanes of the executing lane's 32-lane half (see Collectives)
                long members = (w.regs[dm.memberFrame(slot, 0)][in.a + lane] & M32) << (lane & 32);
                return dm.warpSync(slot, members, in.pc + 1) == DivergenceModel.STOP ? STOP : RELOAD;
            }
            case Op.TX_BEGIN:
                if (launch.tm() == null) {
                    throw fault(
                            dm.member(slot, 0),
                            in,
                            firstLane(dm.mask(slot)),
                            -1,
                            FaultKind.INVALID_INSTRUCTION,
                            "tx.begin needs a transactional-memory model: launch with a TM model (--tm cgl, "
                                    + "LaunchOptions.tm)");
                }
                return dm.txBegin(slot, in.pc + 1) == DivergenceModel.STOP ? STOP : RELOAD;
            case Op.TX_COMMIT:
                if (dm.txScope(slot) == null) {
                    throw fault(
                            dm.member(slot, 0),
                            in,
                            firstLane(dm.mask(slot)),
                            -1,
                            FaultKind.INVALID_INSTRUCTION,
                            "tx.commit outside a transaction");
                }
                return dm.txCommit(slot, in.pc + 1) == DivergenceModel.STOP ? STOP : RELOAD;
            case Op.YIELD:
                return em == 0 ? NEXT : yieldWave(dm, slot, in, em);
            default:
                throw new IllegalStateException("not a control instruction: " + in);
        }
    }

    /**
     * {@code yield.wave a, b} (Orr et al., ISCA 2014, §6): the launch saves the wavefront's registers to the save
     * area (operands of the first executing lane; every executing lane must give the same), then the divergence
     * model parks the slot, to resume after the instruction.
     */
    private int yieldWave(DivergenceModel dm, int slot, Insn in, long em) {
        Warp w = dm.member(slot, 0);
        long[] r = w.regs[dm.memberFrame(slot, 0)];
        int lane = firstLane(em);
        long area = r[in.a + lane];
        long bytes = r[in.b + lane];
        for (long m = em & (em - 1); m != 0; m &= m - 1) {
            int l = Long.numberOfTrailingZeros(m);
            if (r[in.a + l] != area || r[in.b + l] != bytes) {
                throw fault(
                        w,
                        in,
                        l,
                        r[in.a + l],
                        FaultKind.INVALID_INSTRUCTION,
                        "yield.wave: lanes give different save areas (lane " + lane + ": 0x" + Long.toHexString(area)
                                + ", " + bytes + " bytes); the operands must be the same in every lane");
            }
        }
        launch.yieldWave(dm.cta, w, in, lane, area, bytes);
        try {
            dm.yieldWave(slot, in.pc + 1);
        } catch (UnsupportedOperationException e) {
            throw fault(w, in, lane, -1, FaultKind.INVALID_INSTRUCTION, e.getMessage());
        }
        progressed = true;
        return STOP;
    }

    /** {@code lanes} of {@code w} exited: the warp, the CTA's live-thread count and their frames forget them. */
    private void retireLanes(Warp w, int frame, long lanes) {
        lanes &= w.liveMask;
        if (lanes == 0) {
            return;
        }
        for (int f = frame; f >= 0; f = w.parentFrame[f]) {
            w.leaveFrame(f, lanes);
        }
        w.liveMask &= ~lanes;
        w.cta.liveThreads -= Long.bitCount(lanes);
        threadsExited += Long.bitCount(lanes);
        progressed = true;
    }

    private void checkBarriers(DivergenceModel dm) {
        dm.cta.checkBarriers();
        if (dm.cta.liveThreads == 0) {
            launch.ctaFinished(dm.cta);
        }
    }

    private int call(DivergenceModel dm, int slot, Insn in, long em) {
        if (em != dm.mask(slot)) {
            throw fault(
                    dm.member(slot, 0),
                    in,
                    firstLane(dm.mask(slot)),
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "a call whose guard predicate differs between active lanes is not supported");
        }
        FunctionInfo callee = funcs[in.callee];
        int k = dm.members(slot);
        int[] frames = new int[k];
        for (int i = 0; i < k; i++) {
            Warp w = dm.member(slot, i);
            int callerFrame = dm.memberFrame(slot, i);
            long lanes = dm.memberLanes(slot, i);
            FunctionInfo caller = funcs[w.frameFunction[callerFrame]];
            int callerBase = w.frameBase[callerFrame];
            int base = callerBase + caller.frameBytes;
            long need = (long) base + callee.frameBytes;
            if (need > launch.config.localMemoryPerThread()) {
                throw fault(
                        w,
                        in,
                        firstLane(lanes),
                        -1,
                        FaultKind.STACK_OVERFLOW,
                        "calling " + callee.name + " needs "
                                + need + " bytes of local memory per thread; the limit is "
                                + launch.config.localMemoryPerThread() + " (GpuConfig.localMemoryPerThread)");
            }
            int depth = 1;
            for (int f = callerFrame; f > 0; f = w.parentFrame[f]) {
                depth++;
            }
            int maxDepth = Math.max(64, launch.config.localMemoryPerThread() / 16);
            if (depth >= maxDepth) {
                throw fault(
                        w,
                        in,
                        firstLane(lanes),
                        -1,
                        FaultKind.STACK_OVERFLOW,
                        "calling " + callee.name
                                + " would nest " + depth + " calls; the limit is " + maxDepth
                                + " (GpuConfig.localMemoryPerThread / 16)");
            }
            w.ensureLocal((int) need);
            int f = w.enterFrame(callerFrame, callee, in.pc, base, lanes);
            frames[i] = f;
            long[] r = w.regs[callerFrame];
            byte[] local = w.local;
            int stride = w.localStride;
            for (int a = 0; a < in.argKind.length; a++) {
                int size = callee.paramSizes[a];
                int dstOff = base + callee.paramOffsets[a];
                for (long lm = lanes; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    int di = l * stride + dstOff;
                    if (in.argKind[a] == 0) {
                        System.arraycopy(local, l * stride + callerBase + in.argValue[a], local, di, size);
                    } else {
                        long v = r[in.argValue[a] + l];
                        for (int bi = 0; bi < Math.min(size, 8); bi++) {
                            local[di + bi] = (byte) (v >>> (8 * bi));
                        }
                    }
                }
            }
        }
        return dm.call(slot, callee.entryPc, in.pc + 1, frames) == DivergenceModel.STOP ? STOP : RELOAD;
    }

    /**
     * The group reached its function's exit: a return to the caller (results copied, frames left), or, in the
     * kernel's frame, the end of its threads.
     */
    private int functionExit(DivergenceModel dm, int slot) {
        int k = dm.members(slot);
        if (!dm.inCall(slot)) {
            long lanes = dm.mask(slot);
            for (int i = 0; i < k; i++) {
                retireLanes(dm.member(slot, i), dm.memberFrame(slot, i), dm.memberLanes(slot, i));
            }
            int res = dm.exited(slot, lanes);
            checkBarriers(dm);
            return res == DivergenceModel.STOP ? STOP : RELOAD;
        }
        for (int i = 0; i < k; i++) {
            Warp w = dm.member(slot, i);
            int f = dm.memberFrame(slot, i);
            long lanes = dm.memberLanes(slot, i);
            FunctionInfo callee = funcs[w.frameFunction[f]];
            Insn site = code[w.callSite[f]];
            int base = w.frameBase[f];
            int caller = w.parentFrame[f];
            int callerBase = w.frameBase[caller];
            long[] cr = w.regs[caller];
            byte[] local = w.local;
            int stride = w.localStride;
            for (int a = 0; a < site.retKind.length; a++) {
                int size = callee.returnSizes[a];
                int srcOff = base + callee.returnOffsets[a];
                for (long lm = lanes; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    int si = l * stride + srcOff;
                    if (site.retKind[a] == 0) {
                        System.arraycopy(local, si, local, l * stride + callerBase + site.retValue[a], size);
                    } else {
                        long v = 0;
                        for (int bi = Math.min(size, 8) - 1; bi >= 0; bi--) {
                            v = (v << 8) | (local[si + bi] & 0xFF);
                        }
                        cr[site.retValue[a] + l] = v;
                    }
                }
            }
            w.leaveFrame(f, lanes);
        }
        return dm.ret(slot) == DivergenceModel.STOP ? STOP : RELOAD;
    }

    private int barrier(DivergenceModel dm, int slot, Insn in, long em) {
        barriers++;
        Warp w0 = dm.member(slot, 0);
        int f0 = dm.memberFrame(slot, 0);
        int lane = firstLane(em);
        long[] r0 = w0.regs[f0];
        long idv = r0[in.a + lane] & M32;
        if (idv >= Cta.BARRIERS) {
            throw fault(w0, in, lane, -1, FaultKind.INVALID_INSTRUCTION, "barrier number " + idv + " is not in 0..15");
        }
        int id = (int) idv;
        int count = in.b >= 0 ? (int) r0[in.b + lane] : 0;
        if (in.b >= 0 && (count <= 0 || count % w0.width != 0)) {
            throw fault(
                    w0,
                    in,
                    lane,
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "barrier thread count " + count + " is not a positive multiple of the warp size (" + w0.width
                            + ")");
        }
        if (dm.txScope(slot) != null) {
            throw fault(w0, in, lane, -1, FaultKind.INVALID_INSTRUCTION, "a barrier inside a transaction");
        }
        int counted = dm.barrierArrivals(
                slot,
                id,
                em,
                (executing, missing) -> fault(
                        w0,
                        in,
                        firstLane(missing),
                        -1,
                        FaultKind.BARRIER_DIVERGENCE,
                        "barrier executed by lanes 0x" + Long.toHexString(executing) + " of the warp while lanes 0x"
                                + Long.toHexString(missing)
                                + " have not exited: a barrier inside divergent code is never reached by all threads"));
        Cta cta = dm.cta;
        if (in.sub >= Op.B_RED_POPC) {
            for (int i = 0; i < dm.members(slot); i++) {
                Warp w = dm.member(slot, i);
                int f = dm.memberFrame(slot, i);
                long[] p = w.preds[f];
                long pred = in.cNeg ? ~p[in.c] : p[in.c];
                cta.addReduction(id, in, w, f, executing(in, w, f, dm.memberLanes(slot, i)), pred);
            }
        }
        if (in.sub == Op.B_ARRIVE) {
            dm.setPc(slot, in.pc + 1);
            cta.arrive(id, count, counted);
            return RELOAD;
        }
        int res = dm.waitForBlock(slot, id, in.pc + 1);
        cta.waitAt(id, slot);
        if (cta.arrive(id, count, counted)) {
            return RELOAD; // released at once (the last arriver)
        }
        return res == DivergenceModel.STOP ? STOP : RELOAD;
    }

    // ------------------------------------------------------------------ everything else

    private void other(
            Warp w, Insn in, long mask, long em, int frame, long[] r, long[] p, IssueRecord rec, TxScope tx) {
        switch (in.op) {
            case Op.NOP:
                return;
            case Op.LD_GLOBAL_32:
            case Op.LD_GLOBAL_64:
            case Op.LD_SHARED_32:
            case Op.LD_KPARAM:
                // the hot loads inside a transaction: the generic path hands them to the TM model
                loadGeneric(w, in, em, frame, r, rec, tx);
                return;
            case Op.ST_GLOBAL_32:
            case Op.ST_GLOBAL_64:
            case Op.ST_SHARED_32:
                storeGeneric(w, in, em, frame, r, rec, tx);
                return;
            case Op.IALU:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = IntegerOps.ialu(
                            in,
                            r[in.a + l],
                            in.b >= 0 ? r[in.b + l] : 0,
                            in.c >= 0 ? r[in.c + l] : 0,
                            in.e >= 0 ? r[in.e + l] : 0);
                }
                return;
            case Op.CARRY:
                carry(w, in, em, r);
                return;
            case Op.PRED_LOGIC: {
                long x = in.aNeg ? ~p[in.a] : p[in.a];
                long y = in.b < 0 ? 0 : in.bNeg ? ~p[in.b] : p[in.b];
                long res;
                switch (in.sub) {
                    case Op.P_AND:
                        res = x & y;
                        break;
                    case Op.P_OR:
                        res = x | y;
                        break;
                    case Op.P_XOR:
                        res = x ^ y;
                        break;
                    default:
                        res = ~x;
                }
                p[in.d] = (p[in.d] & ~em) | (res & em);
                return;
            }
            case Op.MOV_PRED: {
                long x = in.aNeg ? ~p[in.a] : p[in.a];
                p[in.d] = (p[in.d] & ~em) | (x & em);
                return;
            }
            case Op.PRED_SET:
                p[in.d] = in.imm != 0 ? p[in.d] | em : p[in.d] & ~em;
                return;
            case Op.SETP:
            case Op.SET:
                setp(in, em, r, p);
                return;
            case Op.SLCT:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    boolean ge;
                    if (in.type2 == PtxType.F32) {
                        float c = Float.intBitsToFloat((int) r[in.c + l]);
                        if (in.ftz) {
                            c = FloatOps.ftz(c);
                        }
                        ge = c >= 0;
                    } else {
                        ge = (int) r[in.c + l] >= 0;
                    }
                    r[in.d + l] = ge ? r[in.a + l] : r[in.b + l];
                }
                return;
            case Op.FALU32:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = FloatOps.f32(
                            in.sub,
                            in.rnd,
                            in.ftz,
                            in.sat,
                            (int) r[in.a + l],
                            in.b >= 0 ? (int) r[in.b + l] : 0,
                            in.c >= 0 ? (int) r[in.c + l] : 0);
                }
                return;
            case Op.FALU64:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = FloatOps.f64(
                            in.sub,
                            in.rnd,
                            in.ftz,
                            in.sat,
                            r[in.a + l],
                            in.b >= 0 ? r[in.b + l] : 0,
                            in.c >= 0 ? r[in.c + l] : 0);
                }
                return;
            case Op.CVT:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = Conversions.convert(r[in.a + l], in.type2, in.type, in.rnd, in.ftz, in.sat);
                }
                return;
            case Op.TESTP: {
                long res = 0;
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    double x = in.type == PtxType.F32
                            ? Float.intBitsToFloat((int) r[in.a + l])
                            : Double.longBitsToDouble(r[in.a + l]);
                    double minNormal = in.type == PtxType.F32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
                    boolean t;
                    switch (in.sub) {
                        case Op.T_FINITE:
                            t = !Double.isNaN(x) && !Double.isInfinite(x);
                            break;
                        case Op.T_INFINITE:
                            t = Double.isInfinite(x);
                            break;
                        case Op.T_NUMBER:
                            t = !Double.isNaN(x);
                            break;
                        case Op.T_NOTANUMBER:
                            t = Double.isNaN(x);
                            break;
                        case Op.T_NORMAL:
                            t = !Double.isNaN(x) && !Double.isInfinite(x) && (x == 0 || Math.abs(x) >= minNormal);
                            break;
                        default:
                            t = x != 0 && Math.abs(x) < minNormal;
                    }
                    if (t) {
                        res |= 1L << l;
                    }
                }
                p[in.d] = (p[in.d] & ~em) | res;
                return;
            }
            case Op.MOV_SREG:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = specialRegister(w, in.sub, l);
                }
                return;
            case Op.MOV_LOCAL_ADDR: {
                long v = w.frameBase[frame] + in.imm + (in.sub == 1 ? StateSpace.LOCAL_WINDOW : 0);
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = v;
                }
                return;
            }
            case Op.PACK: {
                int width = in.width;
                long emask = width == 64 ? -1L : (1L << width) - 1;
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    long v = 0;
                    for (int k = 0; k < in.vec.length; k++) {
                        v |= (r[in.vec[k] + l] & emask) << (k * width);
                    }
                    r[in.d + l] = v;
                }
                return;
            }
            case Op.UNPACK: {
                int width = in.width;
                long emask = width == 64 ? -1L : (1L << width) - 1;
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    long v = r[in.a + l];
                    for (int k = 0; k < in.vec.length; k++) {
                        if (in.vec[k] >= 0) {
                            r[in.vec[k] + l] = (v >>> (k * width)) & emask;
                        }
                    }
                }
                return;
            }
            case Op.CVTA_TO_GENERIC:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = (r[in.a + l] & M32) + in.imm;
                }
                return;
            case Op.CVTA_TO_SPACE:
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    r[in.d + l] = r[in.a + l] - in.imm;
                }
                return;
            case Op.ISSPACEP: {
                long res = 0;
                for (long lm = em; lm != 0; lm &= lm - 1) {
                    final int l = Long.numberOfTrailingZeros(lm);
                    if (StateSpace.spaceOfGeneric(r[in.a + l]) == in.space) {
                        res |= 1L << l;
                    }
                }
                p[in.d] = (p[in.d] & ~em) | res;
                return;
            }
            case Op.LD:
                loadGeneric(w, in, em, frame, r, rec, tx);
                return;
            case Op.ST:
                storeGeneric(w, in, em, frame, r, rec, tx);
                return;
            case Op.ATOM:
                atomic(w, in, em, frame, r, rec, tx);
                return;
            case Op.MEMBAR:
                if (em != 0) {
                    fences++;
                }
                return;
            case Op.VOTE:
                collectives.vote(in, em, r, p);
                return;
            case Op.SHFL:
                collectives.shuffle(in, em, r, p);
                return;
            case Op.ACTIVEMASK:
                collectives.activemask(in, mask, em, r);
                return;
            case Op.MATCH:
                collectives.match(in, em, r, p);
                return;
            case Op.BUILTIN_CALL:
                launch.runtime().call(w, in, em, frame, r);
                return;
            default:
                throw new IllegalStateException("no implementation for " + in);
        }
    }

    private long specialRegister(Warp w, int sr, int lane) {
        KernelLaunch k = launch;
        switch (sr) {
            case Op.SR_TID_X:
                return w.tid[lane];
            case Op.SR_TID_Y:
                return w.tid[w.width + lane];
            case Op.SR_TID_Z:
                return w.tid[2 * w.width + lane];
            case Op.SR_NTID_X:
                return k.block.x();
            case Op.SR_NTID_Y:
                return k.block.y();
            case Op.SR_NTID_Z:
                return k.block.z();
            case Op.SR_CTAID_X:
                return w.cta.ctaId.x();
            case Op.SR_CTAID_Y:
                return w.cta.ctaId.y();
            case Op.SR_CTAID_Z:
                return w.cta.ctaId.z();
            case Op.SR_NCTAID_X:
                return k.grid.x();
            case Op.SR_NCTAID_Y:
                return k.grid.y();
            case Op.SR_NCTAID_Z:
                return k.grid.z();
            case Op.SR_LANEID:
                return lane;
            case Op.SR_WARPID:
                return w.index;
            case Op.SR_NWARPID:
                return w.cta.warps.length;
            case Op.SR_SMID:
                return w.cta.slot;
            case Op.SR_NSMID:
                return k.config.maxResidentCtas();
            case Op.SR_CLOCK:
                return (warpInstructions + threadInstructions) & M32;
            case Op.SR_CLOCK64:
            case Op.SR_GLOBALTIMER:
                return warpInstructions + threadInstructions;
            case Op.SR_LANEMASK_EQ:
                return (1L << (lane & 31)) & M32;
            case Op.SR_LANEMASK_LT:
                return ((1L << (lane & 31)) - 1) & M32;
            case Op.SR_LANEMASK_LE:
                return ((1L << ((lane & 31) + 1)) - 1) & M32;
            case Op.SR_LANEMASK_GT:
                return (~((1L << ((lane & 31) + 1)) - 1)) & M32;
            case Op.SR_LANEMASK_GE:
                return (~((1L << (lane & 31)) - 1)) & M32;
            case Op.SR_GRIDID:
                return k.launchId;
            case Op.SR_WARPSZ:
                return w.width;
            case Op.SR_DYN_SMEM:
                return k.dynamicSharedBytes;
            case Op.SR_TOTAL_SMEM:
                return w.cta.sharedSize;
            default:
                return 0;
        }
    }

    /**
     * Extended-precision arithmetic with the per-lane carry flag (PTX ISA §9.7.2). The flag follows the
     * hardware convention that nvcc's own multi-word code relies on: after {@code sub.cc}/{@code subc.cc} it is
     * the carry of {@code a + ~b + 1} (that is, NOT borrow), and {@code subc} computes {@code a + ~b + CF}; so
     * chains of subtractions borrow correctly and an {@code addc} after a subtraction reads "no borrow".
     */
    private void carry(Warp w, Insn in, long em, long[] r) {
        boolean cin = (in.sub2 & 1) != 0;
        boolean cout = (in.sub2 & 2) != 0;
        boolean is64 = in.sh == 0;
        long flags = w.carry;
        long newFlags = flags;
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            long ci = cin ? (flags >>> l) & 1 : 0;
            long a = r[in.a + l];
            long b = r[in.b + l];
            long res;
            boolean co;
            if (!is64) {
                long x = a & M32;
                long y = b & M32;
                long s;
                switch (in.sub) {
                    case Op.CC_ADD:
                        s = x + y + ci;
                        co = (s >>> 32) != 0;
                        break;
                    case Op.CC_SUB:
                        // a + ~b + 1 (sub.cc) or a + ~b + CF (subc): CF is the carry, i.e. NOT borrow
                        s = x + (~y & M32) + (cin ? ci : 1);
                        co = (s >>> 32) != 0;
                        break;
                    default: {
                        long prod = in.signed ? (long) (int) a * (long) (int) b : x * y;
                        long part = in.sub == Op.CC_MAD_LO ? prod & M32 : (prod >>> 32) & M32;
                        s = part + (r[in.c + l] & M32) + ci;
                        co = (s >>> 32) != 0;
                    }
                }
                res = s & M32;
            } else {
                switch (in.sub) {
                    case Op.CC_ADD: {
                        long t = a + b;
                        boolean c1 = Long.compareUnsigned(t, a) < 0;
                        res = t + ci;
                        co = c1 || Long.compareUnsigned(res, t) < 0;
                        break;
                    }
                    case Op.CC_SUB: {
                        long t = a + ~b;
                        boolean c1 = Long.compareUnsigned(t, a) < 0;
                        res = t + (cin ? ci : 1);
                        co = c1 || Long.compareUnsigned(res, t) < 0;
                        break;
                    }
                    default: {
                        long part = in.sub == Op.CC_MAD_LO
                                ? a * b
                                : in.signed ? Math.multiplyHigh(a, b) : IntegerOps.unsignedMultiplyHigh(a, b);
                        long c = r[in.c + l];
                        long t = part + c;
                        boolean c1 = Long.compareUnsigned(t, part) < 0;
                        res = t + ci;
                        co = c1 || Long.compareUnsigned(res, t) < 0;
                    }
                }
            }
            r[in.d + l] = res;
            if (cout) {
                newFlags = co ? newFlags | (1L << l) : newFlags & ~(1L << l);
            }
        }
        w.carry = newFlags;
    }

    private void setp(Insn in, long em, long[] r, long[] p) {
        long res = 0;
        PtxType t = in.type;
        boolean isFloat = t.isFloat();
        int bits = t.bits();
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            boolean v;
            if (isFloat) {
                double x;
                double y;
                if (t == PtxType.F32) {
                    float fx = Float.intBitsToFloat((int) r[in.a + l]);
                    float fy = Float.intBitsToFloat((int) r[in.b + l]);
                    if (in.ftz) {
                        fx = FloatOps.ftz(fx);
                        fy = FloatOps.ftz(fy);
                    }
                    x = fx;
                    y = fy;
                } else {
                    x = Double.longBitsToDouble(r[in.a + l]);
                    y = Double.longBitsToDouble(r[in.b + l]);
                }
                v = FloatOps.compare(in.sub, x, y);
            } else {
                long x = IntegerOps.ext(in, r[in.a + l]);
                long y = IntegerOps.ext(in, r[in.b + l]);
                v = IntegerOps.compare(in.sub, x, y, t.isSigned(), bits);
            }
            if (v) {
                res |= 1L << l;
            }
        }
        long nres = ~res & em;
        if (in.sub2 != Op.BOOL_NONE) {
            long c = in.cNeg ? ~p[in.c] : p[in.c];
            switch (in.sub2) {
                case Op.BOOL_AND:
                    res &= c;
                    nres &= c;
                    break;
                case Op.BOOL_OR:
                    res |= c;
                    nres |= c;
                    break;
                default:
                    res ^= c;
                    nres ^= c;
            }
            res &= em;
            nres &= em;
        }
        if (in.op == Op.SET) {
            long one = in.type2 == PtxType.F32 ? Float.floatToRawIntBits(1.0f) & M32 : -1L;
            for (long lm = em; lm != 0; lm &= lm - 1) {
                final int l = Long.numberOfTrailingZeros(lm);
                r[in.d + l] = (res & (1L << l)) != 0 ? one : 0;
            }
            return;
        }
        p[in.d] = (p[in.d] & ~em) | res;
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | nres;
        }
    }

    private void loadGeneric(Warp w, Insn in, long em, int frame, long[] r, IssueRecord rec, TxScope tx) {
        if (tx != null && em != 0) {
            launch.tm().access(tx, w, in, em);
        }
        int n = in.vec == null ? 1 : in.vec.length;
        int width = in.width;
        int sh = 64 - 8 * width;
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            long addr = effectiveAddress(in, r, w, frame, l);
            if (n > 1 && (addr & ((long) n * width - 1)) != 0) {
                throw fault(
                        w,
                        in,
                        l,
                        addr,
                        FaultKind.MISALIGNED,
                        "vector access of " + n * width + " bytes at an address that is not " + n * width
                                + "-byte aligned");
            }
            if (rec != null) {
                rec.address(l, recordedSpace(in.space, addr), addr, n * width, false);
            }
            for (int k = 0; k < n; k++) {
                long a = addr + (long) k * width;
                long v = tx == null
                        ? port.load(w, in, in.space, a, width, l)
                        : port.txLoad(tx, w, in, in.space, a, width, l);
                if (in.signed) {
                    v = (v << sh) >> sh;
                }
                int dst = n == 1 ? in.d : in.vec[k];
                if (dst >= 0) {
                    r[dst + l] = v;
                }
            }
        }
    }

    private void storeGeneric(Warp w, Insn in, long em, int frame, long[] r, IssueRecord rec, TxScope tx) {
        if (tx != null && em != 0) {
            launch.tm().access(tx, w, in, em);
        }
        int n = in.vec == null ? 1 : in.vec.length;
        int width = in.width;
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            long addr = effectiveAddress(in, r, w, frame, l);
            if (n > 1 && (addr & ((long) n * width - 1)) != 0) {
                throw fault(
                        w,
                        in,
                        l,
                        addr,
                        FaultKind.MISALIGNED,
                        "vector access of " + n * width + " bytes at an address that is not " + n * width
                                + "-byte aligned");
            }
            if (rec != null) {
                rec.address(l, recordedSpace(in.space, addr), addr, n * width, true);
            }
            for (int k = 0; k < n; k++) {
                long v = r[(n == 1 ? in.b : in.vec[k]) + l];
                long a = addr + (long) k * width;
                if (tx == null) {
                    // when the watchdog compares, only a store that changes memory is progress
                    if (!progressed
                            && (!compareStores || port.load(w, in, in.space, a, width, l) != (v & widthMask(width)))) {
                        progressed = true;
                    }
                    port.store(w, in, in.space, a, width, l, v);
                } else {
                    port.txStore(tx, w, in, in.space, a, width, l, v);
                    progressed = true;
                }
            }
        }
    }

    private static long widthMask(int bytes) {
        return bytes == 8 ? -1L : (1L << (8 * bytes)) - 1;
    }

    private void atomic(Warp w, Insn in, long em, int frame, long[] r, IssueRecord rec, TxScope tx) {
        if (tx != null && em != 0) {
            launch.tm().access(tx, w, in, em);
        }
        int width = in.width;
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            long addr = effectiveAddress(in, r, w, frame, l);
            int space = in.space;
            long a = addr;
            if (space == StateSpace.GENERIC) {
                space = port.genericSpace(addr, w, in, l);
                if (space != StateSpace.GLOBAL && space != StateSpace.SHARED) {
                    throw fault(
                            w,
                            in,
                            l,
                            addr,
                            FaultKind.INVALID_INSTRUCTION,
                            "atomic on a generic address in the " + StateSpace.name(space) + " space");
                }
                a = MemoryPort.resolve(space, addr);
            }
            if (rec != null) {
                rec.address(l, space, a, width, true);
            }
            long b = r[in.b + l];
            long c = in.c >= 0 ? r[in.c + l] : 0;
            long old = tx == null ? port.atomic(w, in, space, a, l, b, c) : port.txAtomic(tx, w, in, space, a, l, b, c);
            if (in.d >= 0) {
                r[in.d + l] = in.signed ? IntegerOps.ext(in, old) : old;
            }
            atomics++;
        }
    }
}
