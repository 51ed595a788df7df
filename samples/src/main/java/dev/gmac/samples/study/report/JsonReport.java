package dev.gmac.samples.study.report;

import dev.gmac.samples.json.Json;
import dev.gmac.samples.study.Figure;
import dev.gmac.samples.study.Relation;
import dev.gmac.samples.study.Relations;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyOptions;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;
import dev.gmac.samples.study.TransferCounts;
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
 * { "study":     { "scale", "seed", "blockSize", "rollingSize", "workloads" },
 *   "rows":      [ { "workload", "size", "protocol", "blockSize", "rollingSize", "bytesToAccelerator",
 *                    "bytesToHost", "transfers", "transfersToAccelerator", "transfersToHost", "readFaults",
 *                    "writeFaults", "evictions", "modelledSeconds", "modelledSecondsToAccelerator",
 *                    "modelledSecondsToHost", "threadInstructions", "relativeToBatch", "relativeToExplicit" } ],
 *   "relations": [ { "claim", "workload", "holds", "detail" } ],
 *   "figure9":   [ { "series", "x", ...the row fields } ],
 *   "figure11":  [ ... ],
 *   "figure12":  [ ... ] }
 * }</pre>
 *
 * Ratios that do not exist (no batch row, nothing moved by the baseline) are {@code null}.
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
        study.put("workloads", o.workloads().stream().map(Workload::name).toList());
        doc.put("study", study);
        List<Object> rows = new ArrayList<>();
        for (RunRow r : results.rows()) {
            Map<String, Object> row = run(r);
            row.put("relativeToBatch", finiteOrNull(results.relativeToBatch(r)));
            row.put("relativeToExplicit", finiteOrNull(results.relativeToExplicit(r)));
            rows.add(row);
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
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("series", p.series());
                m.put("x", p.x());
                m.putAll(run(p.run()));
                points.add(m);
            }
            doc.put(f.key(), points);
        }
        return doc;
    }

    /** One run's fields, in the order of the CSV columns. */
    public static Map<String, Object> run(RunRow r) {
        TransferCounts c = r.counts();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", r.workload());
        m.put("size", r.size());
        m.put("protocol", r.variant().label());
        m.put("blockSize", r.settings().blockSize());
        m.put("rollingSize", r.settings().rollingSize());
        m.put("bytesToAccelerator", c.bytesToAccelerator());
        m.put("bytesToHost", c.bytesToHost());
        m.put("transfers", c.transfers());
        m.put("transfersToAccelerator", c.transfersToAccelerator());
        m.put("transfersToHost", c.transfersToHost());
        m.put("readFaults", c.readFaults());
        m.put("writeFaults", c.writeFaults());
        m.put("evictions", c.evictions());
        m.put("modelledSeconds", c.modelledSeconds());
        m.put("modelledSecondsToAccelerator", c.modelledSecondsToAccelerator());
        m.put("modelledSecondsToHost", c.modelledSecondsToHost());
        m.put("threadInstructions", r.threadInstructions());
        return m;
    }

    private static Object finiteOrNull(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** The document as JSON text. */
    public static String toJson(StudyResults results) {
        return Json.writePretty(document(results));
    }

    /** One run as JSON text (what {@code gmac run --json} prints). */
    public static String toJson(RunRow row) {
        return Json.writePretty(run(row));
    }
}
