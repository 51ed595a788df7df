package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.exec.Cta;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.SimtStack;
import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.StateSpace;
import dev.gmac.gpu.timing.IssueClass;
import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.WarpExecutor;
import dev.gmac.gpu.timing.WarpInstruction;

/**
 * The PTX functional engine ({@code dev.gmac.gpu.exec}) as the timing model's {@link WarpExecutor}:
 * execute-at-issue over a prepared {@link KernelLaunch}, one warp instruction per {@link
 * KernelLaunch#issue(Warp, IssueRecord)}.
 *
 * <p>Decode reads the instruction at the warp's SIMT-stack PC: its class from {@link Insn#cls}, its memory space
 * and opcode ({@code bar.sync} is a barrier; vote, shuffle and fences use the ALU; {@code exit} is an exit);
 * registers from {@link Insn#srcRegs} and {@link Insn#dstRegs}, plus the guard predicate as a source (predicate
 * {@code p} is register id {@code maxSlots + p}). Execute copies the functional model's {@link IssueRecord}:
 * the active mask (the SIMT stack's, as the functional statistics count it), the lanes whose guard held and
 * their addresses (shared, local, constant and parameter addresses as offsets in their space; a generic access
 * refines its class to the space it resolved to), and whether the warp has finished.
 *
 * <p>Limits: warps are 32 lanes (the engine's); the return from a device function is decoded as a branch without
 * registers, since its target is known only once executed.
 */
public final class LaunchExecutor implements WarpExecutor {
    /** Parameter-space addresses are placed after the constant bank's 4 GiB window. */
    static final long PARAM_OFFSET = 1L << 32;

    private final KernelLaunch launch;
    private final Insn[] code;
    private final Warp[][] warpsBySlot;
    private final IssueRecord record = new IssueRecord();
    private final int predicateBase;
    private final KernelResources resources;

    /**
     * @param launch             a launch prepared by {@code SoftwareGpu.prepare} and not yet run
     * @param ctaSlots           {@link dev.gmac.gpu.timing.TimingSimulator#ctaSlots()}
     * @param dynamicSharedBytes the launch's dynamic shared memory
     * @param registersPerThread registers per thread for occupancy, or 0 for the estimate of {@link
     *                           RegisterPressure} (the most PTX registers live at once)
     */
    public LaunchExecutor(KernelLaunch launch, int ctaSlots, int dynamicSharedBytes, int registersPerThread) {
        this.launch = launch;
        Program program = launch.program();
        this.code = program.code();
        this.warpsBySlot = new Warp[ctaSlots][];
        int maxSlots = 0;
        int maxPreds = 0;
        for (FunctionInfo f : program.functions()) {
            maxSlots = Math.max(maxSlots, f.slots);
            maxPreds = Math.max(maxPreds, f.preds);
        }
        this.predicateBase = maxSlots;
        FunctionInfo kernel = program.function(launch.kernelName());
        long ctas = launch.grid().count();
        if (ctas > Integer.MAX_VALUE) {
            throw new TimingException("kernel " + launch.kernelName() + ": grid of " + ctas + " CTAs is too large");
        }
        int shared = dynamicSharedBytes > 0
                ? program.dynamicSharedOffset() + dynamicSharedBytes
                : program.staticSharedBytes();
        this.resources = new KernelResources(
                launch.kernelName(),
                (int) ctas,
                (int) launch.block().count(),
                registersPerThread > 0 ? registersPerThread : RegisterPressure.of(code, kernel),
                shared,
                Math.max(1, maxSlots + maxPreds));
    }

    /** What the launch asks of the hardware. */
    public KernelResources resources() {
        return resources;
    }

    @Override
    public void startCta(int ctaId, int ctaSlot) {
        Cta cta = launch.dispatchCta();
        if (cta == null) {
            throw new TimingException("kernel " + launch.kernelName() + ": the functional model could not make CTA "
                    + ctaId + " resident; build the SoftwareGpu with GpuConfig maxResidentCtas at least "
                    + warpsBySlot.length);
        }
        long linear = cta.ctaId().x()
                + (long) launch.grid().x()
                        * (cta.ctaId().y()
                                + (long) launch.grid().y() * cta.ctaId().z());
        if (linear != ctaId) {
            throw new TimingException("kernel " + launch.kernelName() + ": the functional model dispatched CTA "
                    + linear + " where the timing model placed CTA " + ctaId);
        }
        warpsBySlot[ctaSlot] = cta.warps().toArray(new Warp[0]);
    }

    @Override
    public void decode(int ctaSlot, int warp, WarpInstruction out) {
        Warp w = warpsBySlot[ctaSlot][warp];
        SimtStack stack = w.stack();
        if (w.state() == Warp.DONE || stack.isEmpty()) {
            out.decoded(-1, IssueClass.EXIT);
            return;
        }
        int pc = stack.pc();
        Insn in = code[pc];
        out.decoded(pc, classify(in, stack));
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

    private static IssueClass classify(Insn in, SimtStack stack) {
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
                return in.op == Op.BAR ? IssueClass.BARRIER : IssueClass.ALU;
            default:
                if (in.op == Op.EXIT || in.op == Op.RET_EXIT && stack.frameDepth() == 0) {
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
    public void execute(int ctaSlot, int warp, WarpInstruction out) {
        Warp w = warpsBySlot[ctaSlot][warp];
        launch.issue(w, record);
        out.activeMask(record.insn == null ? 0 : record.activeMask & 0xFFFF_FFFFL);
        if (out.isMemory()) {
            copyAccesses(out);
        }
        if (w.state() == Warp.DONE) {
            out.warpExited();
        }
    }

    private void copyAccesses(WarpInstruction out) {
        int space = record.space;
        long lanes = record.addressMask & 0xFFFF_FFFFL;
        out.accessMask(lanes);
        if (space < 0 || lanes == 0) {
            return;
        }
        IssueClass decoded = out.issueClass();
        IssueClass resolved =
                decoded == IssueClass.ATOMIC && space == StateSpace.GLOBAL ? IssueClass.ATOMIC : spaceClass(space);
        if (resolved != decoded) {
            out.resolvedClass(resolved);
        }
        boolean atomic = decoded == IssueClass.ATOMIC || record.insn.op == Op.ATOM;
        out.memoryAccess(record.accessBytes, !record.writes || atomic, record.writes);
        long window = space == StateSpace.GLOBAL ? 0 : StateSpace.window(space);
        long extra = space == StateSpace.PARAM ? PARAM_OFFSET : 0;
        while (lanes != 0) {
            int lane = Long.numberOfTrailingZeros(lanes);
            lanes &= lanes - 1;
            long a = record.addresses[lane];
            if (space != StateSpace.GLOBAL && a >= StateSpace.SHARED_WINDOW) {
                a -= window;
            }
            out.laneAddress(lane, a + extra);
        }
    }

    @Override
    public void finishCta(int ctaSlot) {
        warpsBySlot[ctaSlot] = null;
    }
}
