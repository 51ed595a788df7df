package dev.gmac.samples.json;

/**
 * Entry point of the JSON support: {@link #parse} and {@link #write} / {@link #writePretty}.
 *
 * <p>Parsed values: objects become {@code LinkedHashMap<String, Object>} (in text order; a duplicate key is an
 * error), arrays {@code ArrayList<Object>}, strings {@code String}, numbers {@code BigDecimal} (exact, whatever
 * their size), {@code true}/{@code false} {@code Boolean}, {@code null} {@code null}. The grammar is RFC 8259's,
 * strictly: no comments, no trailing commas, no leading zeros, nothing after the value.
 *
 * <p>Written values: {@code Map} (keys by {@code toString()}, in the map's iteration order, except that maps whose
 * order is arbitrary, such as {@code HashMap} and {@code Map.of}, are sorted by key so output is stable),
 * {@code Iterable}, Java arrays, {@code CharSequence},
 * {@code Boolean}, {@code null} and {@code Number}: {@code Byte}/{@code Short}/{@code Integer}/{@code Long}/
 * {@code BigInteger} as integers, {@code BigDecimal} exactly, {@code Float}/{@code Double} as the shortest decimal
 * that reads back to the same float/double (non-finite values, which JSON cannot hold, as the strings
 * {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}).
 */
public final class Json {
    private Json() {}

    /** Parses one JSON value; {@link JsonParseException} with line and column when the text is not JSON. */
    public static Object parse(String text) {
        return new JsonParser(text).parseDocument();
    }

    /** The value as compact JSON on one line. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        new JsonWriter(out, false).value(value);
        return out.toString();
    }

    /**
     * The value as indented JSON (two spaces), with arrays that hold only scalars kept on one line, and a final
     * newline.
     */
    public static String writePretty(Object value) {
        StringBuilder out = new StringBuilder();
        new JsonWriter(out, true).value(value);
        return out.append('\n').toString();
    }
}
