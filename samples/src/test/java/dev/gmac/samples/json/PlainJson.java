package dev.gmac.samples.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For tests: JSON text as plain Java values, read by {@link Json#parse} (so with the CLI's own reader): objects as
 * ordered maps, arrays as lists, numbers as exact {@code BigDecimal}s, strings, booleans and null.
 */
public final class PlainJson {
    private PlainJson() {}

    public static Object parse(String text) {
        return plain(Json.parse(text));
    }

    private static Object plain(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> m = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                m.put(e.getKey(), plain(e.getValue()));
            }
            return m;
        }
        if (node.isArray()) {
            List<Object> l = new ArrayList<>();
            node.forEach(n -> l.add(plain(n)));
            return l;
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return null;
    }
}
