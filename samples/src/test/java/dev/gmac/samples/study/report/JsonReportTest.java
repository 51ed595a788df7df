package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.json.PlainJson;
import dev.gmac.samples.study.StudyFixtures;
import dev.gmac.samples.study.StudyResults;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonReportTest {
    @Test
    void documentHasRowsRelationsAndOneArrayPerSweep() {
        Map<String, Object> doc = JsonReport.document(StudyFixtures.results());
        assertEquals(
                List.of("study", "rows", "relations", "figure9", "figure11", "figure12"), List.copyOf(doc.keySet()));
        List<?> rows = (List<?>) doc.get("rows");
        assertEquals(10, rows.size());
        Map<?, ?> lazy = (Map<?, ?>) rows.get(1);
        for (String key : List.of(
                "workload",
                "protocol",
                "bytesToAccelerator",
                "bytesToHost",
                "transfers",
                "readFaults",
                "writeFaults",
                "evictions")) {
            assertTrue(lazy.containsKey(key), key);
        }
        assertEquals("stencil", lazy.get("workload"));
        assertEquals("lazy", lazy.get("protocol"));
        assertEquals(524288L, lazy.get("bytesToAccelerator"));
        assertEquals(10L, lazy.get("transfers"));
        assertEquals(0.375, (Double) lazy.get("relativeToBatch"), 1e-12);
        Map<?, ?> rollingW = (Map<?, ?>) rows.get(7);
        assertNull(rollingW.get("relativeToExplicit"), "an infinite ratio is null");
        assertEquals(1, ((List<?>) doc.get("figure11")).size());
    }

    @Test
    void textIsValidLookingJson() {
        String json = JsonReport.toJson(StudyFixtures.results());
        assertTrue(json.startsWith("{\n  \"study\": {\n    \"scale\": \"test\","), json);
        assertTrue(json.contains("\"workload\": \"w, with comma\""), json);
        assertTrue(json.contains("\"relativeToExplicit\": null"), json);
        assertTrue(json.contains("\"holds\": false"), json);
        assertTrue(json.endsWith("}\n"), json);
        assertEquals(count(json, '{'), count(json, '}'));
        assertEquals(count(json, '['), count(json, ']'));
    }

    @Test
    void textParsesBackToTheDocument() {
        StudyResults results = StudyFixtures.results();
        Object parsed = PlainJson.parse(JsonReport.toJson(results));
        Map<?, ?> doc = (Map<?, ?>) parsed;
        assertEquals(JsonReport.document(results).keySet(), doc.keySet());
        Map<?, ?> lazy = (Map<?, ?>) ((List<?>) doc.get("rows")).get(1);
        assertEquals(new BigDecimal("524288"), lazy.get("bytesToAccelerator"));
        assertEquals(new BigDecimal("0.375"), lazy.get("relativeToBatch"));
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }
}
