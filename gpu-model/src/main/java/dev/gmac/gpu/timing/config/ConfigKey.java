package dev.gmac.gpu.timing.config;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One key of the preset file format: its name, the kind of value it takes, the allowed range and a short
 * description. Parses and formats its values; {@link ConfigSchema} lists every key.
 */
final class ConfigKey {
    /** The kinds of value a key takes. */
    enum Kind {
        /** A whole number. */
        INT,
        /** A byte count, optionally with a K or M suffix (binary: 16K = 16384). */
        SIZE,
        /** A decimal number. */
        DOUBLE,
        /** Free text up to the end of the line (or a comment). */
        TEXT,
        /** One of a fixed set of words. */
        CHOICE
    }

    private final String name;
    private final Kind kind;
    private final double min;
    private final double max;
    private final Map<String, Object> choices;
    private final String description;

    private ConfigKey(String name, Kind kind, double min, double max, Map<String, Object> choices, String description) {
        this.name = name;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.choices = choices;
        this.description = description;
    }

    static ConfigKey integer(String name, long min, long max, String description) {
        return new ConfigKey(name, Kind.INT, min, max, Map.of(), description);
    }

    static ConfigKey size(String name, long min, long max, String description) {
        return new ConfigKey(name, Kind.SIZE, min, max, Map.of(), description);
    }

    static ConfigKey decimal(String name, double min, double max, String description) {
        return new ConfigKey(name, Kind.DOUBLE, min, max, Map.of(), description);
    }

    static ConfigKey text(String name, String description) {
        return new ConfigKey(name, Kind.TEXT, 0, 0, Map.of(), description);
    }

    /** A key whose value is one of {@code choices}' keys, standing for the mapped value. */
    static ConfigKey choice(String name, Map<String, Object> choices, String description) {
        return new ConfigKey(name, Kind.CHOICE, 0, 0, choices, description);
    }

    String name() {
        return name;
    }

    Kind kind() {
        return kind;
    }

    String description() {
        return description;
    }

    /**
     * Parses {@code raw}; returns the typed value (Long, Double, String or the choice's object).
     *
     * @throws IllegalArgumentException with a message saying what is expected
     */
    Object parse(String raw) {
        String v = raw.trim();
        switch (kind) {
            case TEXT:
                if (v.isEmpty()) {
                    throw new IllegalArgumentException("expects some text");
                }
                return v;
            case CHOICE: {
                Object o = choices.get(v.toLowerCase(Locale.ROOT));
                if (o == null) {
                    throw new IllegalArgumentException(
                            "expects one of " + String.join(", ", choices.keySet()) + ", got '" + v + "'");
                }
                return o;
            }
            case DOUBLE: {
                double d;
                try {
                    d = Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("expects a number, got '" + v + "'");
                }
                if (!(d >= min && d <= max)) {
                    throw new IllegalArgumentException(
                            "expects a number in [" + fmt(min) + ", " + fmt(max) + "], got " + v);
                }
                return d;
            }
            default: {
                long n = kind == Kind.SIZE ? parseSize(v) : parseLong(v, "a whole number");
                if (n < min || n > max) {
                    throw new IllegalArgumentException("expects " + (kind == Kind.SIZE ? "a size" : "a whole number")
                            + " in [" + fmt(min) + ", " + fmt(max) + "], got " + v);
                }
                return n;
            }
        }
    }

    /** Writes {@code value} back in the file syntax. */
    String format(Object value) {
        switch (kind) {
            case CHOICE:
                for (Map.Entry<String, Object> e : choices.entrySet()) {
                    if (e.getValue().equals(value)) {
                        return e.getKey();
                    }
                }
                throw new IllegalArgumentException(name + ": no spelling for " + value);
            case DOUBLE:
                return fmt((Double) value);
            case SIZE: {
                long n = ((Number) value).longValue();
                if (n != 0 && n % (1L << 20) == 0) {
                    return (n >> 20) + "M";
                }
                if (n != 0 && n % 1024 == 0) {
                    return (n >> 10) + "K";
                }
                return Long.toString(n);
            }
            default:
                return String.valueOf(value);
        }
    }

    /** The allowed values, for documentation. */
    String range() {
        switch (kind) {
            case CHOICE:
                return choices.keySet().stream().collect(Collectors.joining(" | "));
            case TEXT:
                return "text";
            default:
                return "[" + fmt(min) + ", " + fmt(max) + "]";
        }
    }

    private static long parseSize(String v) {
        String u = v.toUpperCase(Locale.ROOT).replace(" ", "");
        long mult = 1;
        if (u.endsWith("KB") || u.endsWith("K")) {
            mult = 1024;
            u = u.substring(0, u.length() - (u.endsWith("KB") ? 2 : 1));
        } else if (u.endsWith("MB") || u.endsWith("M")) {
            mult = 1024 * 1024;
            u = u.substring(0, u.length() - (u.endsWith("MB") ? 2 : 1));
        } else if (u.endsWith("B")) {
            u = u.substring(0, u.length() - 1);
        }
        return Math.multiplyExact(parseLong(u, "a size such as 4096, 16K or 1M"), mult);
    }

    private static long parseLong(String v, String what) {
        try {
            return Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expects " + what + ", got '" + v + "'");
        }
    }

    private static String fmt(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    /** Keys closest to {@code unknown} by edit distance (at most 3 edits), best first. */
    static List<String> closest(String unknown, List<ConfigKey> keys) {
        return keys.stream()
                .map(ConfigKey::name)
                .filter(k -> editDistance(k, unknown) <= 3)
                .sorted((a, b) -> Integer.compare(editDistance(a, unknown), editDistance(b, unknown)))
                .limit(3)
                .collect(Collectors.toList());
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
