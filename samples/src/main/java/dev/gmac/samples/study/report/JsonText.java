package dev.gmac.samples.study.report;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one place the study turns its documents (maps, lists, strings, numbers, booleans, nulls) into JSON text.
 * Kept behind this single method so that it can hand over to the project's shared JSON writer.
 */
final class JsonText {
    private JsonText() {}

    /** {@code value} as indented JSON text, ending with a line break. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value, 0);
        return out.append('\n').toString();
    }

    private static void append(StringBuilder out, Object value, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            string(out, s);
        } else if (value instanceof Boolean b) {
            out.append(b);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? number(d) : "null");
        } else if (value instanceof Number n) {
            out.append(n.longValue());
        } else if (value instanceof Map<?, ?> map) {
            container(out, map.entrySet().iterator(), depth, '{', '}', (e, d) -> {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) e;
                string(out, String.valueOf(entry.getKey()));
                out.append(": ");
                append(out, entry.getValue(), d);
            });
        } else if (value instanceof List<?> list) {
            container(out, list.iterator(), depth, '[', ']', (e, d) -> append(out, e, d));
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private interface Element {
        void write(Object element, int depth);
    }

    private static void container(
            StringBuilder out, Iterator<?> items, int depth, char open, char close, Element element) {
        out.append(open);
        if (!items.hasNext()) {
            out.append(close);
            return;
        }
        String indent = "  ".repeat(depth + 1);
        while (items.hasNext()) {
            out.append('\n').append(indent);
            element.write(items.next(), depth + 1);
            if (items.hasNext()) {
                out.append(',');
            }
        }
        out.append('\n').append("  ".repeat(depth)).append(close);
    }

    private static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%.9g", d).replaceFirst("0+(e|$)", "$1").replaceFirst("\\.(e|$)", "$1");
    }

    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
