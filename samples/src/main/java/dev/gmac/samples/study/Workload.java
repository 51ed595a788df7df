package dev.gmac.samples.study;

/**
 * A workload of the transfer study, shaped like one of the ADSM paper's benchmarks (Table 2 and §5). Each
 * workload builds {@link Problem}s: its inputs at a given {@link Scale}, generated from a seed.
 */
public interface Workload {
    /** The name used on the command line and in results ({@code cp}, {@code mri-q}, ...). */
    String name();

    /** One sentence: what the workload computes and which of the paper's benchmarks it stands for. */
    String summary();

    /** The workload's inputs at a scale. */
    Problem problem(Scale scale, long seed);
}
