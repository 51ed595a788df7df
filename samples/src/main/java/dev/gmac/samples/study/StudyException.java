package dev.gmac.samples.study;

/** A study run that could not finish or whose results differ from the Java reference. */
public final class StudyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StudyException(String message) {
        super(message);
    }

    public StudyException(String message, Throwable cause) {
        super(message, cause);
    }
}
