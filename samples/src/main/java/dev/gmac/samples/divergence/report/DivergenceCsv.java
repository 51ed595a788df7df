package dev.gmac.samples.divergence.report;

import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceRun;
import dev.gmac.samples.divergence.L2Variant;
import dev.gmac.samples.divergence.WorkloadSet;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The study as CSV (Apache Commons CSV): {@code divergence.csv}, one row per run with {@link DivergenceColumns};
 * {@code divergence-summary.csv}, the harmonic-mean speedup of every model per workload set and L2.
 */
public final class DivergenceCsv {
    private static final CSVFormat FORMAT =
            CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

    private DivergenceCsv() {}

    /** Writes both files into {@code dir}; returns them. */
    public static List<Path> write(DivergenceResults results, Path dir) throws IOException {
        Path runs = dir.resolve("divergence.csv");
        Files.writeString(runs, runs(results), StandardCharsets.UTF_8);
        Path summary = dir.resolve("divergence-summary.csv");
        Files.writeString(summary, summary(results), StandardCharsets.UTF_8);
        return List.of(runs, summary);
    }

    /** The runs table. */
    public static String runs(DivergenceResults results) throws IOException {
        StringWriter out = new StringWriter();
        int warpSize =
                results.runs().isEmpty() ? 32 : results.runs().get(0).totals().warpSize();
        List<String> keys = DivergenceColumns.keys(warpSize);
        try (CSVPrinter p = new CSVPrinter(out, FORMAT)) {
            p.printRecord(keys);
            for (DivergenceRun r : results.runs()) {
                List<Object> row = new ArrayList<>();
                DivergenceColumns.values(results, r).values().forEach(v -> row.add(v == null ? "" : v));
                p.printRecord(row);
            }
        }
        return out.toString();
    }

    /** The harmonic means. */
    public static String summary(DivergenceResults results) throws IOException {
        StringWriter out = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(out, FORMAT)) {
            p.printRecord("l2", "model", "set", "harmonicMeanSpeedup", "memoryStallsVsPdom");
            for (L2Variant l2 : results.options().l2Variants()) {
                for (String m : results.models()) {
                    for (WorkloadSet s : new WorkloadSet[] {WorkloadSet.DIVERGENT, WorkloadSet.COHERENT, null}) {
                        double hm = results.harmonicMean(m, s, l2);
                        p.printRecord(
                                l2.label(),
                                m,
                                s == null ? "ALL" : s.label(),
                                Double.isFinite(hm) ? hm : "",
                                s == null ? numberOrEmpty(results.totalStallRatio(m, l2)) : "");
                    }
                }
            }
        }
        return out.toString();
    }

    private static Object numberOrEmpty(double v) {
        return Double.isFinite(v) ? v : "";
    }
}
