package dev.gmac.gpu.timing.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of one preset file, split into key/value entries with their line numbers. Syntax: one
 * {@code key = value} per line; {@code #} starts a comment that runs to the end of the line; blank lines are
 * ignored. The directive {@code extends = NAME-OR-PATH} (before any key) starts from another preset and lets the
 * file set only the keys it changes.
 *
 * <p>Collects syntax problems (lines without {@code =}, duplicate keys) instead of stopping at the first one.
 */
final class PresetFile {
    /** One {@code key = value} line. */
    record Entry(String key, String value, int line) {}

    static final String EXTENDS = "extends";

    private final String source;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private Entry extendsEntry;
    private int firstProblemLine;

    private PresetFile(String source) {
        this.source = source;
    }

    /** Splits {@code text} (the content of {@code source}) into entries. */
    static PresetFile parse(String source, String text) {
        PresetFile f = new PresetFile(source);
        String[] lines = text.split("\r?\n", -1);
        for (int n = 1; n <= lines.length; n++) {
            f.parseLine(lines[n - 1], n);
        }
        return f;
    }

    private void parseLine(String raw, int n) {
        int hash = raw.indexOf('#');
        String line = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
        if (line.isEmpty()) {
            return;
        }
        int eq = line.indexOf('=');
        if (eq < 0) {
            problem(n, "expected 'key = value', got '" + line + "'");
            return;
        }
        String key = line.substring(0, eq).trim();
        String value = line.substring(eq + 1).trim();
        if (key.isEmpty()) {
            problem(n, "missing key before '='");
            return;
        }
        if (value.isEmpty()) {
            problem(n, "key '" + key + "' has no value");
            return;
        }
        if (key.equals(EXTENDS)) {
            if (extendsEntry != null) {
                problem(n, "duplicate key 'extends' (first set at line " + extendsEntry.line() + ")");
            } else if (!entries.isEmpty()) {
                problem(n, "'extends' must come before every other key");
            } else {
                extendsEntry = new Entry(key, value, n);
            }
            return;
        }
        Entry first = entries.get(key);
        if (first != null) {
            problem(n, "duplicate key '" + key + "' (first set at line " + first.line() + ")");
            return;
        }
        entries.put(key, new Entry(key, value, n));
    }

    void problem(int line, String message) {
        if (problems.isEmpty()) {
            firstProblemLine = line;
        }
        problems.add(line > 0 ? source + ":" + line + ": " + message : source + ": " + message);
    }

    /** A problem about the file as a whole (line 0 is not printed). */
    void fileProblem(String message) {
        problems.add(source + ": " + message);
    }

    String source() {
        return source;
    }

    Map<String, Entry> entries() {
        return entries;
    }

    Entry extendsEntry() {
        return extendsEntry;
    }

    List<String> problems() {
        return problems;
    }

    int firstProblemLine() {
        return firstProblemLine;
    }
}
