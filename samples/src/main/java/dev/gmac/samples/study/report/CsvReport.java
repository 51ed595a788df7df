package dev.gmac.samples.study.report;

import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The study's rows as CSV (Apache Commons CSV, RFC 4180 quoting, one header line, {@code \n} line ends, exact byte
 * counts): {@code study.csv} for the table and {@code figure9.csv}, {@code figure11.csv}, {@code figure12.csv} for
 * the sweeps. The columns are {@link ReportColumns#TABLE} and {@link ReportColumns#SWEEP}, the same keys as the
 * JSON; a missing ratio is an empty field.
 */
public final class CsvReport {
    private static final CSVFormat FORMAT =
            CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

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

    /** The table: one line per workload and variant. */
    public static String table(StudyResults results) {
        List<ReportRow> rows = new ArrayList<>();
        for (RunRow r : results.rows()) {
            rows.add(ReportRow.ofTable(results, r));
        }
        return csv(ReportColumns.TABLE, rows);
    }

    /** A sweep: one line per point, with its figure, series and x value first. */
    public static String sweep(List<SweepPoint> points) {
        return csv(ReportColumns.SWEEP, points.stream().map(ReportRow::ofSweep).toList());
    }

    private static String csv(List<ReportColumns.Column> columns, List<ReportRow> rows) {
        StringWriter out = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(out, FORMAT)) {
            printer.printRecord(ReportColumns.keys(columns));
            for (ReportRow row : rows) {
                Map<String, Object> values = ReportColumns.values(columns, row);
                printer.printRecord(values.values());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }
}
