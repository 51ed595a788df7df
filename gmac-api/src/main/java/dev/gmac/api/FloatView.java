package dev.gmac.api;

/**
 * A {@link SharedBuffer} seen as an array of float (element {@code i} is bytes {@code 4i} to {@code 4i + 3},
 * little-endian). Each view has its own access window: give each thread its own view when several threads
 * work on one buffer.
 */
public interface FloatView {
    /** Number of whole elements. */
    long length();

    float get(long index);

    void set(long index, float value);

    /** The buffer this view reads and writes. */
    SharedBuffer buffer();
}
