package dev.gmac.samples.tmstudy.report;

import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.ThreadState;
import dev.gmac.samples.study.report.FigurePlots;
import dev.gmac.samples.tmstudy.Measurement;
import dev.gmac.samples.tmstudy.TmRow;
import dev.gmac.samples.tmstudy.TmStudyResults;
import dev.gmac.samples.tmstudy.TmWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/**
 * Plots of the TM study (XChart, PNG and SVG), per preset:
 *
 * <ul>
 *   <li>{@code tm-performance-PRESET}: every mode at its best concurrency limit, performance relative to FGL (Fung
 *       thesis Figs 6.10 and 6.12) of every TM model (CGL only in the tables);
 *   <li>{@code tm-limits-PRESET}: Kilo TM's execution time at each limit relative to no limit (Fig 4.8);
 *   <li>{@code tm-threads-PRESET}: thread states of Kilo TM at its best limit (Fig 4.9), as shares of thread-cycles;
 *   <li>{@code tm-flits-PRESET}: interconnect flits of Kilo TM at its best limit by class (Fig 6.4), as shares.
 * </ul>
 */
public final class TmPlots {
    private TmPlots() {}

    /** Writes every plot the results allow into {@code dir}; returns the files written. */
    public static List<Path> write(TmStudyResults results, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (String preset : results.presets()) {
            CategoryChart perf = performance(results, preset);
            if (perf != null) {
                written.addAll(FigurePlots.save(perf, dir, "tm-performance-" + preset));
            }
            CategoryChart limits = limits(results, preset);
            if (limits != null) {
                written.addAll(FigurePlots.save(limits, dir, "tm-limits-" + preset));
            }
            CategoryChart threads = shares(results, preset, true);
            if (threads != null) {
                written.addAll(FigurePlots.save(threads, dir, "tm-threads-" + preset));
            }
            CategoryChart flits = shares(results, preset, false);
            if (flits != null) {
                written.addAll(FigurePlots.save(flits, dir, "tm-flits-" + preset));
            }
        }
        return written;
    }

    private static List<String> workloads(TmStudyResults r) {
        List<String> l = new ArrayList<>();
        for (TmWorkload w : r.options().workloads()) {
            l.add(w.name());
        }
        return l;
    }

    private static CategoryChart performance(TmStudyResults r, String preset) {
        if (!r.options().modes().contains(TmWorkload.FGL)) {
            return null;
        }
        CategoryChart chart = FigurePlots.chart(
                preset + ": performance at the best concurrency limit, relative to FGL (thesis Figs 6.10, 6.12)",
                "workload",
                "FGL cycles / cycles");
        chart.getStyler().setYAxisDecimalPattern("0.##");
        List<String> names = workloads(r);
        boolean any = false;
        for (String mode : r.options().modes()) {
            if (mode.equals(TmWorkload.FGL) || mode.equals("cgl")) {
                continue; // CGL's 1% or less would not show on a linear axis; the tables give its speedups
            }
            List<Double> values = new ArrayList<>();
            for (String w : names) {
                Optional<TmRow> b = r.best(preset, w, mode);
                values.add(
                        b.isPresent() && r.fractionOfFgl(b.get()).isPresent()
                                ? r.fractionOfFgl(b.get()).getAsDouble()
                                : 0.0);
            }
            chart.addSeries(mode, names, values);
            any = true;
        }
        return any ? chart : null;
    }

    private static CategoryChart limits(TmStudyResults r, String preset) {
        CategoryChart chart = FigurePlots.chart(
                preset + ": Kilo TM execution time by concurrency limit, relative to no limit (thesis Fig 4.8)",
                "transaction warps per core",
                "cycles / cycles without a limit");
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        List<String> labels = new ArrayList<>();
        for (int l : r.options().limits()) {
            labels.add(TmTables.limit(l));
        }
        boolean any = false;
        for (String w : workloads(r)) {
            Optional<TmRow> none = r.row(preset, w, "kilotm", 0);
            if (none.isEmpty()) {
                continue;
            }
            List<Double> values = new ArrayList<>();
            for (int l : r.options().limits()) {
                values.add(r.row(preset, w, "kilotm", l)
                        .map(x -> (double) x.m().cycles() / none.get().m().cycles())
                        .orElse(Double.NaN));
            }
            chart.addSeries(w, labels, values);
            any = true;
        }
        return any ? chart : null;
    }

    private static CategoryChart shares(TmStudyResults r, String preset, boolean threads) {
        CategoryChart chart = FigurePlots.chart(
                threads
                        ? preset + ": thread states of Kilo TM at its best limit (thesis Fig 4.9)"
                        : preset + ": interconnect flits of Kilo TM at its best limit by class (thesis Fig 6.4)",
                "workload",
                threads ? "share of thread-cycles" : "share of flits");
        chart.getStyler().setStacked(true);
        List<String> names = new ArrayList<>();
        List<Measurement> ms = new ArrayList<>();
        for (String w : workloads(r)) {
            Optional<TmRow> b = r.best(preset, w, "kilotm");
            if (b.isPresent()) {
                names.add(w);
                ms.add(b.get().m());
            }
        }
        if (names.isEmpty()) {
            return null;
        }
        int classes = threads ? ThreadState.values().length : FlitClass.values().length;
        for (int k = 0; k < classes; k++) {
            List<Double> values = new ArrayList<>();
            for (Measurement m : ms) {
                long[] v = threads ? m.threadCycles() : m.flits();
                long total = 0;
                for (long x : v) {
                    total += x;
                }
                values.add(total == 0 ? 0 : (double) v[k] / total);
            }
            chart.addSeries(threads ? ThreadState.values()[k].name() : FlitClass.values()[k].label(), names, values);
        }
        return chart;
    }
}
