package dev.gmac.samples.cli.ptx;

/** A {@code gmac ptx run} spec that is valid JSON but not a valid spec; the message names the offending key. */
final class RunSpecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunSpecException(String key, String problem) {
        super(key.isEmpty() ? problem : key + ": " + problem);
    }
}
