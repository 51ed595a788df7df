package dev.gmac.samples.tmstudy.report;

import dev.gmac.samples.tmstudy.TmStudyResults;
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

/** The TM study's runs as {@code tm-study.csv} (Apache Commons CSV, RFC 4180, one line per run, {@link TmColumns}). */
public final class TmCsvReport {
    private static final CSVFormat FORMAT =
            CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

    private TmCsvReport() {}

    /** The CSV text. */
    public static String csv(TmStudyResults results) {
        List<Map<String, Object>> rows = TmColumns.rows(results);
        StringWriter out = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(out, FORMAT)) {
            if (!rows.isEmpty()) {
                p.printRecord(rows.get(0).keySet());
            }
            for (Map<String, Object> r : rows) {
                List<Object> cells = new ArrayList<>();
                for (Object v : r.values()) {
                    cells.add(v == null ? "" : v);
                }
                p.printRecord(cells);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Writes {@code tm-study.csv} into {@code dir}. */
    public static Path write(TmStudyResults results, Path dir) throws IOException {
        Path f = dir.resolve("tm-study.csv");
        Files.writeString(f, csv(results), StandardCharsets.UTF_8);
        return f;
    }
}
