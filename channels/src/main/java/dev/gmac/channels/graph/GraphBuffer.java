package dev.gmac.channels.graph;

import dev.gmac.gpu.exec.GlobalMemory;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A buffer in a graph's memory ({@link Graph#buffer}): results, inputs, scratch space that kernels reach by
 * address. As a constant argument of a kernel node it is its address on the GPU and this object on the host.
 * Little-endian, like device memory. Plain accessors are ordered by the executor (a graph's results are read
 * after {@code waitForDone}); the atomic ones are volatile read-modify-writes, atomic also against GPU kernels'
 * atomics on the same memory (both use VarHandles on the same direct buffer).
 */
public final class GraphBuffer {
    static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final String name;
    private final long address;
    private final long bytes;
    private final ByteBuffer view;

    GraphBuffer(String name, long address, long bytes, GlobalMemory memory) {
        this.name = name;
        this.address = address;
        this.bytes = bytes;
        this.view = memory.view(address, bytes, "graph buffer " + name);
    }

    /** The buffer's name. */
    public String name() {
        return name;
    }

    /** Its address in the graph's memory. */
    public long address() {
        return address;
    }

    /** Its size. */
    public long bytes() {
        return bytes;
    }

    public int getInt(long offset) {
        return view.getInt(index(offset, 4));
    }

    public void putInt(long offset, int value) {
        view.putInt(index(offset, 4), value);
    }

    public long getLong(long offset) {
        return view.getLong(index(offset, 8));
    }

    public void putLong(long offset, long value) {
        view.putLong(index(offset, 8), value);
    }

    public float getFloat(long offset) {
        return view.getFloat(index(offset, 4));
    }

    public void putFloat(long offset, float value) {
        view.putFloat(index(offset, 4), value);
    }

    /** Atomic add on the int at {@code offset} (4-byte aligned); returns the old value. */
    public int getAndAddInt(long offset, int delta) {
        return (int) INTS.getAndAdd(view, index(offset, 4), delta);
    }

    /** Atomic add on the long at {@code offset} (8-byte aligned); returns the old value. */
    public long getAndAddLong(long offset, long delta) {
        return (long) LONGS.getAndAdd(view, index(offset, 8), delta);
    }

    /** Atomic add on the float at {@code offset} (a CAS loop, as {@code atomicAdd(float*)} on the GPU). */
    public void addFloat(long offset, float delta) {
        int i = index(offset, 4);
        for (; ; ) {
            int old = (int) INTS.getVolatile(view, i);
            int updated = Float.floatToRawIntBits(Float.intBitsToFloat(old) + delta);
            if (INTS.compareAndSet(view, i, old, updated)) {
                return;
            }
        }
    }

    /** {@code n} ints from offset 0. */
    public int[] ints(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = view.getInt(index(4L * i, 4));
        }
        return out;
    }

    /** Writes {@code values} from offset 0. */
    public void putInts(int[] values) {
        for (int i = 0; i < values.length; i++) {
            view.putInt(index(4L * i, 4), values[i]);
        }
    }

    /** {@code n} floats from offset 0. */
    public float[] floats(int n) {
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = view.getFloat(index(4L * i, 4));
        }
        return out;
    }

    /** Writes {@code values} from offset 0. */
    public void putFloats(float[] values) {
        for (int i = 0; i < values.length; i++) {
            view.putFloat(index(4L * i, 4), values[i]);
        }
    }

    private int index(long offset, int size) {
        if (offset < 0 || offset > bytes - size) {
            throw new IndexOutOfBoundsException("offset " + offset + " of a " + size + "-byte value is outside buffer '"
                    + name + "' of " + bytes + " bytes");
        }
        return (int) offset;
    }

    @Override
    public String toString() {
        return "GraphBuffer['" + name + "', " + bytes + " bytes at 0x" + Long.toHexString(address) + "]";
    }
}
