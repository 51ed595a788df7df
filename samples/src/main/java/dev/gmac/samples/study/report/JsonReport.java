package dev.gmac.samples.study.report;

import dev.gmac.samples.json.Json;
import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.Relation;
import dev.gmac.samples.study.Relations;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyOptions;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import dev.gmac.samples.study.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The study as one JSON document (what {@code gmac study --json} prints and {@code study.json} holds):
 *
 * <pre>{@code
 * { "study":     { "scale", "seed", "blockSize", "rollingSize", "timing", "repeats", "workloads" },
 *   "rows":      [ { ...the columns of ReportColumns.TABLE } ],
 *   "relations": [ { "claim", "workload", "holds", "detail" } ],
 *   "figure9":   [ { ...the columns of ReportColumns.SWEEP } ],
 *   "figure11":  [ ... ],
 *   "figure12":  [ ... ] }
 * }</pre>
 *
 * The rows have the CSV files' columns, by the same keys. Ratios that do not exist (no batch row, nothing moved by
 * the baseline) are {@code null}.
 */
public final class JsonReport {
    private JsonReport() {}

    /** The document as nested maps and lists of strings, numbers, booleans and nulls. */
    public static Map<String, Object> document(StudyResults results) {
        Map<String, Object> doc = new LinkedHashMap<>();
        StudyOptions o = results.options();
        Map<String, Object> study = new LinkedHashMap<>();
        study.put("scale", o.scale().name().toLowerCase(Locale.ROOT));
        study.put("seed", o.seed());
        study.put("blockSize", o.blockSize());
        study.put("rollingSize", o.rollingSize());
        study.put("timing", o.base().timing());
        study.put("repeats", o.repeats());
        study.put("workloads", o.workloads().stream().map(Workload::name).toList());
        doc.put("study", study);
        List<Object> rows = new ArrayList<>();
        for (RunRow r : results.rows()) {
            rows.add(ReportColumns.values(ReportColumns.TABLE, ReportRow.ofTable(results, r)));
        }
        doc.put("rows", rows);
        List<Object> relations = new ArrayList<>();
        for (Relation rel : Relations.evaluate(results)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("claim", rel.claim());
            m.put("workload", rel.workload());
            m.put("holds", rel.holds());
            m.put("detail", rel.detail());
            relations.add(m);
        }
        doc.put("relations", relations);
        for (Figure f : Figure.values()) {
            List<Object> points = new ArrayList<>();
            for (SweepPoint p : results.sweep(f)) {
                points.add(ReportColumns.values(ReportColumns.SWEEP, ReportRow.ofSweep(p)));
            }
            doc.put(f.key(), points);
        }
        return doc;
    }

    /** The document as JSON text. */
    public static String toJson(StudyResults results) {
        return Json.writePretty(document(results));
    }

    /** One run as JSON text (what {@code gmac run --json} prints): the columns of {@link ReportColumns#RUN}. */
    public static String toJson(RunRow row) {
        return Json.writePretty(ReportColumns.values(ReportColumns.RUN, ReportRow.ofRun(row)));
    }
}
