package dev.gmac.samples.divergence.report;

import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceRun;
import dev.gmac.samples.divergence.L2Variant;
import dev.gmac.samples.divergence.RunTotals;
import dev.gmac.samples.divergence.WorkloadSet;
import dev.gmac.samples.study.report.FigurePlots;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;

/**
 * Plots of the study (XChart, PNG and SVG), in the layout of the thesis's figures:
 *
 * <ul>
 *   <li>{@code divergence-speedup}: speedup of every model over PDOM per workload, with the harmonic mean of each
 *       set (Figure 3.10); a run with wrong results is drawn at zero;
 *   <li>{@code divergence-breakdown-divg} and {@code -cohe}: each run's issue slots stacked by bucket (W0_Idle,
 *       W0_Mem, W1-4 ... W29-32, Stall) normalised to PDOM's total (Figures 3.11a and 3.12a);
 *   <li>{@code divergence-l2} with {@code --l2-sensitivity}: the harmonic means with 1 MB and 128 KB of L2
 *       (Figure 3.15).
 * </ul>
 */
public final class DivergencePlots {
    private static final int WIDTH = 1200;
    private static final int HEIGHT = 560;

    private DivergencePlots() {}

    /** Writes the plots into {@code dir}; returns the files. */
    public static List<Path> write(DivergenceResults results, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        if (results.runs().isEmpty()) {
            return written;
        }
        written.addAll(save(speedup(results), dir, "divergence-speedup"));
        for (WorkloadSet s : WorkloadSet.values()) {
            CategoryChart c = breakdown(results, s);
            if (c != null) {
                written.addAll(save(c, dir, "divergence-breakdown-" + s.label().toLowerCase(Locale.ROOT)));
            }
        }
        if (results.options().l2Sensitivity()) {
            written.addAll(save(l2(results), dir, "divergence-l2"));
        }
        return written;
    }

    private static List<Path> save(CategoryChart chart, Path dir, String name) throws IOException {
        return FigurePlots.save(chart, dir, name);
    }

    /** The study plots' house style, wider, with the many workload labels turned. */
    private static CategoryChart chart(String title, String x, String y) {
        CategoryChart chart = FigurePlots.chart(title, x, y, WIDTH, HEIGHT);
        chart.getStyler().setXAxisLabelRotation(45);
        return chart;
    }

    /** Figure 3.10: speedup over PDOM per workload and model, harmonic means last. */
    static CategoryChart speedup(DivergenceResults results) {
        CategoryChart c = chart(
                "Speedup over PDOM (Fung thesis Figure 3.10), preset L2", "workload", "PDOM cycles / model cycles");
        List<String> cats = new ArrayList<>(results.workloads());
        cats.add("HM DIVG");
        cats.add("HM COHE");
        for (String m : results.models()) {
            List<Double> v = new ArrayList<>();
            for (String w : results.workloads()) {
                double s = results.run(w, m, L2Variant.PRESET)
                        .map(results::speedup)
                        .orElse(Double.NaN);
                v.add(Double.isFinite(s) ? s : 0.0);
            }
            v.add(zeroIfNaN(results.harmonicMean(m, WorkloadSet.DIVERGENT, L2Variant.PRESET)));
            v.add(zeroIfNaN(results.harmonicMean(m, WorkloadSet.COHERENT, L2Variant.PRESET)));
            c.addSeries(m, cats, v);
        }
        return c;
    }

    /** Figures 3.11a/3.12a: issue slots by bucket, stacked, per workload and model, over PDOM's total. */
    static CategoryChart breakdown(DivergenceResults results, WorkloadSet set) {
        List<String> cats = new ArrayList<>();
        List<DivergenceRun> runs = new ArrayList<>();
        for (DivergenceRun r : results.runs(L2Variant.PRESET)) {
            if (r.workload().set() == set) {
                cats.add(r.name() + " " + r.model().label());
                runs.add(r);
            }
        }
        if (runs.isEmpty()) {
            return null;
        }
        int warpSize = runs.get(0).totals().warpSize();
        CategoryChart c = chart(
                "Issue-slot breakdown, " + set.label() + " (Fung thesis Figures 3.11-3.12), normalised to PDOM",
                "workload and model",
                "issue slots / PDOM's");
        c.getStyler().setStacked(true);
        c.getStyler().setXAxisLabelRotation(90);
        String[] labels = IssueSlot.labelsInThesisOrder(warpSize);
        int[] order = IssueSlot.indicesInThesisOrder();
        for (int b = 0; b < labels.length; b++) {
            List<Double> v = new ArrayList<>();
            for (DivergenceRun r : runs) {
                long base = results.run(r.name(), "pdom", r.l2())
                        .map(p -> total(p.totals()))
                        .orElse(0L);
                v.add(base == 0 ? 0.0 : (double) r.totals().slots(order[b]) / base);
            }
            c.addSeries(labels[b], cats, v);
        }
        c.getStyler().setSeriesColors(breakdownColors(labels.length));
        return c;
    }

    /**
     * One colour per issue-slot bucket (the shared palette has seven, the breakdown up to eleven): W0_Idle light grey,
     * W0_Mem dark grey, the active-lane buckets from light to dark blue, Stall red.
     */
    static Color[] breakdownColors(int buckets) {
        Color[] colors = new Color[buckets];
        int active = buckets - 3;
        colors[0] = new Color(0xc7c7c7);
        colors[1] = new Color(0x7f7f7f);
        for (int i = 0; i < active; i++) {
            float t = active == 1 ? 1f : (float) i / (active - 1);
            colors[2 + i] = new Color(
                    Math.round(0xc6 + t * (0x08 - 0xc6)),
                    Math.round(0xdb + t * (0x30 - 0xdb)),
                    Math.round(0xef + t * (0x6b - 0xef)));
        }
        colors[buckets - 1] = new Color(0xd62728);
        return colors;
    }

    /** Figure 3.15: harmonic means with 1 MB and with 128 KB of L2 per partition. */
    static CategoryChart l2(DivergenceResults results) {
        CategoryChart c =
                chart("Harmonic-mean speedup over PDOM by L2 size (Fung thesis Figure 3.15)", "set and L2", "speedup");
        List<String> cats = new ArrayList<>();
        for (L2Variant l2 : List.of(L2Variant.LARGE, L2Variant.SMALL)) {
            for (WorkloadSet s : WorkloadSet.values()) {
                cats.add(s.label() + " " + l2.label());
            }
        }
        for (String m : results.models()) {
            List<Double> v = new ArrayList<>();
            for (L2Variant l2 : List.of(L2Variant.LARGE, L2Variant.SMALL)) {
                for (WorkloadSet s : WorkloadSet.values()) {
                    v.add(zeroIfNaN(results.harmonicMean(m, s, l2)));
                }
            }
            c.addSeries(m, cats, v);
        }
        return c;
    }

    private static long total(RunTotals t) {
        long s = 0;
        for (int i = 0; i < IssueSlot.COUNT; i++) {
            s += t.slots(i);
        }
        return s;
    }

    private static double zeroIfNaN(double v) {
        return Double.isFinite(v) ? v : 0.0;
    }
}
