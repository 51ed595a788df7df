package dev.gmac.samples.localtm;

/** A run of the GPU-LocalTM study failed or gave a result its serialised version does not. */
public final class LocalTmStudyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public LocalTmStudyException(String message, Throwable cause) {
        super(message, cause);
    }
}
