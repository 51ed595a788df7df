package dev.gmac.samples.localtm.report;

import dev.gmac.samples.json.Json;
import dev.gmac.samples.localtm.LocalTmStudyOptions;
import dev.gmac.samples.localtm.LocalTmStudyResults;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import dev.gmac.samples.study.report.MapRowsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GPU-LocalTM study as {@code localtm-study.csv} (RFC 4180, one line per run, {@link LocalTmColumns}) and as one
 * JSON document ({@code localtm-study.json}, and what {@code gmac localtm-study --json} prints):
 *
 * <pre>{@code
 * { "study":  { "preset", "groups", "workloads", "contentions", "versions" },
 *   "rows":   [ { ...the columns of LocalTmColumns } ],
 *   "claims": [ { "claim", "holds", "detail" } ] }
 * }</pre>
 */
public final class LocalTmReport {
    private LocalTmReport() {}

    /** The CSV text. */
    public static String csv(LocalTmStudyResults results) {
        return MapRowsCsv.of(LocalTmColumns.rows(results));
    }

    /** Writes {@code localtm-study.csv} into {@code dir}. */
    public static Path writeCsv(LocalTmStudyResults results, Path dir) throws IOException {
        Path f = dir.resolve("localtm-study.csv");
        Files.writeString(f, csv(results), StandardCharsets.UTF_8);
        return f;
    }

    /** The document as ordered maps and lists. */
    public static Map<String, Object> document(LocalTmStudyResults results) {
        LocalTmStudyOptions o = results.options();
        Map<String, Object> study = new LinkedHashMap<>();
        study.put("preset", o.preset());
        study.put("groups", o.groups());
        study.put("workloads", o.workloads().stream().map(LocalTmWorkload::name).toList());
        study.put("contentions", o.contentions().stream().map(c -> c.label()).toList());
        study.put("versions", o.versions().stream().map(Version::label).toList());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("study", study);
        doc.put("rows", LocalTmColumns.rows(results));
        List<Map<String, Object>> claims = new ArrayList<>();
        for (LocalTmStudyResults.Claim c : results.claims()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("claim", c.claim());
            m.put("holds", c.holds());
            m.put("detail", c.detail());
            claims.add(m);
        }
        doc.put("claims", claims);
        return doc;
    }

    /** The document as pretty JSON. */
    public static String json(LocalTmStudyResults results) {
        return Json.writePretty(document(results));
    }
}
