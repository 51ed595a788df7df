package dev.gmac.samples.tmstudy;

/** A TM-study run produced a wrong result (the message says what was checked and what was found). */
public final class WorkloadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public WorkloadException(String message) {
        super(message);
    }
}
