package dev.gmac.samples.localtm.report;

import dev.gmac.gpu.tm.local.TxMode;
import dev.gmac.gpu.tm.local.TxPhase;
import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmRow;
import dev.gmac.samples.localtm.LocalTmStudyResults;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import dev.gmac.samples.study.report.FigurePlots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;

/**
 * Plots of the GPU-LocalTM study (XChart, PNG and SVG, in the house style of {@link FigurePlots}), after Villegas et
 * al., Euro-Par 2016 Workshops, §5:
 *
 * <ul>
 *   <li>{@code localtm-speedup}: speedup of atomics, FGL, DCD and SMDCD over the serialised version (Fig 5; log
 *       scale; a workload without atomics has a bar at the axis floor);
 *   <li>{@code localtm-breakdown}: wavefront-cycles of the TM versions by phase (Fig 6), as shares;
 *   <li>{@code localtm-commit}: commit ratio of DCD and SMDCD (Fig 7);
 *   <li>{@code localtm-modes}: committed transactions by mode, TX, WfS and WgS (Fig 8), as shares.
 * </ul>
 */
public final class LocalTmPlots {
    private LocalTmPlots() {}

    /** Writes every plot the results allow into {@code dir}; returns the files written. */
    public static List<Path> write(LocalTmStudyResults results, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        CategoryChart speedup = speedup(results);
        if (speedup != null) {
            written.addAll(FigurePlots.save(speedup, dir, "localtm-speedup"));
        }
        List<LocalTmRow> tm =
                results.rows().stream().filter(r -> r.stats() != null).toList();
        if (!tm.isEmpty()) {
            written.addAll(FigurePlots.save(breakdown(tm), dir, "localtm-breakdown"));
            written.addAll(FigurePlots.save(commit(results), dir, "localtm-commit"));
            written.addAll(FigurePlots.save(modes(tm), dir, "localtm-modes"));
        }
        return written;
    }

    private static List<String> inputs(LocalTmStudyResults r) {
        List<String> l = new ArrayList<>();
        for (LocalTmWorkload w : r.options().workloads()) {
            for (Contention c : r.options().contentions()) {
                l.add(w.name() + " " + c.label());
            }
        }
        return l;
    }

    private static CategoryChart speedup(LocalTmStudyResults r) {
        List<Version> versions =
                r.options().versions().stream().filter(v -> v != Version.SERIAL).toList();
        if (versions.isEmpty()) {
            return null;
        }
        CategoryChart chart = FigurePlots.chart(
                "Speedup over the serialised version (GPU-LocalTM Fig 5), "
                        + r.options().preset(),
                "workload and input",
                "serialised cycles / cycles",
                1100,
                500);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("0.##");
        double least = 1;
        for (LocalTmRow row : r.rows()) {
            if (row.speedup() > 0) {
                least = Math.min(least, row.speedup());
            }
        }
        double floor = least / 2;
        chart.getStyler().setYAxisMin(floor); // bars of a log axis start at its minimum, not at 0
        for (Version v : versions) {
            List<Double> values = new ArrayList<>();
            for (LocalTmWorkload w : r.options().workloads()) {
                for (Contention c : r.options().contentions()) {
                    Optional<LocalTmRow> row = r.row(w.name(), c, v);
                    values.add(row.isPresent() ? row.get().speedup() : floor);
                }
            }
            chart.addSeries(
                    v == Version.FGL ? "FGL/atomics" : v.label().toUpperCase(java.util.Locale.ROOT), inputs(r), values);
        }
        return chart;
    }

    private static List<String> labels(List<LocalTmRow> rows) {
        return rows.stream().map(LocalTmRow::label).toList();
    }

    private static CategoryChart breakdown(List<LocalTmRow> rows) {
        CategoryChart chart = FigurePlots.chart(
                "Execution breakdown of the TM versions (GPU-LocalTM Fig 6)",
                "workload, input, detection",
                "share of wavefront-cycles",
                1200,
                560);
        chart.getStyler().setStacked(true);
        chart.getStyler().setXAxisLabelRotation(60);
        for (TxPhase p : TxPhase.values()) {
            List<Double> values = new ArrayList<>();
            for (LocalTmRow r : rows) {
                long total =
                        r.phases().values().stream().mapToLong(Long::longValue).sum();
                values.add(total == 0 ? 0 : (double) r.phases().get(p) / total);
            }
            chart.addSeries(p.label(), labels(rows), values);
        }
        return chart;
    }

    private static CategoryChart commit(LocalTmStudyResults r) {
        CategoryChart chart = FigurePlots.chart(
                "Commit ratio (GPU-LocalTM Fig 7)", "workload and input", "committed / started", 1100, 500);
        for (Version v : List.of(Version.DCD, Version.SMDCD)) {
            if (!r.options().versions().contains(v)) {
                continue;
            }
            List<Double> values = new ArrayList<>();
            for (LocalTmWorkload w : r.options().workloads()) {
                for (Contention c : r.options().contentions()) {
                    values.add(r.row(w.name(), c, v)
                            .map(x -> x.stats().commitRatio())
                            .orElse(Double.NaN));
                }
            }
            chart.addSeries(v.label().toUpperCase(java.util.Locale.ROOT), inputs(r), values);
        }
        return chart;
    }

    private static CategoryChart modes(List<LocalTmRow> rows) {
        CategoryChart chart = FigurePlots.chart(
                "Committed transactions by mode (GPU-LocalTM Fig 8)",
                "workload, input, detection",
                "share of committed transactions",
                1200,
                560);
        chart.getStyler().setStacked(true);
        chart.getStyler().setXAxisLabelRotation(60);
        for (TxMode m : TxMode.values()) {
            List<Double> values = new ArrayList<>();
            for (LocalTmRow r : rows) {
                values.add(r.stats().share(m));
            }
            chart.addSeries(m.label(), labels(rows), values);
        }
        return chart;
    }
}
