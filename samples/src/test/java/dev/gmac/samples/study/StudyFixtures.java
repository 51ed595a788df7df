package dev.gmac.samples.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Hand-made study results for the tests of the reports, with round numbers. */
public final class StudyFixtures {
    private StudyFixtures() {}

    public static TransferCounts counts(long toAccel, long toHost, long transfers, double seconds) {
        double share = toAccel + toHost == 0 ? 0.5 : (double) toAccel / (toAccel + toHost);
        return new TransferCounts(
                toAccel,
                toHost,
                transfers / 2,
                transfers - transfers / 2,
                3,
                4,
                5,
                seconds,
                seconds * share,
                seconds * (1 - share),
                new dev.gmac.coherence.transfer.TimelineSnapshot(
                        4 * seconds,
                        seconds,
                        seconds,
                        0,
                        1e-5,
                        seconds,
                        seconds,
                        seconds * share,
                        seconds * (1 - share),
                        seconds / 2, // eager evictions overlapped host work
                        0),
                1000);
    }

    public static RunRow row(String workload, Variant v, long toAccel, long toHost) {
        return new RunRow(
                workload,
                "tiny",
                new RunSettings(v, 4096, 2),
                counts(toAccel, toHost, 10, (toAccel + toHost) / 6e9),
                1000);
    }

    /** Two workloads (the stencil and "w, with comma") under the five variants, plus one point per sweep. */
    public static StudyResults results() {
        List<RunRow> rows = new ArrayList<>();
        rows.add(row("stencil", Variant.BATCH, 1 << 20, 1 << 20));
        rows.add(row("stencil", Variant.LAZY, 1 << 19, 1 << 18));
        rows.add(row("stencil", Variant.ROLLING, 1 << 14, 1 << 18));
        rows.add(row("stencil", Variant.ROLLING_ANNOTATED, 1 << 14, 1 << 18));
        rows.add(row("stencil", Variant.EXPLICIT, 64, 1 << 18));
        rows.add(row("w, with comma", Variant.BATCH, 4096, 4096));
        rows.add(row("w, with comma", Variant.LAZY, 4096, 0));
        rows.add(row("w, with comma", Variant.ROLLING, 8192, 0));
        rows.add(row("w, with comma", Variant.ROLLING_ANNOTATED, 0, 0));
        rows.add(row("w, with comma", Variant.EXPLICIT, 0, 0));
        RunRow stencil = row("stencil", Variant.ROLLING, 4096, 8192);
        RunRow vector = row("vecadd", Variant.ROLLING, 3 << 20, 1 << 20);
        RunRow tpacf = row("tpacf", Variant.ROLLING, 1 << 20, 64);
        StudyOptions options = new StudyOptions(Scale.TEST, 1, Workloads.all(), 4096, 2, true, 1);
        return new StudyResults(
                options,
                rows,
                Map.of(
                        Figure.FIGURE_9, List.of(new SweepPoint(Figure.FIGURE_9, "rolling 4 KiB", 16, stencil)),
                        Figure.FIGURE_11, List.of(new SweepPoint(Figure.FIGURE_11, "rolling", 4096, vector)),
                        Figure.FIGURE_12,
                                List.of(new SweepPoint(Figure.FIGURE_12, "rolling size 1", 128 * 1024, tpacf))));
    }
}
