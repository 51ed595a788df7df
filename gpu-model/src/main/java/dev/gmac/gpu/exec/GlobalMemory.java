package dev.gmac.gpu.exec;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.alloc.DirectArena;
import dev.gmac.gpu.ptx.StateSpace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

/**
 * Device global memory: a set of off-heap allocations, each its own little-endian direct {@link ByteBuffer}
 * (a slice of the process's {@link DirectArena}, so freed memory is reused at once instead of waiting for the
 * garbage collector)
 * placed in its own 2 GiB slot of the device's range of addresses. Every device of the process has its own range
 * ({@link DeviceAddressRanges}, decision 0112), starting at {@link #base()}, so a pointer of one device is never
 * inside an allocation of another; {@link #physical} gives the address within the range as if it started at {@link
 * StateSpace#GLOBAL_BASE}, which is what the timing model maps to memory partitions, banks and sets.
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

    /** Slots of one device: its physical addresses stay below 2^48, the window of a device alone. */
    private static final long SLOTS = (DeviceAddressRanges.RANGE_BYTES - StateSpace.GLOBAL_BASE) >>> SLOT_SHIFT;

    private static final int REUSE_DELAY = 64;
    private static final long ALIGN = 256;

    static final VarHandle I32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle I64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle I16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

    private final long capacity;
    /** This device's range of addresses, or null for {@link #hostMemory}. */
    private final DeviceAddressRanges.Lease range;
    /** First address of this device's range. */
    private final long base;
    /** {@code base - GLOBAL_BASE}: what {@link #physical} subtracts. */
    private final long offset;

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
        this(capacity, true);
    }

    private GlobalMemory(long capacity, boolean device) {
        this.capacity = capacity;
        this.range = device ? DeviceAddressRanges.take(this) : null;
        this.base = device ? range.base() : StateSpace.GLOBAL_BASE;
        this.offset = base - StateSpace.GLOBAL_BASE;
    }

    /**
     * Memory of {@code capacity} bytes laid out like a device's but belonging to no device (the host memory of a
     * channel graph run by host executors): it takes no range of device addresses, so any number may exist at once;
     * its addresses are those of range 0 and may equal a device's, so they must never be handed to a device.
     */
    public static GlobalMemory hostMemory(long capacity) {
        return new GlobalMemory(capacity, false);
    }

    /** The first address of this device's range (its first allocation's address). */
    public long base() {
        return base;
    }

    /**
     * The physical address of device address {@code address}: its place in this device's range, counted from {@link
     * StateSpace#GLOBAL_BASE} (the address it would have if this were the process's only device). The timing model
     * maps physical addresses, so a launch takes the same cycles whatever other devices the process holds.
     */
    public long physical(long address) {
        return address - offset;
    }

    /** What {@link #physical} subtracts from a device address ({@code base() - GLOBAL_BASE}). */
    public long physicalOffset() {
        return offset;
    }

    /** True when {@code address} lies in this device's range (allocated or not). */
    public boolean inRange(long address) {
        return address >= base && address - base < DeviceAddressRanges.RANGE_BYTES;
    }

    /** The slot table: slot {@code (addr - base()) >>> SLOT_SHIFT} holds the allocation's buffer or null. */
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
            bb = DirectArena.shared().allocate(bytes); // zeroed; returned at free, not at GC
        } catch (OutOfMemoryError e) {
            throw new DeviceMemoryException("out of device memory: the JVM could not reserve " + bytes
                    + " bytes of direct memory (raise -XX:MaxDirectMemorySize)");
        }
        int slot;
        if (freed.size() > REUSE_DELAY) {
            slot = freed.poll();
        } else {
            slot = nextSlot++;
            if (slot >= SLOTS) {
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
        return base + ((long) slot << SLOT_SHIFT);
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
            long start = base + ((long) slot << SLOT_SHIFT);
            long distance;
            if (addr < start) {
                distance = start - addr;
            } else if (addr - start >= cap) {
                distance = addr - start - cap;
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
            return "not inside any device allocation" + otherDevice(addr);
        }
        boolean freed = best >= segs.length || segs[best] == null;
        String label = freed ? freedLabels.get(best) : labels.get(best);
        long start = base + ((long) best << SLOT_SHIFT);
        long at = addr - start;
        String name = label == null ? "an unlabelled allocation" : label;
        String of = " (offset " + (at >= 0 ? "+" : "") + at + " of its " + bestSize + " bytes at 0x"
                + Long.toHexString(start) + ")";
        if (freed && at >= 0 && at < bestSize) {
            return "inside " + name + ", which was freed" + of;
        }
        String where;
        if (at < 0) {
            where = -at + " bytes before " + name;
        } else if (at >= bestSize) {
            where = at == bestSize
                    ? "just after the end of " + name
                    : (at - bestSize) + " bytes after the end of " + name;
        } else {
            where = "running " + (at + size - bestSize) + " bytes past the end of " + name;
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
        DirectArena.shared().release(bb);
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
        long rel = ptr - base;
        ByteBuffer[] segs = segments;
        if (rel < 0 || (rel & ((1L << SLOT_SHIFT) - 1)) != 0) {
            throw new DeviceMemoryException(
                    what + "(0x" + Long.toHexString(ptr) + "): not the start of a device allocation");
        }
        long slot = rel >>> SLOT_SHIFT;
        if (slot >= segs.length || segs[(int) slot] == null) {
            throw new DeviceMemoryException(what + "(0x" + Long.toHexString(ptr)
                    + "): unknown pointer (never allocated, or already freed)" + otherDevice(ptr));
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
        long rel = addr - base;
        ByteBuffer[] segs = segments;
        long slot = rel >>> SLOT_SHIFT;
        if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
            throw new DeviceMemoryException(what + ": address 0x" + Long.toHexString(addr)
                    + " is not inside any device allocation" + otherDevice(addr));
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

    /**
     * The end of a message about {@code address}, which no allocation of this device holds: names the case where it
     * is a pointer of another device of the process (each has its own range, decision 0112); empty otherwise.
     */
    private String otherDevice(long address) {
        return range != null && !inRange(address) && DeviceAddressRanges.isLive(address)
                ? " (it lies in the address range of another device of this process: a pointer from another"
                        + " device or runtime)"
                : "";
    }

    /** Releases every allocation and the device's address range; later use throws. */
    public synchronized void close() {
        closed = true;
        if (range != null) {
            range.close();
        }
        ByteBuffer[] segs = segments;
        segments = new ByteBuffer[0];
        used = 0;
        labels.clear();
        freedLabels.clear();
        freedSizes.clear();
        for (ByteBuffer bb : segs) {
            if (bb != null) {
                DirectArena.shared().release(bb);
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new DeviceMemoryException("the device has been closed");
        }
    }
}
