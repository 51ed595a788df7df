package dev.gmac.api;

/**
 * A byte range of a shared buffer, passed to a kernel where CUDA code would pass {@code p + offset}: the
 * kernel gets the address of the range's first byte, the call reaches (releases and acquires) the buffer, and
 * the runtime checks the range when the slice is made and the buffer's liveness when it is passed. Use it
 * instead of raw {@code long} addresses (which are checked only against the live buffers of the runtime).
 *
 * <p>Made by {@link SharedBuffer#slice} and the typed views' {@code slice(from, to)}.
 */
public final class BufferSlice {
    private final SharedBuffer buffer;
    private final long byteOffset;
    private final long byteLength;

    BufferSlice(SharedBuffer buffer, long byteOffset, long byteLength) {
        if (byteOffset < 0 || byteLength < 0 || byteOffset > buffer.byteSize() - byteLength) {
            throw new AdsmException(
                    AdsmException.Reason.OUT_OF_RANGE,
                    "slice [" + byteOffset + ", " + byteOffset + " + " + byteLength + ") is outside " + buffer
                            + " (0 to " + buffer.byteSize() + " bytes)");
        }
        this.buffer = buffer;
        this.byteOffset = byteOffset;
        this.byteLength = byteLength;
    }

    /** The buffer the slice is part of. */
    public SharedBuffer buffer() {
        return buffer;
    }

    /** Offset of the first byte in the buffer. */
    public long byteOffset() {
        return byteOffset;
    }

    /** Bytes in the slice. */
    public long byteLength() {
        return byteLength;
    }

    /** The shared address of the first byte. */
    public long address() {
        return buffer.address() + byteOffset;
    }

    @Override
    public String toString() {
        return "BufferSlice[" + buffer + " bytes " + byteOffset + " to " + (byteOffset + byteLength) + "]";
    }
}
