package dev.gmac.api;

import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * A shared object (ADSM paper §3-§4): one allocation the host and the accelerator both address. Host code
 * reads and writes it through these accessors, never through copies: the runtime's coherence protocol moves
 * data to and from the accelerator as needed, and counts every byte ({@link Adsm#stats()}).
 *
 * <p>Element accessors take an element index of their type ({@code getFloat(i)} reads bytes {@code 4i ..
 * 4i+3}, little-endian). An index outside the buffer throws {@link IndexOutOfBoundsException}; any use after
 * {@link Adsm#adsmFree} throws an {@link AdsmException}. A host access to a buffer a kernel in flight may
 * write waits for the kernel (an implicit sync), or throws in strict mode.
 *
 * <p>Several threads may use one buffer at once; threads that access the same buffer heavily should each
 * take their own typed view ({@link #asFloats()} etc.), whose access window is private to it.
 */
public interface SharedBuffer {
    /**
     * The shared address: the accelerator's address of the object (the same on both sides, §4.2), except for
     * {@link Adsm#adsmSafeAlloc}, whose address is valid on the host only (see {@link Adsm#adsmSafe}).
     */
    long address();

    /** Size in bytes. */
    long byteSize();

    byte getByte(long index);

    void putByte(long index, byte value);

    int getInt(long index);

    void putInt(long index, int value);

    long getLong(long index);

    void putLong(long index, long value);

    float getFloat(long index);

    void putFloat(long index, float value);

    double getDouble(long index);

    void putDouble(long index, double value);

    /** Copies all of {@code src} to the start of the buffer. */
    void copyFrom(byte[] src);

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} to element {@code index}. */
    void copyFrom(byte[] src, int srcOffset, long index, int count);

    /** Fills all of {@code dst} from the start of the buffer. */
    void copyTo(byte[] dst);

    /** Copies {@code count} elements from element {@code index} into {@code dst} at {@code dstOffset}. */
    void copyTo(long index, byte[] dst, int dstOffset, int count);

    /** Copies all of {@code src} to the start of the buffer. */
    void copyFrom(int[] src);

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} to element {@code index}. */
    void copyFrom(int[] src, int srcOffset, long index, int count);

    /** Fills all of {@code dst} from the start of the buffer. */
    void copyTo(int[] dst);

    /** Copies {@code count} elements from element {@code index} into {@code dst} at {@code dstOffset}. */
    void copyTo(long index, int[] dst, int dstOffset, int count);

    /** Copies all of {@code src} to the start of the buffer. */
    void copyFrom(long[] src);

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} to element {@code index}. */
    void copyFrom(long[] src, int srcOffset, long index, int count);

    /** Fills all of {@code dst} from the start of the buffer. */
    void copyTo(long[] dst);

    /** Copies {@code count} elements from element {@code index} into {@code dst} at {@code dstOffset}. */
    void copyTo(long index, long[] dst, int dstOffset, int count);

    /** Copies all of {@code src} to the start of the buffer. */
    void copyFrom(float[] src);

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} to element {@code index}. */
    void copyFrom(float[] src, int srcOffset, long index, int count);

    /** Fills all of {@code dst} from the start of the buffer. */
    void copyTo(float[] dst);

    /** Copies {@code count} elements from element {@code index} into {@code dst} at {@code dstOffset}. */
    void copyTo(long index, float[] dst, int dstOffset, int count);

    /** Copies all of {@code src} to the start of the buffer. */
    void copyFrom(double[] src);

    /** Copies {@code count} elements of {@code src} from {@code srcOffset} to element {@code index}. */
    void copyFrom(double[] src, int srcOffset, long index, int count);

    /** Fills all of {@code dst} from the start of the buffer. */
    void copyTo(double[] dst);

    /** Copies {@code count} elements from element {@code index} into {@code dst} at {@code dstOffset}. */
    void copyTo(long index, double[] dst, int dstOffset, int count);

    /**
     * Reads the first {@code bytes} bytes of {@code file} into the buffer at byte {@code offset}, block by
     * block (§4.4). I/O errors are thrown as {@link java.io.UncheckedIOException}.
     */
    void readFrom(Path file, long offset, long bytes);

    /** Reads {@code bytes} bytes from {@code channel} into the buffer at byte {@code offset}, block by block. */
    void readFrom(ReadableByteChannel channel, long offset, long bytes);

    /** Writes {@code bytes} bytes from byte {@code offset} to {@code file} (created or truncated). */
    void writeTo(Path file, long offset, long bytes);

    /** Writes {@code bytes} bytes from byte {@code offset} to {@code channel}, block by block. */
    void writeTo(WritableByteChannel channel, long offset, long bytes);

    /** Bytes {@code [byteOffset, byteOffset + bytes)} as a slice, to pass to a kernel (bounds checked now). */
    default BufferSlice slice(long byteOffset, long bytes) {
        return new BufferSlice(this, byteOffset, bytes);
    }

    /** A byte view with its own access window. */
    ByteView asBytes();

    /** An int view with its own access window. */
    IntView asInts();

    /** A long view with its own access window. */
    LongView asLongs();

    /** A float view with its own access window. */
    FloatView asFloats();

    /** A double view with its own access window. */
    DoubleView asDoubles();
}
