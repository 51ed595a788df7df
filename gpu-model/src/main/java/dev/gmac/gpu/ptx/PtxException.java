package dev.gmac.gpu.ptx;

import dev.gmac.gpu.GpuException;

/** An error in PTX text, at a 1-based line and column (column 0 when not known). */
public class PtxException extends GpuException {
    private final int line;
    private final int column;

    /** An error at {@code line:column}; the message is prefixed with the position. */
    public PtxException(int line, int column, String message) {
        super("line " + line + ":" + column + ": " + message);
        this.line = line;
        this.column = column;
    }

    /** The 1-based line. */
    public int line() {
        return line;
    }

    /** The 1-based column (0 when not known). */
    public int column() {
        return column;
    }
}
