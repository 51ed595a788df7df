package dev.gmac.gpu.timing.mem;

/**
 * Miss status holding registers: the lines being fetched and, for each, the accesses waiting for it (the first
 * miss and the later accesses merged into it). A bounded table models a cache's MSHRs ({@code l1.mshr.entries}
 * entries of {@code l1.mshr.merge} accesses); an unbounded one tracks the L2's pending misses.
 *
 * <p>Open-addressing hash from line number to entry, with backward-shift deletion, so lookups stay O(1) with
 * hundreds of misses in flight. Waiters are chained through {@link MemoryRequest#next} in arrival order.
 */
public final class MshrTable {
    /** Capacity of a table that grows as needed. */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    private static final long EMPTY = Long.MIN_VALUE;

    private final int capacity;
    private final int maxMerge;
    private long[] keys;
    private MemoryRequest[] heads;
    private MemoryRequest[] tails;
    private int[] counts;
    private int size;
    private int mask;

    /**
     * @param capacity lines that may be outstanding at once, or {@link #UNBOUNDED}
     * @param maxMerge accesses one entry may hold, including the first miss
     */
    public MshrTable(int capacity, int maxMerge) {
        this.capacity = capacity;
        this.maxMerge = maxMerge;
        int initial = capacity == UNBOUNDED ? 64 : Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) * 2;
        allocateTable(initial);
    }

    private void allocateTable(int length) {
        keys = new long[length];
        java.util.Arrays.fill(keys, EMPTY);
        heads = new MemoryRequest[length];
        tails = new MemoryRequest[length];
        counts = new int[length];
        mask = length - 1;
    }

    private int home(long line) {
        return (int) ((line * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }

    /** The entry index of {@code line}, or -1 when it is not outstanding. */
    public int find(long line) {
        for (int i = home(line); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == line) {
                return i;
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** True when no new line can be allocated. */
    public boolean isFull() {
        return size >= capacity;
    }

    /** True when entry {@code index} can take another access. */
    public boolean canMerge(int index) {
        return counts[index] < maxMerge;
    }

    /** Lines outstanding. */
    public int size() {
        return size;
    }

    /** Starts tracking {@code line} with {@code first} as its first waiter; the caller checked {@link #isFull}. */
    public void allocate(long line, MemoryRequest first) {
        if (capacity == UNBOUNDED && (size + 1) * 2 > keys.length) {
            grow();
        }
        int i = home(line);
        while (keys[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = line;
        first.next = null;
        heads[i] = first;
        tails[i] = first;
        counts[i] = 1;
        size++;
    }

    /** Adds {@code waiter} to entry {@code index}; the caller checked {@link #canMerge} (unbounded tables ignore it). */
    public void merge(int index, MemoryRequest waiter) {
        waiter.next = null;
        tails[index].next = waiter;
        tails[index] = waiter;
        counts[index]++;
    }

    /** Stops tracking {@code line}; returns its waiters (chained by {@code next}), or null when absent. */
    public MemoryRequest release(long line) {
        int i = find(line);
        if (i < 0) {
            return null;
        }
        MemoryRequest chain = heads[i];
        size--;
        // Backward-shift deletion keeps every probe sequence unbroken.
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int h = home(keys[j]);
            boolean stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
            if (!stays) {
                keys[hole] = keys[j];
                heads[hole] = heads[j];
                tails[hole] = tails[j];
                counts[hole] = counts[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        heads[hole] = null;
        tails[hole] = null;
        counts[hole] = 0;
        return chain;
    }

    private void grow() {
        long[] oldKeys = keys;
        MemoryRequest[] oldHeads = heads;
        MemoryRequest[] oldTails = tails;
        int[] oldCounts = counts;
        allocateTable(oldKeys.length * 2);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = home(oldKeys[j]);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                heads[i] = oldHeads[j];
                tails[i] = oldTails[j];
                counts[i] = oldCounts[j];
            }
        }
    }
}
