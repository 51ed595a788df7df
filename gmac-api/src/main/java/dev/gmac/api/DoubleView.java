package dev.gmac.api;

/**
 * A {@link SharedBuffer} seen as an array of double (element {@code i} is bytes {@code 8i} to {@code 8i + 7},
 * little-endian). Each view has its own access window: give each thread its own view when several threads
 * work on one buffer.
 */
public interface DoubleView {
    /** Number of whole elements. */
    long length();

    double get(long index);

    void set(long index, double value);

    /** The buffer this view reads and writes. */
    SharedBuffer buffer();
}
