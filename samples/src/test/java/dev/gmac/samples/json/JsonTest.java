package dev.gmac.samples.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CLI's Jackson configuration: strict reading with bounded numbers, readable writing. */
class JsonTest {
    @Test
    void numbersStayExact() {
        assertEquals(new BigDecimal("18446744073709551615"), PlainJson.parse("18446744073709551615"));
        assertEquals(new BigDecimal("0.1"), PlainJson.parse("0.1"));
        assertEquals(0, new BigDecimal("1E+400").compareTo((BigDecimal) PlainJson.parse("1e400")));
    }

    @Test
    void errorsNameLineAndColumn() {
        JsonSyntaxException e =
                assertThrows(JsonSyntaxException.class, () -> Json.parse("{\n  \"a\": 1,\n  \"b\" 2\n}"));
        assertEquals(3, e.line());
        assertTrue(e.getMessage().startsWith("line 3:"), e.getMessage());
    }

    @Test
    void strictGrammar() {
        for (String bad : List.of("{\"a\": 1, \"a\": 2}", "[1,]", "{} {}", "// c\n{}", "{'a': 1}", "[01]")) {
            assertThrows(JsonSyntaxException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void aHugeNumberFailsFastWithoutBeingEchoed() {
        String digits = "9".repeat(1_000_000);
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> Json.parse("[" + digits + "]"));
        assertTrue(e.getMessage().contains("a number longer than " + Json.MAX_NUMBER_LENGTH), e.getMessage());
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }

    @Test
    void deepNestingIsRefused() {
        String deep = "[".repeat(Json.MAX_NESTING + 1) + "]".repeat(Json.MAX_NESTING + 1);
        JsonSyntaxException e = assertThrows(JsonSyntaxException.class, () -> Json.parse(deep));
        assertTrue(e.getMessage().contains("nested deeper than"), e.getMessage());
    }

    @Test
    void prettyOutputKeepsScalarArraysOnOneLine() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("core", 0);
        inner.put("hit", 0.25);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("y", List.of(1.5f, 4.0f, Float.NaN));
        doc.put("perCore", List.of(inner, inner));
        doc.put("empty", new ArrayList<>());
        doc.put("none", new LinkedHashMap<>());
        assertEquals(
                "{\n"
                        + "  \"y\": [1.5, 4.0, \"NaN\"],\n"
                        + "  \"perCore\": [\n"
                        + "    {\n"
                        + "      \"core\": 0,\n"
                        + "      \"hit\": 0.25\n"
                        + "    },\n"
                        + "    {\n"
                        + "      \"core\": 0,\n"
                        + "      \"hit\": 0.25\n"
                        + "    }\n"
                        + "  ],\n"
                        + "  \"empty\": [],\n"
                        + "  \"none\": {}\n"
                        + "}\n",
                Json.writePretty(doc));
    }

    @Test
    void floatsAreTheShortestDecimalThatReadsBack() {
        assertEquals(
                "[0.1, 1.0E-7, 3.4028235E38, 0.1]\n", Json.writePretty(List.of(0.1f, 1e-7f, Float.MAX_VALUE, 0.1)));
    }
}
