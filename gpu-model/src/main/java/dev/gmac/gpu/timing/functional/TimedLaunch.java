package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.stats.KernelTimingStats;

/**
 * Runs a PTX kernel on the software GPU under the timing model: the functional engine computes the results
 * (execute-at-issue) while a {@link TimingSimulator} decides when each warp instruction issues. Device memory
 * holds the same results as {@link SoftwareGpu#launch}; both sets of statistics are returned.
 */
public final class TimedLaunch {
    /** Default watchdog: cycles after which a kernel is declared stuck. */
    public static final long DEFAULT_CYCLE_LIMIT = 2_000_000_000L;

    /** The functional and the timing statistics of one launch. */
    public record Result(LaunchStats functional, KernelTimingStats timing) {}

    private TimedLaunch() {}

    /**
     * Launches {@code kernel} of {@code module} on {@code gpu} with timing from {@code timing}; arguments as
     * {@link SoftwareGpu#launch}.
     *
     * @throws TimingException when the preset cannot run the engine's warps, the GPU's configuration holds too
     *     few resident CTAs, a CTA does not fit in a core, or the kernel exceeds {@link #DEFAULT_CYCLE_LIMIT}
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
        return run(gpu, timing, 0, DEFAULT_CYCLE_LIMIT, module, kernel, grid, block, dynamicSharedBytes, args);
    }

    /**
     * As {@link #run(SoftwareGpu, TimingSimulator, PtxModule, String, Dim3, Dim3, int, long...)}, with the
     * registers per thread used for occupancy (0: estimated from the kernel's register liveness) and a cycle limit.
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
            long... args) {
        String preset = timing.config().name();
        if (timing.config().core().warpSize() != 32) {
            throw new TimingException("preset " + preset + " has "
                    + timing.config().core().warpSize() + "-lane warps; the PTX engine runs 32-lane warps");
        }
        if (gpu.config().maxResidentCtas() < timing.ctaSlots()) {
            throw new TimingException("preset " + preset + " can hold " + timing.ctaSlots()
                    + " CTAs at once but the SoftwareGpu holds " + gpu.config().maxResidentCtas()
                    + "; build it with GpuConfig.builder().maxResidentCtas(" + timing.ctaSlots() + ")");
        }
        KernelLaunch launch = gpu.prepare(module, kernel, grid, block, dynamicSharedBytes, args);
        LaunchExecutor executor = new LaunchExecutor(launch, timing.ctaSlots(), dynamicSharedBytes, registersPerThread);
        KernelTimingStats stats = timing.run(executor.resources(), executor, cycleLimit);
        return new Result(launch.stats(), stats);
    }
}
