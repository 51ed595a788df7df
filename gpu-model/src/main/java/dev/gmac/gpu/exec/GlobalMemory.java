package dev.gmac.gpu.exec;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.ptx.StateSpace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

/**
 * Device global memory: a set of off-heap allocations, each its own little-endian direct {@link ByteBuffer}
 * placed in its own 2 GiB slot of the 64-bit device address space starting at {@link StateSpace#GLOBAL_BASE}.
 * Nothing is allocated until {@link #malloc} (so creating a device is cheap), an allocation's buffer is
 * exactly its size (so any access outside it is detected as out of bounds), and slot lookup is one shift and
 * one array load. Freed slots are reused only after {@value #REUSE_DELAY} other frees, which makes most
 * use-after-free accesses fault. An allocation may carry a label (how fault messages name it, for example {@code
 * "buffer a"}); {@link #describe} names the allocation nearest to a faulting address and the signed offset.
 *
 * <p>Concurrency: {@link #malloc}, {@link #free} and the host copies are {@code synchronized}. The slot table
 * is published through a volatile field (a new array on growth, elements written before the volatile write),
 * so a kernel running on another thread that reads {@link #segments()} sees every allocation made before it
 * read the field. Kernel loads and stores use plain accesses; atomics use the {@link VarHandle} atomic modes on
 * the direct buffers, so they are atomic also with respect to host threads using VarHandles on {@link
 * #view} buffers.
 */
public final class GlobalMemory {
    /** log2 of the address window of one allocation. */
    public static final int SLOT_SHIFT = 31;
    /** Largest single allocation. */
    public static final long MAX_ALLOCATION = (1L << SLOT_SHIFT) - 1;

    private static final int REUSE_DELAY = 64;
    private static final long ALIGN = 256;

    static final VarHandle I32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle I64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle I16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private final long capacity;
    private volatile ByteBuffer[] segments = new ByteBuffer[16];
    /** Per slot: the live allocation's label, or null (guarded by this). */
    private final java.util.Map<Integer, String> labels = new java.util.HashMap<>();
    /** Per freed slot not yet reused: the label and size it had (guarded by this). */
    private final java.util.Map<Integer, String> freedLabels = new java.util.HashMap<>();

    private final java.util.Map<Integer, Integer> freedSizes = new java.util.HashMap<>();
    private long used;
    private int nextSlot;
    private final ArrayDeque<Integer> freed = new ArrayDeque<>();
    private boolean closed;

    /** Device memory of {@code capacity} bytes in total. */
    public GlobalMemory(long capacity) {
        this.capacity = capacity;
    }

    /** The slot table: slot {@code (addr - GLOBAL_BASE) >>> SLOT_SHIFT} holds the allocation's buffer or null. */
    public ByteBuffer[] segments() {
        return segments;
    }

    /** Allocates {@code bytes} of zeroed memory without a label; returns a 256-byte-aligned device address. */
    public long malloc(long bytes) {
        return malloc(bytes, null);
    }

    /**
     * Allocates {@code bytes} of zeroed memory; returns a 256-byte-aligned device address. {@code label} (may be
     * null) is how fault messages name the allocation, a noun phrase such as {@code "buffer a"}.
     */
    public synchronized long malloc(long bytes, String label) {
        checkOpen();
        if (bytes <= 0) {
            throw new DeviceMemoryException("malloc of " + bytes + " bytes: the size must be > 0");
        }
        if (bytes > MAX_ALLOCATION) {
            throw new DeviceMemoryException(
                    "malloc of " + bytes + " bytes: a single allocation is limited to " + MAX_ALLOCATION + " bytes");
        }
        long rounded = (bytes + ALIGN - 1) & -ALIGN;
        if (used + rounded > capacity) {
            throw new DeviceMemoryException("out of device memory: malloc of " + bytes + " bytes with " + used + " of "
                    + capacity + " bytes in use");
        }
        ByteBuffer bb;
        try {
            bb = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        } catch (OutOfMemoryError e) {
            throw new DeviceMemoryException("out of device memory: the JVM could not reserve " + bytes
                    + " bytes of direct memory (raise -XX:MaxDirectMemorySize)");
        }
        int slot;
        if (freed.size() > REUSE_DELAY) {
            slot = freed.poll();
        } else {
            slot = nextSlot++;
            if ((StateSpace.GLOBAL_BASE + ((long) slot << SLOT_SHIFT)) >= StateSpace.GLOBAL_END) {
                nextSlot--;
                if (freed.isEmpty()) {
                    throw new DeviceMemoryException("out of device address space");
                }
                slot = freed.poll();
            }
        }
        ByteBuffer[] segs = segments;
        if (slot >= segs.length) {
            ByteBuffer[] grown = java.util.Arrays.copyOf(segs, Math.max(segs.length * 2, slot + 1));
            grown[slot] = bb;
            segments = grown;
        } else {
            segs[slot] = bb;
            segments = segs; // volatile write publishes the element
        }
        used += rounded;
        freedLabels.remove(slot);
        freedSizes.remove(slot);
        if (label != null) {
            labels.put(slot, label);
        }
        return StateSpace.GLOBAL_BASE + ((long) slot << SLOT_SHIFT);
    }

    /** Sets the label of the allocation that starts at {@code ptr} (null: none). */
    public synchronized void label(long ptr, String label) {
        int slot = slotOfBase(ptr, "label");
        if (label == null) {
            labels.remove(slot);
        } else {
            labels.put(slot, label);
        }
    }

    /**
     * Where {@code addr} lies relative to the allocations, for a fault message about an access of {@code size}
     * bytes that left them: the nearest allocation (live, or freed and not reused) by its label and the signed offset
     * of the access from its start, for example {@code "512 bytes before buffer a (offset -512 of its 1024 bytes at
     * 0x100000000)"}. Allocations more than 2 GiB away are not named.
     */
    public synchronized String describe(long addr, int size) {
        ByteBuffer[] segs = segments;
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        int bestSize = 0;
        for (int slot = 0; slot < segs.length; slot++) {
            int cap;
            if (slot < segs.length && segs[slot] != null) {
                cap = segs[slot].capacity();
            } else if (freedSizes.containsKey(slot)) {
                cap = freedSizes.get(slot);
            } else {
                continue;
            }
            long base = StateSpace.GLOBAL_BASE + ((long) slot << SLOT_SHIFT);
            long distance;
            if (addr < base) {
                distance = base - addr;
            } else if (addr - base >= cap) {
                distance = addr - base - cap;
            } else {
                distance = 0;
            }
            if (distance < bestDistance) {
                bestDistance = distance;
                best = slot;
                bestSize = cap;
            }
        }
        if (best < 0 || bestDistance >= (1L << SLOT_SHIFT)) {
            return "not inside any device allocation";
        }
        boolean freed = best >= segs.length || segs[best] == null;
        String label = freed ? freedLabels.get(best) : labels.get(best);
        long base = StateSpace.GLOBAL_BASE + ((long) best << SLOT_SHIFT);
        long offset = addr - base;
        String name = label == null ? "an unlabelled allocation" : label;
        String of = " (offset " + (offset >= 0 ? "+" : "") + offset + " of its " + bestSize + " bytes at 0x"
                + Long.toHexString(base) + ")";
        if (freed && offset >= 0 && offset < bestSize) {
            return "inside " + name + ", which was freed" + of;
        }
        String where;
        if (offset < 0) {
            where = -offset + " bytes before " + name;
        } else if (offset >= bestSize) {
            where = offset == bestSize
                    ? "just after the end of " + name
                    : (offset - bestSize) + " bytes after the end of " + name;
        } else {
            where = "running " + (offset + size - bestSize) + " bytes past the end of " + name;
        }
        return where + (freed ? ", which was freed" : "") + of;
    }

    /** Frees the allocation starting at {@code ptr}. */
    public synchronized void free(long ptr) {
        checkOpen();
        int slot = slotOfBase(ptr, "free");
        ByteBuffer[] segs = segments;
        ByteBuffer bb = segs[slot];
        used -= (bb.capacity() + ALIGN - 1) & -ALIGN;
        segs[slot] = null;
        segments = segs;
        freed.add(slot);
        String label = labels.remove(slot);
        if (label != null) {
            freedLabels.put(slot, label);
        }
        freedSizes.put(slot, bb.capacity());
    }

    /** The size of the allocation that starts at {@code ptr}. */
    public long allocationSize(long ptr) {
        int slot = slotOfBase(ptr, "allocationSize");
        return segments[slot].capacity();
    }

    /** Bytes in use (allocation sizes rounded up to 256). */
    public synchronized long bytesInUse() {
        return used;
    }

    /** Total capacity. */
    public long capacity() {
        return capacity;
    }

    private int slotOfBase(long ptr, String what) {
        long rel = ptr - StateSpace.GLOBAL_BASE;
        ByteBuffer[] segs = segments;
        if (rel < 0 || (rel & ((1L << SLOT_SHIFT) - 1)) != 0) {
            throw new DeviceMemoryException(
                    what + "(0x" + Long.toHexString(ptr) + "): not the start of a device allocation");
        }
        long slot = rel >>> SLOT_SHIFT;
        if (slot >= segs.length || segs[(int) slot] == null) {
            throw new DeviceMemoryException(
                    what + "(0x" + Long.toHexString(ptr) + "): unknown pointer (never allocated, or already freed)");
        }
        return (int) slot;
    }

    /**
     * A buffer positioned on {@code [addr, addr+bytes)}, sharing memory with the device, little-endian; throws
     * when the range leaves an allocation.
     */
    public ByteBuffer view(long addr, long bytes, String what) {
        if (bytes < 0 || bytes > MAX_ALLOCATION) {
            throw new DeviceMemoryException(what + ": invalid size " + bytes);
        }
        long rel = addr - StateSpace.GLOBAL_BASE;
        ByteBuffer[] segs = segments;
        long slot = rel >>> SLOT_SHIFT;
        if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
            throw new DeviceMemoryException(
                    what + ": address 0x" + Long.toHexString(addr) + " is not inside any device allocation");
        }
        ByteBuffer bb = segs[(int) slot];
        long off = rel & ((1L << SLOT_SHIFT) - 1);
        if (off + bytes > bb.capacity()) {
            throw new DeviceMemoryException(what + ": range [0x" + Long.toHexString(addr) + ", 0x"
                    + Long.toHexString(addr + bytes) + ") leaves the allocation at 0x"
                    + Long.toHexString(addr - off) + " of " + bb.capacity() + " bytes");
        }
        ByteBuffer v = bb.duplicate();
        v.limit((int) (off + bytes)).position((int) off);
        return v.slice().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Copies {@code src.remaining()} bytes to {@code dst}; the position of {@code src} is unchanged. */
    public void copyIn(long dst, ByteBuffer src) {
        ByteBuffer v = view(dst, src.remaining(), "copyToDevice");
        v.put(src.duplicate());
    }

    /** Fills {@code dst.remaining()} bytes from {@code src}; the position of {@code dst} is unchanged. */
    public void copyOut(long src, ByteBuffer dst) {
        ByteBuffer v = view(src, dst.remaining(), "copyFromDevice");
        dst.duplicate().put(v);
    }

    /** Copies between two device ranges (overlap allowed). */
    public void copy(long dst, long src, long bytes) {
        ByteBuffer s = view(src, bytes, "copyDeviceToDevice");
        ByteBuffer d = view(dst, bytes, "copyDeviceToDevice");
        if (bytes == 0) {
            return;
        }
        byte[] tmp = new byte[(int) Math.min(bytes, 1 << 20)];
        // copy through a bounce buffer so that overlapping ranges behave like memmove
        if (dst > src && dst < src + bytes) {
            long done = bytes;
            while (done > 0) {
                int n = (int) Math.min(tmp.length, done);
                done -= n;
                s.position((int) done);
                s.get(tmp, 0, n);
                d.position((int) done);
                d.put(tmp, 0, n);
            }
        } else {
            long done = 0;
            while (done < bytes) {
                int n = (int) Math.min(tmp.length, bytes - done);
                s.position((int) done);
                s.get(tmp, 0, n);
                d.position((int) done);
                d.put(tmp, 0, n);
                done += n;
            }
        }
    }

    /** Sets {@code bytes} bytes at {@code dst} to {@code value}. */
    public void memset(long dst, int value, long bytes) {
        ByteBuffer d = view(dst, bytes, "memset");
        byte b = (byte) value;
        byte[] chunk = new byte[(int) Math.min(bytes, 1 << 16)];
        java.util.Arrays.fill(chunk, b);
        long done = 0;
        while (done < bytes) {
            int n = (int) Math.min(chunk.length, bytes - done);
            d.put(chunk, 0, n);
            done += n;
        }
    }

    /** Releases every allocation; later use throws. */
    public synchronized void close() {
        closed = true;
        segments = new ByteBuffer[0];
        used = 0;
        labels.clear();
        freedLabels.clear();
        freedSizes.clear();
    }

    private void checkOpen() {
        if (closed) {
            throw new DeviceMemoryException("the device has been closed");
        }
    }
}
