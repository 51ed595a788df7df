package dev.gmac.samples.json;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Recursive-descent parser behind {@link Json#parse}; tracks line and column for its errors. */
final class JsonParser {
    private static final int MAX_DEPTH = 512;

    private final String text;
    private int pos;
    private int line = 1;
    private int lineStart;
    private int depth;

    JsonParser(String text) {
        this.text = text;
    }

    Object parseDocument() {
        skipWhitespace();
        Object value = value();
        skipWhitespace();
        if (pos < text.length()) {
            throw error("unexpected " + describe(text.charAt(pos)) + " after the JSON value");
        }
        return value;
    }

    private JsonParseException error(String problem) {
        return new JsonParseException(line, pos - lineStart + 1, problem);
    }

    private static String describe(char c) {
        if (c < 0x20) {
            return String.format("control character U+%04X", (int) c);
        }
        return "'" + c + "'";
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else {
                return;
            }
        }
    }

    private Object value() {
        if (pos >= text.length()) {
            throw error("expected a value but the text ended");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("expected a value but found " + describe(c));
        }
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, pos)) {
            throw error("expected a value but found " + describe(text.charAt(pos)));
        }
        pos += word.length();
        return value;
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
    }

    private Map<String, Object> object() {
        enter();
        pos++; // '{'
        Map<String, Object> map = new LinkedHashMap<>();
        skipWhitespace();
        if (pos < text.length() && text.charAt(pos) == '}') {
            pos++;
            depth--;
            return map;
        }
        while (true) {
            skipWhitespace();
            if (pos >= text.length() || text.charAt(pos) != '"') {
                throw error(
                        pos >= text.length()
                                ? "expected a key but the text ended"
                                : "expected a key (a string) but found " + describe(text.charAt(pos)));
            }
            int keyLine = line;
            int keyColumn = pos - lineStart + 1;
            String key = string();
            skipWhitespace();
            expect(':', "':' after the key");
            skipWhitespace();
            Object value = value();
            if (map.containsKey(key)) {
                throw new JsonParseException(keyLine, keyColumn, "duplicate key \"" + key + "\"");
            }
            map.put(key, value);
            skipWhitespace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect('}', "',' or '}' in the object");
            depth--;
            return map;
        }
    }

    private List<Object> array() {
        enter();
        pos++; // '['
        List<Object> list = new ArrayList<>();
        skipWhitespace();
        if (pos < text.length() && text.charAt(pos) == ']') {
            pos++;
            depth--;
            return list;
        }
        while (true) {
            skipWhitespace();
            list.add(value());
            skipWhitespace();
            if (pos < text.length() && text.charAt(pos) == ',') {
                pos++;
                continue;
            }
            expect(']', "',' or ']' in the array");
            depth--;
            return list;
        }
    }

    private void expect(char c, String what) {
        if (pos >= text.length()) {
            throw error("expected " + what + " but the text ended");
        }
        if (text.charAt(pos) != c) {
            throw error("expected " + what + " but found " + describe(text.charAt(pos)));
        }
        pos++;
    }

    private String string() {
        pos++; // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return sb.toString();
            }
            if (c < 0x20) {
                throw error("unescaped " + describe(c) + " in a string");
            }
            if (c != '\\') {
                sb.append(c);
                pos++;
                continue;
            }
            if (pos + 1 >= text.length()) {
                throw error("unterminated escape in a string");
            }
            char e = text.charAt(pos + 1);
            switch (e) {
                case '"' -> sb.append('"');
                case '\\' -> sb.append('\\');
                case '/' -> sb.append('/');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    pos += 2;
                    sb.append(hex4());
                    continue;
                }
                default -> {
                    pos++;
                    throw error("invalid escape '\\" + e + "' in a string");
                }
            }
            pos += 2;
        }
    }

    private char hex4() {
        if (pos + 4 > text.length()) {
            throw error("\\u needs four hex digits");
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int d = Character.digit(text.charAt(pos), 16);
            if (d < 0) {
                throw error("\\u needs four hex digits, found " + describe(text.charAt(pos)));
            }
            v = v * 16 + d;
            pos++;
        }
        return (char) v;
    }

    private BigDecimal number() {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
        }
        if (pos >= text.length() || !isDigit(text.charAt(pos))) {
            throw error("expected a digit in the number");
        }
        if (text.charAt(pos) == '0') {
            pos++;
            if (pos < text.length() && isDigit(text.charAt(pos))) {
                throw error("leading zero in a number");
            }
        } else {
            digits();
        }
        if (pos < text.length() && text.charAt(pos) == '.') {
            pos++;
            if (pos >= text.length() || !isDigit(text.charAt(pos))) {
                throw error("expected a digit after the decimal point");
            }
            digits();
        }
        if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos >= text.length() || !isDigit(text.charAt(pos))) {
                throw error("expected a digit in the exponent");
            }
            digits();
        }
        try {
            return new BigDecimal(text.substring(start, pos));
        } catch (NumberFormatException | ArithmeticException e) {
            pos = start;
            throw error("number out of range: " + text.substring(start, Math.min(text.length(), start + 40)));
        }
    }

    private void digits() {
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
