package dev.gmac.gpu.config;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One configuration key: its name, the kind of value it takes, the allowed range and a short description. Parses
 * (with one validation per key) and formats its values. Shared by every configuration schema of the project: the
 * timing presets' ({@code dev.gmac.gpu.timing.config.ConfigSchema}) and the runtime settings' registry of module
 * gmac-api. Sizes follow {@link ByteSize}, the project's one size grammar.
 */
public final class ConfigKey {
    /** The kinds of value a key takes. */
    public enum Kind {
        /** A whole number. */
        INT,
        /** A byte count in the {@link ByteSize} grammar ({@code 16K} = 16384). */
        SIZE,
        /** A decimal number. */
        DOUBLE,
        /** Free text up to the end of the line (or a comment). */
        TEXT,
        /** One of a fixed set of words. */
        CHOICE,
        /** {@code true} or {@code false} (also {@code yes}/{@code no}, {@code on}/{@code off}, {@code 1}/{@code 0}). */
        BOOLEAN
    }

    private static final Map<String, Object> BOOLEANS = booleans();

    private final String name;
    private final Kind kind;
    private final double min;
    private final double max;
    private final Map<String, Object> choices;
    private final String description;
    private final long multipleOf;

    private ConfigKey(
            String name,
            Kind kind,
            double min,
            double max,
            Map<String, Object> choices,
            String description,
            long multipleOf) {
        this.name = name;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.choices = choices;
        this.description = description;
        this.multipleOf = multipleOf;
    }

    /** A whole number in {@code [min, max]}; the value is a {@code Long}. */
    public static ConfigKey integer(String name, long min, long max, String description) {
        return new ConfigKey(name, Kind.INT, min, max, Map.of(), description, 1);
    }

    /** A byte size in {@code [min, max]} ({@link ByteSize} grammar); the value is a {@code Long}. */
    public static ConfigKey size(String name, long min, long max, String description) {
        return new ConfigKey(name, Kind.SIZE, min, max, Map.of(), description, 1);
    }

    /** A decimal number in {@code [min, max]}; the value is a {@code Double}. */
    public static ConfigKey decimal(String name, double min, double max, String description) {
        return new ConfigKey(name, Kind.DOUBLE, min, max, Map.of(), description, 1);
    }

    /** Free text; the value is a {@code String}. */
    public static ConfigKey text(String name, String description) {
        return new ConfigKey(name, Kind.TEXT, 0, 0, Map.of(), description, 1);
    }

    /** A key whose value is one of {@code choices}' keys, standing for the mapped value. */
    public static ConfigKey choice(String name, Map<String, Object> choices, String description) {
        return new ConfigKey(name, Kind.CHOICE, 0, 0, choices, description, 1);
    }

    /** A yes/no key; the value is a {@code Boolean}. */
    public static ConfigKey bool(String name, String description) {
        return new ConfigKey(name, Kind.BOOLEAN, 0, 0, BOOLEANS, description, 1);
    }

    /** This whole-number or size key, also requiring a multiple of {@code m}. */
    public ConfigKey multipleOf(long m) {
        return new ConfigKey(name, kind, min, max, choices, description, m);
    }

    private static Map<String, Object> booleans() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (String t : List.of("true", "yes", "on", "1")) {
            m.put(t, Boolean.TRUE);
        }
        for (String f : List.of("false", "no", "off", "0")) {
            m.put(f, Boolean.FALSE);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    public String description() {
        return description;
    }

    /**
     * Parses {@code raw}; returns the typed value (Long, Double, String or the choice's object).
     *
     * @throws IllegalArgumentException with a message saying what is expected
     */
    public Object parse(String raw) {
        String v = raw.trim();
        switch (kind) {
            case TEXT:
                if (v.isEmpty()) {
                    throw new IllegalArgumentException("expects some text");
                }
                return v;
            case CHOICE:
            case BOOLEAN: {
                Object o = choices.get(v.toLowerCase(Locale.ROOT));
                if (o == null) {
                    throw new IllegalArgumentException("expects one of "
                            + (kind == Kind.BOOLEAN ? "true, false" : String.join(", ", choices.keySet())) + ", got '"
                            + brief(v) + "'");
                }
                return o;
            }
            case DOUBLE: {
                double d;
                try {
                    d = Double.parseDouble(v);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("expects a number, got '" + brief(v) + "'");
                }
                if (!(d >= min && d <= max)) {
                    throw new IllegalArgumentException(
                            "expects a number in [" + fmt(min) + ", " + fmt(max) + "], got " + v);
                }
                return d;
            }
            default: {
                long n = kind == Kind.SIZE ? ByteSize.parse(v) : parseLong(v, "a whole number");
                if (n < min || n > max) {
                    throw new IllegalArgumentException("expects " + (kind == Kind.SIZE ? "a size" : "a whole number")
                            + " in [" + bound(min) + ", " + bound(max) + "], got " + brief(v));
                }
                if (n % multipleOf != 0) {
                    throw new IllegalArgumentException(
                            "expects a multiple of " + bound(multipleOf) + ", got " + brief(v));
                }
                return n;
            }
        }
    }

    /** Writes {@code value} back in the file syntax. */
    public String format(Object value) {
        switch (kind) {
            case CHOICE:
            case BOOLEAN:
                for (Map.Entry<String, Object> e : choices.entrySet()) {
                    if (e.getValue().equals(value)) {
                        return e.getKey();
                    }
                }
                throw new IllegalArgumentException(name + ": no spelling for " + value);
            case DOUBLE:
                return fmt((Double) value);
            case SIZE:
                return ByteSize.format(((Number) value).longValue());
            default:
                return String.valueOf(value);
        }
    }

    /** The allowed values, for documentation. */
    public String range() {
        switch (kind) {
            case CHOICE:
                return choices.keySet().stream().collect(Collectors.joining(" | "));
            case BOOLEAN:
                return "true | false";
            case TEXT:
                return "text";
            default:
                return "[" + bound(min) + ", " + bound(max) + "]"
                        + (multipleOf > 1 ? ", a multiple of " + bound(multipleOf) : "");
        }
    }

    /** A range bound: sizes in the size grammar ({@code 1G}), other numbers plainly. */
    private String bound(double d) {
        return kind == Kind.SIZE && d == Math.rint(d) && d >= 0 ? ByteSize.format((long) d) : fmt(d);
    }

    private static long parseLong(String v, String what) {
        String digits = v.replace("_", "");
        try {
            if (digits.length() > 20) {
                throw new NumberFormatException();
            }
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expects " + what + ", got '" + brief(v) + "'");
        }
    }

    private static String brief(String v) {
        return v.length() <= 40 ? v : v.substring(0, 40) + "...";
    }

    private static String fmt(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }

    /** Keys closest to {@code unknown} by edit distance (at most 3 edits), best first. */
    public static List<String> closest(String unknown, Collection<ConfigKey> keys) {
        if (unknown.length() > 200) {
            return List.of();
        }
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
