package dev.gmac.samples.tmstudy;

/** A run of the TM study failed (a wrong result, or a simulation error); the message names the run. */
public final class TmStudyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure of the run described in {@code message}. */
    public TmStudyException(String message, Throwable cause) {
        super(message, cause);
    }
}
