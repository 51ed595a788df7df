package dev.gmac.gpu.ptx;

/**
 * Well-formed PTX that the software GPU cannot run, reported when the module is loaded (never at run time):
 * names the opcode (with its modifiers) and the line.
 */
public final class UnsupportedPtxException extends PtxException {
    private final String opcode;

    /** An unsupported instruction or directive {@code opcode} at {@code line:column}. */
    public UnsupportedPtxException(int line, int column, String opcode, String message) {
        super(line, column, "unsupported PTX '" + opcode + "': " + message);
        this.opcode = opcode;
    }

    /** The opcode with its modifiers, e.g. {@code "tex.2d.v4.f32.f32"}. */
    public String opcode() {
        return opcode;
    }
}
