package dev.gmac.samples.study;

import dev.gmac.coherence.transfer.HostWorkBaseline;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TimelineTrace;
import java.util.List;

/**
 * The result of running one workload under one configuration: what moved, and under which settings. Every row
 * stands for a run whose outputs matched the Java reference.
 *
 * @param workload the workload's name
 * @param size its input size, in words
 * @param counts what moved, and the modelled end-to-end time the study reports: with the program's host work
 *     (decision 0122) once {@link #withProgramHostWork} was applied, else as measured
 * @param threadInstructions simulated thread instructions of the run's kernels (the work the software GPU did)
 * @param measuredTime the end-to-end time with this run's own measured host compute (decision 0117)
 * @param traces the run's timeline events, one per execution context, for the replay of decision 0122
 * @param programHostWork whether {@code counts} carries the program's host work (the fastest of every version's
 *     runs) rather than this run's measured host compute
 */
public record RunRow(
        String workload,
        String size,
        RunSettings settings,
        TransferCounts counts,
        long threadInstructions,
        TimelineSnapshot measuredTime,
        List<TimelineTrace> traces,
        boolean programHostWork) {

    public RunRow {
        traces = List.copyOf(traces);
    }

    /** A run whose time is as measured, with no recorded events. */
    public RunRow(String workload, String size, RunSettings settings, TransferCounts counts, long threadInstructions) {
        this(workload, size, settings, counts, threadInstructions, counts.time(), List.of(), false);
    }

    public Variant variant() {
        return settings.variant();
    }

    /** This run with its timeline replayed with {@code baseline}'s host work (decision 0122). */
    public RunRow withProgramHostWork(HostWorkBaseline baseline) {
        return new RunRow(
                workload,
                size,
                settings,
                counts.withTime(baseline.replay(traces)),
                threadInstructions,
                measuredTime,
                traces,
                true);
    }
}
