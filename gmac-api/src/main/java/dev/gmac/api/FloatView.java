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

    /** Copies all of {@code src} to the start of the view. */
    void copyFrom(float[] src);

    /** Fills all of {@code dst} from the start of the view. */
    void copyTo(float[] dst);

    /** Elements {@code [from, to)} as a slice, to pass to a kernel (checked against the view's length). */
    default BufferSlice slice(long from, long to) {
        if (from < 0 || to < from || to > length()) {
            throw new AdsmException(
                    AdsmException.Reason.OUT_OF_RANGE,
                    "elements [" + from + ", " + to + ") are outside [0, " + length() + ") of " + buffer());
        }
        return new BufferSlice(buffer(), from * 4, (to - from) * 4);
    }
}
