package dev.gmac.samples.divergence.report;

import dev.gmac.samples.divergence.DivergenceOptions;
import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceRun;
import dev.gmac.samples.divergence.L2Variant;
import dev.gmac.samples.divergence.WorkloadSet;
import dev.gmac.samples.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The study as one JSON document (Jackson, through {@link Json}): {@code study} (the options), {@code runs} (the
 * CSV's columns by the same keys), {@code summary} (harmonic means per L2, model and set) and {@code directions}
 * (each thesis direction with the thesis's figure, ours and whether it holds).
 */
public final class DivergenceJson {
    private DivergenceJson() {}

    /** The document as nested maps and lists. */
    public static Map<String, Object> document(DivergenceResults results) {
        Map<String, Object> doc = new LinkedHashMap<>();
        DivergenceOptions o = results.options();
        Map<String, Object> study = new LinkedHashMap<>();
        study.put("config", o.config());
        study.put("scheduler", o.keepScheduler() ? "preset" : "lrr");
        study.put("size", o.size().name().toLowerCase(Locale.ROOT));
        study.put("seed", o.seed());
        study.put("workloads", results.workloads());
        study.put("models", results.models());
        study.put("l2", o.l2Variants().stream().map(L2Variant::label).toList());
        doc.put("study", study);
        List<Object> runs = new ArrayList<>();
        for (DivergenceRun r : results.runs()) {
            runs.add(DivergenceColumns.values(results, r));
        }
        doc.put("runs", runs);
        List<Object> summary = new ArrayList<>();
        for (L2Variant l2 : o.l2Variants()) {
            for (String m : results.models()) {
                for (WorkloadSet s : new WorkloadSet[] {WorkloadSet.DIVERGENT, WorkloadSet.COHERENT, null}) {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("l2", l2.label());
                    e.put("model", m);
                    e.put("set", s == null ? "ALL" : s.label());
                    e.put("harmonicMeanSpeedup", DivergenceColumns.number(results.harmonicMean(m, s, l2)));
                    summary.add(e);
                }
            }
        }
        doc.put("summary", summary);
        List<Object> directions = new ArrayList<>();
        for (DivergenceResults.Direction d : results.directions()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("claim", d.claim());
            e.put("thesis", d.thesis());
            e.put("measured", d.measured());
            e.put("met", d.met());
            directions.add(e);
        }
        doc.put("directions", directions);
        return doc;
    }

    /** The document as pretty-printed JSON. */
    public static String toJson(DivergenceResults results) {
        return Json.writePretty(document(results));
    }
}
