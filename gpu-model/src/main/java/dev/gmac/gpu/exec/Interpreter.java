package dev.gmac.gpu.exec;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.PtxType;
import dev.gmac.gpu.ptx.StateSpace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The functional model's instruction interpreter: executes decoded instructions ({@link Insn}) for one warp at
 * a time, with the lane loop inside each opcode over the executing mask, the warp's flat register file, and
 * the SIMT stack deciding PC and active mask (Fung thesis §2.1.2). It is execute-at-issue: {@link #run} with a
 * budget of one and an {@link IssueRecord} is exactly one issued warp instruction, which is how a timing model
 * drives it; with a larger budget and no record it is the fast functional loop.
 *
 * <p>Hot instructions (32- and 64-bit integer add/mul/mad/shift/logic, f32 and f64 add/mul/fma, setp, selp,
 * 32- and 64-bit global and shared loads and stores, kernel parameter loads, branches) are cases of the main
 * switch; the rest are in {@link #other} and {@link #control}, which keeps the main loop small enough for the
 * JIT to compile. Nothing allocates on the fast path and no exception is thrown except for a fault.
 */
final class Interpreter {
    private static final long M32 = 0xFFFFFFFFL;
    private static final VarHandle A16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle A64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The instruction left the stack alone: continue at pc + 1. */
    private static final int NEXT = 0;
    /** The SIMT stack changed: reload PC, mask and frame from it. */
    private static final int RELOAD = 1;
    /** The warp cannot continue (waits at a barrier or finished). */
    private static final int STOP = 2;

    private final KernelLaunch launch;
    private final Insn[] code;
    private final FunctionInfo[] funcs;
    private final GlobalMemory gmem;
    private final byte[] constBank;
    private final byte[] params;
    private ByteBuffer[] gsegs;
    private ByteBuffer gseg;
    private long gbase;
    private int glimit = -1;
    private final long[] scratch = new long[32];

    long warpInstructions;
    long threadInstructions;
    long divergentBranches;
    long atomics;
    long barriers;
    long fences;
    boolean progressed;

    Interpreter(KernelLaunch launch) {
        this.launch = launch;
        this.code = launch.program.code();
        this.funcs = launch.program.functions().toArray(new FunctionInfo[0]);
        this.gmem = launch.memory;
        this.constBank = launch.program.constBank();
        this.params = launch.paramBuffer;
        this.gsegs = gmem.segments();
    }

    // ------------------------------------------------------------------ faults

    KernelFaultException fault(Warp w, Insn in, int lane, long address, FaultKind kind, String reason) {
        return new KernelFaultException(
                launch.kernelName, in == null ? 0 : in.line, w.cta.ctaId, w.threadOf(lane), address, kind, reason);
    }

    private static int firstLane(int mask) {
        return Integer.numberOfTrailingZeros(mask);
    }

    // ------------------------------------------------------------------ global memory

    private int gofs(long addr, int size, Insn in, Warp w, int lane) {
        long o = addr - gbase;
        if (o >= 0 && o <= glimit - size && (addr & (size - 1)) == 0) {
            return (int) o;
        }
        return gslow(addr, size, in, w, lane);
    }

    private int gslow(long addr, int size, Insn in, Warp w, int lane) {
        if ((addr & (size - 1)) != 0) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.MISALIGNED,
                    size + "-byte global access at an address that is not " + size + "-byte aligned");
        }
        long rel = addr - StateSpace.GLOBAL_BASE;
        ByteBuffer[] segs = gsegs;
        long slot = rel >>> GlobalMemory.SLOT_SHIFT;
        if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
            segs = gsegs = gmem.segments(); // an allocation made after this quantum started
            if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
                throw fault(
                        w,
                        in,
                        lane,
                        addr,
                        FaultKind.OUT_OF_BOUNDS,
                        "global address is not inside any device allocation");
            }
        }
        ByteBuffer bb = segs[(int) slot];
        long o = rel & ((1L << GlobalMemory.SLOT_SHIFT) - 1);
        if (o > bb.capacity() - size) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "global access of " + size + " bytes at offset " + o + " of the allocation at 0x"
                            + Long.toHexString(addr - o) + " (" + bb.capacity() + " bytes)");
        }
        gseg = bb;
        gbase = addr - o;
        glimit = bb.capacity();
        return (int) o;
    }

    private int sofs(long addr, int size, Cta cta, Insn in, Warp w, int lane) {
        if (addr < 0 || addr > cta.sharedSize - size) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "shared access of " + size + " bytes outside the CTA's " + cta.sharedSize
                            + " bytes of shared memory");
        }
        if ((addr & (size - 1)) != 0) {
            throw fault(w, in, lane, addr, FaultKind.MISALIGNED, size + "-byte shared access at an unaligned address");
        }
        return (int) addr;
    }

    private int lofs(long addr, int size, Warp w, Insn in, int lane) {
        if (addr < 0 || addr > w.localStride - size) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "local access of " + size + " bytes outside the thread's " + w.localStride
                            + " bytes of local memory");
        }
        if ((addr & (size - 1)) != 0) {
            throw fault(w, in, lane, addr, FaultKind.MISALIGNED, size + "-byte local access at an unaligned address");
        }
        return lane * w.localStride + (int) addr;
    }

    private static long getArr(byte[] a, int i, int size) {
        switch (size) {
            case 1:
                return a[i] & 0xFFL;
            case 2:
                return ((short) A16.get(a, i)) & 0xFFFFL;
            case 4:
                return ((int) A32.get(a, i)) & M32;
            default:
                return (long) A64.get(a, i);
        }
    }

    private static void setArr(byte[] a, int i, int size, long v) {
        switch (size) {
            case 1:
                a[i] = (byte) v;
                break;
            case 2:
                A16.set(a, i, (short) v);
                break;
            case 4:
                A32.set(a, i, (int) v);
                break;
            default:
                A64.set(a, i, v);
        }
    }

    private static long getBuf(ByteBuffer b, int i, int size) {
        switch (size) {
            case 1:
                return b.get(i) & 0xFFL;
            case 2:
                return ((short) GlobalMemory.I16.get(b, i)) & 0xFFFFL;
            case 4:
                return ((int) GlobalMemory.I32.get(b, i)) & M32;
            default:
                return (long) GlobalMemory.I64.get(b, i);
        }
    }

    private static void setBuf(ByteBuffer b, int i, int size, long v) {
        switch (size) {
            case 1:
                b.put(i, (byte) v);
                break;
            case 2:
                GlobalMemory.I16.set(b, i, (short) v);
                break;
            case 4:
                GlobalMemory.I32.set(b, i, (int) v);
                break;
            default:
                GlobalMemory.I64.set(b, i, v);
        }
    }

    /** The space and space-relative address of a generic address, as {@code space} in the high byte... */
    private int genericSpace(long addr, Warp w, Insn in, int lane) {
        int s = StateSpace.spaceOfGeneric(addr);
        if (s < 0) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "generic address maps to no memory space" + (addr == 0 ? " (null pointer)" : ""));
        }
        return s;
    }

    /** Loads {@code size} bytes (zero-extended) from {@code space} at {@code addr} for {@code lane}. */
    private long load(Warp w, Insn in, int space, long addr, int size, int lane) {
        switch (space) {
            case StateSpace.GLOBAL: {
                int o = gofs(addr, size, in, w, lane);
                return getBuf(gseg, o, size);
            }
            case StateSpace.SHARED:
                return getArr(w.cta.shared, sofs(addr, size, w.cta, in, w, lane), size);
            case StateSpace.LOCAL:
                return getArr(w.local, lofs(addr, size, w, in, lane), size);
            case StateSpace.CONST:
                if (addr < 0 || addr > constBank.length - size) {
                    throw fault(
                            w,
                            in,
                            lane,
                            addr,
                            FaultKind.OUT_OF_BOUNDS,
                            "constant access outside the module's " + constBank.length + "-byte constant bank");
                }
                if ((addr & (size - 1)) != 0) {
                    throw fault(w, in, lane, addr, FaultKind.MISALIGNED, "unaligned constant access");
                }
                return getArr(constBank, (int) addr, size);
            case StateSpace.PARAM:
                if (addr < 0 || addr > params.length - size) {
                    throw fault(
                            w,
                            in,
                            lane,
                            addr,
                            FaultKind.OUT_OF_BOUNDS,
                            "parameter access outside the kernel's " + params.length + "-byte parameter buffer");
                }
                return getArr(params, (int) addr, size);
            default: {
                int s = genericSpace(addr, w, in, lane);
                return load(w, in, s, s == StateSpace.GLOBAL ? addr : addr - StateSpace.window(s), size, lane);
            }
        }
    }

    private void store(Warp w, Insn in, int space, long addr, int size, int lane, long v) {
        switch (space) {
            case StateSpace.GLOBAL: {
                int o = gofs(addr, size, in, w, lane);
                setBuf(gseg, o, size, v);
                return;
            }
            case StateSpace.SHARED:
                setArr(w.cta.shared, sofs(addr, size, w.cta, in, w, lane), size, v);
                return;
            case StateSpace.LOCAL:
                setArr(w.local, lofs(addr, size, w, in, lane), size, v);
                return;
            case StateSpace.CONST:
            case StateSpace.PARAM:
                throw fault(
                        w,
                        in,
                        lane,
                        addr,
                        FaultKind.INVALID_INSTRUCTION,
                        "store to the read-only " + StateSpace.name(space) + " space through a generic address");
            default: {
                int s = genericSpace(addr, w, in, lane);
                store(w, in, s, s == StateSpace.GLOBAL ? addr : addr - StateSpace.window(s), size, lane, v);
            }
        }
    }

    /** The effective address of a memory instruction for {@code lane}, in the instruction's own space. */
    private long effectiveAddress(Insn in, long[] r, Warp w, int lane) {
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
                return w.frameBase[w.stack.frameDepth()] + in.imm;
            default:
                return in.imm;
        }
    }

    private static int recordedSpace(int space, long addr) {
        return space == StateSpace.GENERIC ? Math.max(0, StateSpace.spaceOfGeneric(addr)) : space;
    }

    // ------------------------------------------------------------------ the loop

    /**
     * Runs warp {@code w} for at most {@code budget} warp instructions, or until it blocks at a barrier or
     * finishes. With a record, fills it for the last instruction issued (use a budget of 1). Returns the number
     * of warp instructions issued.
     */
    int run(Warp w, int budget, IssueRecord rec) {
        if (w.state != Warp.RUNNABLE) {
            return 0;
        }
        final SimtStack st = w.stack;
        final Insn[] code = this.code;
        st.reconverge(); // a warp released from a barrier may resume exactly at its reconvergence point
        if (st.isEmpty()) {
            finishWarp(w);
            return 0;
        }
        int pc = st.pc();
        int mask = st.activeMask();
        int rpc = st.rpc();
        long[] r = w.regs[st.frameDepth()];
        int[] p = w.preds[st.frameDepth()];
        int n = 0;
        long ti = 0;
        try {
            while (true) {
                if (code[pc].op == Op.RET_EXIT) {
                    // A function's exit, reached by every lane of the call (or of the warp): return at once, as
                    // part of the instruction that got here, without an issue slot of its own.
                    st.setPc(pc);
                    returnFromFunction(w, code[pc], mask);
                    st.reconverge();
                    if (st.isEmpty()) {
                        finishWarp(w);
                        return n;
                    }
                    pc = st.pc();
                    mask = st.activeMask();
                    rpc = st.rpc();
                    r = w.regs[st.frameDepth()];
                    p = w.preds[st.frameDepth()];
                    continue;
                }
                if (n >= budget) {
                    break;
                }
                final Insn in = code[pc];
                n++;
                ti += Integer.bitCount(mask);
                int em = mask;
                final int g = in.guard;
                if (g >= 0) {
                    em = in.guardNeg ? mask & ~p[g] : mask & p[g];
                }
                if (rec != null) {
                    rec.begin(w, in, mask, em);
                }
                int npc = pc + 1;
                switch (in.op) {
                    case Op.NOP:
                        break;
                    case Op.MOV: {
                        final int d = in.d;
                        final int a = in.a;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l];
                            }
                        }
                        break;
                    }
                    case Op.ADD_I32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (int) r[a + l] + (int) r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.SUB_I32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (int) r[a + l] - (int) r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.ADD_I64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] + r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.SUB_I64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] - r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.MUL_LO_I32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (int) r[a + l] * (int) r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.MUL_LO_I64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] * r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.MAD_LO_I32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        final int c = in.c;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (int) r[a + l] * (int) r[b + l] + (int) r[c + l];
                            }
                        }
                        break;
                    }
                    case Op.MAD_LO_I64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        final int c = in.c;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] * r[b + l] + r[c + l];
                            }
                        }
                        break;
                    }
                    case Op.MUL_WIDE_S32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (long) (int) r[a + l] * (long) (int) r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.MUL_WIDE_U32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (r[a + l] & M32) * (r[b + l] & M32);
                            }
                        }
                        break;
                    }
                    case Op.SHL_B32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 32 ? 0 : ((int) r[a + l]) << s;
                            }
                        }
                        break;
                    }
                    case Op.SHR_U32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 32 ? 0 : ((int) r[a + l]) >>> s;
                            }
                        }
                        break;
                    }
                    case Op.SHR_S32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = ((int) r[a + l]) >> (s >= 32 ? 31 : s);
                            }
                        }
                        break;
                    }
                    case Op.SHL_B64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 64 ? 0 : r[a + l] << s;
                            }
                        }
                        break;
                    }
                    case Op.SHR_U64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = s >= 64 ? 0 : r[a + l] >>> s;
                            }
                        }
                        break;
                    }
                    case Op.SHR_S64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long s = r[b + l] & M32;
                                r[d + l] = r[a + l] >> (s >= 64 ? 63 : s);
                            }
                        }
                        break;
                    }
                    case Op.AND_B: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] & r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.OR_B: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] | r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.XOR_B: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] ^ r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.CVT_U64_U32: {
                        final int d = in.d;
                        final int a = in.a;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = r[a + l] & M32;
                            }
                        }
                        break;
                    }
                    case Op.CVT_S64_S32: {
                        final int d = in.d;
                        final int a = in.a;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (int) r[a + l];
                            }
                        }
                        break;
                    }
                    case Op.SETP_S32:
                    case Op.SETP_U32: {
                        final int a = in.a;
                        final int b = in.b;
                        final int cmp = in.sub;
                        final boolean uns = in.op == Op.SETP_U32;
                        int res = 0;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                int x = (int) r[a + l];
                                int y = (int) r[b + l];
                                if (uns) {
                                    x ^= Integer.MIN_VALUE;
                                    y ^= Integer.MIN_VALUE;
                                }
                                if (compare32(cmp, x, y)) {
                                    res |= 1 << l;
                                }
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
                        final int sel = in.cNeg ? ~p[in.c] : p[in.c];
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = (sel & (1 << l)) != 0 ? r[a + l] : r[b + l];
                            }
                        }
                        break;
                    }
                    case Op.ADD_F32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                float x = Float.intBitsToFloat((int) r[a + l]) + Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                        }
                        break;
                    }
                    case Op.SUB_F32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                float x = Float.intBitsToFloat((int) r[a + l]) - Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                        }
                        break;
                    }
                    case Op.MUL_F32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                float x = Float.intBitsToFloat((int) r[a + l]) * Float.intBitsToFloat((int) r[b + l]);
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                        }
                        break;
                    }
                    case Op.FMA_F32: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        final int c = in.c;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                float x = Math.fma(
                                        Float.intBitsToFloat((int) r[a + l]),
                                        Float.intBitsToFloat((int) r[b + l]),
                                        Float.intBitsToFloat((int) r[c + l]));
                                r[d + l] = x != x ? FloatOps.CANONICAL_NAN32 : Float.floatToRawIntBits(x);
                            }
                        }
                        break;
                    }
                    case Op.ADD_F64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) + Double.longBitsToDouble(r[b + l]));
                            }
                        }
                        break;
                    }
                    case Op.SUB_F64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) - Double.longBitsToDouble(r[b + l]));
                            }
                        }
                        break;
                    }
                    case Op.MUL_F64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = Double.doubleToRawLongBits(
                                        Double.longBitsToDouble(r[a + l]) * Double.longBitsToDouble(r[b + l]));
                            }
                        }
                        break;
                    }
                    case Op.FMA_F64: {
                        final int d = in.d;
                        final int a = in.a;
                        final int b = in.b;
                        final int c = in.c;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                r[d + l] = Double.doubleToRawLongBits(Math.fma(
                                        Double.longBitsToDouble(r[a + l]),
                                        Double.longBitsToDouble(r[b + l]),
                                        Double.longBitsToDouble(r[c + l])));
                            }
                        }
                        break;
                    }
                    case Op.LD_GLOBAL_32: {
                        final int d = in.d;
                        final int a = in.a;
                        final long off = in.imm;
                        final boolean sx = in.signed;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = r[a + l] + off;
                                int o = gofs(addr, 4, in, w, l);
                                int v = (int) GlobalMemory.I32.get(gseg, o);
                                r[d + l] = sx ? v : v & M32;
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 4, false);
                                }
                            }
                        }
                        break;
                    }
                    case Op.LD_GLOBAL_64: {
                        final int d = in.d;
                        final int a = in.a;
                        final long off = in.imm;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = r[a + l] + off;
                                int o = gofs(addr, 8, in, w, l);
                                r[d + l] = (long) GlobalMemory.I64.get(gseg, o);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 8, false);
                                }
                            }
                        }
                        break;
                    }
                    case Op.ST_GLOBAL_32: {
                        final int b = in.b;
                        final int a = in.a;
                        final long off = in.imm;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = r[a + l] + off;
                                int o = gofs(addr, 4, in, w, l);
                                GlobalMemory.I32.set(gseg, o, (int) r[b + l]);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 4, true);
                                }
                            }
                        }
                        progressed = true;
                        break;
                    }
                    case Op.ST_GLOBAL_64: {
                        final int b = in.b;
                        final int a = in.a;
                        final long off = in.imm;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = r[a + l] + off;
                                int o = gofs(addr, 8, in, w, l);
                                GlobalMemory.I64.set(gseg, o, r[b + l]);
                                if (rec != null) {
                                    rec.address(l, StateSpace.GLOBAL, addr, 8, true);
                                }
                            }
                        }
                        progressed = true;
                        break;
                    }
                    case Op.LD_SHARED_32: {
                        final int d = in.d;
                        final int a = in.a;
                        final long off = in.imm;
                        final boolean sx = in.signed;
                        final Cta cta = w.cta;
                        final byte[] sh = cta.shared;
                        final int lim = cta.sharedSize - 4;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = (r[a + l] + off) & M32;
                                if (addr > lim || (addr & 3) != 0) {
                                    sofs(addr, 4, cta, in, w, l);
                                }
                                int v = (int) A32.get(sh, (int) addr);
                                r[d + l] = sx ? v : v & M32;
                                if (rec != null) {
                                    rec.address(l, StateSpace.SHARED, addr, 4, false);
                                }
                            }
                        }
                        break;
                    }
                    case Op.ST_SHARED_32: {
                        final int b = in.b;
                        final int a = in.a;
                        final long off = in.imm;
                        final Cta cta = w.cta;
                        final byte[] sh = cta.shared;
                        final int lim = cta.sharedSize - 4;
                        for (int l = 0; l < 32; l++) {
                            if ((em & (1 << l)) != 0) {
                                long addr = (r[a + l] + off) & M32;
                                if (addr > lim || (addr & 3) != 0) {
                                    sofs(addr, 4, cta, in, w, l);
                                }
                                A32.set(sh, (int) addr, (int) r[b + l]);
                                if (rec != null) {
                                    rec.address(l, StateSpace.SHARED, addr, 4, true);
                                }
                            }
                        }
                        progressed = true;
                        break;
                    }
                    case Op.LD_KPARAM: {
                        if (em != 0) {
                            final int d = in.d;
                            long v = load(w, in, StateSpace.PARAM, in.imm, in.width, firstLane(em));
                            if (in.signed) {
                                int s = 64 - 8 * in.width;
                                v = (v << s) >> s;
                            }
                            for (int l = 0; l < 32; l++) {
                                if ((em & (1 << l)) != 0) {
                                    r[d + l] = v;
                                    if (rec != null) {
                                        rec.address(l, StateSpace.PARAM, in.imm, in.width, false);
                                    }
                                }
                            }
                        }
                        break;
                    }
                    case Op.BRA: {
                        if (em == mask) {
                            npc = in.target;
                        } else if (em != 0) {
                            st.branch(em, in.target, npc, in.rpc);
                            divergentBranches++;
                            st.reconverge();
                            pc = st.pc();
                            mask = st.activeMask();
                            rpc = st.rpc();
                            continue;
                        }
                        break;
                    }
                    case Op.CALL:
                    case Op.EXIT:
                    case Op.TRAP:
                    case Op.BAR: {
                        st.setPc(pc);
                        int res = control(w, in, mask, em, r, p);
                        if (res == NEXT) {
                            break;
                        }
                        if (res == STOP) {
                            return n;
                        }
                        st.reconverge();
                        if (st.isEmpty()) {
                            finishWarp(w);
                            return n;
                        }
                        pc = st.pc();
                        mask = st.activeMask();
                        rpc = st.rpc();
                        r = w.regs[st.frameDepth()];
                        p = w.preds[st.frameDepth()];
                        continue;
                    }
                    default:
                        other(w, in, mask, em, r, p, rec);
                }
                pc = npc;
                if (pc == rpc) {
                    st.setPc(pc);
                    st.reconverge();
                    pc = st.pc();
                    mask = st.activeMask();
                    rpc = st.rpc();
                    r = w.regs[st.frameDepth()];
                    p = w.preds[st.frameDepth()];
                }
            }
            st.setPc(pc);
            return n;
        } finally {
            warpInstructions += n;
            threadInstructions += ti;
        }
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

    private int control(Warp w, Insn in, int mask, int em, long[] r, int[] p) {
        SimtStack st = w.stack;
        switch (in.op) {
            case Op.CALL:
                return em == 0 ? NEXT : call(w, in, mask, em, r);
            case Op.EXIT: {
                if (em == 0) {
                    return NEXT;
                }
                st.setPc(in.pc + 1);
                retireLanes(w, em);
                return RELOAD;
            }
            case Op.TRAP:
                if (em == 0) {
                    return NEXT;
                }
                throw fault(w, in, firstLane(em), -1, FaultKind.TRAP, "the kernel executed " + in.text);
            case Op.BAR:
                return barrier(w, in, em, r, p);
            default:
                throw new IllegalStateException("not a control instruction: " + in);
        }
    }

    private void retireLanes(Warp w, int lanes) {
        lanes &= w.liveMask;
        w.stack.exitLanes(lanes);
        w.liveMask &= ~lanes;
        w.cta.liveThreads -= Integer.bitCount(lanes);
        progressed = true;
        launch.checkBarriers(w.cta);
    }

    void finishWarp(Warp w) {
        if (w.state == Warp.DONE) {
            return;
        }
        if (w.liveMask != 0) {
            w.cta.liveThreads -= Integer.bitCount(w.liveMask);
            w.liveMask = 0;
        }
        w.state = Warp.DONE;
        w.cta.doneWarps++;
        launch.noteStackDepth(w.stack.maxDepth());
        progressed = true;
        launch.checkBarriers(w.cta);
    }

    private int call(Warp w, Insn in, int mask, int em, long[] r) {
        if (em != mask) {
            throw fault(
                    w,
                    in,
                    firstLane(mask),
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "a call whose guard predicate differs between active lanes is not supported");
        }
        SimtStack st = w.stack;
        FunctionInfo callee = funcs[in.callee];
        int depth = st.frameDepth();
        FunctionInfo caller = funcs[w.frameFunction[depth]];
        int callerBase = w.frameBase[depth];
        int base = callerBase + caller.frameBytes;
        long need = (long) base + callee.frameBytes;
        if (need > launch.config.localMemoryPerThread()) {
            throw fault(
                    w,
                    in,
                    firstLane(mask),
                    -1,
                    FaultKind.STACK_OVERFLOW,
                    "calling " + callee.name + " needs "
                            + need + " bytes of local memory per thread; the limit is "
                            + launch.config.localMemoryPerThread() + " (GpuConfig.localMemoryPerThread)");
        }
        int nd = depth + 1;
        int maxDepth = Math.max(64, launch.config.localMemoryPerThread() / 16);
        if (nd >= maxDepth) {
            throw fault(
                    w,
                    in,
                    firstLane(mask),
                    -1,
                    FaultKind.STACK_OVERFLOW,
                    "calling " + callee.name
                            + " would nest " + nd + " calls; the limit is " + maxDepth
                            + " (GpuConfig.localMemoryPerThread / 16)");
        }
        w.ensureLocal((int) need);
        w.loadFrame(nd, callee);
        w.frameBase[nd] = base;
        w.frameFunction[nd] = callee.index;
        w.callSite[nd] = in.pc;
        byte[] local = w.local;
        int stride = w.localStride;
        for (int k = 0; k < in.argKind.length; k++) {
            int size = callee.paramSizes[k];
            int dstOff = base + callee.paramOffsets[k];
            for (int l = 0; l < 32; l++) {
                if ((mask & (1 << l)) != 0) {
                    int di = l * stride + dstOff;
                    if (in.argKind[k] == 0) {
                        System.arraycopy(local, l * stride + callerBase + in.argValue[k], local, di, size);
                    } else {
                        long v = r[in.argValue[k] + l];
                        for (int bi = 0; bi < Math.min(size, 8); bi++) {
                            local[di + bi] = (byte) (v >>> (8 * bi));
                        }
                    }
                }
            }
        }
        st.call(callee.entryPc, in.pc + 1);
        return RELOAD;
    }

    private int returnFromFunction(Warp w, Insn in, int mask) {
        SimtStack st = w.stack;
        switch (st.topKind()) {
            case BASE:
                retireLanes(w, mask);
                return RELOAD;
            case CALL: {
                int depth = st.frameDepth();
                FunctionInfo callee = funcs[w.frameFunction[depth]];
                Insn site = code[w.callSite[depth]];
                int base = w.frameBase[depth];
                int callerBase = w.frameBase[depth - 1];
                long[] cr = w.regs[depth - 1];
                byte[] local = w.local;
                int stride = w.localStride;
                for (int k = 0; k < site.retKind.length; k++) {
                    int size = callee.returnSizes[k];
                    int srcOff = base + callee.returnOffsets[k];
                    for (int l = 0; l < 32; l++) {
                        if ((mask & (1 << l)) != 0) {
                            int si = l * stride + srcOff;
                            if (site.retKind[k] == 0) {
                                System.arraycopy(local, si, local, l * stride + callerBase + site.retValue[k], size);
                            } else {
                                long v = 0;
                                for (int bi = Math.min(size, 8) - 1; bi >= 0; bi--) {
                                    v = (v << 8) | (local[si + bi] & 0xFF);
                                }
                                cr[site.retValue[k] + l] = v;
                            }
                        }
                    }
                }
                st.ret();
                return RELOAD;
            }
            default:
                throw new IllegalStateException("a divergent path reached the exit of " + funcs[in.callee].name
                        + " before its reconvergence point");
        }
    }

    private int barrier(Warp w, Insn in, int em, long[] r, int[] p) {
        if (em == 0) {
            return NEXT;
        }
        barriers++;
        int lane = firstLane(em);
        int missing = w.liveMask & ~em & ~lanesParkedAtKernelExit(w);
        if (missing != 0) {
            throw fault(
                    w,
                    in,
                    firstLane(missing),
                    -1,
                    FaultKind.BARRIER_DIVERGENCE,
                    "barrier executed by lanes 0x" + Integer.toHexString(em) + " of the warp while lanes 0x"
                            + Integer.toHexString(missing)
                            + " have not exited: a barrier inside divergent code is never reached by all threads");
        }
        long idv = r[in.a + lane] & M32;
        if (idv >= Cta.BARRIERS) {
            throw fault(w, in, lane, -1, FaultKind.INVALID_INSTRUCTION, "barrier number " + idv + " is not in 0..15");
        }
        int id = (int) idv;
        int count = in.b >= 0 ? (int) r[in.b + lane] : 0;
        if (in.b >= 0 && (count <= 0 || count % 32 != 0)) {
            throw fault(
                    w,
                    in,
                    lane,
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "barrier thread count " + count + " is not a positive multiple of the warp size");
        }
        Cta cta = w.cta;
        if (cta.arrived[id] == 0) {
            cta.expected[id] = count;
        }
        cta.arrived[id] += Integer.bitCount(w.liveMask);
        if (in.sub >= Op.B_RED_POPC) {
            int pred = in.cNeg ? ~p[in.c] : p[in.c];
            pred &= em;
            cta.redPopc[id] += Integer.bitCount(pred);
            cta.redAnd[id] &= pred == em;
            cta.redOr[id] |= pred != 0;
        }
        if (in.sub == Op.B_ARRIVE) {
            if (cta.barrierComplete(id)) {
                launch.releaseBarrier(cta, id);
            }
            return NEXT;
        }
        w.state = Warp.AT_BARRIER;
        w.waitingAt = in;
        w.waitingBarrier = id;
        cta.waiting.get(id).add(w);
        w.stack.setPc(in.pc + 1);
        if (cta.barrierComplete(id)) {
            launch.releaseBarrier(cta, id);
            return RELOAD; // released at once (the last arriver)
        }
        return STOP;
    }

    /**
     * Lanes of {@code w} that wait, at the kernel's exit or at an unconditional {@code ret}, for the rest of the
     * warp (the lanes that took {@code if (i >= n) return;}). They never execute another barrier, so, as on pre-Volta
     * hardware where a warp arrives at a barrier as a unit, the warp's other lanes may pass one without them.
     */
    private int lanesParkedAtKernelExit(Warp w) {
        int exitPc = launch.kernel.exitPc;
        int parked = 0;
        int above = 0;
        java.util.List<SimtStack.Entry> entries = w.stack.entries();
        for (int i = entries.size() - 1; i >= 0; i--) {
            SimtStack.Entry e = entries.get(i);
            Insn at = code[e.pc()];
            boolean returning = e.pc() == exitPc || (at.op == Op.BRA && at.target == exitPc && at.guard < 0);
            if (returning && e.frameDepth() == 0) {
                parked |= e.mask() & ~above;
            }
            above |= e.mask();
        }
        return parked;
    }

    /** Writes the result of a bar.red into a released warp's destination. */
    static void deliverBarrierReduction(Warp w, Insn in, Cta cta, int id) {
        int depth = w.stack.frameDepth();
        int live = w.liveMask;
        if (in.sub == Op.B_RED_POPC) {
            long[] r = w.regs[depth];
            for (int l = 0; l < 32; l++) {
                if ((live & (1 << l)) != 0) {
                    r[in.d + l] = cta.redPopc[id];
                }
            }
        } else {
            int[] p = w.preds[depth];
            boolean v = in.sub == Op.B_RED_AND ? cta.redAnd[id] : cta.redOr[id];
            p[in.d] = (p[in.d] & ~live) | (v ? live : 0);
        }
    }

    // ------------------------------------------------------------------ everything else

    private void other(Warp w, Insn in, int mask, int em, long[] r, int[] p, IssueRecord rec) {
        switch (in.op) {
            case Op.IALU:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = IntegerOps.ialu(
                                in,
                                r[in.a + l],
                                in.b >= 0 ? r[in.b + l] : 0,
                                in.c >= 0 ? r[in.c + l] : 0,
                                in.e >= 0 ? r[in.e + l] : 0);
                    }
                }
                return;
            case Op.CARRY:
                carry(w, in, em, r);
                return;
            case Op.PRED_LOGIC: {
                int x = in.aNeg ? ~p[in.a] : p[in.a];
                int y = in.b < 0 ? 0 : in.bNeg ? ~p[in.b] : p[in.b];
                int res;
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
                int x = in.aNeg ? ~p[in.a] : p[in.a];
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
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
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
                }
                return;
            case Op.FALU32:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = FloatOps.f32(
                                in.sub,
                                in.rnd,
                                in.ftz,
                                in.sat,
                                (int) r[in.a + l],
                                in.b >= 0 ? (int) r[in.b + l] : 0,
                                in.c >= 0 ? (int) r[in.c + l] : 0);
                    }
                }
                return;
            case Op.FALU64:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = FloatOps.f64(
                                in.sub,
                                in.rnd,
                                in.ftz,
                                in.sat,
                                r[in.a + l],
                                in.b >= 0 ? r[in.b + l] : 0,
                                in.c >= 0 ? r[in.c + l] : 0);
                    }
                }
                return;
            case Op.CVT:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = Conversions.convert(r[in.a + l], in.type2, in.type, in.rnd, in.ftz, in.sat);
                    }
                }
                return;
            case Op.TESTP: {
                int res = 0;
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
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
                            res |= 1 << l;
                        }
                    }
                }
                p[in.d] = (p[in.d] & ~em) | res;
                return;
            }
            case Op.MOV_SREG:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = specialRegister(w, in.sub, l, mask);
                    }
                }
                return;
            case Op.MOV_LOCAL_ADDR: {
                long v = w.frameBase[w.stack.frameDepth()] + in.imm + (in.sub == 1 ? StateSpace.LOCAL_WINDOW : 0);
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = v;
                    }
                }
                return;
            }
            case Op.PACK: {
                int width = in.width;
                long emask = width == 64 ? -1L : (1L << width) - 1;
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        long v = 0;
                        for (int k = 0; k < in.vec.length; k++) {
                            v |= (r[in.vec[k] + l] & emask) << (k * width);
                        }
                        r[in.d + l] = v;
                    }
                }
                return;
            }
            case Op.UNPACK: {
                int width = in.width;
                long emask = width == 64 ? -1L : (1L << width) - 1;
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        long v = r[in.a + l];
                        for (int k = 0; k < in.vec.length; k++) {
                            if (in.vec[k] >= 0) {
                                r[in.vec[k] + l] = (v >>> (k * width)) & emask;
                            }
                        }
                    }
                }
                return;
            }
            case Op.CVTA_TO_GENERIC:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = (r[in.a + l] & M32) + in.imm;
                    }
                }
                return;
            case Op.CVTA_TO_SPACE:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = r[in.a + l] - in.imm;
                    }
                }
                return;
            case Op.ISSPACEP: {
                int res = 0;
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0 && StateSpace.spaceOfGeneric(r[in.a + l]) == in.space) {
                        res |= 1 << l;
                    }
                }
                p[in.d] = (p[in.d] & ~em) | res;
                return;
            }
            case Op.LD:
                loadGeneric(w, in, em, r, rec);
                return;
            case Op.ST:
                storeGeneric(w, in, em, r, rec);
                return;
            case Op.ATOM:
                atomic(w, in, em, r, rec);
                return;
            case Op.MEMBAR:
                if (em != 0) {
                    fences++;
                }
                return;
            case Op.VOTE:
                vote(in, em, r, p);
                return;
            case Op.SHFL:
                shuffle(in, em, r, p);
                return;
            case Op.ACTIVEMASK:
                for (int l = 0; l < 32; l++) {
                    if ((em & (1 << l)) != 0) {
                        r[in.d + l] = mask & M32;
                    }
                }
                return;
            case Op.MATCH:
                match(in, em, r, p);
                return;
            case Op.WARP_SYNC:
                return; // lanes of a warp run in lockstep in this interpreter: nothing to wait for
            case Op.TX_BEGIN:
            case Op.TX_COMMIT:
                if (em != 0) {
                    throw fault(
                            w,
                            in,
                            firstLane(em),
                            -1,
                            FaultKind.INVALID_INSTRUCTION,
                            "transactional memory needs a TM model");
                }
                return;
            default:
                throw new IllegalStateException("no implementation for " + in);
        }
    }

    private long specialRegister(Warp w, int sr, int lane, int mask) {
        KernelLaunch k = launch;
        switch (sr) {
            case Op.SR_TID_X:
                return w.tid[lane];
            case Op.SR_TID_Y:
                return w.tid[32 + lane];
            case Op.SR_TID_Z:
                return w.tid[64 + lane];
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
                return (1L << lane) & M32;
            case Op.SR_LANEMASK_LT:
                return ((1L << lane) - 1) & M32;
            case Op.SR_LANEMASK_LE:
                return ((1L << (lane + 1)) - 1) & M32;
            case Op.SR_LANEMASK_GT:
                return (~((1L << (lane + 1)) - 1)) & M32;
            case Op.SR_LANEMASK_GE:
                return (~((1L << lane) - 1)) & M32;
            case Op.SR_GRIDID:
                return k.launchId;
            case Op.SR_WARPSZ:
                return 32;
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
    private void carry(Warp w, Insn in, int em, long[] r) {
        boolean cin = (in.sub2 & 1) != 0;
        boolean cout = (in.sub2 & 2) != 0;
        boolean is64 = in.sh == 0;
        int flags = w.carry;
        int newFlags = flags;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
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
                newFlags = co ? newFlags | (1 << l) : newFlags & ~(1 << l);
            }
        }
        w.carry = newFlags;
    }

    private void setp(Insn in, int em, long[] r, int[] p) {
        int res = 0;
        PtxType t = in.type;
        boolean isFloat = t.isFloat();
        int bits = t.bits();
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) != 0) {
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
                    res |= 1 << l;
                }
            }
        }
        int nres = ~res & em;
        if (in.sub2 != Op.BOOL_NONE) {
            int c = in.cNeg ? ~p[in.c] : p[in.c];
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
            for (int l = 0; l < 32; l++) {
                if ((em & (1 << l)) != 0) {
                    r[in.d + l] = (res & (1 << l)) != 0 ? one : 0;
                }
            }
            return;
        }
        p[in.d] = (p[in.d] & ~em) | res;
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | nres;
        }
    }

    private void loadGeneric(Warp w, Insn in, int em, long[] r, IssueRecord rec) {
        int n = in.vec == null ? 1 : in.vec.length;
        int width = in.width;
        int sh = 64 - 8 * width;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
            long addr = effectiveAddress(in, r, w, l);
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
                long v = load(w, in, in.space, addr + (long) k * width, width, l);
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

    private void storeGeneric(Warp w, Insn in, int em, long[] r, IssueRecord rec) {
        int n = in.vec == null ? 1 : in.vec.length;
        int width = in.width;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
            long addr = effectiveAddress(in, r, w, l);
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
                store(w, in, in.space, addr + (long) k * width, width, l, v);
            }
        }
        if (em != 0) {
            progressed = true;
        }
    }

    private void atomic(Warp w, Insn in, int em, long[] r, IssueRecord rec) {
        int width = in.width;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
            long addr = effectiveAddress(in, r, w, l);
            int space = in.space;
            long a = addr;
            if (space == StateSpace.GENERIC) {
                space = genericSpace(addr, w, in, l);
                if (space != StateSpace.GLOBAL && space != StateSpace.SHARED) {
                    throw fault(
                            w,
                            in,
                            l,
                            addr,
                            FaultKind.INVALID_INSTRUCTION,
                            "atomic on a generic address in the " + StateSpace.name(space) + " space");
                }
                a = space == StateSpace.GLOBAL ? addr : addr - StateSpace.window(space);
            }
            if (rec != null) {
                rec.address(l, space, a, width, true);
            }
            long b = r[in.b + l];
            long c = in.c >= 0 ? r[in.c + l] : 0;
            long old;
            if (space == StateSpace.GLOBAL) {
                int o = gofs(a, width, in, w, l);
                ByteBuffer bb = gseg;
                if (width == 4) {
                    while (true) {
                        int cur = (int) GlobalMemory.I32.getVolatile(bb, o);
                        int nv = (int) AtomicOps.apply(in, cur & M32, b, c);
                        if (cur == nv || GlobalMemory.I32.compareAndSet(bb, o, cur, nv)) {
                            old = cur & M32;
                            if (cur != nv) {
                                progressed = true;
                            }
                            break;
                        }
                    }
                } else {
                    while (true) {
                        long cur = (long) GlobalMemory.I64.getVolatile(bb, o);
                        long nv = AtomicOps.apply(in, cur, b, c);
                        if (cur == nv || GlobalMemory.I64.compareAndSet(bb, o, cur, nv)) {
                            old = cur;
                            if (cur != nv) {
                                progressed = true;
                            }
                            break;
                        }
                    }
                }
            } else {
                Cta cta = w.cta;
                int o = sofs(a, width, cta, in, w, l);
                long cur = getArr(cta.shared, o, width);
                long nv = AtomicOps.apply(in, cur, b, c);
                if (width == 4 ? (int) nv != (int) cur : nv != cur) {
                    setArr(cta.shared, o, width, nv);
                    progressed = true;
                }
                old = cur;
            }
            if (in.d >= 0) {
                r[in.d + l] = in.signed ? IntegerOps.ext(in, old) : old;
            }
            atomics++;
        }
    }

    private void vote(Insn in, int em, long[] r, int[] p) {
        if (em == 0) {
            return;
        }
        int members = em;
        if (in.b >= 0) {
            members &= (int) r[in.b + firstLane(em)];
        }
        int pred = (in.aNeg ? ~p[in.a] : p[in.a]) & members;
        if (in.sub == Op.V_BALLOT) {
            for (int l = 0; l < 32; l++) {
                if ((em & (1 << l)) != 0) {
                    r[in.d + l] = pred & M32;
                }
            }
            return;
        }
        boolean v;
        switch (in.sub) {
            case Op.V_ALL:
                v = pred == members;
                break;
            case Op.V_ANY:
                v = pred != 0;
                break;
            default:
                v = pred == 0 || pred == members;
        }
        p[in.d] = v ? p[in.d] | em : p[in.d] & ~em;
    }

    private void shuffle(Insn in, int em, long[] r, int[] p) {
        long[] src = scratch;
        for (int l = 0; l < 32; l++) {
            src[l] = r[in.a + l];
        }
        int pred = 0;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
            int bval = (int) r[in.b + l] & 0x1F;
            int cword = (int) r[in.c + l];
            int cval = cword & 0x1F;
            int segmask = (cword >>> 8) & 0x1F;
            int maxLane = (l & segmask) | (cval & ~segmask);
            int minLane = l & segmask;
            int j;
            boolean pval;
            switch (in.sub) {
                case Op.S_UP:
                    j = l - bval;
                    pval = j >= maxLane;
                    break;
                case Op.S_DOWN:
                    j = l + bval;
                    pval = j <= maxLane;
                    break;
                case Op.S_BFLY:
                    j = l ^ bval;
                    pval = j <= maxLane;
                    break;
                default:
                    j = minLane | (bval & ~segmask);
                    pval = j <= maxLane;
            }
            if (!pval) {
                j = l;
            }
            r[in.d + l] = src[j];
            if (pval) {
                pred |= 1 << l;
            }
        }
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | pred;
        }
    }

    private void match(Insn in, int em, long[] r, int[] p) {
        if (em == 0) {
            return;
        }
        int members = em & (int) r[in.b + firstLane(em)];
        boolean wide = in.type.bits() == 64;
        boolean allSame = true;
        long first = r[in.a + firstLane(members == 0 ? em : members)];
        for (int l = 0; l < 32; l++) {
            if ((members & (1 << l)) != 0) {
                long v = wide ? r[in.a + l] : r[in.a + l] & M32;
                long f = wide ? first : first & M32;
                if (v != f) {
                    allSame = false;
                }
            }
        }
        int pred = 0;
        for (int l = 0; l < 32; l++) {
            if ((em & (1 << l)) == 0) {
                continue;
            }
            long v = wide ? r[in.a + l] : r[in.a + l] & M32;
            if (in.sub == 1) {
                r[in.d + l] = allSame ? members & M32 : 0;
                if (allSame) {
                    pred |= 1 << l;
                }
            } else {
                int same = 0;
                for (int k = 0; k < 32; k++) {
                    if ((members & (1 << k)) != 0) {
                        long u = wide ? r[in.a + k] : r[in.a + k] & M32;
                        if (u == v) {
                            same |= 1 << k;
                        }
                    }
                }
                r[in.d + l] = same & M32;
            }
        }
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | pred;
        }
    }
}
