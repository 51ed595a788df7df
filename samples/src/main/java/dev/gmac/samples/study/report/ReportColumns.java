package dev.gmac.samples.study.report;

import dev.gmac.samples.study.TransferCounts;
import dev.gmac.samples.study.Units;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The columns of a {@link ReportRow}, each defined once: its key (the CSV header and the JSON field), its header in
 * the text table (absent when the table leaves it out), its value and how the table shows it. {@link #TABLE} are
 * the columns of {@code study.csv} and the rows of {@code study.json}, {@link #SWEEP} those of the sweeps, {@link
 * #RUN} those of a single run ({@code gmac run --json}).
 */
public final class ReportColumns {
    /** One column. {@code header} is null when the text table does not show it. */
    public record Column(String key, String header, Function<ReportRow, Object> value, Function<Object, String> text) {}

    private static Column column(String key, String header, Function<ReportRow, Object> value) {
        return new Column(key, header, value, String::valueOf);
    }

    private static Column column(
            String key, String header, Function<ReportRow, Object> value, Function<Object, String> text) {
        return new Column(key, header, value, text);
    }

    private static TransferCounts c(ReportRow r) {
        return r.run().counts();
    }

    private static dev.gmac.coherence.transfer.TimelineSnapshot t(ReportRow r) {
        return r.run().counts().time();
    }

    private static final List<Column> SWEEP_PREFIX = List.of(
            column("figure", null, ReportRow::figure),
            column("series", null, ReportRow::series),
            column("x", null, ReportRow::x));

    /** The columns every run has. */
    public static final List<Column> RUN = List.of(
            column("workload", "workload", r -> r.run().workload()),
            column("size", null, r -> r.run().size()),
            column("protocol", "protocol", r -> r.run().variant().label()),
            column("blockSize", null, r -> r.run().settings().blockSize()),
            column("rollingSize", null, r -> r.run().settings().rollingSize()),
            column("bytesToAccelerator", "to accel", r -> c(r).bytesToAccelerator(), v -> Units.bytes((Long) v)),
            column("bytesToHost", "to host", r -> c(r).bytesToHost(), v -> Units.bytes((Long) v)),
            column("transfers", "transfers", r -> c(r).transfers()),
            column("transfersToAccelerator", null, r -> c(r).transfersToAccelerator()),
            column("transfersToHost", null, r -> c(r).transfersToHost()),
            column("readFaults", "read faults", r -> c(r).readFaults()),
            column("writeFaults", "write faults", r -> c(r).writeFaults()),
            column("evictions", "evictions", r -> c(r).evictions()),
            column("modelledSeconds", "modelled", r -> c(r).modelledSeconds(), v -> Units.seconds((Double) v)),
            column("modelledSecondsToAccelerator", null, r -> c(r).modelledSecondsToAccelerator()),
            column("modelledSecondsToHost", null, r -> c(r).modelledSecondsToHost()),
            column("threadInstructions", null, r -> r.run().threadInstructions()),
            column("endToEndSeconds", "end-to-end", r -> t(r).endToEnd(), v -> Units.seconds((Double) v)),
            column("cpuSeconds", null, r -> t(r).cpu()),
            column("copySeconds", null, r -> t(r).copy()),
            column("signalSeconds", null, r -> t(r).signal()),
            column("launchSeconds", null, r -> t(r).launch()),
            column("gpuWaitSeconds", null, r -> t(r).gpuWait()),
            column("kernelSeconds", null, r -> t(r).kernels()),
            column("toAcceleratorBusySeconds", null, r -> t(r).toAccelerator()),
            column("toHostBusySeconds", null, r -> t(r).toHost()),
            column("evictionsOverlappedSeconds", null, r -> t(r).evictionsOverlapped()),
            column("bookkeepingSeconds", null, r -> t(r).bookkeeping()),
            column("hostCompute", null, r -> r.run().programHostWork() ? "program" : "measured"),
            column(
                    "measuredEndToEndSeconds",
                    "measured",
                    r -> r.run().measuredTime().endToEnd(),
                    v -> Units.seconds((Double) v)),
            column("measuredCpuSeconds", null, r -> r.run().measuredTime().cpu()),
            column("kernelCycles", null, r -> c(r).kernelCycles()));

    /** The table's columns: every run column and the two ratios. */
    public static final List<Column> TABLE = concat(
            RUN,
            List.of(
                    column("relativeToBatch", "vs batch", ReportRow::relativeToBatch, ReportColumns::ratio),
                    column("relativeToExplicit", "vs explicit", ReportRow::relativeToExplicit, ReportColumns::ratio),
                    column(
                            "timeRelativeToExplicit",
                            "time vs expl",
                            ReportRow::timeRelativeToExplicit,
                            ReportColumns::ratio)));

    /** A sweep's columns: the figure, series and x value, then every run column. */
    public static final List<Column> SWEEP = concat(SWEEP_PREFIX, RUN);

    private ReportColumns() {}

    private static List<Column> concat(List<Column> a, List<Column> b) {
        List<Column> all = new ArrayList<>(a);
        all.addAll(b);
        return List.copyOf(all);
    }

    /** The keys of {@code columns}, in order. */
    public static List<String> keys(List<Column> columns) {
        return columns.stream().map(Column::key).toList();
    }

    /**
     * The row's values under {@code columns}, by key, in order, for CSV and JSON: a ratio that does not exist (NaN,
     * or infinite because the baseline moved nothing) is null.
     */
    public static Map<String, Object> values(List<Column> columns, ReportRow row) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Column c : columns) {
            Object v = c.value().apply(row);
            m.put(c.key(), v instanceof Double d && !Double.isFinite(d) ? null : v);
        }
        return m;
    }

    /** The columns the text table shows. */
    public static List<Column> shown(List<Column> columns) {
        return columns.stream().filter(c -> c.header() != null).toList();
    }

    /** The table cell of {@code column} for {@code row}. */
    static String cell(Column column, ReportRow row) {
        return column.text().apply(column.value().apply(row));
    }

    /** A ratio as the table shows it: {@code -} when there is none, {@code inf} when the baseline moved nothing. */
    static String ratio(Object value) {
        double v = (Double) value;
        if (Double.isNaN(v)) {
            return "-";
        }
        if (Double.isInfinite(v)) {
            return "inf";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.3f", v);
    }
}
