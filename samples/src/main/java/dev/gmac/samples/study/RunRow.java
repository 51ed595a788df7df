package dev.gmac.samples.study;

/**
 * The result of running one workload under one configuration: what moved, and under which settings. Every row
 * stands for a run whose outputs matched the Java reference.
 *
 * @param workload the workload's name
 * @param size its input size, in words
 * @param threadInstructions simulated thread instructions of the run's kernels (the work the software GPU did)
 */
public record RunRow(
        String workload, String size, RunSettings settings, TransferCounts counts, long threadInstructions) {
    public Variant variant() {
        return settings.variant();
    }
}
