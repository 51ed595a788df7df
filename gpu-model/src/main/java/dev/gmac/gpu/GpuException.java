package dev.gmac.gpu;

/** Base of every error the software GPU reports: PTX errors, device memory errors and kernel faults. */
public class GpuException extends RuntimeException {
    /** An error with a message that says what went wrong and what to fix. */
    public GpuException(String message) {
        super(message);
    }

    /** An error caused by another throwable. */
    public GpuException(String message, Throwable cause) {
        super(message, cause);
    }
}
