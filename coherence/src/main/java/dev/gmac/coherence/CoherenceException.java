package dev.gmac.coherence;

/**
 * A misuse of shared objects or a failure the runtime reports to the program. {@code gmac-api} maps each
 * one to an {@code AdsmException} with the same message.
 */
public class CoherenceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind {
        /** A size of 0 or less, or more than a host copy can hold. */
        INVALID_SIZE,
        /** The accelerator (or the host) has no memory left for the allocation. */
        OUT_OF_MEMORY,
        /** The object was already freed. */
        DOUBLE_FREE,
        /** The object is used after it was freed. */
        USE_AFTER_FREE,
        /** The object, or address, does not belong to this runtime. */
        FOREIGN_OBJECT,
        /** Strict mode: a host access to an object a kernel in flight may write. */
        ACCESS_DURING_KERNEL,
        /** The kernel of a call failed; host data is as it was at the call. */
        KERNEL_FAILED,
        /** A copy between host and accelerator failed. */
        TRANSFER_FAILED,
        /** The source and destination ranges of a copy overlap. */
        OVERLAPPING_COPY,
        /** A range outside the object. */
        OUT_OF_RANGE,
        /** The runtime was closed. */
        CLOSED,
        /** A call reaches an object owned by another execution context. */
        OTHER_CONTEXT
    }

    private final Kind kind;

    public CoherenceException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public CoherenceException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
