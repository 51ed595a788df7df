package dev.gmac.samples.channels.report;

import dev.gmac.channels.cilk.ChannelsStudy.Row;
import dev.gmac.samples.study.report.FigurePlots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.CategoryChart;

/**
 * The plots of {@code gmac channels-study} (PNG and SVG), one per experiment of Orr et al. (ISCA 2014, §8) that ran:
 *
 * <ul>
 *   <li>{@code channels-scaling}: speedup over one compute unit with 1, 2, 4, 8 CUs per workload (Figure 15), and
 *       {@code channels-scaling-l2x8} the same with 8 L2 partitions (beyond the paper);
 *   <li>{@code channels-aggregator}: % of compute-unit cycles blocked on the aggregator (Table 5, decision 0214);
 *   <li>{@code channels-reservation}: atomics and cycles of the per-work-item baseline over the GPU-efficient
 *       channel's (Figure 17, log scale);
 *   <li>{@code channels-width} and {@code channels-yields}: cycles over the widest channel's, and yields, per width
 *       (Figure 18);
 *   <li>{@code channels-donecount}: cycles over those with 64 elements per done count (§8.2.1);
 *   <li>{@code channels-simd}: SIMD efficiency under each divergence model (Figure 19).
 * </ul>
 */
public final class ChannelsPlots {
    private ChannelsPlots() {}

    /** Writes the plots of the experiments present in {@code rows} into {@code dir}; returns the files. */
    public static List<Path> write(List<Row> rows, Path dir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        if (has(rows, "scaling")) {
            written.addAll(FigurePlots.save(scaling(rows, "scaling", "apu8"), dir, "channels-scaling"));
        }
        if (has(rows, "scaling-l2x8")) {
            written.addAll(FigurePlots.save(
                    scaling(rows, "scaling-l2x8", "apu8 with 8 L2 partitions"), dir, "channels-scaling-l2x8"));
        }
        if (has(rows, "aggregator")) {
            written.addAll(FigurePlots.save(aggregator(rows), dir, "channels-aggregator"));
        }
        if (has(rows, "reservation")) {
            written.addAll(FigurePlots.save(reservation(rows), dir, "channels-reservation"));
        }
        if (has(rows, "width")) {
            written.addAll(FigurePlots.save(width(rows, false), dir, "channels-width"));
            written.addAll(FigurePlots.save(width(rows, true), dir, "channels-yields"));
        }
        if (has(rows, "donecount")) {
            written.addAll(FigurePlots.save(doneCount(rows), dir, "channels-donecount"));
        }
        if (has(rows, "divergence")) {
            written.addAll(FigurePlots.save(simd(rows), dir, "channels-simd"));
        }
        return written;
    }

    private static boolean has(List<Row> rows, String experiment) {
        return rows.stream().anyMatch(r -> r.experiment().equals(experiment));
    }

    private static List<Row> of(List<Row> rows, String experiment) {
        return rows.stream().filter(r -> r.experiment().equals(experiment)).toList();
    }

    private static List<String> workloads(List<Row> rows) {
        Set<String> w = new LinkedHashSet<>();
        rows.forEach(r -> w.add(r.workload()));
        return new ArrayList<>(w);
    }

    private static Optional<Row> find(List<Row> rows, String workload, Predicate<Row> p) {
        return rows.stream()
                .filter(r -> r.workload().equals(workload))
                .filter(p)
                .findFirst();
    }

    /** One series per value of {@code key} (in first-seen order), one bar per workload. */
    private static <K> void series(
            CategoryChart c,
            List<Row> rows,
            java.util.function.Function<Row, K> key,
            java.util.function.Function<K, String> name,
            ToDoubleFunction<Row> value) {
        List<String> ws = workloads(rows);
        Set<K> keys = new LinkedHashSet<>();
        rows.forEach(r -> keys.add(key.apply(r)));
        for (K k : keys) {
            List<Double> v = new ArrayList<>();
            for (String w : ws) {
                v.add(find(rows, w, r -> key.apply(r).equals(k))
                        .map(value::applyAsDouble)
                        .orElse(0.0));
            }
            c.addSeries(name.apply(k), ws, v);
        }
    }

    /** Figure 15. */
    static CategoryChart scaling(List<Row> all, String experiment, String gpu) {
        List<Row> rows = of(all, experiment);
        CategoryChart c = FigurePlots.chart(
                "Scaling of the Cilk workloads (Orr et al. Figure 15), " + gpu, "workload", "speedup over 1 CU");
        series(c, rows, Row::cores, k -> k + " CU" + (k == 1 ? "" : "s"), r -> {
            double one = find(rows, r.workload(), x -> x.cores() == 1)
                    .map(Row::cycles)
                    .orElse(0L);
            return r.cycles() == 0 ? 0 : one / r.cycles();
        });
        return c;
    }

    /** Table 5. */
    static CategoryChart aggregator(List<Row> all) {
        CategoryChart c = FigurePlots.chart(
                "GPU (8 CUs) blocked on the aggregator (Orr et al. Table 5)", "workload", "% of CU cycles blocked");
        series(c, of(all, "aggregator"), Row::aggregator, k -> k, Row::cuBlockedPercent);
        return c;
    }

    /** Figure 17. */
    static CategoryChart reservation(List<Row> all) {
        List<Row> rows = of(all, "reservation");
        CategoryChart c = FigurePlots.chart(
                "Per-work-item baseline over the GPU-efficient channel (Orr et al. Figure 17), width 64",
                "workload",
                "baseline / GPU-efficient (log scale)");
        c.getStyler().setYAxisLogarithmic(true);
        List<String> ws = workloads(rows);
        List<Double> atomics = new ArrayList<>();
        List<Double> cycles = new ArrayList<>();
        for (String w : ws) {
            Optional<Row> wave = find(rows, w, r -> r.reservation().equals("WAVEFRONT"));
            Optional<Row> item = find(rows, w, r -> r.reservation().equals("WORK_ITEM"));
            atomics.add(ratio(item.map(Row::atomics), wave.map(Row::atomics)));
            cycles.add(ratio(item.map(Row::cycles), wave.map(Row::cycles)));
        }
        double largest = 10;
        for (double v : atomics) {
            largest = Math.max(largest, v);
        }
        for (double v : cycles) {
            largest = Math.max(largest, v);
        }
        // explicit bounds: XChart's automatic ones for a logarithmic bar chart start at zero
        c.getStyler().setYAxisMin(0.1);
        c.getStyler().setYAxisMax(Math.pow(10, Math.ceil(Math.log10(largest) + 1e-9)));
        c.addSeries("atomic operations", ws, atomics);
        c.addSeries("cycles", ws, cycles);
        return c;
    }

    private static double ratio(Optional<Long> a, Optional<Long> b) {
        if (a.isEmpty() || b.isEmpty() || b.get() == 0) {
            return 1.0;
        }
        return Math.max(1e-3, (double) a.get() / b.get());
    }

    /** Figure 18: cycles over the widest channel's, or yields. */
    static CategoryChart width(List<Row> all, boolean yields) {
        List<Row> rows = of(all, "width");
        CategoryChart c = FigurePlots.chart(
                yields
                        ? "Wavefront yields by channel width (Orr et al. Figure 18), 8 CUs"
                        : "Run time by channel width (Orr et al. Figure 18), 8 CUs",
                "workload",
                yields ? "yields" : "cycles / widest channel's");
        series(c, rows, Row::capacity, k -> "width " + k, r -> {
            if (yields) {
                return r.yields();
            }
            long widest = rows.stream()
                    .filter(x -> x.workload().equals(r.workload()))
                    .max(java.util.Comparator.comparingInt(Row::capacity))
                    .map(Row::cycles)
                    .orElse(0L);
            return widest == 0 ? 0 : (double) r.cycles() / widest;
        });
        return c;
    }

    /** §8.2.1. */
    static CategoryChart doneCount(List<Row> all) {
        List<Row> rows = of(all, "donecount");
        CategoryChart c = FigurePlots.chart(
                "Run time by done-count granularity (Orr et al. section 8.2.1), 8 CUs",
                "workload",
                "cycles / cycles with 64 per done count");
        series(c, rows, Row::doneCount, k -> k + " per done count", r -> {
            double base = find(rows, r.workload(), x -> x.doneCount() == 64)
                    .map(Row::cycles)
                    .orElse(0L);
            return base == 0 ? 0 : r.cycles() / base;
        });
        return c;
    }

    /** Figure 19. */
    static CategoryChart simd(List<Row> all) {
        CategoryChart c = FigurePlots.chart(
                "SIMD efficiency (Orr et al. Figure 19), 8 CUs", "workload", "active lanes / issued lane slots");
        series(c, of(all, "divergence"), Row::divergence, k -> k, Row::simdEfficiency);
        return c;
    }
}
