package dev.gmac.api;

/**
 * A {@link SharedBuffer} seen as an array of byte (element {@code i} is bytes {@code 1i} to {@code 1i + 0},
 * little-endian). Each view has its own access window: give each thread its own view when several threads
 * work on one buffer.
 */
public interface ByteView {
    /** Number of whole elements. */
    long length();

    byte get(long index);

    void set(long index, byte value);

    /** The buffer this view reads and writes. */
    SharedBuffer buffer();
}
