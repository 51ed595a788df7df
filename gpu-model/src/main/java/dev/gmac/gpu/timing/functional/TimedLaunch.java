package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.CglTm;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.tm.TmHardware;
import dev.gmac.gpu.timing.tm.TmTimingStats;
import dev.gmac.gpu.tm.KiloTm;
import dev.gmac.gpu.tm.LazyTm;
import dev.gmac.gpu.tm.hybrid.HybridTm;
import dev.gmac.gpu.tm.local.LocalTm;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a PTX kernel on the software GPU under the timing model, which owns the launch: its CTA launch unit places
 * the CTAs, its cores issue the warp instructions that the functional engine executes (execute-at-issue), and its
 * agents (a TM model's lock or commit units) decide what the functional model must wait for. Device memory holds
 * the same results as {@link SoftwareGpu#launch}; both sets of statistics are returned.
 *
 * <p>The launch's warp width is the preset's ({@code core.warp.size}: 32, or 64 for {@code apu8}); its divergence
 * model comes from the {@link LaunchOptions}, else from the preset ({@code simt.divergence}); its TM model from the
 * options, else from the device's configuration.
 */
public final class TimedLaunch {
    /** Default watchdog: cycles after which a kernel is declared stuck. */
    public static final long DEFAULT_CYCLE_LIMIT = 2_000_000_000L;

    /**
     * The functional and the timing statistics of one launch, and what the transactional-memory hardware counted
     * ({@code tm}: null unless the launch ran Kilo TM or one of its refinements).
     */
    public record Result(LaunchStats functional, KernelTimingStats timing, TmTimingStats tm) {
        /** A launch without transactional-memory hardware. */
        public Result(LaunchStats functional, KernelTimingStats timing) {
            this(functional, timing, null);
        }
    }

    private TimedLaunch() {}

    /**
     * Launches {@code kernel} of {@code module} on {@code gpu} with timing from {@code timing}; arguments as
     * {@link SoftwareGpu#launch}.
     *
     * @throws TimingException when a CTA does not fit in a core or the kernel exceeds {@link #DEFAULT_CYCLE_LIMIT}
     */
    public static Result run(
            SoftwareGpu gpu,
            TimingSimulator timing,
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            long... args) {
        return run(
                gpu,
                timing,
                0,
                DEFAULT_CYCLE_LIMIT,
                module,
                kernel,
                grid,
                block,
                dynamicSharedBytes,
                LaunchOptions.DEFAULTS,
                args);
    }

    /**
     * As {@link #run(SoftwareGpu, TimingSimulator, PtxModule, String, Dim3, Dim3, int, long...)}, with the
     * registers per thread used for occupancy (0: estimated from the kernel's register liveness), a cycle limit and
     * per-launch options (a warp size, when given, must be the preset's).
     */
    public static Result run(
            SoftwareGpu gpu,
            TimingSimulator timing,
            int registersPerThread,
            long cycleLimit,
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            LaunchOptions options,
            long... args) {
        return run(
                gpu,
                timing,
                registersPerThread,
                cycleLimit,
                module,
                kernel,
                grid,
                block,
                dynamicSharedBytes,
                options,
                null,
                args);
    }

    /**
     * As {@link #run(SoftwareGpu, TimingSimulator, int, long, PtxModule, String, Dim3, Dim3, int, LaunchOptions,
     * long...)}, calling {@code prepared} with the prepared launch before it runs (to give its TM model a journal,
     * or to read its TM model's counters afterwards, say).
     */
    public static Result run(
            SoftwareGpu gpu,
            TimingSimulator timing,
            int registersPerThread,
            long cycleLimit,
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            LaunchOptions options,
            Consumer<KernelLaunch> prepared,
            long... args) {
        String preset = timing.config().name();
        int width = timing.config().core().warpSize();
        if (options.warpSize() != 0 && options.warpSize() != width) {
            throw new TimingException("preset " + preset + " has " + width + "-lane warps; a launch with "
                    + options.warpSize() + "-lane warps cannot run on it (leave the warp size to the preset)");
        }
        LaunchOptions o = options.withWarpSize(width);
        if (o.divergence() == null) {
            o = o.withDivergence(timing.config().simt().divergence());
        }
        KernelLaunch launch = gpu.prepare(module, kernel, grid, block, dynamicSharedBytes, o, args);
        if (prepared != null) {
            prepared.accept(launch);
        }
        LaunchExecutor executor = new LaunchExecutor(launch, registersPerThread);
        List<Agent> agents = new ArrayList<>();
        TmHardware hardware = null;
        if (launch.tm() instanceof CglTm) {
            agents.add(new CglLockUnit((CglTm) launch.tm(), timing.config()));
        } else if (launch.tm() instanceof KiloTm) {
            hardware = new TmHardware((KiloTm) launch.tm(), timing);
            agents.addAll(hardware.agents());
        } else if (launch.tm() instanceof LazyTm) {
            ((LazyTm) launch.tm()).configure(timing.config().tm()); // Ideal TM: no hardware to model
        } else if (launch.tm() instanceof LocalTm || launch.tm() instanceof HybridTm) {
            LocalTm local = launch.tm() instanceof LocalTm ? (LocalTm) launch.tm() : ((HybridTm) launch.tm()).local();
            // GPU-LocalTM's phases; a HybridTm's Kilo TM part commits at once, without commit units (decision 0351)
            TxPhaseRecorder phases = new TxPhaseRecorder(local.breakdown(), launch.warpsPerCta());
            executor.recordPhases(phases);
            agents.add(phases);
        }
        KernelTimingStats stats;
        try {
            stats = timing.run(executor.resources(), executor, agents, cycleLimit);
        } finally {
            launch.release(); // a launch stopped by the cycle limit still gives back its device heap
        }
        return new Result(
                launch.stats(), stats, hardware == null ? null : hardware.stats(stats.startCycle() + stats.cycles()));
    }
}
