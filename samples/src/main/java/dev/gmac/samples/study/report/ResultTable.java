package dev.gmac.samples.study.report;

import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.Relation;
import dev.gmac.samples.study.Relations;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyOptions;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import dev.gmac.samples.study.TransferCounts;
import dev.gmac.samples.study.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The study as text: the workload x protocol table (the numbers behind the paper's Figure 8 plus the comparison
 * with explicit copies), the paper's relations checked on them, and one table per sweep (Figures 9, 11, 12).
 */
public final class ResultTable {
    private ResultTable() {}

    /** Everything: header, table, relations and sweeps. */
    public static String render(StudyResults results) {
        StringBuilder out = new StringBuilder();
        StudyOptions o = results.options();
        out.append(String.format(
                Locale.ROOT,
                "Transfer study (ADSM paper section 5): %s inputs, seed %d; rolling-update with %s blocks, rolling"
                        + " size %d; kernels timed as %s; fastest of %d run(s) each%n%n",
                o.scale().name().toLowerCase(Locale.ROOT),
                o.seed(),
                Units.bytes(o.blockSize()),
                o.rollingSize(),
                o.base().timing() == null ? "untimed" : o.base().timing(),
                o.repeats()));
        if (!results.rows().isEmpty()) {
            out.append(table(results));
            out.append('\n').append(relations(Relations.evaluate(results)));
        }
        for (Figure f : Figure.values()) {
            if (!results.sweep(f).isEmpty()) {
                out.append('\n').append(sweep(f, results.sweep(f)));
            }
        }
        out.append(String.format(
                Locale.ROOT,
                "%nKernels: %,d simulated thread instructions over %d runs.%n",
                results.threadInstructions(),
                results.runs()));
        return out.toString();
    }

    /** The workload x protocol table: the shown columns of {@link ReportColumns#TABLE}. */
    public static String table(StudyResults results) {
        List<ReportColumns.Column> columns = ReportColumns.shown(ReportColumns.TABLE);
        TextTable t =
                new TextTable(columns.stream().map(ReportColumns.Column::header).toList(), 2);
        String previous = null;
        for (RunRow r : results.rows()) {
            List<String> cells = cells(columns, ReportRow.ofTable(results, r));
            if (r.workload().equals(previous)) {
                cells.set(0, ""); // the workload is named once, on its first row
            }
            previous = r.workload();
            t.row(cells);
        }
        return t.render();
    }

    /** One run as a one-row table (for {@code gmac run}): the shown columns of {@link ReportColumns#RUN}. */
    public static String single(RunRow row) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "%s (%s) under %s, block %s, rolling size %d; results match the Java reference%n%n",
                row.workload(),
                row.size(),
                row.variant().label(),
                Units.bytes(row.settings().blockSize()),
                row.settings().rollingSize()));
        List<ReportColumns.Column> columns = ReportColumns.shown(ReportColumns.RUN);
        TextTable t =
                new TextTable(columns.stream().map(ReportColumns.Column::header).toList(), 2);
        t.row(cells(columns, ReportRow.ofRun(row)));
        return out.append(t.render())
                .append(String.format(
                        Locale.ROOT, "%nKernels: %,d simulated thread instructions.%n", row.threadInstructions()))
                .toString();
    }

    private static List<String> cells(List<ReportColumns.Column> columns, ReportRow row) {
        List<String> cells = new ArrayList<>();
        for (ReportColumns.Column c : columns) {
            cells.add(ReportColumns.cell(c, row));
        }
        return cells;
    }

    /** The relations, one line each, failures marked. */
    public static String relations(List<Relation> relations) {
        TextTable t = new TextTable(List.of("", "workload", "relation", "numbers"), 4);
        for (Relation r : relations) {
            t.row(List.of(r.holds() ? "ok" : "FAIL", r.workload(), r.claim(), r.detail()));
        }
        return "Paper's relations on these numbers:\n" + t.render();
    }

    /** One sweep as a table. */
    public static String sweep(Figure figure, List<SweepPoint> points) {
        String common =
                commonDescription(points.stream().map(p -> p.run().size()).toList());
        String title = figure.title() + (common.isEmpty() ? "" : ", " + common) + "\n";
        return switch (figure) {
            case FIGURE_9 ->
                title
                        + pivot(
                                points,
                                "volume",
                                x -> x + "^3",
                                p -> Units.bytes(p.run().counts().bytesToAccelerator()) + " / "
                                        + Units.seconds(p.run().counts().modelledSeconds()))
                        + "  (cells: bytes to accelerator / modelled transfer time)\n";
            case FIGURE_11 -> title + blockSizeTable(points);
            case FIGURE_12 ->
                title
                        + pivot(
                                points,
                                "block",
                                Units::bytes,
                                p -> Units.bytes(p.run().counts().bytesToAccelerator()) + " / "
                                        + Units.seconds(p.run().counts().modelledSeconds()))
                        + "  (cells: bytes to accelerator / modelled transfer time)\n";
        };
    }

    private static String pivot(
            List<SweepPoint> points, String xName, Function<Long, String> xLabel, Function<SweepPoint, String> cell) {
        Set<String> series = new LinkedHashSet<>();
        Map<Long, Map<String, SweepPoint>> byX = new LinkedHashMap<>();
        for (SweepPoint p : points) {
            series.add(p.series());
            byX.computeIfAbsent(p.x(), x -> new LinkedHashMap<>()).put(p.series(), p);
        }
        List<String> headers = new ArrayList<>();
        headers.add(xName);
        headers.addAll(series);
        TextTable t = new TextTable(headers, 1);
        for (Map.Entry<Long, Map<String, SweepPoint>> e : byX.entrySet()) {
            List<String> cells = new ArrayList<>();
            cells.add(xLabel.apply(e.getKey()));
            for (String s : series) {
                SweepPoint p = e.getValue().get(s);
                cells.add(p == null ? "-" : cell.apply(p));
            }
            t.row(cells);
        }
        return t.render();
    }

    private static String blockSizeTable(List<SweepPoint> points) {
        TextTable t = new TextTable(
                List.of(
                        "block",
                        "to accel",
                        "to host",
                        "transfers",
                        "evictions",
                        "time to accel",
                        "time to host",
                        "bw to accel",
                        "bw to host"),
                1);
        for (SweepPoint p : points) {
            TransferCounts c = p.run().counts();
            t.row(List.of(
                    Units.bytes(p.x()),
                    Units.bytes(c.bytesToAccelerator()),
                    Units.bytes(c.bytesToHost()),
                    Long.toString(c.transfers()),
                    Long.toString(c.evictions()),
                    Units.seconds(c.modelledSecondsToAccelerator()),
                    Units.seconds(c.modelledSecondsToHost()),
                    gbps(c.bytesToAccelerator(), c.modelledSecondsToAccelerator()),
                    gbps(c.bytesToHost(), c.modelledSecondsToHost())));
        }
        return t.render() + "  (bw: effective bandwidth, bytes over modelled time)\n";
    }

    private static String gbps(long bytes, double seconds) {
        return String.format(Locale.ROOT, "%.2f GB/s", bandwidthGBps(bytes, seconds));
    }

    /**
     * What the sizes of a sweep's runs have in common: the size itself when all are equal, else the longest
     * common tail of their comma-separated parts ({@code "32^3, 2 steps"} and {@code "64^3, 2 steps"} give
     * {@code "2 steps"}).
     */
    static String commonDescription(List<String> sizes) {
        List<String> tail = List.of(sizes.get(0).split(", "));
        for (String size : sizes) {
            List<String> parts = List.of(size.split(", "));
            int n = 0;
            while (n < tail.size()
                    && n < parts.size()
                    && tail.get(tail.size() - 1 - n).equals(parts.get(parts.size() - 1 - n))) {
                n++;
            }
            tail = tail.subList(tail.size() - n, tail.size());
        }
        return String.join(", ", tail);
    }

    /** Bytes over seconds in GB/s (10^9 bytes per second), 0 when nothing moved. */
    static double bandwidthGBps(long bytes, double seconds) {
        return seconds <= 0 ? 0 : bytes / seconds / 1e9;
    }
}
