package dev.gmac.coherence.accel;

import java.nio.ByteBuffer;

/**
 * Accelerator memory as the ADSM runtime sees it (ADSM paper §4.1, the Accelerator Abstraction Layer).
 *
 * <p>All copies are of whole {@link ByteBuffer#remaining()} ranges and leave the buffer's position
 * unchanged. Errors are {@link AcceleratorException}s naming the address. Implementations are thread-safe.
 *
 * <p>The asynchronous copies have default implementations that copy synchronously on the caller and then
 * report completion; an implementation backed by real DMA hardware overrides them to return at once and
 * report completion from its own thread. The coherence module calls them only from its DMA engine thread.
 */
public interface Accelerator {

    /** A short name for messages and reports, e.g. "software GPU" or "in-memory". */
    String name();

    /**
     * Allocates {@code bytes} of accelerator memory.
     *
     * @return the device address of the allocation (never 0)
     * @throws AcceleratorException with {@link AcceleratorException.Kind#OUT_OF_MEMORY} when memory runs out
     */
    long allocate(long bytes);

    /** Whether new allocations are zero-filled (else the runtime clears them on the device). */
    default boolean zeroesAllocations() {
        return false;
    }

    /** Frees an allocation returned by {@link #allocate(long)}. */
    void free(long deviceAddress);

    /**
     * Host memory for the host copy of a shared object: a zero-filled direct buffer of exactly {@code bytes}
     * bytes (GMAC allocates system memory through its accelerator layer, ADSM paper §4.1-§4.2; CUDA's
     * {@code cudaHostAlloc}). The default allocates a plain direct buffer, whose memory comes back only when it
     * is garbage-collected; an implementation that can return memory at once overrides this and {@link
     * #freeHost}.
     *
     * @throws OutOfMemoryError when there is no host memory
     */
    default ByteBuffer allocateHost(int bytes) {
        return ByteBuffer.allocateDirect(bytes);
    }

    /**
     * Gives back a buffer from {@link #allocateHost}; the runtime never touches it again. The default does
     * nothing (the collector reclaims it).
     */
    default void freeHost(ByteBuffer buffer) {}

    /** Copies {@code src.remaining()} bytes from host memory to the device at {@code deviceAddress}. */
    void copyToDevice(long deviceAddress, ByteBuffer src);

    /** Copies {@code dst.remaining()} bytes from the device at {@code deviceAddress} into host memory. */
    void copyToHost(long deviceAddress, ByteBuffer dst);

    /** Copies {@code bytes} bytes inside device memory; the ranges must not overlap. */
    void copyDeviceToDevice(long dstAddress, long srcAddress, long bytes);

    /** Sets {@code bytes} bytes of device memory to {@code byteValue} (its low 8 bits). */
    void memset(long deviceAddress, int byteValue, long bytes);

    /**
     * Starts a host-to-device copy and reports its completion to {@code done}. The caller must not modify
     * {@code src} until completion is reported.
     */
    default void copyToDeviceAsync(long deviceAddress, ByteBuffer src, CopyCompletion done) {
        Throwable failure = null;
        try {
            copyToDevice(deviceAddress, src);
        } catch (RuntimeException e) {
            failure = e;
        }
        done.completed(failure);
    }

    /**
     * Starts a device-to-host copy and reports its completion to {@code done}. The caller must not read
     * {@code dst} until completion is reported.
     */
    default void copyToHostAsync(long deviceAddress, ByteBuffer dst, CopyCompletion done) {
        Throwable failure = null;
        try {
            copyToHost(deviceAddress, dst);
        } catch (RuntimeException e) {
            failure = e;
        }
        done.completed(failure);
    }
}
