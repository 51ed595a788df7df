package dev.gmac.samples.json;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/** The writer behind {@link Json#write} and {@link Json#writePretty}. */
final class JsonWriter {
    private final StringBuilder out;
    private final boolean pretty;
    private int indent;

    JsonWriter(StringBuilder out, boolean pretty) {
        this.out = out;
        this.pretty = pretty;
    }

    void value(Object v) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof CharSequence s) {
            string(s);
        } else if (v instanceof Boolean b) {
            out.append(b.booleanValue());
        } else if (v instanceof Number n) {
            number(n);
        } else if (v instanceof Map<?, ?> m) {
            object(m);
        } else if (v instanceof Iterable<?> it) {
            List<Object> items = new ArrayList<>();
            it.forEach(items::add);
            array(items);
        } else if (v.getClass().isArray()) {
            int length = Array.getLength(v);
            List<Object> items = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                items.add(Array.get(v, i));
            }
            array(items);
        } else if (v instanceof Character c) {
            string(String.valueOf(c));
        } else {
            throw new IllegalArgumentException("cannot write a " + v.getClass().getName() + " as JSON");
        }
    }

    private void newline() {
        if (pretty) {
            out.append('\n');
            for (int i = 0; i < indent; i++) {
                out.append("  ");
            }
        }
    }

    private void object(Map<?, ?> map) {
        Iterable<? extends Map.Entry<?, ?>> entries;
        if (!hasUnstableOrder(map)) {
            entries = map.entrySet();
        } else {
            List<Map.Entry<?, ?>> sorted = new ArrayList<>(map.entrySet());
            sorted.sort((a, b) -> String.valueOf(a.getKey()).compareTo(String.valueOf(b.getKey())));
            entries = sorted;
        }
        Iterator<? extends Map.Entry<?, ?>> it = entries.iterator();
        if (!it.hasNext()) {
            out.append("{}");
            return;
        }
        out.append('{');
        indent++;
        boolean first = true;
        while (it.hasNext()) {
            Map.Entry<?, ?> e = it.next();
            if (!first) {
                out.append(',');
            }
            first = false;
            newline();
            string(String.valueOf(e.getKey()));
            out.append(pretty ? ": " : ":");
            value(e.getValue());
        }
        indent--;
        newline();
        out.append('}');
    }

    /**
     * Whether the map's iteration order is arbitrary (hash order, or the per-run order of {@code Map.of}), in which
     * case the writer sorts the keys. Ordered maps ({@code LinkedHashMap}, {@code SortedMap}) and wrappers such as
     * {@code Collections.unmodifiableMap} keep their iteration order.
     */
    private static boolean hasUnstableOrder(Map<?, ?> map) {
        if (map instanceof LinkedHashMap || map instanceof SortedMap) {
            return false;
        }
        return map instanceof HashMap
                || map instanceof Hashtable
                || map instanceof IdentityHashMap
                || map instanceof WeakHashMap
                || map instanceof ConcurrentHashMap
                || map.getClass().getName().startsWith("java.util.ImmutableCollections");
    }

    private void array(List<Object> items) {
        if (items.isEmpty()) {
            out.append("[]");
            return;
        }
        boolean scalars = items.stream()
                .noneMatch(x -> x instanceof Map
                        || x instanceof Iterable
                        || (x != null && x.getClass().isArray()));
        out.append('[');
        if (scalars || !pretty) {
            for (int i = 0; i < items.size(); i++) {
                if (i > 0) {
                    out.append(pretty ? ", " : ",");
                }
                value(items.get(i));
            }
            out.append(']');
            return;
        }
        indent++;
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            newline();
            value(items.get(i));
        }
        indent--;
        newline();
        out.append(']');
    }

    private void string(CharSequence s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private void number(Number n) {
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            if (Double.isNaN(d)) {
                out.append("\"NaN\"");
            } else if (Double.isInfinite(d)) {
                out.append(d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
            } else if (n instanceof Float f) {
                out.append(shortest(f.floatValue()));
            } else {
                out.append(shortest(d));
            }
        } else if (n instanceof BigDecimal b) {
            out.append(b.toString());
        } else if (n instanceof BigInteger
                || n instanceof Long
                || n instanceof Integer
                || n instanceof Short
                || n instanceof Byte) {
            out.append(n.toString());
        } else {
            throw new IllegalArgumentException("cannot write a " + n.getClass().getName() + " as a JSON number");
        }
    }

    /** The shortest decimal that {@link Double#parseDouble} reads back as {@code d}. */
    static String shortest(double d) {
        if (d == 0) {
            return Double.doubleToRawLongBits(d) < 0 ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(d);
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (candidate.doubleValue() == d) {
                return format(candidate);
            }
        }
        return format(exact.round(MathContext.DECIMAL64));
    }

    /** The shortest decimal that {@link Float#parseFloat} reads back as {@code f}. */
    static String shortest(float f) {
        if (f == 0) {
            return Float.floatToRawIntBits(f) < 0 ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(f);
        for (int digits = 1; digits <= 9; digits++) {
            BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (candidate.floatValue() == f) {
                return format(candidate);
            }
        }
        return format(exact.round(MathContext.DECIMAL32));
    }

    /**
     * Plain notation with at least one fractional digit for magnitudes in [1e-3, 1e7), scientific notation
     * ({@code 1.5E-7}) outside (the ranges {@link Double#toString} uses), so a floating-point value never reads as
     * an integer.
     */
    private static String format(BigDecimal v) {
        BigDecimal stripped = v.stripTrailingZeros();
        int exponent = stripped.precision() - stripped.scale() - 1; // of the leading digit
        if (exponent >= -3 && exponent < 7) {
            String plain = stripped.toPlainString();
            return plain.indexOf('.') < 0 ? plain + ".0" : plain;
        }
        String digits = stripped.unscaledValue().abs().toString();
        StringBuilder sb = new StringBuilder();
        if (stripped.signum() < 0) {
            sb.append('-');
        }
        sb.append(digits.charAt(0)).append('.');
        sb.append(digits.length() > 1 ? digits.substring(1) : "0");
        sb.append('E').append(exponent);
        return sb.toString();
    }
}
