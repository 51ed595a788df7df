package dev.gmac.samples.cli.ptx;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;

/**
 * How spec values appear inside error messages: short, on one line, never the whole of a huge value (a
 * 400-digit number or a megabyte of string is cut, with its length said).
 */
final class SpecText {
    /** Longest piece of a user's value quoted in a message. */
    static final int MAX_QUOTED = 40;

    private SpecText() {}

    /** A number for a message: its text, cut with its length when longer than {@link #MAX_QUOTED}. */
    static String brief(BigDecimal value) {
        return cut(value.toString());
    }

    /** A string value for a message: in quotes, control characters escaped, cut when long. */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder("\"");
        int shown = Math.min(text.length(), MAX_QUOTED);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        sb.append('"');
        if (text.length() > shown) {
            sb.append(" (cut; ").append(text.length()).append(" characters)");
        }
        return sb.toString();
    }

    /** A key of the spec for a message: as it is when it is a plain word, else {@link #quote quoted}. */
    static String keyName(String key) {
        return key.matches("[A-Za-z0-9_]{1," + MAX_QUOTED + "}") ? key : quote(key);
    }

    /** What kind of JSON value a node is, for "expected X, found Y" messages. */
    static String describe(JsonNode node) {
        if (node == null || node.isNull()) {
            return "null";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isTextual()) {
            return "the string " + quote(node.textValue());
        }
        if (node.isBoolean()) {
            return node.asText();
        }
        if (node.isNumber()) {
            return "the number " + cut(node.asText());
        }
        return node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    private static String cut(String s) {
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "... (cut; " + s.length() + " characters)";
    }
}
