package dev.gmac.coherence.accel;

/** Completion callback of an asynchronous copy ({@link Accelerator#copyToDeviceAsync}). */
@FunctionalInterface
public interface CopyCompletion {
    /**
     * Called exactly once when the copy has finished.
     *
     * @param failure {@code null} on success, else what went wrong
     */
    void completed(Throwable failure);
}
