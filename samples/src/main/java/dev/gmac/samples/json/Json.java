package dev.gmac.samples.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Reading and writing JSON with one Jackson configuration.
 *
 * <p>Reading ({@link #parse}): RFC 8259, strictly: no comments, no trailing commas, a duplicate key is an error,
 * nothing may follow the value. Numbers stay exact ({@code BigDecimal} / {@code BigInteger} nodes) but may have at
 * most {@value #MAX_NUMBER_LENGTH} characters, and values nest at most {@value #MAX_NESTING} deep, so a hostile
 * spec fails fast with a message that does not echo it.
 *
 * <p>Writing ({@link #writePretty}): maps in their iteration order (producers use ordered maps), two-space
 * indentation with arrays of scalars on one line, floats and doubles as the shortest decimal that reads back to
 * the same value ({@code 6.5}, {@code 1.0E-7}), NaN and infinities as the strings {@code "NaN"},
 * {@code "Infinity"}, {@code "-Infinity"}.
 */
public final class Json {
    /** Longest number literal a spec may hold, in characters (a u64 needs 20, an exact double about 25). */
    public static final int MAX_NUMBER_LENGTH = 400;

    /** Deepest nesting of arrays and objects in a spec. */
    public static final int MAX_NESTING = 64;

    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNumberLength(MAX_NUMBER_LENGTH)
                            .maxNestingDepth(MAX_NESTING)
                            .build())
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private static final ObjectWriter PRETTY = MAPPER.writer(new ReadablePrettyPrinter());

    private Json() {}

    /**
     * Parses one JSON document into a tree.
     *
     * @throws JsonSyntaxException with the 1-based line and column when the text is not (acceptable) JSON
     */
    public static JsonNode parse(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (StreamConstraintsException e) {
            throw syntax(e, constraintMessage(e));
        } catch (JsonProcessingException e) {
            throw syntax(e, firstLine(e.getOriginalMessage()));
        }
    }

    /** The value (maps, lists, strings, numbers, booleans, nulls, or Jackson nodes) as indented JSON and a newline. */
    public static String writePretty(Object value) {
        try {
            return PRETTY.writeValueAsString(value) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static JsonSyntaxException syntax(JsonProcessingException e, String message) {
        JsonLocation at = e.getLocation();
        int line = at == null ? 0 : at.getLineNr();
        int column = at == null ? 0 : at.getColumnNr();
        return new JsonSyntaxException(line, column, message, e);
    }

    private static String constraintMessage(StreamConstraintsException e) {
        String m = e.getOriginalMessage();
        if (m.startsWith("Number value length") || m.startsWith("Number length")) {
            return "a number longer than " + MAX_NUMBER_LENGTH + " characters";
        }
        if (m.contains("nesting depth")) {
            return "arrays and objects nested deeper than " + MAX_NESTING + " levels";
        }
        return firstLine(m);
    }

    private static String firstLine(String message) {
        String m = message == null ? "malformed JSON" : message.strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl).strip();
    }
}
