package dev.gmac.api;

/**
 * A {@link SharedBuffer} seen as an array of long (element {@code i} is bytes {@code 8i} to {@code 8i + 7},
 * little-endian). Each view has its own access window: give each thread its own view when several threads
 * work on one buffer.
 */
public interface LongView {
    /** Number of whole elements. */
    long length();

    long get(long index);

    void set(long index, long value);

    /** The buffer this view reads and writes. */
    SharedBuffer buffer();

    /** Copies all of {@code src} to the start of the view. */
    void copyFrom(long[] src);

    /** Fills all of {@code dst} from the start of the view. */
    void copyTo(long[] dst);

    /** Elements {@code [from, to)} as a slice, to pass to a kernel (checked against the view's length). */
    default BufferSlice slice(long from, long to) {
        if (from < 0 || to < from || to > length()) {
            throw new AdsmException(
                    AdsmException.Reason.OUT_OF_RANGE,
                    "elements [" + from + ", " + to + ") are outside [0, " + length() + ") of " + buffer());
        }
        return new BufferSlice(buffer(), from * 8, (to - from) * 8);
    }
}
