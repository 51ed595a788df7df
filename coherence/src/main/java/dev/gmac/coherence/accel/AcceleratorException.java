package dev.gmac.coherence.accel;

/** An accelerator memory operation failed: out of memory, or an address outside any allocation. */
public class AcceleratorException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** The device has not enough free memory for the allocation. */
        OUT_OF_MEMORY,
        /** The address (or range) is not inside a live allocation, or was freed twice. */
        BAD_ADDRESS,
        /** Any other failure of the accelerator. */
        OTHER
    }

    private final Kind kind;

    public AcceleratorException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public AcceleratorException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
