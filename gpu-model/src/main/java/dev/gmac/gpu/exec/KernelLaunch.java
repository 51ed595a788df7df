package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One kernel launch on the functional model: the grid of CTAs, of which up to {@link
 * GpuConfig#maxResidentCtas()} are resident at a time (later CTAs start as earlier ones finish, as the
 * thesis's launch unit dispatches blocks; Fung thesis §2.1.1), the warps of the resident CTAs, barriers, the
 * watchdog, and the statistics.
 *
 * <p>{@link #run()} is the functional scheduler: deterministic, seeded by {@link GpuConfig#seed()}, it runs the
 * resident warps round-robin, each for a quantum of about {@link GpuConfig#schedulingQuantum()} instructions
 * (the seed varies the quantum), until they block at a barrier or finish. A timing model instead calls {@link
 * #dispatchCta()} and {@link #issue(Warp, IssueRecord)} itself, one warp instruction at a time.
 *
 * <p>Faults: a warp that executes a barrier with part of its live lanes, warps of a CTA blocked at different
 * barriers with nothing else runnable, and no progress within {@link GpuConfig#watchdogWarpSteps()} warp
 * instructions all raise {@link KernelFaultException}. Progress is a thread finishing, a barrier releasing, a
 * store, or an atomic that changed memory.
 */
public final class KernelLaunch {
    final GpuConfig config;
    final GlobalMemory memory;
    final Program program;
    final FunctionInfo kernel;
    final String kernelName;
    final Dim3 grid;
    final Dim3 block;
    final int dynamicSharedBytes;
    final byte[] paramBuffer;
    final long launchId;
    private final Interpreter interp;
    private final long totalCtas;
    private final int warpsPerCta;
    private final int sharedSize;
    private long nextCta;
    private final Cta[] slots;
    private final List<Cta> resident = new ArrayList<>();
    private Warp[] ring = new Warp[0];
    private int ringPos;
    private final SplittableRandom random;
    private long stepsSinceProgress;
    private int maxStackDepth;
    private boolean running;

    /** Prepares a launch (see {@link dev.gmac.gpu.SoftwareGpu#prepare}). */
    public KernelLaunch(
            GpuConfig config,
            GlobalMemory memory,
            PtxModule module,
            String kernelName,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            long[] args,
            long launchId) {
        this.config = config;
        this.memory = memory;
        this.program = module.program();
        this.kernel = program.function(kernelName);
        if (kernel == null || !kernel.isEntry) {
            throw new IllegalArgumentException("no kernel named '" + kernelName + "'");
        }
        this.kernelName = kernelName;
        this.grid = grid;
        this.block = block;
        this.dynamicSharedBytes = dynamicSharedBytes;
        this.launchId = launchId;
        this.paramBuffer = new byte[Math.max(kernel.paramBufferBytes, 8)];
        for (int i = 0; i < args.length; i++) {
            int off = kernel.paramOffsets[i];
            int size = kernel.paramSizes[i];
            for (int b = 0; b < Math.min(size, 8); b++) {
                paramBuffer[off + b] = (byte) (args[i] >>> (8 * b));
            }
        }
        long shared = dynamicSharedBytes > 0
                ? (long) program.dynamicSharedOffset() + dynamicSharedBytes
                : program.staticSharedBytes();
        if (shared > config.sharedMemoryPerCta()) {
            throw new IllegalArgumentException("kernel " + kernelName + " needs " + shared
                    + " bytes of shared memory per CTA (static " + program.staticSharedBytes() + " + dynamic "
                    + dynamicSharedBytes + "); the limit is " + config.sharedMemoryPerCta()
                    + " (GpuConfig.sharedMemoryPerCta)");
        }
        if (kernel.frameBytes > config.localMemoryPerThread()) {
            throw new IllegalArgumentException("kernel " + kernelName + " needs " + kernel.frameBytes
                    + " bytes of local memory per thread; the limit is " + config.localMemoryPerThread());
        }
        this.sharedSize = (int) shared;
        this.totalCtas = grid.count();
        this.warpsPerCta = (int) ((block.count() + 31) / 32);
        this.slots = new Cta[config.maxResidentCtas()];
        this.random = new SplittableRandom(config.seed() ^ 0x9E3779B97F4A7C15L);
        this.interp = new Interpreter(this);
    }

    /** The kernel name. */
    public String kernelName() {
        return kernelName;
    }

    /** The grid shape. */
    public Dim3 grid() {
        return grid;
    }

    /** The block shape. */
    public Dim3 block() {
        return block;
    }

    /** The lowered program. */
    public Program program() {
        return program;
    }

    /** CTAs currently resident. */
    public List<Cta> residentCtas() {
        return List.copyOf(resident);
    }

    /** True when every CTA of the grid has finished. */
    public boolean finished() {
        return nextCta >= totalCtas && resident.isEmpty();
    }

    /**
     * Makes the next CTA of the grid resident, if there is one and a slot is free. Returns it, or null.
     */
    public Cta dispatchCta() {
        retireFinished();
        if (nextCta >= totalCtas || resident.size() >= slots.length) {
            return null;
        }
        int slot = -1;
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] == null || slots[i].finished() && !resident.contains(slots[i])) {
                slot = i;
                break;
            }
        }
        Cta cta = slots[slot];
        if (cta == null) {
            Warp[] warps = new Warp[warpsPerCta];
            cta = new Cta(this, slot, warps);
            long threads = block.count();
            for (int i = 0; i < warpsPerCta; i++) {
                long left = threads - (long) i * 32;
                int valid = left >= 32 ? -1 : (int) ((1L << left) - 1);
                warps[i] = new Warp(cta, i, valid, new PdomStack());
            }
            cta.shared = new byte[Math.max(sharedSize, 8)];
            slots[slot] = cta;
            // the slot's warps join the scheduling ring once; later CTAs in this slot reuse them
            Warp[] grown = Arrays.copyOf(ring, ring.length + warps.length);
            System.arraycopy(warps, 0, grown, ring.length, warps.length);
            ring = grown;
        } else {
            Arrays.fill(cta.shared, (byte) 0);
        }
        cta.sharedSize = sharedSize;
        cta.linearId = nextCta;
        cta.ctaId = grid.coordinatesOf(nextCta);
        nextCta++;
        cta.liveThreads = (int) block.count();
        cta.doneWarps = 0;
        cta.resetBarriers();
        for (Warp w : cta.warps) {
            w.start(kernel, kernel.frameBytes);
        }
        resident.add(cta);
        return cta;
    }

    private void retireFinished() {
        for (int i = resident.size() - 1; i >= 0; i--) {
            if (resident.get(i).finished()) {
                resident.remove(i);
            }
        }
    }

    /**
     * Issues one instruction of {@code w} (execute-at-issue) and describes it in {@code rec} (may be null).
     * Returns false when the warp cannot issue (it waits at a barrier or has finished).
     */
    public boolean issue(Warp w, IssueRecord rec) {
        if (rec != null) {
            rec.insn = null;
            rec.warp = w;
        }
        int n = interp.run(w, 1, rec);
        if (w.state == Warp.RUNNABLE && w.stack.isEmpty()) {
            interp.finishWarp(w);
        }
        return n == 1;
    }

    /** Runs the launch to completion with the functional scheduler; returns its statistics. */
    public LaunchStats run() {
        if (running) {
            throw new IllegalStateException("launch already running");
        }
        running = true;
        try {
            return schedule();
        } catch (dev.gmac.gpu.GpuException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // an engine bug must still surface as a typed fault naming the kernel, never as a crash
            KernelFaultException f = new KernelFaultException(
                    kernelName,
                    0,
                    null,
                    null,
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "internal error in the software GPU: " + e);
            f.initCause(e);
            throw f;
        }
    }

    private LaunchStats schedule() {
        int quantum = config.schedulingQuantum();
        long watchdog = config.watchdogWarpSteps();
        while (true) {
            retireFinished();
            while (resident.size() < slots.length && nextCta < totalCtas) {
                dispatchCta();
            }
            if (resident.isEmpty()) {
                break;
            }
            Warp w = nextRunnable();
            if (w == null) {
                throw deadlock();
            }
            int q = quantum <= 1 ? 1 : quantum / 2 + random.nextInt(quantum);
            interp.progressed = false;
            int n = interp.run(w, q, null);
            if (w.state == Warp.RUNNABLE && w.stack.isEmpty()) {
                interp.finishWarp(w);
            }
            if (interp.progressed) {
                stepsSinceProgress = 0;
            } else {
                stepsSinceProgress += n;
                if (stepsSinceProgress > watchdog) {
                    throw watchdogFault(w);
                }
            }
        }
        return stats();
    }

    /** The next runnable warp of a resident CTA in round-robin order (warps of idle slots are DONE). */
    private Warp nextRunnable() {
        int n = ring.length;
        for (int i = 0; i < n; i++) {
            Warp w = ring[(ringPos + i) % n];
            if (w.state == Warp.RUNNABLE) {
                ringPos = (ringPos + i + 1) % n;
                return w;
            }
        }
        return null;
    }

    private KernelFaultException watchdogFault(Warp w) {
        Insn in = w.stack.isEmpty() ? null : program.code()[w.stack.pc()];
        int lane = w.stack.isEmpty() ? 0 : Integer.numberOfTrailingZeros(w.stack.activeMask());
        return interp.fault(
                w,
                in,
                lane,
                -1,
                FaultKind.WATCHDOG,
                "no progress for " + stepsSinceProgress
                        + " warp instructions (GpuConfig.watchdogWarpSteps = " + config.watchdogWarpSteps()
                        + "): livelock, for example a spin lock whose holder is masked off by the SIMT stack");
    }

    private KernelFaultException deadlock() {
        for (Cta c : resident) {
            Insn first = null;
            for (Warp w : c.warps) {
                if (w.state == Warp.AT_BARRIER) {
                    if (first == null) {
                        first = w.waitingAt;
                    } else if (first != w.waitingAt) {
                        Warp other = w;
                        return interp.fault(
                                other,
                                other.waitingAt,
                                Integer.numberOfTrailingZeros(other.liveMask),
                                -1,
                                FaultKind.BARRIER_DIVERGENCE,
                                "warps of the CTA wait at different barriers (PTX lines " + first.line + " and "
                                        + other.waitingAt.line + "); none can complete");
                    }
                }
            }
        }
        for (Cta c : resident) {
            for (Warp w : c.warps) {
                if (w.state == Warp.AT_BARRIER) {
                    int id = w.waitingBarrier;
                    int need = c.expected[id] > 0 ? c.expected[id] : c.liveThreads;
                    return interp.fault(
                            w,
                            w.waitingAt,
                            Integer.numberOfTrailingZeros(w.liveMask),
                            -1,
                            FaultKind.DEADLOCK,
                            "every warp is blocked: barrier " + id + " has " + c.arrived[id] + " of " + need
                                    + " threads and nothing else can run");
                }
            }
        }
        throw new IllegalStateException("no runnable warp but none is blocked");
    }

    /** Releases barrier {@code id} of {@code cta}: its waiting warps become runnable. */
    void releaseBarrier(Cta cta, int id) {
        List<Warp> ws = cta.waiting.get(id);
        for (Warp w : ws) {
            if (w.waitingAt != null && w.waitingAt.sub >= dev.gmac.gpu.ptx.Op.B_RED_POPC) {
                Interpreter.deliverBarrierReduction(w, w.waitingAt, cta, id);
            }
            w.state = Warp.RUNNABLE;
            w.waitingAt = null;
            w.waitingBarrier = -1;
        }
        ws.clear();
        cta.arrived[id] = 0;
        cta.expected[id] = 0;
        cta.redPopc[id] = 0;
        cta.redAnd[id] = true;
        cta.redOr[id] = false;
        interp.progressed = true;
    }

    /** Re-checks barriers after threads of {@code cta} exited. */
    void checkBarriers(Cta cta) {
        for (int id = 0; id < Cta.BARRIERS; id++) {
            if (!cta.waiting.get(id).isEmpty() && cta.barrierComplete(id)) {
                releaseBarrier(cta, id);
            }
        }
    }

    void noteStackDepth(int depth) {
        if (depth > maxStackDepth) {
            maxStackDepth = depth;
        }
    }

    /** The statistics so far. */
    public LaunchStats stats() {
        int depth = maxStackDepth;
        for (Cta c : resident) {
            for (Warp w : c.warps) {
                depth = Math.max(depth, w.stack.maxDepth());
            }
        }
        return new LaunchStats(
                launchId,
                kernelName,
                interp.warpInstructions,
                interp.threadInstructions,
                interp.divergentBranches,
                depth,
                interp.atomics,
                interp.barriers,
                interp.fences);
    }
}
