package dev.gmac.samples.json;

/** Malformed JSON text; the message starts with {@code line L:C:} (1-based) and says what was expected. */
public final class JsonParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    JsonParseException(int line, int column, String problem) {
        super("line " + line + ":" + column + ": " + problem);
        this.line = line;
        this.column = column;
    }

    /** The 1-based line of the offending character. */
    public int line() {
        return line;
    }

    /** The 1-based column of the offending character. */
    public int column() {
        return column;
    }
}
