package dev.gmac.samples.study;

import dev.gmac.api.AdsmConfig;
import java.util.List;

/**
 * What a study run covers.
 *
 * @param workloads the table's workloads; a sweep runs when its workload is selected
 * @param blockSize the block size of the table's rolling-update runs
 * @param rollingSize the rolling size of the table's runs and of the Figure 9 and 11 sweeps
 * @param sweeps whether to run the sweeps at all
 * @param jobs how many runs may execute at the same time
 * @param base the runtime configuration every run starts from (timing preset included)
 * @param repeats how many times each run executes; its fastest modelled end-to-end time counts (what moves is
 *     the same every time), and before the first run each table workload runs once unmeasured so the JIT has
 *     compiled its host code (the measured host compute of a cold run is mostly the interpreter's)
 */
public record StudyOptions(
        Scale scale,
        long seed,
        List<Workload> workloads,
        long blockSize,
        int rollingSize,
        boolean sweeps,
        int jobs,
        AdsmConfig base,
        int repeats) {
    /** The seed the study uses unless told otherwise. */
    public static final long DEFAULT_SEED = 2010;

    /** How many times {@code gmac study} executes each run unless told otherwise. */
    public static final int DEFAULT_REPEATS = 3;

    public StudyOptions {
        workloads = List.copyOf(workloads);
        if (jobs <= 0) {
            throw new IllegalArgumentException("jobs must be positive");
        }
        if (base == null) {
            throw new IllegalArgumentException("a base configuration is required");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be positive");
        }
    }

    /** Options with one execution per run. */
    public StudyOptions(
            Scale scale,
            long seed,
            List<Workload> workloads,
            long blockSize,
            int rollingSize,
            boolean sweeps,
            int jobs,
            AdsmConfig base) {
        this(scale, seed, workloads, blockSize, rollingSize, sweeps, jobs, base, 1);
    }

    /** Options over the runtime's default configuration. */
    public StudyOptions(
            Scale scale,
            long seed,
            List<Workload> workloads,
            long blockSize,
            int rollingSize,
            boolean sweeps,
            int jobs) {
        this(scale, seed, workloads, blockSize, rollingSize, sweeps, jobs, AdsmConfig.defaults(), 1);
    }

    /**
     * Every workload and sweep at a scale, with the default seed, block size and rolling size, one job, kernels
     * under the default timing preset.
     */
    public static StudyOptions defaults(Scale scale) {
        return new StudyOptions(
                scale,
                DEFAULT_SEED,
                Workloads.all(),
                RunSettings.DEFAULT_BLOCK_SIZE,
                RunSettings.defaultRollingSize(),
                true,
                1,
                AdsmConfig.defaults().withTiming(RunSettings.DEFAULT_TIMING),
                DEFAULT_REPEATS);
    }

    /** Whether the sweep of {@code figure} runs. */
    public boolean runs(Figure figure) {
        return sweeps && workloads.stream().anyMatch(w -> w.name().equals(figure.workload()));
    }
}
