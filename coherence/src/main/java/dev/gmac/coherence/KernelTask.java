package dev.gmac.coherence;

/**
 * The work of one kernel call, run on the accelerator thread after the release: {@code gmac-api} launches
 * a PTX kernel on the software GPU; tests run a Java function over device memory.
 */
@FunctionalInterface
public interface KernelTask {
    /** Runs the kernel to completion; an exception is a kernel failure, reported at the next sync. */
    void run() throws Exception;

    /**
     * The kernel's modelled duration on the accelerator, in seconds, once {@link #run} returned (from a timing
     * model); 0 when not modelled. The context's timeline waits that long for it ({@code ExecutionTimeline}).
     */
    default double modelledSeconds() {
        return 0;
    }

    /**
     * Whether the accelerator records which blocks this kernel writes (device-side dirty tracking, an assumed
     * hardware feature, decision 0116): then the call remembers which blocks of the objects it may write were
     * valid on the host, and the sync invalidates only the blocks {@link #writtenBlocks} names.
     */
    default boolean tracksDeviceWrites() {
        return false;
    }

    /**
     * The blocks of {@code object} (by its block size) this kernel wrote, once {@link #run} returned, when {@link
     * #tracksDeviceWrites}; null when unknown (every block counts as written).
     */
    default java.util.BitSet writtenBlocks(SharedObject object) {
        return null;
    }
}
