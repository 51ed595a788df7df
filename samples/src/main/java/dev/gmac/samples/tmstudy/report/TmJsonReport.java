package dev.gmac.samples.tmstudy.report;

import dev.gmac.samples.json.Json;
import dev.gmac.samples.tmstudy.TmStudyOptions;
import dev.gmac.samples.tmstudy.TmStudyResults;
import dev.gmac.samples.tmstudy.TmWorkload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The TM study as one JSON document ({@code tm-study.json}, and what {@code gmac tm-study --json} prints):
 *
 * <pre>{@code
 * { "study":  { "scale", "seed", "presets", "workloads", "modes", "limits" },
 *   "rows":   [ { ...the columns of TmColumns } ],
 *   "claims": [ { "preset", "claim", "holds", "detail" } ] }
 * }</pre>
 */
public final class TmJsonReport {
    private TmJsonReport() {}

    /** The document as ordered maps and lists. */
    public static Map<String, Object> document(TmStudyResults results) {
        TmStudyOptions o = results.options();
        Map<String, Object> doc = new LinkedHashMap<>();
        Map<String, Object> study = new LinkedHashMap<>();
        study.put("scale", o.scale().label());
        study.put("seed", o.seed());
        study.put("presets", o.presets());
        List<String> w = new ArrayList<>();
        for (TmWorkload x : o.workloads()) {
            w.add(x.name());
        }
        study.put("workloads", w);
        study.put("modes", o.modes());
        study.put("limits", o.limits());
        doc.put("study", study);
        doc.put("rows", TmColumns.rows(results));
        List<Map<String, Object>> claims = new ArrayList<>();
        for (TmStudyResults.Claim c : results.claims()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("preset", c.preset());
            m.put("claim", c.claim());
            m.put("holds", c.holds());
            m.put("detail", c.detail());
            claims.add(m);
        }
        doc.put("claims", claims);
        return doc;
    }

    /** The document as pretty JSON. */
    public static String toJson(TmStudyResults results) {
        return Json.writePretty(document(results));
    }
}
