package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.ptx.SourceLocation;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One kernel launch on the software GPU: the grid of CTAs, the CTAs resident in hardware slots, their warps and
 * divergence models, the launch's memory port and TM model, the watchdog and the statistics. The launch is driven
 * by exactly one of two schedulers, which share everything else (CTA start, barriers, the issue record):
 *
 * <ul>
 *   <li>{@link #run()}, the fast functional scheduler: deterministic, seeded by {@link GpuConfig#seed()}, it keeps up
 *       to {@link GpuConfig#maxResidentCtas()} CTAs resident (later CTAs start as earlier ones finish, as the
 *       thesis's launch unit dispatches blocks; Fung thesis §2.1.1) and runs their warp slots round-robin, each
 *       for a quantum of about {@link GpuConfig#schedulingQuantum()} instructions (the seed varies the quantum),
 *       until they wait or finish;
 *   <li>the timing model, which owns placement and issue: it calls {@link #startCta} for the CTA its dispatcher
 *       placed, {@link #issue} for each warp instruction it issues (execute-at-issue), and learns through a {@link
 *       SlotListener} when the functional side wakes a waiting slot (a barrier released, a TM decision).
 * </ul>
 *
 * <p>Faults: a pre-Volta warp that executes a barrier with part of its live lanes, warps of a CTA blocked at
 * different barriers with nothing else runnable, and no progress within {@link GpuConfig#watchdogWarpSteps()} warp
 * instructions all raise {@link KernelFaultException}. Progress is a thread finishing, a barrier releasing, a
 * store, or an atomic that changed memory.
 */
public final class KernelLaunch {
    /** Told when the functional side changes a slot that is not issuing (the timing model's wake-up). */
    public interface SlotListener {
        /** {@code slot} of {@code cta} may issue again ({@code barrier}: a CTA barrier released it). */
        void slotWoken(Cta cta, int slot, boolean barrier);

        /**
         * {@code slot} of {@code cta} has a new issue group that the hardware forms in {@code delayCycles} core
         * cycles after the current one (a block-wide synchronisation and compaction, thesis §3.3.2: the compactor
         * emits one warp per cycle). The default treats it as an ordinary wake-up.
         */
        default void slotFormed(Cta cta, int slot, int delayCycles) {
            slotWoken(cta, slot, false);
        }
    }

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
    final int warpSize;
    final String divergence;
    private final TmModel tm;
    private final MemoryPort port;
    /** The access guard installed when the launch was prepared (null: every allocation is read-write). */
    final dev.gmac.gpu.LaunchGuard guard = dev.gmac.gpu.LaunchGuard.current();

    private final DeviceRuntime runtime;
    private final Interpreter interp;
    private final long totalCtas;
    private final int warpsPerCta;
    private final int sharedSize;
    /** Bytes of shared memory a CTA occupies: the kernel's, then any TM model's metadata. */
    private final int sharedFootprint;

    private long nextCta;
    private long finishedCtas;
    private Cta[] ctas = new Cta[0];
    private int resident;
    private int ringCta;
    private int ringSlot;
    private final SplittableRandom random;
    private final LaunchWatchdog watchdog;
    private int maxStackDepth;
    private long txCommitted;
    private long txAborted;
    private boolean running;
    private boolean watchdogStarted;
    private SlotListener listener;

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
            long launchId,
            LaunchOptions options) {
        this.config = config;
        this.memory = memory;
        this.warpSize = options.warpSize() > 0 ? options.warpSize() : config.warpSize();
        this.program = module.program(warpSize);
        this.kernel = program.function(kernelName);
        if (kernel == null || !kernel.isEntry) {
            throw new IllegalArgumentException("no kernel named '" + kernelName + "'");
        }
        this.kernelName = kernelName;
        this.grid = grid;
        this.block = block;
        this.dynamicSharedBytes = dynamicSharedBytes;
        this.launchId = launchId;
        this.divergence = options.divergence() != null ? options.divergence() : config.divergence();
        DivergenceModels.check(divergence);
        String tmName = options.tm() != null ? options.tm() : config.tm();
        this.paramBuffer = new byte[Math.max(kernel.paramBufferBytes, 8)];
        for (int i = 0; i < args.length; i++) {
            int off = kernel.paramOffsets[i];
            int size = kernel.paramSizes[i];
            for (int b = 0; b < Math.min(size, 8); b++) {
                paramBuffer[off + b] = (byte) (args[i] >>> (8 * b));
            }
        }
        // the kernel's own shared variables only (and those of the device functions it calls): SharedLayout
        long shared = dynamicSharedBytes > 0
                ? (long) kernel.dynamicSharedOffset + dynamicSharedBytes
                : kernel.staticSharedBytes;
        if (shared > config.sharedMemoryPerCta()) {
            throw new IllegalArgumentException("kernel " + kernelName + " needs " + shared
                    + " bytes of shared memory per CTA (static " + kernel.staticSharedBytes + " + dynamic "
                    + dynamicSharedBytes + "); the limit is " + config.sharedMemoryPerCta()
                    + " (GpuConfig.sharedMemoryPerCta)");
        }
        this.tm = tmName == null ? null : TmModels.create(tmName);
        long footprint = tm == null ? shared : tm.sharedFootprint((int) shared);
        if (footprint > config.sharedMemoryPerCta()) {
            throw new IllegalArgumentException("kernel " + kernelName + " needs " + shared
                    + " bytes of shared memory per CTA, and the " + tm.name() + " transactional-memory model adds "
                    + (footprint - shared) + " bytes of metadata to it (" + footprint + " in all); the limit is "
                    + config.sharedMemoryPerCta() + " (GpuConfig.sharedMemoryPerCta)");
        }
        this.sharedFootprint = (int) footprint;
        if (kernel.frameBytes > config.localMemoryPerThread()) {
            throw new IllegalArgumentException("kernel " + kernelName + " needs " + kernel.frameBytes
                    + " bytes of local memory per thread; the limit is " + config.localMemoryPerThread());
        }
        if (tmName == null && program.usesTransactions(kernel)) {
            throw new IllegalArgumentException("kernel " + kernelName + " uses tx.begin/tx.commit but the launch has"
                    + " no transactional-memory model; choose one (" + String.join(", ", TmModels.names())
                    + ") with LaunchOptions.tm, GpuConfig.tm or --tm");
        }
        this.sharedSize = (int) shared;
        this.totalCtas = grid.count();
        this.warpsPerCta = (int) ((block.count() + warpSize - 1) / warpSize);
        this.random = new SplittableRandom(config.seed() ^ 0x9E3779B97F4A7C15L);
        this.watchdog = new LaunchWatchdog(config);
        long least = shortestPath(program, kernel);
        double needed = (double) totalCtas * warpsPerCta * least;
        if (needed > config.maxWarpInstructions()) {
            throw new IllegalArgumentException("kernel " + kernelName + ": a grid of " + totalCtas + " CTAs of "
                    + warpsPerCta + " warps needs at least " + String.format(java.util.Locale.ROOT, "%.3g", needed)
                    + " warp instructions (" + least + " per warp on the kernel's shortest path), more than the"
                    + " launch budget of " + config.maxWarpInstructions() + " (GpuConfig.maxWarpInstructions,"
                    + " setting gmac.gpu.maxInstructions); raise the budget or launch a smaller grid");
        }
        this.port = new MemoryPort(this);
        this.runtime = new DeviceRuntime(this, port);
        this.interp = new Interpreter(this, port);
        if (tm != null) {
            tm.attach(this);
        }
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

    /** Lanes per warp of this launch (32 or 64). */
    public int warpSize() {
        return warpSize;
    }

    /** Warps (warp slots) per CTA. */
    public int warpsPerCta() {
        return warpsPerCta;
    }

    /** The divergence model's name. */
    public String divergence() {
        return divergence;
    }

    /** The launch's TM model, or null. */
    public TmModel tm() {
        return tm;
    }

    /** The launch's memory port (for TM models). */
    public MemoryPort port() {
        return port;
    }

    /** The lowered program. */
    public Program program() {
        return program;
    }

    /** The launched kernel. */
    public FunctionInfo kernel() {
        return kernel;
    }

    /** Device global memory. */
    public GlobalMemory memory() {
        return memory;
    }

    /** The device-runtime functions of this launch (printf output, heap). */
    DeviceRuntime runtime() {
        return runtime;
    }

    /**
     * What the launch printed with device {@code printf} so far, in execution order ({@code ""} for nothing); also in
     * {@link LaunchStats#deviceOutput()} and {@link KernelFaultException#deviceOutput()}.
     */
    public String deviceOutput() {
        return runtime.output();
    }

    /**
     * Releases the device memory the launch holds for its kernel (the device {@code malloc} heap). Done by the launch
     * itself when its last CTA finishes or it faults; a driver that abandons a launch before either (a timing model
     * stopped by its cycle limit) calls it. Idempotent.
     */
    public void release() {
        runtime.release();
    }

    /**
     * Bytes of shared memory a CTA occupies: the kernel's static plus dynamic bytes, plus the metadata a TM model
     * keeps there ({@link TmModel#sharedFootprint}; GPU-LocalTM's shadow memory). This is what occupancy charges.
     */
    public int sharedBytesPerCta() {
        return sharedFootprint;
    }

    /** Bytes of shared memory the kernel itself sees per CTA (static plus dynamic). */
    public int kernelSharedBytes() {
        return sharedSize;
    }

    /** Sets the listener told about slots woken by the functional side (the timing model). */
    public void listener(SlotListener l) {
        this.listener = l;
    }

    /** The CTA in hardware slot {@code slot}, or null. */
    public Cta cta(int slot) {
        return slot < ctas.length ? ctas[slot] : null;
    }

    /** True when every CTA of the grid has finished. */
    public boolean finished() {
        return finishedCtas == totalCtas;
    }

    /**
     * Makes CTA {@code linearId} of the grid resident in hardware slot {@code slot} (free), its warps at the
     * kernel's entry. The timing model's CTA dispatcher decides both; the functional scheduler uses {@link
     * #dispatchCta()}.
     */
    public Cta startCta(long linearId, int slot) {
        if (linearId < 0 || linearId >= totalCtas) {
            throw new IllegalArgumentException("kernel " + kernelName + " has " + totalCtas + " CTAs, not " + linearId);
        }
        if (slot >= ctas.length) {
            ctas = Arrays.copyOf(ctas, Math.max(slot + 1, ctas.length * 2));
        }
        Cta cta = ctas[slot];
        if (cta == null) {
            Warp[] warps = new Warp[warpsPerCta];
            cta = new Cta(this, slot, warps, DivergenceModels.create(divergence));
            long threads = block.count();
            for (int i = 0; i < warpsPerCta; i++) {
                long left = threads - (long) i * warpSize;
                long valid = left >= warpSize ? lanes(warpSize) : (1L << left) - 1;
                warps[i] = new Warp(cta, i, warpSize, valid);
            }
            cta.shared = new byte[Math.max(sharedFootprint, 8)];
            ctas[slot] = cta;
        } else if (cta.active) {
            throw new IllegalStateException("hardware CTA slot " + slot + " is busy");
        } else {
            Arrays.fill(cta.shared, (byte) 0);
        }
        cta.sharedSize = sharedSize;
        cta.linearId = linearId;
        cta.ctaId = grid.coordinatesOf(linearId);
        cta.liveThreads = (int) block.count();
        cta.active = true;
        cta.resetBarriers();
        for (Warp w : cta.warps) {
            w.start(kernel, kernel.frameBytes);
        }
        cta.simt.start(cta, kernel.entryPc);
        resident++;
        return cta;
    }

    /** The fewest instructions any thread of {@code kernel} executes (a breadth-first search of its code). */
    static long shortestPath(Program program, FunctionInfo kernel) {
        Insn[] code = program.code();
        int from = kernel.entryPc;
        int to = Math.min(code.length - 1, kernel.exitPc);
        int n = to - from + 1;
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>();
        dist[0] = 0;
        todo.add(from);
        while (!todo.isEmpty()) {
            int pc = todo.poll();
            Insn in = code[pc];
            int d = dist[pc - from];
            if (pc == to || in.op == dev.gmac.gpu.ptx.Op.EXIT || in.op == dev.gmac.gpu.ptx.Op.TRAP) {
                return Math.max(1, d + (pc == to ? 0 : 1));
            }
            boolean unconditional = in.op == dev.gmac.gpu.ptx.Op.BRA && in.guard < 0;
            int[] next = in.op == dev.gmac.gpu.ptx.Op.BRA
                    ? (unconditional ? new int[] {in.target} : new int[] {in.target, pc + 1})
                    : new int[] {pc + 1};
            for (int q : next) {
                if (q >= from && q <= to && dist[q - from] < 0) {
                    dist[q - from] = d + 1;
                    todo.add(q);
                }
            }
        }
        return 1;
    }

    private static long lanes(int n) {
        return n == 64 ? -1L : (1L << n) - 1;
    }

    /**
     * The functional scheduler's CTA dispatch: makes the next CTA of the grid resident in the lowest free slot
     * below {@link GpuConfig#maxResidentCtas()}. Returns it, or null when none is left or no slot is free.
     */
    public Cta dispatchCta() {
        if (nextCta >= totalCtas) {
            return null;
        }
        int limit = config.maxResidentCtas();
        for (int s = 0; s < limit; s++) {
            if (s >= ctas.length || ctas[s] == null || !ctas[s].active) {
                return startCta(nextCta++, s);
            }
        }
        return null;
    }

    /** The interpreter saw the last thread of {@code cta} exit. */
    void ctaFinished(Cta cta) {
        if (cta.active) {
            cta.active = false;
            resident--;
            finishedCtas++;
            maxStackDepth = Math.max(maxStackDepth, cta.simt.maxDepth());
            if (finished()) {
                runtime.release();
            }
        }
    }

    /**
     * Issues one instruction of warp slot {@code slot} of {@code cta} (execute-at-issue) and describes it in
     * {@code rec} (may be null): afterwards {@link IssueRecord#slotWaits()} and {@link IssueRecord#hasWarpExited()}
     * tell whether the slot waits or is done. Returns false when the slot could not issue.
     */
    public boolean issue(Cta cta, int slot, IssueRecord rec) {
        int n;
        if (rec != null) {
            rec.clearOutcome();
        }
        if (!watchdogStarted) {
            watchdogStarted = true;
            watchdog.start();
        }
        try {
            interp.progressed = false;
            interp.compareStores = watchdog.comparesStores();
            n = interp.run(cta, slot, 1, rec);
            String stop = watchdog.check(n, interp.progressed, interp.threadsExited);
            if (stop != null) {
                throw watchdogFault(cta, slot, stop);
            }
        } catch (dev.gmac.gpu.GpuException e) {
            runtime.release();
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            runtime.release();
            throw internalError(e);
        }
        if (rec != null) {
            int s = cta.simt.state(slot);
            if (cta.yieldPending) {
                cta.yieldPending = false;
                rec.yielded(cta.yieldArea, cta.yieldBytes);
            } else if (s == DivergenceModel.DONE) {
                rec.warpExited();
            } else if (s == DivergenceModel.WAITING) {
                rec.slotWaits(cta.simt.waitsAtBarrier(slot));
            }
        }
        return n > 0;
    }

    // ------------------------------------------------------------------ wavefront yield (Orr et al., ISCA 2014, §6)

    /** Bytes of a saved wavefront's control block (program counters, masks, NDRange ids; the paper's §7 figure). */
    public static final int YIELD_CONTROL_BYTES = 856;
    /** 'GYLD' in ASCII, little end first: the first word of a save area written by {@code yield.wave}. */
    public static final int YIELD_MAGIC = 0x444C5947;

    /**
     * Bytes {@code yield.wave} writes for warp {@code w}: the control block, then per register frame a 16-byte
     * header, its declared register slots (8 bytes per slot and lane; the constant slots of immediates are not
     * state) and its predicates (8 bytes each, a lane mask).
     */
    int contextBytes(Warp w) {
        long n = YIELD_CONTROL_BYTES;
        for (int f = 0; f < w.frames; f++) {
            n += 16 + 8L * declaredSlots(w, f) * w.width + 8L * w.preds[f].length;
        }
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    /**
     * Bytes {@code yield.wave} writes for a wavefront of this launch that yields in the kernel itself (not inside
     * a device function, which adds a frame): what a save area must hold at least.
     */
    public int yieldContextBytes() {
        int declared = kernel.slots;
        for (int c : kernel.constSlots) {
            declared = Math.min(declared, c);
        }
        return YIELD_CONTROL_BYTES + 16 + 8 * declared * warpSize + 8 * Math.max(1, kernel.preds);
    }

    /** Register slots of frame {@code f} that hold declared registers (constants come after them). */
    private int declaredSlots(Warp w, int f) {
        FunctionInfo fn = program.functions().get(w.frameFunction[f]);
        int declared = fn.slots;
        for (int c : fn.constSlots) {
            declared = Math.min(declared, c);
        }
        return declared;
    }

    /**
     * {@code yield.wave}: saves the registers and predicates of {@code w}, the CTA's only warp, to the save area
     * {@code [area, area + bytes)} and marks the CTA as yielded, for the timing model to take it out of its slot
     * ({@link #park}). The SIMT stack, the frame table and local memory stay with the parked {@link Cta}; its
     * registers are cleared, so only the save area brings them back ({@link #resume}).
     */
    void yieldWave(Cta cta, Warp w, Insn in, int lane, long area, long bytes) {
        if (cta.warps.length != 1) {
            throw fault(
                    w,
                    in,
                    lane,
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "yield.wave: the CTA has "
                            + cta.warps.length + " warps; wavefront yield needs a CTA of one wavefront (the channels'"
                            + " dispatch unit)");
        }
        if (listener == null) {
            throw fault(
                    w,
                    in,
                    lane,
                    -1,
                    FaultKind.INVALID_INSTRUCTION,
                    "yield.wave needs the timing model with an"
                            + " agent that restarts yielded wavefronts (the channels' aggregator); the functional scheduler"
                            + " cannot restart it");
        }
        int need = contextBytes(w);
        if (bytes < need) {
            throw fault(
                    w,
                    in,
                    lane,
                    area,
                    FaultKind.OUT_OF_BOUNDS,
                    "yield.wave: the save area has " + bytes + " bytes but the wavefront's context needs " + need);
        }
        java.nio.ByteBuffer out;
        try {
            out = memory.view(area, need, "yield.wave save area");
        } catch (dev.gmac.gpu.DeviceMemoryException e) {
            throw fault(w, in, lane, area, FaultKind.OUT_OF_BOUNDS, e.getMessage());
        }
        out.putInt(0, YIELD_MAGIC);
        out.putInt(4, w.frames);
        out.putInt(8, in.pc + 1);
        out.putInt(12, w.width);
        out.putLong(16, w.liveMask);
        out.putLong(24, cta.linearId);
        int pos = YIELD_CONTROL_BYTES;
        for (int f = 0; f < w.frames; f++) {
            long[] r = w.regs[f];
            long[] p = w.preds[f];
            int n = declaredSlots(w, f) * w.width;
            out.putInt(pos, n);
            out.putInt(pos + 4, p.length);
            out.putInt(pos + 8, w.frameFunction[f]);
            pos += 16;
            for (int i = 0; i < n; i++, pos += 8) {
                out.putLong(pos, r[i]);
            }
            for (long v : p) {
                out.putLong(pos, v);
                pos += 8;
            }
            Arrays.fill(r, 0, n, 0xDEADBEEFDEADBEEFL);
            Arrays.fill(p, 0L);
        }
        cta.yieldArea = area;
        cta.yieldBytes = need;
        cta.yieldPending = true;
    }

    /**
     * Takes the yielded CTA out of hardware slot {@code slot}, which may then hold another CTA; the returned CTA
     * keeps its SIMT state until {@link #resume}.
     */
    public Cta park(int slot) {
        Cta cta = cta(slot);
        if (cta == null || !cta.active || cta.yieldArea == 0 || cta.simt.state(0) != DivergenceModel.WAITING) {
            throw new IllegalStateException("hardware CTA slot " + slot + " holds no yielded CTA");
        }
        ctas[slot] = null;
        resident--;
        return cta;
    }

    /**
     * Puts a parked CTA back into the free hardware slot {@code slot}: its registers and predicates are read back
     * from its save area, and its wavefront may issue again from the instruction after its {@code yield.wave}.
     */
    public void resume(Cta cta, int slot) {
        if (cta.launch != this || cta.yieldArea == 0) {
            throw new IllegalArgumentException("not a yielded CTA of kernel " + kernelName);
        }
        Cta there = cta(slot);
        if (there != null && there.active) {
            throw new IllegalStateException("hardware CTA slot " + slot + " is busy");
        }
        Warp w = cta.warps[0];
        java.nio.ByteBuffer in = memory.view(cta.yieldArea, cta.yieldBytes, "yield.wave save area");
        if (in.getInt(0) != YIELD_MAGIC || in.getInt(4) != w.frames || in.getLong(24) != cta.linearId) {
            throw new IllegalStateException("the save area at 0x" + Long.toHexString(cta.yieldArea)
                    + " no longer holds the context of CTA " + cta.linearId + " of kernel " + kernelName
                    + " (overwritten while the wavefront was away)");
        }
        int pos = YIELD_CONTROL_BYTES;
        for (int f = 0; f < w.frames; f++) {
            long[] r = w.regs[f];
            long[] p = w.preds[f];
            int n = in.getInt(pos);
            pos += 16;
            for (int i = 0; i < n; i++, pos += 8) {
                r[i] = in.getLong(pos);
            }
            for (int i = 0; i < p.length; i++, pos += 8) {
                p[i] = in.getLong(pos);
            }
        }
        if (slot >= ctas.length) {
            ctas = Arrays.copyOf(ctas, Math.max(slot + 1, ctas.length * 2));
        }
        ctas[slot] = cta;
        cta.slot = slot;
        resident++;
        cta.simt.resumeWave(0);
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
            throw internalError(e);
        } finally {
            runtime.release();
        }
    }

    private KernelFaultException internalError(Throwable e) {
        // an engine bug must still surface as a typed fault naming the kernel, never as a crash
        KernelFaultException f = new KernelFaultException(
                kernelName,
                0,
                null,
                null,
                null,
                -1,
                FaultKind.INVALID_INSTRUCTION,
                "internal error in the software GPU: " + e,
                runtime.output());
        f.initCause(e);
        return f;
    }

    private LaunchStats schedule() {
        int quantum = config.schedulingQuantum();
        watchdog.start();
        while (true) {
            while (dispatchCta() != null) {
                // fill every free slot
            }
            if (resident == 0) {
                break;
            }
            if (!nextRunnable()) {
                throw deadlock();
            }
            Cta cta = ctas[ringCta];
            int slot = ringSlot;
            int q = quantum <= 1 ? 1 : quantum / 2 + random.nextInt(quantum);
            interp.progressed = false;
            interp.compareStores = watchdog.comparesStores();
            int n = interp.run(cta, slot, q, null);
            String stop = watchdog.check(n, interp.progressed, interp.threadsExited);
            if (stop != null) {
                throw watchdogFault(cta, slot, stop);
            }
            ringSlot++;
        }
        return stats();
    }

    /** Moves the ring to the next runnable slot of a resident CTA (round-robin); false when there is none. */
    private boolean nextRunnable() {
        int n = ctas.length;
        for (int i = 0; i <= n; i++) {
            int c = (ringCta + i) % n;
            Cta cta = ctas[c];
            if (cta == null || !cta.active) {
                continue;
            }
            int slots = cta.simt.slots();
            for (int s = i == 0 ? ringSlot : 0; s < slots; s++) {
                if (cta.simt.state(s) == DivergenceModel.RUNNABLE) {
                    ringCta = c;
                    ringSlot = s;
                    return true;
                }
            }
        }
        return false;
    }

    private KernelFaultException watchdogFault(Cta cta, int slot, String why) {
        DivergenceModel dm = cta.simt;
        int s = slot;
        if (dm.state(s) != DivergenceModel.RUNNABLE) {
            for (int i = 0; i < dm.slots(); i++) {
                if (dm.state(i) == DivergenceModel.RUNNABLE) {
                    s = i;
                    break;
                }
            }
        }
        Warp w = dm.state(s) == DivergenceModel.DONE ? cta.warps[0] : dm.member(s, 0);
        Insn in = program.code()[dm.pc(s)];
        int lane = Math.max(0, Long.numberOfTrailingZeros(dm.mask(s)) & 63);
        return fault(w, in, lane, -1, FaultKind.WATCHDOG, why + " (divergence model " + divergence + ")");
    }

    private KernelFaultException deadlock() {
        for (Cta c : ctas) {
            if (c == null || !c.active) {
                continue;
            }
            int first = -1;
            for (int id = 0; id < Cta.BARRIERS; id++) {
                if (c.waitingSlots[id] != 0) {
                    if (first < 0) {
                        first = id;
                    } else {
                        int s = Long.numberOfTrailingZeros(c.waitingSlots[id]);
                        int s0 = Long.numberOfTrailingZeros(c.waitingSlots[first]);
                        return fault(
                                c.warps[Math.min(s, c.warps.length - 1)],
                                program.code()[c.simt.pc(s)],
                                0,
                                -1,
                                FaultKind.BARRIER_DIVERGENCE,
                                "warps of the CTA wait at different barriers (" + first + " at PTX line "
                                        + lineBefore(c, s0) + " and " + id + " at PTX line " + lineBefore(c, s)
                                        + "); none can complete");
                    }
                }
            }
        }
        for (Cta c : ctas) {
            if (c == null || !c.active) {
                continue;
            }
            for (int id = 0; id < Cta.BARRIERS; id++) {
                if (c.waitingSlots[id] != 0) {
                    int s = Long.numberOfTrailingZeros(c.waitingSlots[id]);
                    int need = c.expected[id] > 0 ? c.expected[id] : c.liveThreads;
                    return fault(
                            c.warps[Math.min(s, c.warps.length - 1)],
                            program.code()[Math.max(0, c.simt.pc(s) - 1)],
                            0,
                            -1,
                            FaultKind.DEADLOCK,
                            "every warp is blocked: barrier " + id + " has " + c.arrived[id] + " of " + need
                                    + " threads and nothing else can run");
                }
            }
            for (int s = 0; s < c.simt.slots(); s++) {
                if (c.simt.state(s) == DivergenceModel.WAITING) {
                    return fault(
                            c.warps[Math.min(s, c.warps.length - 1)],
                            program.code()[c.simt.pc(s)],
                            0,
                            -1,
                            FaultKind.DEADLOCK,
                            "every warp is blocked (" + divergence + ": " + c.simt.describe(s) + ")");
                }
            }
        }
        throw new IllegalStateException("no runnable warp but none is blocked");
    }

    private int lineBefore(Cta c, int slot) {
        return program.code()[Math.max(0, c.simt.pc(slot) - 1)].line;
    }

    // ------------------------------------------------------------------ services for the engine's parts

    /**
     * A typed fault of this launch at {@code in} for {@code lane} of {@code w} (kernel, PTX line, block and thread,
     * address): for the engine's parts and the TM models.
     */
    public KernelFaultException fault(Warp w, Insn in, int lane, long address, FaultKind kind, String reason) {
        return fault(w, in, lane, address, kind, reason, in == null ? null : in.source);
    }

    /**
     * A fault at {@code in} for {@code lane} of {@code w}: with the PTX line, the source position {@code source}
     * (the instruction's {@code .loc}, or an assertion's file and line) and what the launch printed so far.
     */
    KernelFaultException fault(
            Warp w, Insn in, int lane, long address, FaultKind kind, String reason, SourceLocation source) {
        return new KernelFaultException(
                kernelName,
                in == null ? 0 : in.line,
                in == null ? 0 : in.column,
                in == null ? null : in.text,
                source,
                w.cta.ctaId,
                w.threadOf(lane),
                address,
                kind,
                reason,
                runtime.output());
    }

    /** Memory changed, a thread finished, or a barrier released: the watchdog starts over. */
    void progress() {
        interp.progressed = true;
    }

    /** The functional side woke a waiting slot. */
    void slotWoken(Cta cta, int slot, boolean barrier) {
        if (listener != null) {
            listener.slotWoken(cta, slot, barrier);
        }
    }

    /**
     * A divergence model gave a slot that is not issuing (or the one issuing now) a new issue group, available
     * {@code delayCycles} cycles from now in the timing model.
     */
    void slotFormed(Cta cta, int slot, int delayCycles) {
        if (listener != null) {
            listener.slotFormed(cta, slot, delayCycles);
        }
    }

    /** The TM model decided for a waiting transaction. */
    void txWake(Cta cta, int slot) {
        cta.simt.txWake(slot);
        if (cta.simt.state(slot) == DivergenceModel.RUNNABLE) {
            slotWoken(cta, slot, false);
        }
        progress();
    }

    /** Lane-transactions committed and aborted at a {@code tx.commit}. */
    void countTx(int committed, int aborted) {
        txCommitted += committed;
        txAborted += aborted;
        if (committed > 0) {
            progress();
        }
    }

    /** The statistics so far. */
    public LaunchStats stats() {
        int depth = maxStackDepth;
        for (Cta c : ctas) {
            if (c != null && c.active) {
                depth = Math.max(depth, c.simt.maxDepth());
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
                interp.fences,
                warpSize,
                divergence,
                tm == null ? null : tm.name(),
                txCommitted,
                txAborted,
                runtime.output());
    }
}
