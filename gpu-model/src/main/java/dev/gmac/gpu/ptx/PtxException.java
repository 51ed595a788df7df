package dev.gmac.gpu.ptx;

import dev.gmac.gpu.GpuException;

/** An error in PTX text, at a 1-based line and column (column 0 when not known). */
public class PtxException extends GpuException {
    private final int line;
    private final int column;
    private SourceLocation source;

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

    /**
     * The CUDA source position of the instruction at fault, when the PTX carries {@code .loc} directives (nvcc
     * {@code -lineinfo}), else null. The message names it after the PTX position.
     */
    public SourceLocation source() {
        return source;
    }

    /** Sets the source position (by the lowering, which knows the {@code .loc} in effect); returns this. */
    PtxException at(SourceLocation where) {
        if (source == null) {
            source = where;
        }
        return this;
    }

    @Override
    public String getMessage() {
        String m = super.getMessage();
        if (source == null) {
            return m;
        }
        String prefix = "line " + line + ":" + column;
        return m.startsWith(prefix)
                ? prefix + " (" + source + ")" + m.substring(prefix.length())
                : m + " (" + source + ")";
    }
}
