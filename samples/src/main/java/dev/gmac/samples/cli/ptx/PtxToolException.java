package dev.gmac.samples.cli.ptx;

/**
 * A failure of a {@code gmac ptx} command whose message is complete on one line (file, position, what to fix); the
 * CLI prints it and exits with status 1.
 */
final class PtxToolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PtxToolException(String message) {
        super(message);
    }

    PtxToolException(String message, Throwable cause) {
        super(message, cause);
    }
}
