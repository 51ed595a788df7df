package dev.gmac.samples.study.report;

import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import dev.gmac.samples.study.Units;
import dev.gmac.samples.study.Variant;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * Plots of the study in the layout of the ADSM paper's figures, written as PNG and SVG with XChart:
 *
 * <ul>
 *   <li>{@code figure7}: modelled end-to-end time of each protocol over the explicit copies', per workload;
 *   <li>{@code figure10}: the break-down of rolling-update's modelled end-to-end time per workload (host compute,
 *       copies the host waited for, fault handling, launches, waits for kernels);
 *   <li>{@code figure8}: bytes moved by each protocol (and by explicit copies) normalised to batch-update;
 *   <li>{@code figure9}: the stencil's modelled transfer time by volume size, lazy vs rolling at four block sizes
 *       (the paper plots execution time, of which transfers are the part that differs);
 *   <li>{@code figure11}: vector addition's modelled transfer time (lines) and effective bandwidth (bars) by block
 *       size;
 *   <li>{@code figure12}: tpacf's modelled transfer time by block size for rolling sizes 1, 2 and 4;
 *   <li>{@code figure9-time} and {@code figure11-time}: the same sweeps in modelled end-to-end time.
 * </ul>
 */
public final class FigurePlots {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 540;
    private static final Color[] PALETTE = {
        new Color(0x1f77b4),
        new Color(0xff7f0e),
        new Color(0x2ca02c),
        new Color(0xd62728),
        new Color(0x9467bd),
        new Color(0x8c564b),
        new Color(0x17becf)
    };

    private FigurePlots() {}

    /** Writes the plots the results allow into {@code dir}; returns the files written. */
    public static List<Path> write(StudyResults results, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        if (!results.rows().isEmpty()) {
            written.addAll(save(figure7(results), dir, "figure7"));
            written.addAll(save(figure8(results), dir, "figure8"));
            written.addAll(save(figure10(results), dir, "figure10"));
        }
        if (!results.sweep(Figure.FIGURE_9).isEmpty()) {
            written.addAll(save(figure9(results.sweep(Figure.FIGURE_9)), dir, Figure.FIGURE_9.key()));
            written.addAll(save(figure9Time(results.sweep(Figure.FIGURE_9)), dir, Figure.FIGURE_9.key() + "-time"));
        }
        if (!results.sweep(Figure.FIGURE_11).isEmpty()) {
            written.addAll(save(figure11(results.sweep(Figure.FIGURE_11)), dir, Figure.FIGURE_11.key()));
            written.addAll(save(figure11Time(results.sweep(Figure.FIGURE_11)), dir, Figure.FIGURE_11.key() + "-time"));
        }
        if (!results.sweep(Figure.FIGURE_12).isEmpty()) {
            written.addAll(save(figure12(results.sweep(Figure.FIGURE_12)), dir, Figure.FIGURE_12.key()));
        }
        return written;
    }

    /** Writes {@code chart} as {@code name.png} and {@code name.svg} into {@code dir}; returns both files. */
    public static List<Path> save(CategoryChart chart, Path dir, String name) throws IOException {
        String base = dir.resolve(name).toString();
        BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, base, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return List.of(dir.resolve(name + ".png"), dir.resolve(name + ".svg"));
    }

    /** An empty category chart in the house style of the study plots (white, legend below, Locale.ROOT). */
    public static CategoryChart chart(String title, String xTitle, String yTitle) {
        return chart(title, xTitle, yTitle, WIDTH, HEIGHT);
    }

    /** {@link #chart(String, String, String)} at another size in pixels, for plots with many categories. */
    public static CategoryChart chart(String title, String xTitle, String yTitle, int width, int height) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(width)
                .height(height)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        CategoryStyler s = chart.getStyler();
        s.setLocale(Locale.ROOT);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotBorderVisible(true);
        s.setPlotGridVerticalLinesVisible(false);
        s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setSeriesColors(PALETTE);
        s.setMarkerSize(7);
        return chart;
    }

    /** Figure 7: modelled end-to-end time of each protocol over the explicit copies', per workload (log scale). */
    static CategoryChart figure7(StudyResults results) {
        CategoryChart chart = chart(
                "Modelled end-to-end time, normalised to explicit copies (paper Figure 7)",
                "workload",
                "time / explicit copies' (log scale)");
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("0.##");
        List<String> workloads = results.workloads();
        List<Variant> variants = List.of(Variant.BATCH, Variant.LAZY, Variant.ROLLING, Variant.ROLLING_ANNOTATED);
        double smallest = 1;
        double largest = 1;
        for (Variant v : variants) {
            for (String w : workloads) {
                double ratio =
                        results.row(w, v).map(results::timeRelativeToExplicit).orElse(Double.NaN);
                if (Double.isFinite(ratio) && ratio > 0) {
                    smallest = Math.min(smallest, ratio);
                    largest = Math.max(largest, ratio);
                }
            }
        }
        chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallest))));
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(largest) + 1e-9)));
        for (Variant v : variants) {
            List<Double> values = new ArrayList<>();
            for (String w : workloads) {
                double ratio =
                        results.row(w, v).map(results::timeRelativeToExplicit).orElse(Double.NaN);
                values.add(Double.isFinite(ratio) && ratio > 0 ? ratio : Double.NaN);
            }
            chart.addSeries(v.label(), workloads, values);
        }
        return chart;
    }

    /**
     * Figure 10: where rolling-update's modelled end-to-end time goes, per workload, as percentages of the time the
     * host spent (host compute, copies it waited for, fault handling, launches, waits for kernels).
     */
    static CategoryChart figure10(StudyResults results) {
        CategoryChart chart = chart(
                "Break-down of rolling-update's modelled time (paper Figure 10)", "workload", "% of the host's time");
        chart.getStyler().setStacked(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        List<String> workloads = new ArrayList<>();
        List<List<Double>> parts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            parts.add(new ArrayList<>());
        }
        for (String w : results.workloads()) {
            var row = results.row(w, Variant.ROLLING);
            if (row.isEmpty()) {
                continue;
            }
            var t = row.get().counts().time();
            double[] values = {t.cpu(), t.copy(), t.signal(), t.launch(), t.gpuWait()};
            double total = 0;
            for (double v : values) {
                total += v;
            }
            workloads.add(w);
            for (int i = 0; i < values.length; i++) {
                parts.get(i).add(total == 0 ? 0 : 100 * values[i] / total);
            }
        }
        String[] names = {"CPU (measured)", "copy", "signal (faults)", "launch", "GPU (waiting for kernels)"};
        for (int i = 0; i < names.length; i++) {
            chart.addSeries(names[i], workloads, parts.get(i));
        }
        return chart;
    }

    /** Figure 8: total bytes of each variant over batch-update's, per workload. */
    static CategoryChart figure8(StudyResults results) {
        CategoryChart chart = chart(
                "Data transferred, normalised to batch-update (paper Figure 8)",
                "workload",
                "bytes moved / batch-update's (log scale)");
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("0.####");
        List<String> workloads = results.workloads();
        List<Variant> variants = List.of(Variant.LAZY, Variant.ROLLING, Variant.ROLLING_ANNOTATED, Variant.EXPLICIT);
        double smallest = Double.POSITIVE_INFINITY;
        double largest = 1;
        for (Variant v : variants) {
            for (String w : workloads) {
                double ratio = results.row(w, v).map(results::relativeToBatch).orElse(Double.NaN);
                if (Double.isFinite(ratio) && ratio > 0) {
                    smallest = Math.min(smallest, ratio);
                    largest = Math.max(largest, ratio);
                }
            }
        }
        // A log axis cannot show zero: "nothing moved" is drawn at the axis floor, a decade below the rest.
        boolean anyZero = false;
        for (Variant v : variants) {
            for (String w : workloads) {
                double ratio = results.row(w, v).map(results::relativeToBatch).orElse(Double.NaN);
                anyZero |= ratio == 0;
            }
        }
        double floor = Double.isFinite(smallest) ? Math.pow(10, Math.floor(Math.log10(smallest))) : 1e-3;
        if (anyZero) {
            floor /= 10;
        }
        chart.getStyler().setYAxisMin(floor);
        chart.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(largest))));
        for (Variant v : variants) {
            List<Double> values = new ArrayList<>();
            for (String w : workloads) {
                double ratio = results.row(w, v).map(results::relativeToBatch).orElse(Double.NaN);
                values.add(Double.isFinite(ratio) && ratio > 0 ? ratio : floor);
            }
            chart.addSeries(v.label(), workloads, values);
        }
        return chart;
    }

    /** Figure 9: modelled transfer time per volume size, one line per configuration. */
    static CategoryChart figure9(List<SweepPoint> points) {
        CategoryChart chart = chart(
                "3D stencil: transfer time by volume size (paper Figure 9)",
                "volume size",
                "modelled transfer time (ms)");
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        addLines(
                chart, points, x -> x + "x" + x + "x" + x, p -> p.run().counts().modelledSeconds() * 1e3);
        return chart;
    }

    /** Figure 9 in time: modelled end-to-end time per volume size, one line per configuration. */
    static CategoryChart figure9Time(List<SweepPoint> points) {
        CategoryChart chart = chart(
                "3D stencil: modelled end-to-end time by volume size (paper Figure 9)",
                "volume size",
                "modelled end-to-end time (ms)");
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        addLines(
                chart, points, x -> x + "x" + x + "x" + x, p -> p.run().counts().endToEndSeconds() * 1e3);
        return chart;
    }

    /**
     * Figure 11 in time: vector addition's modelled end-to-end time and the time the host waited for copies, by
     * block size (the paper's Figure 11 plots transfer time; end-to-end time adds the host's work and the fault
     * handling that dominates at small blocks).
     */
    static CategoryChart figure11Time(List<SweepPoint> points) {
        CategoryChart chart = chart(
                "Vector addition: modelled end-to-end time by block size (paper Figure 11)",
                "block size",
                "modelled time (ms)");
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        List<String> blocks = new ArrayList<>();
        List<Double> endToEnd = new ArrayList<>();
        List<Double> copy = new ArrayList<>();
        List<Double> signal = new ArrayList<>();
        List<Double> overlapped = new ArrayList<>();
        for (SweepPoint p : points) {
            blocks.add(Units.compact(p.x()));
            var t = p.run().counts().time();
            endToEnd.add(t.endToEnd() * 1e3);
            copy.add(t.copy() * 1e3);
            signal.add(t.signal() * 1e3);
            overlapped.add(t.evictionsOverlapped() * 1e3);
        }
        chart.addSeries("end-to-end", blocks, endToEnd);
        chart.addSeries("copies waited for", blocks, copy);
        chart.addSeries("fault handling", blocks, signal);
        chart.addSeries("evictions overlapped with host work", blocks, overlapped);
        return chart;
    }

    /** Figure 11: transfer time per direction (lines, left axis) and effective bandwidth (bars, right axis). */
    static CategoryChart figure11(List<SweepPoint> points) {
        CategoryChart chart = chart(
                "Vector addition: transfer time and bandwidth by block size (paper Figure 11)",
                "block size",
                "modelled transfer time (ms)");
        CategoryStyler s = chart.getStyler();
        s.setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.setYAxisGroupTitle(0, "modelled transfer time (ms)");
        chart.setYAxisGroupTitle(1, "effective bandwidth (GB/s)");
        List<String> blocks = new ArrayList<>();
        List<Double> bwToAccel = new ArrayList<>();
        List<Double> bwToHost = new ArrayList<>();
        List<Double> timeToAccel = new ArrayList<>();
        List<Double> timeToHost = new ArrayList<>();
        for (SweepPoint p : points) {
            blocks.add(Units.compact(p.x()));
            var c = p.run().counts();
            bwToAccel.add(ResultTable.bandwidthGBps(c.bytesToAccelerator(), c.modelledSecondsToAccelerator()));
            bwToHost.add(ResultTable.bandwidthGBps(c.bytesToHost(), c.modelledSecondsToHost()));
            timeToAccel.add(c.modelledSecondsToAccelerator() * 1e3);
            timeToHost.add(c.modelledSecondsToHost() * 1e3);
        }
        CategorySeries up = chart.addSeries("bandwidth host to accelerator", blocks, bwToAccel);
        up.setYAxisGroup(1);
        up.setFillColor(new Color(0xaec7e8));
        CategorySeries down = chart.addSeries("bandwidth accelerator to host", blocks, bwToHost);
        down.setYAxisGroup(1);
        down.setFillColor(new Color(0xffbb78));
        CategorySeries upTime = chart.addSeries("time host to accelerator", blocks, timeToAccel);
        upTime.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        upTime.setLineColor(PALETTE[0]);
        upTime.setMarkerColor(PALETTE[0]);
        CategorySeries downTime = chart.addSeries("time accelerator to host", blocks, timeToHost);
        downTime.setChartCategorySeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        downTime.setLineColor(PALETTE[1]);
        downTime.setMarkerColor(PALETTE[1]);
        return chart;
    }

    /** Figure 12: modelled transfer time by block size, one line per rolling size. */
    static CategoryChart figure12(List<SweepPoint> points) {
        CategoryChart chart = chart(
                "tpacf: transfer time by block size and rolling size (paper Figure 12)",
                "block size",
                "modelled transfer time (ms)");
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        addLines(chart, points, Units::compact, p -> p.run().counts().modelledSeconds() * 1e3);
        return chart;
    }

    private static void addLines(
            CategoryChart chart,
            List<SweepPoint> points,
            java.util.function.LongFunction<String> xLabel,
            ToDoubleFunction<SweepPoint> y) {
        Set<Long> xs = new LinkedHashSet<>();
        Map<String, Map<Long, SweepPoint>> bySeries = new LinkedHashMap<>();
        for (SweepPoint p : points) {
            xs.add(p.x());
            bySeries.computeIfAbsent(p.series(), s -> new LinkedHashMap<>()).put(p.x(), p);
        }
        List<String> labels = xs.stream().map(xLabel::apply).toList();
        for (Map.Entry<String, Map<Long, SweepPoint>> e : bySeries.entrySet()) {
            List<Double> values = new ArrayList<>();
            for (long x : xs) {
                SweepPoint p = e.getValue().get(x);
                values.add(p == null ? Double.NaN : y.applyAsDouble(p));
            }
            chart.addSeries(e.getKey(), labels, values);
        }
    }
}
