package dev.gmac.samples.json;

/** Text that is not JSON, or JSON past the reader's limits; the message starts with {@code line L:C:}. */
public final class JsonSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    JsonSyntaxException(int line, int column, String problem, Throwable cause) {
        super("line " + line + ":" + column + ": " + problem, cause);
        this.line = line;
        this.column = column;
    }

    /** The 1-based line where the reader stopped. */
    public int line() {
        return line;
    }

    /** The 1-based column where the reader stopped. */
    public int column() {
        return column;
    }
}
