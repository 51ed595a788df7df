package dev.gmac.samples.study;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.TransferStats;
import dev.gmac.coherence.transfer.TimelineTrace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Runs one workload under one configuration and returns what the transfer engine counted (ADSM paper §5.1's
 * measurement). Each run opens a fresh runtime (an {@link Adsm}, or a {@link CudaStyle} for the explicit
 * baseline), so counters start at zero; the snapshot is taken after the host program has consumed its outputs.
 * The outputs are then compared with the Java reference, and a mismatch fails the run.
 */
public final class StudyRunner {
    private StudyRunner() {}

    /** Runs {@code problem} under {@code settings}; throws {@link StudyException} on a wrong result. */
    public static RunRow run(PreparedProblem prepared, RunSettings settings) {
        return once(prepared, settings);
    }

    /**
     * Runs {@code problem} under {@code settings} {@code repeats} times; returns every run, in order (the counts
     * are the same every time; the measured host compute is not). {@link Study} picks among them once it knows
     * the program's host work (decision 0122); {@link #fastest} picks by end-to-end time.
     */
    public static List<RunRow> runAll(PreparedProblem prepared, RunSettings settings, int repeats) {
        List<RunRow> runs = new ArrayList<>(repeats);
        for (int i = 0; i < repeats; i++) {
            runs.add(once(prepared, settings));
        }
        return runs;
    }

    /** The run with the shortest modelled end-to-end time among {@code runs} (noise only adds). */
    public static RunRow fastest(List<RunRow> runs) {
        RunRow best = null;
        for (RunRow row : runs) {
            if (best == null || row.counts().endToEndSeconds() < best.counts().endToEndSeconds()) {
                best = row;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no runs");
        }
        return best;
    }

    private static RunRow once(PreparedProblem prepared, RunSettings settings) {
        Problem problem = prepared.problem();
        Path scratch = createScratch();
        try {
            Outputs outputs;
            TransferCounts counts;
            List<TimelineTrace> traces;
            long work;
            if (settings.variant().isExplicit()) {
                try (CudaStyle cuda = CudaStyle.open(settings.config())) {
                    ExplicitHost host = new ExplicitHost(cuda);
                    outputs = problem.runExplicit(host, scratch);
                    TransferStats stats = cuda.stats();
                    counts = TransferCounts.of(stats, settings.config().costModel());
                    traces = stats.timelineTraces();
                    work = host.threadInstructions();
                }
            } else {
                try (Adsm adsm = Adsm.open(settings.config())) {
                    AdsmHost host = new AdsmHost(adsm, settings.variant().annotated());
                    outputs = problem.runAdsm(host, scratch);
                    TransferStats stats = adsm.stats();
                    counts = TransferCounts.of(stats, settings.config().costModel());
                    traces = stats.timelineTraces();
                    work = host.threadInstructions();
                }
            }
            Optional<String> mismatch = prepared.mismatch(outputs);
            if (mismatch.isPresent()) {
                throw new StudyException(
                        describe(problem, settings) + ": result differs from the Java reference: " + mismatch.get());
            }
            return new RunRow(problem.workload(), problem.size(), settings, counts, work, counts.time(), traces, false);
        } catch (IOException e) {
            throw new StudyException(describe(problem, settings) + ": I/O failed: " + e.getMessage(), e);
        } finally {
            deleteRecursively(scratch);
        }
    }

    private static String describe(Problem problem, RunSettings settings) {
        return problem.workload() + " (" + problem.size() + ") under "
                + settings.variant().label() + ", block " + Units.bytes(settings.blockSize()) + ", rolling size "
                + settings.rollingSize();
    }

    private static Path createScratch() {
        try {
            return Files.createTempDirectory("gmac-study-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a scratch directory for the study's files", e);
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Leftover scratch files in the temporary directory are harmless.
        }
    }
}
