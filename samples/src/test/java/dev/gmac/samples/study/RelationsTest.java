package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RelationsTest {
    @Test
    void checksEachRelationOnEachWorkload() {
        List<Relation> relations = Relations.evaluate(StudyFixtures.results());
        List<String> verdicts = relations.stream()
                .map(r -> r.workload() + ": " + r.claim() + " " + (r.holds() ? "holds" : "fails"))
                .toList();
        assertEquals(
                List.of(
                        "stencil: lazy <= batch holds",
                        "stencil: rolling <= batch holds",
                        "stencil: rolling-annotated <= explicit fails",
                        "w, with comma: lazy <= batch holds",
                        "w, with comma: rolling <= batch fails",
                        "w, with comma: rolling-annotated <= explicit holds",
                        "stencil: rolling <= explicit bytes fails",
                        "stencil: rolling time <= 1.2x explicit holds",
                        "stencil: batch slowest holds",
                        "stencil: batch >= 2.0x explicit where little is touched holds",
                        "stencil: lazy time <= 1.2x explicit fails",
                        "stencil: rolling ahead of lazy where evictions overlap host work holds",
                        "w, with comma: rolling <= explicit bytes fails",
                        "w, with comma: rolling ahead of lazy where evictions overlap host work fails",
                        "stencil: rolling << lazy to accelerator holds"),
                verdicts);
    }

    @Test
    void ratiosAreOverTheSameWorkloadsBaseline() {
        StudyResults results = StudyFixtures.results();
        RunRow lazy = results.row("stencil", Variant.LAZY).orElseThrow();
        assertEquals(0.375, results.relativeToBatch(lazy), 1e-12);
        RunRow none = results.row("w, with comma", Variant.ROLLING_ANNOTATED).orElseThrow();
        assertEquals(1.0, results.relativeToExplicit(none), "nothing over nothing");
        RunRow rolling = results.row("w, with comma", Variant.ROLLING).orElseThrow();
        assertEquals(Double.POSITIVE_INFINITY, results.relativeToExplicit(rolling));
    }
}
