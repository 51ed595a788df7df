package dev.gmac.coherence;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Host code's way into a shared object: typed element accessors, bulk copies and file I/O over the host
 * copy, with access detection in software (ADSM paper §4.3, where GMAC used {@code mprotect} and page
 * faults, which a JVM cannot take).
 *
 * <h2>Fast path and slow path</h2>
 *
 * <p>Each accessor caches a {@link Window}: the ranges its thread may read and write without asking the
 * protocol. An element access compares its index with the window's bounds and the window's owner with the
 * current thread, then reads or writes the off-heap host copy directly; nothing else. Everything else is the
 * slow path ({@link SharedMemoryManager#hostAccess}): it waits for a kernel in flight that may write the
 * object (an implicit sync), lets the protocol handle the "fault" (fetch an invalid block, mark a read-only
 * block dirty; counted as read and write faults), and installs a new window around the block.
 *
 * <p>The check is one int range check on the element index, the shape C2's loop predication hoists out of
 * a counted loop, but only while the JIT's profile of the code holding the check has never seen a window
 * miss: once it has, C2 keeps the slow-path call inside loops, must reload the window after it, and write
 * loops become several times slower (decision 0104). So the fast paths are not compiled into this class: they
 * live in {@code ElementFastPaths}, and each element accessor calls the current copy of it through a constant
 * call site ({@code FastPathSites}). When misses have been profiled and then stop, a fresh copy with a clean
 * profile takes over and the callers are recompiled (decision 0105). See docs/adsm.md, "Performance".
 *
 * <h2>Concurrency</h2>
 *
 * <p>The {@code window} field is a plain field on purpose (so it can be hoisted). It only ever holds
 * immutable {@link Window}s. A thread honours only windows it computed itself (the owner check), after the
 * volatile state reads of its own slow path, so it never reads host bytes it has not acquired. Permission is
 * taken away in two ways: by program-ordered operations (a release at a kernel call, a device-side memcpy,
 * a free) which the program must order with every host access anyway (release consistency, §3.3), and by
 * rolling-update's eager eviction, which only evicts blocks no other thread may be writing (see {@link
 * SharedObject}). Several threads may use one accessor; each access by a thread that does not own the
 * current window takes the slow path, so threads that share data heavily should each use their own
 * accessor (for example a typed view each).
 */
public class HostAccessor {
    private static final VarHandle WINDOW;

    static {
        try {
            WINDOW = MethodHandles.lookup().findVarHandle(HostAccessor.class, "window", Window.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SharedObject object;
    final ByteBuffer host;
    private final long byteSize;
    Window window = Window.EMPTY;
    final IntBuffer ints;
    final LongBuffer longs;
    final FloatBuffer floats;
    final DoubleBuffer doubles;

    /** An accessor of {@code object}; registers itself so the protocol can revoke its window. */
    protected HostAccessor(SharedObject object) {
        this.object = Objects.requireNonNull(object, "object");
        this.host = object.host();
        this.byteSize = object.byteSize();
        // Typed views for the element fast paths: an element access through them does less per call than a
        // typed access on the byte buffer (no byte-order branch, index scaled by the view), which matters
        // when C2 cannot hoist the window check out of a loop (see docs/decisions/0104).
        this.ints = host.duplicate().order(host.order()).asIntBuffer();
        this.longs = host.duplicate().order(host.order()).asLongBuffer();
        this.floats = host.duplicate().order(host.order()).asFloatBuffer();
        this.doubles = host.duplicate().order(host.order()).asDoubleBuffer();
        object.register(this);
    }

    /**
     * A scratch accessor over a private direct buffer of {@code bytes} bytes whose window grants the calling
     * thread everything, belonging to no shared object: {@link FastPathSites} runs fresh copies of the fast
     * paths on it to give them a profile without misses before any real accessor reaches them. Its buffers
     * have the same classes as a real accessor's (direct, little-endian), so the profile's types match too.
     */
    HostAccessor(int bytes) {
        this.object = null;
        this.host = ByteBuffer.allocateDirect(bytes).order(ByteOrder.LITTLE_ENDIAN);
        this.byteSize = bytes;
        this.ints = host.duplicate().order(host.order()).asIntBuffer();
        this.longs = host.duplicate().order(host.order()).asLongBuffer();
        this.floats = host.duplicate().order(host.order()).asFloatBuffer();
        this.doubles = host.duplicate().order(host.order()).asDoubleBuffer();
        this.window = new Window(Thread.currentThread(), 0, bytes, 0, bytes);
    }

    /** The shared object this accessor reaches. */
    public final SharedObject sharedObject() {
        return object;
    }

    /** Size of the shared object in bytes. */
    public final long byteSize() {
        return byteSize;
    }

    /**
     * Turns a runtime error into the exception type of the API layer ({@code gmac-api} returns an {@code
     * AdsmException}); the default returns it unchanged.
     */
    protected RuntimeException translate(CoherenceException error) {
        return error;
    }

    // ---- window management (called by the manager) --------------------------------------------------

    final void installWindow(Window value) {
        WINDOW.setRelease(this, value);
    }

    /** The current window (volatile-mode read: the slow path extends it). */
    final Window window() {
        return (Window) WINDOW.getAcquire(this);
    }

    final void revokeWindow() {
        WINDOW.setRelease(this, Window.EMPTY);
    }

    /** The current window, for tests and diagnostics. */
    final String describeWindow() {
        return ((Window) WINDOW.getAcquire(this)).toString();
    }

    // ---- byte ----

    /** Reads the byte at element index {@code i} (byte offset {@code i * 1}). */
    public final byte getByte(long i) {
        try {
            return (byte) FastPathSites.GET_BYTE.invokeExact(this, i);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the byte at element index {@code i} (byte offset {@code i * 1}). */
    public final void putByte(long i, byte value) {
        try {
            FastPathSites.PUT_BYTE.invokeExact(this, i, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    final byte slowGetByte(long i) {
        FastPathSites.noteMiss(FastPathSites.OP_GET_BYTE);
        long offset = elementOffset(i, 1);
        access(offset, 1, false);
        return host.get((int) offset);
    }

    final void slowPutByte(long i, byte value) {
        FastPathSites.noteMiss(FastPathSites.OP_PUT_BYTE);
        long offset = elementOffset(i, 1);
        access(offset, 1, true);
        host.put((int) offset, value);
    }

    /** Copies {@code src} to the start of the object. */
    public final void copyFrom(byte[] src) {
        copyFrom(src, 0, 0, src.length);
    }

    /**
     * Copies {@code count} elements from {@code src[srcOffset..]} to element index {@code index}, block by
     * block; blocks the copy overwrites whole are not fetched first (ADSM paper §4.4).
     */
    public final void copyFrom(byte[] src, int srcOffset, long index, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        long offset = rangeOffset(index, count, 1);
        Window w = window;
        if (w.owner == Thread.currentThread()
                && index >= w.write1Lo
                && index + count <= (long) w.write1Lo + w.write1Len) {
            host.put((int) index, src, srcOffset, count);
            return;
        }
        bulkWrite(
                offset,
                (long) count * 1,
                (start, length) -> host.put((int) start, src, srcOffset + (int) (start - offset), (int) length));
    }

    /** Copies the start of the object into {@code dst}. */
    public final void copyTo(byte[] dst) {
        copyTo(0, dst, 0, dst.length);
    }

    /** Copies {@code count} elements from element index {@code index} into {@code dst[dstOffset..]}. */
    public final void copyTo(long index, byte[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        long offset = rangeOffset(index, count, 1);
        Window w = window;
        if (w.owner == Thread.currentThread() && index >= w.read1Lo && index + count <= (long) w.read1Lo + w.read1Len) {
            host.get((int) index, dst, dstOffset, count);
            return;
        }
        bulkRead(
                offset,
                (long) count * 1,
                (start, length) -> host.get((int) start, dst, dstOffset + (int) (start - offset), (int) length));
    }

    // ---- int ----

    /** Reads the int at element index {@code i} (byte offset {@code i * 4}). */
    public final int getInt(long i) {
        try {
            return (int) FastPathSites.GET_INT.invokeExact(this, i);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the int at element index {@code i} (byte offset {@code i * 4}). */
    public final void putInt(long i, int value) {
        try {
            FastPathSites.PUT_INT.invokeExact(this, i, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    final int slowGetInt(long i) {
        FastPathSites.noteMiss(FastPathSites.OP_GET_INT);
        long offset = elementOffset(i, 4);
        access(offset, 4, false);
        return host.getInt((int) offset);
    }

    final void slowPutInt(long i, int value) {
        FastPathSites.noteMiss(FastPathSites.OP_PUT_INT);
        long offset = elementOffset(i, 4);
        access(offset, 4, true);
        host.putInt((int) offset, value);
    }

    /** Copies {@code src} to the start of the object. */
    public final void copyFrom(int[] src) {
        copyFrom(src, 0, 0, src.length);
    }

    /**
     * Copies {@code count} elements from {@code src[srcOffset..]} to element index {@code index}, block by
     * block; blocks the copy overwrites whole are not fetched first (ADSM paper §4.4).
     */
    public final void copyFrom(int[] src, int srcOffset, long index, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        long offset = rangeOffset(index, count, 4);
        Window w = window;
        if (w.owner == Thread.currentThread()
                && index >= w.write4Lo
                && index + count <= (long) w.write4Lo + w.write4Len) {
            ints.put((int) index, src, srcOffset, count);
            return;
        }
        bulkWrite(
                offset,
                (long) count * 4,
                (start, length) -> ints.put(
                        (int) (start >> 2), src, srcOffset + (int) ((start - offset) >> 2), (int) (length >> 2)));
    }

    /** Copies the start of the object into {@code dst}. */
    public final void copyTo(int[] dst) {
        copyTo(0, dst, 0, dst.length);
    }

    /** Copies {@code count} elements from element index {@code index} into {@code dst[dstOffset..]}. */
    public final void copyTo(long index, int[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        long offset = rangeOffset(index, count, 4);
        Window w = window;
        if (w.owner == Thread.currentThread() && index >= w.read4Lo && index + count <= (long) w.read4Lo + w.read4Len) {
            ints.get((int) index, dst, dstOffset, count);
            return;
        }
        bulkRead(
                offset,
                (long) count * 4,
                (start, length) -> ints.get(
                        (int) (start >> 2), dst, dstOffset + (int) ((start - offset) >> 2), (int) (length >> 2)));
    }

    // ---- long ----

    /** Reads the long at element index {@code i} (byte offset {@code i * 8}). */
    public final long getLong(long i) {
        try {
            return (long) FastPathSites.GET_LONG.invokeExact(this, i);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the long at element index {@code i} (byte offset {@code i * 8}). */
    public final void putLong(long i, long value) {
        try {
            FastPathSites.PUT_LONG.invokeExact(this, i, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    final long slowGetLong(long i) {
        FastPathSites.noteMiss(FastPathSites.OP_GET_LONG);
        long offset = elementOffset(i, 8);
        access(offset, 8, false);
        return host.getLong((int) offset);
    }

    final void slowPutLong(long i, long value) {
        FastPathSites.noteMiss(FastPathSites.OP_PUT_LONG);
        long offset = elementOffset(i, 8);
        access(offset, 8, true);
        host.putLong((int) offset, value);
    }

    /** Copies {@code src} to the start of the object. */
    public final void copyFrom(long[] src) {
        copyFrom(src, 0, 0, src.length);
    }

    /**
     * Copies {@code count} elements from {@code src[srcOffset..]} to element index {@code index}, block by
     * block; blocks the copy overwrites whole are not fetched first (ADSM paper §4.4).
     */
    public final void copyFrom(long[] src, int srcOffset, long index, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        long offset = rangeOffset(index, count, 8);
        Window w = window;
        if (w.owner == Thread.currentThread()
                && index >= w.write8Lo
                && index + count <= (long) w.write8Lo + w.write8Len) {
            longs.put((int) index, src, srcOffset, count);
            return;
        }
        bulkWrite(
                offset,
                (long) count * 8,
                (start, length) -> longs.put(
                        (int) (start >> 3), src, srcOffset + (int) ((start - offset) >> 3), (int) (length >> 3)));
    }

    /** Copies the start of the object into {@code dst}. */
    public final void copyTo(long[] dst) {
        copyTo(0, dst, 0, dst.length);
    }

    /** Copies {@code count} elements from element index {@code index} into {@code dst[dstOffset..]}. */
    public final void copyTo(long index, long[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        long offset = rangeOffset(index, count, 8);
        Window w = window;
        if (w.owner == Thread.currentThread() && index >= w.read8Lo && index + count <= (long) w.read8Lo + w.read8Len) {
            longs.get((int) index, dst, dstOffset, count);
            return;
        }
        bulkRead(
                offset,
                (long) count * 8,
                (start, length) -> longs.get(
                        (int) (start >> 3), dst, dstOffset + (int) ((start - offset) >> 3), (int) (length >> 3)));
    }

    // ---- float ----

    /** Reads the float at element index {@code i} (byte offset {@code i * 4}). */
    public final float getFloat(long i) {
        try {
            return (float) FastPathSites.GET_FLOAT.invokeExact(this, i);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the float at element index {@code i} (byte offset {@code i * 4}). */
    public final void putFloat(long i, float value) {
        try {
            FastPathSites.PUT_FLOAT.invokeExact(this, i, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    final float slowGetFloat(long i) {
        FastPathSites.noteMiss(FastPathSites.OP_GET_FLOAT);
        long offset = elementOffset(i, 4);
        access(offset, 4, false);
        return host.getFloat((int) offset);
    }

    final void slowPutFloat(long i, float value) {
        FastPathSites.noteMiss(FastPathSites.OP_PUT_FLOAT);
        long offset = elementOffset(i, 4);
        access(offset, 4, true);
        host.putFloat((int) offset, value);
    }

    /** Copies {@code src} to the start of the object. */
    public final void copyFrom(float[] src) {
        copyFrom(src, 0, 0, src.length);
    }

    /**
     * Copies {@code count} elements from {@code src[srcOffset..]} to element index {@code index}, block by
     * block; blocks the copy overwrites whole are not fetched first (ADSM paper §4.4).
     */
    public final void copyFrom(float[] src, int srcOffset, long index, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        long offset = rangeOffset(index, count, 4);
        Window w = window;
        if (w.owner == Thread.currentThread()
                && index >= w.write4Lo
                && index + count <= (long) w.write4Lo + w.write4Len) {
            floats.put((int) index, src, srcOffset, count);
            return;
        }
        bulkWrite(
                offset,
                (long) count * 4,
                (start, length) -> floats.put(
                        (int) (start >> 2), src, srcOffset + (int) ((start - offset) >> 2), (int) (length >> 2)));
    }

    /** Copies the start of the object into {@code dst}. */
    public final void copyTo(float[] dst) {
        copyTo(0, dst, 0, dst.length);
    }

    /** Copies {@code count} elements from element index {@code index} into {@code dst[dstOffset..]}. */
    public final void copyTo(long index, float[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        long offset = rangeOffset(index, count, 4);
        Window w = window;
        if (w.owner == Thread.currentThread() && index >= w.read4Lo && index + count <= (long) w.read4Lo + w.read4Len) {
            floats.get((int) index, dst, dstOffset, count);
            return;
        }
        bulkRead(
                offset,
                (long) count * 4,
                (start, length) -> floats.get(
                        (int) (start >> 2), dst, dstOffset + (int) ((start - offset) >> 2), (int) (length >> 2)));
    }

    // ---- double ----

    /** Reads the double at element index {@code i} (byte offset {@code i * 8}). */
    public final double getDouble(long i) {
        try {
            return (double) FastPathSites.GET_DOUBLE.invokeExact(this, i);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes the double at element index {@code i} (byte offset {@code i * 8}). */
    public final void putDouble(long i, double value) {
        try {
            FastPathSites.PUT_DOUBLE.invokeExact(this, i, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    final double slowGetDouble(long i) {
        FastPathSites.noteMiss(FastPathSites.OP_GET_DOUBLE);
        long offset = elementOffset(i, 8);
        access(offset, 8, false);
        return host.getDouble((int) offset);
    }

    final void slowPutDouble(long i, double value) {
        FastPathSites.noteMiss(FastPathSites.OP_PUT_DOUBLE);
        long offset = elementOffset(i, 8);
        access(offset, 8, true);
        host.putDouble((int) offset, value);
    }

    /** Copies {@code src} to the start of the object. */
    public final void copyFrom(double[] src) {
        copyFrom(src, 0, 0, src.length);
    }

    /**
     * Copies {@code count} elements from {@code src[srcOffset..]} to element index {@code index}, block by
     * block; blocks the copy overwrites whole are not fetched first (ADSM paper §4.4).
     */
    public final void copyFrom(double[] src, int srcOffset, long index, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        long offset = rangeOffset(index, count, 8);
        Window w = window;
        if (w.owner == Thread.currentThread()
                && index >= w.write8Lo
                && index + count <= (long) w.write8Lo + w.write8Len) {
            doubles.put((int) index, src, srcOffset, count);
            return;
        }
        bulkWrite(
                offset,
                (long) count * 8,
                (start, length) -> doubles.put(
                        (int) (start >> 3), src, srcOffset + (int) ((start - offset) >> 3), (int) (length >> 3)));
    }

    /** Copies the start of the object into {@code dst}. */
    public final void copyTo(double[] dst) {
        copyTo(0, dst, 0, dst.length);
    }

    /** Copies {@code count} elements from element index {@code index} into {@code dst[dstOffset..]}. */
    public final void copyTo(long index, double[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        long offset = rangeOffset(index, count, 8);
        Window w = window;
        if (w.owner == Thread.currentThread() && index >= w.read8Lo && index + count <= (long) w.read8Lo + w.read8Len) {
            doubles.get((int) index, dst, dstOffset, count);
            return;
        }
        bulkRead(
                offset,
                (long) count * 8,
                (start, length) -> doubles.get(
                        (int) (start >> 3), dst, dstOffset + (int) ((start - offset) >> 3), (int) (length >> 3)));
    }

    // ---- file and channel I/O (ADSM paper §4.4) ----------------------------------------------------

    /**
     * Reads {@code bytes} bytes from {@code channel} into the object at byte {@code offset}, one block at a
     * time: each block is made writable (dirty) before its part is read, so no read is ever interrupted by
     * a fault half way (the paper's reason for block-sized I/O). A block read whole is not fetched first.
     * If the channel fails or ends early, the blocks before the failing one hold the data read, and a block
     * that was being overwritten whole keeps its previous contents.
     *
     * @throws UncheckedIOException when the channel fails or ends before {@code bytes} bytes
     */
    public final void readFrom(ReadableByteChannel channel, long offset, long bytes) {
        Objects.requireNonNull(channel, "channel");
        checkByteRange(offset, bytes);
        bulkWrite(offset, bytes, (start, length) -> {
            ByteBuffer dst = object.hostSlice(start, (int) length);
            while (dst.hasRemaining()) {
                if (channel.read(dst) < 0) {
                    throw new EOFException("input ended " + (start - offset + dst.position()) + " bytes into a read of "
                            + bytes + " bytes");
                }
            }
        });
    }

    /** Reads the first {@code bytes} bytes of {@code file} into the object at byte {@code offset}. */
    public final void readFrom(Path file, long offset, long bytes) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            readFrom(channel, offset, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code bytes} bytes of the object from byte {@code offset} to {@code channel}: fetches what of the range
     * is not valid first (contiguous blocks in one transfer, decision 0118), then writes the range.
     */
    public final void writeTo(WritableByteChannel channel, long offset, long bytes) {
        Objects.requireNonNull(channel, "channel");
        checkByteRange(offset, bytes);
        bulkRead(offset, bytes, (start, length) -> {
            ByteBuffer src = object.hostSlice(start, (int) length);
            while (src.hasRemaining()) {
                channel.write(src);
            }
        });
    }

    /** Writes {@code bytes} bytes of the object from byte {@code offset} to {@code file} (created or truncated). */
    public final void writeTo(Path file, long offset, long bytes) {
        try (FileChannel channel = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            writeTo(channel, offset, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file + ": " + e.getMessage(), e);
        }
    }

    // ---- slow paths ----------------------------------------------------------------------------------

    private void access(long offset, int size, boolean write) {
        try {
            object.manager().hostAccess(this, offset, size, write);
        } catch (CoherenceException e) {
            throw translate(e);
        }
    }

    private void bulkWrite(long offset, long length, BlockPart part) {
        try {
            object.manager().bulkAccess(this, offset, length, true, part);
        } catch (CoherenceException e) {
            throw translate(e);
        }
    }

    private void bulkRead(long offset, long length, BlockPart part) {
        try {
            object.manager().bulkAccess(this, offset, length, false, part);
        } catch (CoherenceException e) {
            throw translate(e);
        }
    }

    private long elementOffset(long index, int size) {
        if (index < 0 || index >= byteSize / size) {
            throw new IndexOutOfBoundsException("element index " + index + " outside [0, " + byteSize / size + ") of "
                    + object + " (element size " + size + ")");
        }
        return index * size;
    }

    private long rangeOffset(long index, int count, int size) {
        long elements = byteSize / size;
        if (index < 0 || count < 0 || index > elements - count) {
            throw new IndexOutOfBoundsException("elements [" + index + ", " + index + " + " + count + ") outside [0, "
                    + elements + ") of " + object + " (element size " + size + ")");
        }
        return index * size;
    }

    private void checkByteRange(long offset, long bytes) {
        if (offset < 0 || bytes < 0 || offset > byteSize - bytes) {
            throw new IndexOutOfBoundsException("bytes [" + offset + ", " + offset + " + " + bytes + ") outside [0, "
                    + byteSize + ") of " + object);
        }
    }
}
