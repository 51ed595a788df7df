package dev.gmac.gpu.exec;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The heap that device {@code malloc} and {@code free} use during one launch: one allocation of {@link
 * dev.gmac.gpu.GpuConfig#deviceHeapBytes()} in device memory, labelled {@value #LABEL}, made at the first {@code
 * malloc} and released when the launch ends (CUDA keeps its heap for the context; a per-launch heap keeps launches
 * independent, decision 0521). Blocks are 16-byte aligned (as CUDA's) and placed first-fit in address order, so the
 * addresses a kernel gets are deterministic for a deterministic schedule. Confined to the launch's thread.
 */
final class DeviceHeap {
    /** How fault messages name the heap's allocation. */
    static final String LABEL = "the device malloc heap";

    private static final long ALIGN = 16;

    private final GlobalMemory memory;
    private final long capacity;
    private long base;
    /** Free ranges: offset to size, coalesced. */
    private final TreeMap<Long, Long> free = new TreeMap<>();
    /** Blocks handed out: offset to size. */
    private final Map<Long, Long> used = new HashMap<>();

    DeviceHeap(GlobalMemory memory, long capacity) {
        this.memory = memory;
        this.capacity = capacity;
    }

    /** Bytes of the heap. */
    long capacity() {
        return capacity;
    }

    /** A block of {@code size} bytes, or 0 (NULL) when {@code size} is 0 or no free range is large enough. */
    long malloc(long size) {
        if (size <= 0 || size > capacity) {
            return 0;
        }
        if (base == 0) {
            base = memory.malloc(capacity, LABEL);
            free.put(0L, capacity);
        }
        long need = (size + ALIGN - 1) & -ALIGN;
        for (Map.Entry<Long, Long> range : free.entrySet()) {
            long have = range.getValue();
            if (have >= need) {
                // Read the range before removing it: TreeMap reuses a removed node with two children for its
                // successor's mapping, so range.getValue() after the remove can be another range's size.
                long at = range.getKey();
                free.remove(at);
                if (have > need) {
                    free.put(at + need, have - need);
                }
                used.put(at, need);
                return base + at;
            }
        }
        return 0;
    }

    /** Returns the block at {@code ptr} to the heap; false when {@code ptr} is not a block handed out and not freed. */
    boolean free(long ptr) {
        Long size = base == 0 ? null : used.remove(ptr - base);
        if (size == null) {
            return false;
        }
        long at = ptr - base;
        long end = at + size;
        Map.Entry<Long, Long> before = free.floorEntry(at);
        if (before != null && before.getKey() + before.getValue() == at) {
            at = before.getKey();
            free.remove(at);
        }
        Long after = free.remove(end);
        if (after != null) {
            end += after;
        }
        free.put(at, end - at);
        return true;
    }

    /** Releases the heap's device memory (a later {@code malloc} would reserve it again). */
    void release() {
        if (base != 0) {
            long b = base;
            base = 0;
            free.clear();
            used.clear();
            memory.free(b);
        }
    }
}
