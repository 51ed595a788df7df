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
 */
public record StudyOptions(
        Scale scale,
        long seed,
        List<Workload> workloads,
        long blockSize,
        int rollingSize,
        boolean sweeps,
        int jobs,
        AdsmConfig base) {
    /** The seed the study uses unless told otherwise. */
    public static final long DEFAULT_SEED = 2010;

    public StudyOptions {
        workloads = List.copyOf(workloads);
        if (jobs <= 0) {
            throw new IllegalArgumentException("jobs must be positive");
        }
        if (base == null) {
            throw new IllegalArgumentException("a base configuration is required");
        }
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
        this(scale, seed, workloads, blockSize, rollingSize, sweeps, jobs, AdsmConfig.defaults());
    }

    /** Every workload and sweep at a scale, with the default seed, block size and rolling size, one job. */
    public static StudyOptions defaults(Scale scale) {
        return new StudyOptions(
                scale,
                DEFAULT_SEED,
                Workloads.all(),
                RunSettings.DEFAULT_BLOCK_SIZE,
                RunSettings.defaultRollingSize(),
                true,
                1);
    }

    /** Whether the sweep of {@code figure} runs. */
    public boolean runs(Figure figure) {
        return sweeps && workloads.stream().anyMatch(w -> w.name().equals(figure.workload()));
    }
}
