package dev.gmac.samples.study.report;

import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import dev.gmac.samples.study.TransferCounts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The study's rows as CSV (RFC 4180, one header line, exact byte counts): {@code study.csv} for the table and
 * {@code figure9.csv}, {@code figure11.csv}, {@code figure12.csv} for the sweeps.
 */
public final class CsvReport {
    static final String RUN_COLUMNS = "workload,size,protocol,blockSize,rollingSize,bytesToAccelerator,bytesToHost,"
            + "transfersToAccelerator,transfersToHost,readFaults,writeFaults,evictions,modelledSeconds,"
            + "modelledSecondsToAccelerator,modelledSecondsToHost,threadInstructions";

    private CsvReport() {}

    /** Writes every CSV file of the results into {@code dir}; returns the files written. */
    public static List<Path> write(StudyResults results, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        if (!results.rows().isEmpty()) {
            written.add(writeFile(dir.resolve("study.csv"), table(results)));
        }
        for (Figure f : Figure.values()) {
            if (!results.sweep(f).isEmpty()) {
                written.add(writeFile(dir.resolve(f.key() + ".csv"), sweep(results.sweep(f))));
            }
        }
        return written;
    }

    private static Path writeFile(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    /** The table: one line per workload and protocol, with the ratios to batch and to explicit copies. */
    public static String table(StudyResults results) {
        StringBuilder out = new StringBuilder(RUN_COLUMNS).append(",relativeToBatch,relativeToExplicit\n");
        for (RunRow r : results.rows()) {
            out.append(runFields(r))
                    .append(',')
                    .append(number(results.relativeToBatch(r)))
                    .append(',')
                    .append(number(results.relativeToExplicit(r)))
                    .append('\n');
        }
        return out.toString();
    }

    /** A sweep: one line per point, with its series and x value first. */
    public static String sweep(List<SweepPoint> points) {
        StringBuilder out =
                new StringBuilder("figure,series,x,").append(RUN_COLUMNS).append('\n');
        for (SweepPoint p : points) {
            out.append(p.figure().key())
                    .append(',')
                    .append(field(p.series()))
                    .append(',')
                    .append(p.x())
                    .append(',')
                    .append(runFields(p.run()))
                    .append('\n');
        }
        return out.toString();
    }

    static String runFields(RunRow r) {
        TransferCounts c = r.counts();
        return String.join(
                ",",
                field(r.workload()),
                field(r.size()),
                r.variant().label(),
                Long.toString(r.settings().blockSize()),
                Integer.toString(r.settings().rollingSize()),
                Long.toString(c.bytesToAccelerator()),
                Long.toString(c.bytesToHost()),
                Long.toString(c.transfersToAccelerator()),
                Long.toString(c.transfersToHost()),
                Long.toString(c.readFaults()),
                Long.toString(c.writeFaults()),
                Long.toString(c.evictions()),
                number(c.modelledSeconds()),
                number(c.modelledSecondsToAccelerator()),
                number(c.modelledSecondsToHost()),
                Long.toString(r.threadInstructions()));
    }

    /** Quotes a text field when it holds a comma, quote or line break. */
    static String field(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        return String.format(Locale.ROOT, "%.6g", value);
    }
}
