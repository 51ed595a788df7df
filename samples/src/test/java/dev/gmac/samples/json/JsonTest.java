package dev.gmac.samples.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void parsesEveryKindOfValue() {
        Object v = Json.parse(" {\"a\": [1, -2.5e3, true, false, null], \"b\": {\"c\": \"x\\ny\"}, \"d\": [] } ");
        Map<?, ?> m = (Map<?, ?>) v;
        assertEquals(List.of("a", "b", "d"), new ArrayList<>(m.keySet()), "text order kept");
        List<?> a = (List<?>) m.get("a");
        assertEquals(new BigDecimal("1"), a.get(0));
        assertEquals(new BigDecimal("-2.5e3"), a.get(1));
        assertEquals(Boolean.TRUE, a.get(2));
        assertEquals(Boolean.FALSE, a.get(3));
        assertNull(a.get(4));
        assertEquals("x\ny", ((Map<?, ?>) m.get("b")).get("c"));
        assertEquals(List.of(), m.get("d"));
    }

    @Test
    void numbersAreExact() {
        assertEquals(new BigDecimal("18446744073709551615"), Json.parse("18446744073709551615"));
        assertEquals(new BigDecimal("0.1"), Json.parse("0.1"));
        assertEquals(new BigDecimal("-0"), Json.parse("-0"));
        assertEquals(new BigDecimal("1E+400"), Json.parse("1e400"));
    }

    @Test
    void stringEscapesIncludingSurrogatePairs() {
        assertEquals(
                "\"\\/\b\f\n\r\t\u00e9\ud83d\ude00", Json.parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\""));
        assertEquals("h\u00e9llo", Json.parse("\"h\u00e9llo\""), "raw non-ASCII is fine");
    }

    private static JsonParseException error(String text) {
        return assertThrows(JsonParseException.class, () -> Json.parse(text));
    }

    @Test
    void errorsNameLineAndColumn() {
        JsonParseException e = error("{\n  \"a\": 1,\n  \"b\" 2\n}");
        assertEquals(3, e.line());
        assertEquals(7, e.column());
        assertTrue(e.getMessage().startsWith("line 3:7: expected ':'"), e.getMessage());

        e = error("[1, 2,]");
        assertEquals(1, e.line());
        assertEquals(7, e.column());

        e = error("{\"a\": 1, \"a\": 2}");
        assertEquals(10, e.column());
        assertTrue(e.getMessage().contains("duplicate key \"a\""), e.getMessage());
    }

    @Test
    void rejectsWhatRfc8259Rejects() {
        for (String bad : List.of(
                "",
                "  ",
                "01",
                "1.",
                ".5",
                "1e",
                "+1",
                "-",
                "[1 2]",
                "{\"a\":1,}",
                "{a:1}",
                "'x'",
                "\"tab\there\"",
                "\"\\x\"",
                "\"\\u12\"",
                "\"open",
                "tru",
                "nul",
                "[1] 2",
                "// c\n1",
                "NaN")) {
            assertThrows(JsonParseException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String deep = "[".repeat(100_000);
        JsonParseException e = error(deep);
        assertTrue(e.getMessage().contains("nesting deeper"), e.getMessage());
    }

    @Test
    void writesCompactAndPretty() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "sa\"xpy\\\n");
        m.put("n", 3);
        m.put("values", List.of(1, 2L, BigInteger.TEN));
        m.put("nested", Map.of("k", List.of(Map.of("x", true))));
        m.put("none", null);
        assertEquals(
                "{\"name\":\"sa\\\"xpy\\\\\\n\",\"n\":3,\"values\":[1,2,10],\"nested\":{\"k\":[{\"x\":true}]},\"none\":null}",
                Json.write(m));
        assertEquals(
                "{\n  \"name\": \"sa\\\"xpy\\\\\\n\",\n  \"n\": 3,\n  \"values\": [1, 2, 10],\n  \"nested\": {\n"
                        + "    \"k\": [\n      {\n        \"x\": true\n      }\n    ]\n  },\n  \"none\": null\n}\n",
                Json.writePretty(m));
        assertEquals("{}", Json.write(new HashMap<>()));
        assertEquals("[]", Json.write(List.of()));
        assertEquals("\"\\u0001\\u001f\"", Json.write("\u0001\u001f"));
    }

    @Test
    void keyOrderIsStable() {
        Map<String, Object> hash = new HashMap<>();
        for (String k : List.of("zeta", "alpha", "mid", "beta")) {
            hash.put(k, 1);
        }
        assertEquals("{\"alpha\":1,\"beta\":1,\"mid\":1,\"zeta\":1}", Json.write(hash), "unordered maps are sorted");
        Map<String, Object> linked = new LinkedHashMap<>();
        linked.put("z", 1);
        linked.put("a", 2);
        assertEquals("{\"z\":1,\"a\":2}", Json.write(linked), "insertion order kept");
        assertEquals("{\"a\":2,\"z\":1}", Json.write(new TreeMap<>(linked)));
        assertEquals("{\"z\":1,\"a\":2}", Json.write(Collections.unmodifiableMap(linked)), "wrappers keep the order");
        assertEquals("{\"a\":2,\"b\":3,\"z\":1}", Json.write(Map.of("z", 1, "b", 3, "a", 2)), "Map.of is sorted");
    }

    @Test
    void floatingPointIsShortestRoundTrip() {
        assertEquals("0.1", Json.write(0.1));
        assertEquals("0.1", Json.write(0.1f), "a float prints as a float, not as its double widening");
        assertEquals("2.0", Json.write(2.0));
        assertEquals("100.0", Json.write(100f));
        assertEquals("1234567.0", Json.write(1234567.0));
        assertEquals("1.2345678E7", Json.write(12345678.0));
        assertEquals("0.001", Json.write(0.001));
        assertEquals("-0.0", Json.write(-0.0));
        assertEquals("0.0", Json.write(0.0f));
        assertEquals("1.0E-7", Json.write(1e-7));
        assertEquals("1.0E21", Json.write(1e21));
        assertEquals("1.7976931348623157E308", Json.write(Double.MAX_VALUE));
        assertEquals("5.0E-324", Json.write(Double.MIN_VALUE), "one digit reads back as the smallest double");
        assertEquals("1.0E-45", Json.write(Float.MIN_VALUE));
        assertEquals("3.4028235E38", Json.write(Float.MAX_VALUE));
        assertEquals(
                "[\"NaN\",\"Infinity\",\"-Infinity\"]",
                Json.write(Arrays.asList(Double.NaN, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)));
        assertEquals("[1.5,2.25]", Json.write(new float[] {1.5f, 2.25f}));
    }

    @Test
    void randomDoublesAndFloatsReadBackExactly() {
        Random rnd = new Random(1);
        for (int i = 0; i < 20_000; i++) {
            double d = Double.longBitsToDouble(rnd.nextLong());
            if (Double.isFinite(d)) {
                String s = Json.write(d);
                assertEquals(d, ((BigDecimal) Json.parse(s)).doubleValue(), s);
                assertTrue(s.length() <= Double.toString(d).length() + 2, s + " vs " + d);
            }
            float f = Float.intBitsToFloat(rnd.nextInt());
            if (Float.isFinite(f)) {
                String s = Json.write(f);
                assertEquals(f, ((BigDecimal) Json.parse(s)).floatValue(), s);
            }
        }
    }

    @Test
    void rejectsValuesItCannotWrite() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }

    @Test
    void parseOfWriteIsIdentityOnParsedValues() {
        String text = "{\"a\":[1,2.5,\"s\",null,true,{\"b\":[]}],\"c\":-12345678901234567890}";
        assertEquals(text, Json.write(Json.parse(text)));
    }
}
