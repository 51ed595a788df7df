package dev.gmac.gpu.ptx;

/** PTX text that does not parse; the message reads {@code "line L:C: ..."} and says what was expected. */
public final class PtxSyntaxException extends PtxException {
    /** A syntax error at {@code line:column}. */
    public PtxSyntaxException(int line, int column, String message) {
        super(line, column, message);
    }
}
