package dev.gmac.api;

/**
 * A misuse of the ADSM API or a failure it reports: double free, use after free, an unknown or foreign
 * buffer, a size of 0 or less, device out of memory, wrong kernel arguments, a failed kernel (with the
 * fault's message), a host access during a kernel in strict mode. The message says what to fix.
 */
public class AdsmException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Reason {
        INVALID_SIZE,
        OUT_OF_MEMORY,
        DOUBLE_FREE,
        USE_AFTER_FREE,
        FOREIGN_BUFFER,
        ACCESS_DURING_KERNEL,
        KERNEL_FAULT,
        TRANSFER_FAILED,
        OVERLAPPING_COPY,
        OUT_OF_RANGE,
        BAD_ARGUMENT,
        UNKNOWN_KERNEL,
        BAD_CONFIGURATION,
        CLOSED,
        /** A call reaches a buffer owned by another execution context (hand it over with {@code adopt}). */
        OTHER_CONTEXT
    }

    private final Reason reason;

    public AdsmException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public AdsmException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
