package dev.gmac.gpu;

/**
 * A misuse of device global memory from the host: out of memory, a size of zero or less, an unknown pointer,
 * a double free, or a copy or view that leaves its allocation. The message names the address.
 */
public final class DeviceMemoryException extends GpuException {
    /** An error with a message naming the address and what to fix. */
    public DeviceMemoryException(String message) {
        super(message);
    }
}
