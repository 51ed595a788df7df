package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.exec.Cta;
import dev.gmac.gpu.exec.DivergenceModel;
import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.StateSpace;
import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.WarpExecutor;
import dev.gmac.gpu.timing.WarpWaker;
import dev.gmac.gpu.tm.LazyTm;
import dev.gmac.gpu.tm.TxAccess;
import dev.gmac.gpu.tm.hybrid.HybridTm;
import dev.gmac.gpu.tm.local.LocalTm;

/**
 * The PTX functional engine ({@code dev.gmac.gpu.exec}) as the timing model's {@link WarpExecutor}:
 * execute-at-issue over a prepared {@link KernelLaunch}, which the timing model owns while it runs: CTAs start in
 * the hardware slots the timing model's dispatcher chose ({@link KernelLaunch#startCta}), each issue runs one
 * instruction of a warp slot's issue group ({@link KernelLaunch#issue}) into the timing model's own {@link
 * IssueRecord}, and slots the functional side wakes (barriers, transactions) are reported through the {@link
 * WarpWaker}.
 *
 * <p>Decode reads the instruction at the slot's PC (from the CTA's divergence model): its class from {@link
 * Insn#cls}, its memory space and opcode ({@code bar.sync} is a barrier; vote, shuffle and fences use the ALU;
 * {@code exit} is an exit); registers from {@link Insn#srcRegs} and {@link Insn#dstRegs}, plus the guard
 * predicate as a source (predicate {@code p} is register id {@code maxSlots + p}). After execute, addresses of
 * shared, local, constant and parameter accesses are turned into offsets in their space, and a generic access
 * refines its class to the space it resolved to.
 *
 * <p>Limits: the return from a device function is decoded as a branch without registers, since its target is
 * known only once executed.
 */
public final class LaunchExecutor implements WarpExecutor {
    /** Parameter-space addresses are placed after the constant bank's 4 GiB window. */
    static final long PARAM_OFFSET = 1L << 32;

    private final KernelLaunch launch;
    /** What turns a global device address into its physical address ({@code GlobalMemory.physicalOffset()}). */
    private final long physicalOffset;

    private final Insn[] code;
    private final int predicateBase;
    private final KernelResources resources;
    private final LazyTm lazyTm;
    private final LocalTm localTm;
    private TxPhaseRecorder phases;

    /**
     * @param launch             a launch prepared by {@code SoftwareGpu.prepare} and not yet run
     * @param registersPerThread registers per thread for occupancy, or 0 for the estimate of {@link
     *                           RegisterPressure} (the most PTX registers live at once)
     */
    public LaunchExecutor(KernelLaunch launch, int registersPerThread) {
        this.launch = launch;
        this.physicalOffset = launch.memory().physicalOffset();
        Program program = launch.program();
        this.code = program.code();
        int maxSlots = 0;
        int maxPreds = 0;
        for (FunctionInfo f : program.functions()) {
            maxSlots = Math.max(maxSlots, f.slots);
            maxPreds = Math.max(maxPreds, f.preds);
        }
        this.predicateBase = maxSlots;
        this.lazyTm = launch.tm() instanceof LazyTm ? (LazyTm) launch.tm() : null;
        this.localTm = launch.tm() instanceof LocalTm
                ? (LocalTm) launch.tm()
                : launch.tm() instanceof HybridTm ? ((HybridTm) launch.tm()).local() : null; // its shared part
        if (localTm != null) {
            localTm.recordTraffic(); // shadow accesses and extra cycles go into each issue record
        }
        FunctionInfo kernel = launch.kernel();
        long ctas = launch.grid().count();
        if (ctas > Integer.MAX_VALUE) {
            throw new TimingException("kernel " + launch.kernelName() + ": grid of " + ctas + " CTAs is too large");
        }
        this.resources = new KernelResources(
                launch.kernelName(),
                (int) ctas,
                (int) launch.block().count(),
                registersPerThread > 0 ? registersPerThread : RegisterPressure.of(code, kernel),
                launch.sharedBytesPerCta(),
                Math.max(1, maxSlots + maxPreds));
    }

    /** What the launch asks of the hardware. */
    public KernelResources resources() {
        return resources;
    }

    @Override
    public void onWake(WarpWaker waker) {
        launch.listener(new KernelLaunch.SlotListener() {
            @Override
            public void slotWoken(Cta cta, int slot, boolean barrier) {
                waker.wake(cta.slot(), slot, barrier);
            }

            @Override
            public void slotFormed(Cta cta, int slot, int delayCycles) {
                waker.formed(cta.slot(), slot, delayCycles);
            }
        });
    }

    /** Charges every wavefront's time to GPU-LocalTM's phases (Fig 6) through {@code recorder}. */
    void recordPhases(TxPhaseRecorder recorder) {
        this.phases = recorder;
    }

    @Override
    public void startCta(int ctaId, int ctaSlot) {
        launch.startCta(ctaId, ctaSlot);
        if (phases != null) {
            phases.ctaStarted(ctaSlot);
        }
    }

    @Override
    public void decode(int ctaSlot, int warp, IssueRecord out) {
        Cta cta = launch.cta(ctaSlot);
        DivergenceModel dm = cta.simt();
        if (dm.state(warp) == DivergenceModel.DONE) {
            out.decoded(-1, IssueClass.EXIT);
            return;
        }
        if (dm.state(warp) == DivergenceModel.WAITING) {
            out.decoded(-1, IssueClass.BARRIER); // woken without a group (a regrouping model): it waits again
            return;
        }
        int pc = dm.pc(warp);
        Insn in = code[pc];
        out.decoded(pc, classify(in, dm, warp));
        int k = dm.members(warp);
        if (k > 1 || (k == 1 && splitsWarp(dm, warp))) {
            for (int i = 0; i < k; i++) {
                out.memberWarp(dm.member(warp, i).index(), dm.memberLanes(warp, i));
            }
        }
        if (in.op == Op.RET_EXIT) {
            return;
        }
        for (int r : in.srcRegs) {
            out.addSource(r);
        }
        for (int r : in.dstRegs) {
            out.addDestination(r);
        }
        if (in.guard >= 0) {
            out.addSource(predicateBase + in.guard);
        }
    }

    /**
     * True when the one-member group in {@code slot} is not simply its slot's whole static warp: another slot's
     * static warp, or (under a model that splits warps) some of its own warp's live lanes while other groups may
     * hold the rest, so its registers must be tracked by lane (decision 0336).
     */
    private static boolean splitsWarp(DivergenceModel dm, int slot) {
        Warp w = dm.member(slot, 0);
        return w.index() != slot || (dm.splitsWarps() && dm.memberLanes(slot, 0) != w.liveMask());
    }

    private static IssueClass classify(Insn in, DivergenceModel dm, int warp) {
        switch (in.cls) {
            case ALU:
                return IssueClass.ALU;
            case SFU:
                return IssueClass.SFU;
            case MEM:
                if (in.op == Op.ATOM) {
                    return in.space == StateSpace.SHARED ? IssueClass.MEM_SHARED : IssueClass.ATOMIC;
                }
                return spaceClass(in.space);
            case BARRIER:
                return in.op == Op.BAR || in.op == Op.WARP_SYNC ? IssueClass.BARRIER : IssueClass.ALU;
            default:
                if (in.op == Op.EXIT || in.op == Op.RET_EXIT && !dm.inCall(warp)) {
                    return IssueClass.EXIT;
                }
                return IssueClass.BRANCH;
        }
    }

    private static IssueClass spaceClass(int space) {
        switch (space) {
            case StateSpace.SHARED:
                return IssueClass.MEM_SHARED;
            case StateSpace.LOCAL:
                return IssueClass.MEM_LOCAL;
            case StateSpace.CONST:
            case StateSpace.PARAM:
                return IssueClass.MEM_CONST;
            default:
                return IssueClass.MEM_GLOBAL;
        }
    }

    @Override
    public void execute(int ctaSlot, int warp, IssueRecord rec) {
        Cta cta = launch.cta(ctaSlot);
        boolean inTx = phases != null && cta.simt().txScope(warp) != null;
        launch.issue(cta, warp, rec);
        if (rec.insn == null) {
            rec.activeMask(0);
        }
        if (localTm != null) {
            localTm.describe(rec); // GPU-LocalTM's shadow traffic and extra cycles for this instruction
        }
        if (phases != null) {
            phases.issued(ctaSlot, warp, rec, inTx);
        }
        if (rec.isMemory()) {
            long lanes = lazyTm == null ? -1L : transactional(rec);
            placeAccesses(rec, lanes, physicalOffset);
        }
    }

    /**
     * A transactional global access of a lazy TM model (Fung thesis §4.2.3-4.2.4): the log rows it appended and the
     * write-log walk go to the record for the load/store unit; a buffered store touches no global memory, an atomic
     * becomes a global read (its write is buffered), and only the lanes that read global memory access it. Returns
     * the lanes whose addresses count (all for an ordinary access).
     */
    private long transactional(IssueRecord rec) {
        TxAccess a = lazyTm.takeAccess();
        if (a == null) {
            return -1L;
        }
        if (lazyTm.logsInLocalMemory()) {
            rec.txLog(a.readRow, a.readRows, a.writeRow, a.writeRows, a.walkRows, a.buffered);
        } else {
            rec.txLog(0, 0, 0, 0, 0, a.buffered);
        }
        if (rec.issueClass() == IssueClass.ATOMIC) {
            rec.resolvedClass(IssueClass.MEM_GLOBAL);
        }
        return a.globalLanes;
    }

    /**
     * Turns the recorded addresses into the timing model's address spaces and refines a generic access's class. A
     * global address becomes the device's physical address (minus {@code physicalOffset}, decision 0112), so cycles
     * do not depend on which range of device addresses the process gave the device.
     */
    private static void placeAccesses(IssueRecord rec, long only, long physicalOffset) {
        int space = rec.space;
        long lanes = rec.addressMask() & only;
        rec.accessMask(lanes);
        if (space < 0 || lanes == 0) {
            return;
        }
        IssueClass decoded = rec.issueClass();
        IssueClass resolved =
                decoded == IssueClass.ATOMIC && space == StateSpace.GLOBAL ? IssueClass.ATOMIC : spaceClass(space);
        if (resolved != decoded) {
            rec.resolvedClass(resolved);
        }
        boolean atomic = decoded == IssueClass.ATOMIC || rec.insn.op == Op.ATOM;
        if (rec.txBuffered() && atomic) {
            rec.memoryAccess(rec.accessBytes(), true, false); // the read of a transactional atomic
        } else {
            rec.memoryAccess(rec.accessBytes(), !rec.writes || atomic, rec.writes);
        }
        long window = space == StateSpace.GLOBAL ? physicalOffset : StateSpace.window(space);
        long extra = space == StateSpace.PARAM ? PARAM_OFFSET : 0;
        while (lanes != 0) {
            int lane = Long.numberOfTrailingZeros(lanes);
            lanes &= lanes - 1;
            long a = rec.address(lane);
            if (space == StateSpace.GLOBAL || a >= StateSpace.SHARED_WINDOW) {
                a -= window;
            }
            rec.laneAddress(lane, a + extra);
        }
    }

    @Override
    public Object parkCta(int ctaSlot) {
        return launch.park(ctaSlot);
    }

    @Override
    public void resumeCta(Object parked, int ctaSlot) {
        launch.resume((Cta) parked, ctaSlot);
    }

    @Override
    public void finishCta(int ctaSlot) {
        // the functional CTA finished when its last thread exited; its hardware slot is reused by startCta
    }
}
