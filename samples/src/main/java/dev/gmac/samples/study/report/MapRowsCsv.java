package dev.gmac.samples.study.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Rows given as ordered maps (column name to value, every row with the same keys in the same order) as CSV text
 * (Apache Commons CSV, RFC 4180, {@code \n} between records, a header line from the first row's keys, null as an
 * empty cell). The TM and GPU-LocalTM studies write their CSV files through it.
 */
public final class MapRowsCsv {
    private static final CSVFormat FORMAT =
            CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

    private MapRowsCsv() {}

    /** The CSV text of {@code rows} (empty text for no rows). */
    public static String of(List<Map<String, Object>> rows) {
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
}
