package dev.gmac.gpu.alloc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Off-heap memory that comes back when it is freed, not when the garbage collector gets round to it: device
 * memory of the software GPU and the host copies of shared objects (the pinned host memory of ADSM paper
 * §4.1's accelerator layer, GMAC's {@code cudaHostAlloc}).
 *
 * <p>A JDK 17 program cannot free a direct {@link ByteBuffer} deterministically without {@code
 * sun.misc.Unsafe} or an incubator module: its memory goes back to the operating system only when the buffer
 * is collected, and a program that allocates and frees off-heap buffers faster than the heap fills grows its
 * resident set until the direct-memory limit forces a collection (issue 14: 6.3 GB for a loop that never had
 * more than 128 KiB live). So this arena takes large direct chunks once and hands out exact-size slices of
 * them; {@link #release} makes a slice's range reusable at once (best fit, neighbouring free ranges merged),
 * and {@link #allocate} zeroes what it hands out. Resident memory is then bounded by the most memory ever live
 * at once (plus fragmentation and the quarantine below), whatever the allocation rate. Chunks are kept for
 * the life of the process: the arena trades returning memory to the operating system for never depending on
 * the collector (see docs/decisions/0111).
 *
 * <p>Freed ranges wait in a small quarantine (the last {@value #QUARANTINE_RANGES} frees, at most {@value
 * #QUARANTINE_BYTES} bytes) before they can be handed out again, so a stray store through a buffer freed a
 * moment ago (a program racing a free) lands in memory nobody else uses yet, as device slots are not reused
 * at once either.
 *
 * <p>Thread-safe (every method synchronizes on the arena). Buffers are little-endian; a released buffer must
 * not be used again.
 */
public final class DirectArena {
    /** Size of an ordinary chunk; larger requests get a chunk of their own size. */
    static final int CHUNK_BYTES = 16 << 20;
    /** Allocation granularity (and alignment of every slice within its chunk). */
    static final int GRANULE = 256;

    static final int QUARANTINE_RANGES = 64;
    static final long QUARANTINE_BYTES = 64L << 20;

    /** A free or allocated range of a chunk. */
    private record Range(int chunk, int offset, int length) {}

    private static final Comparator<Range> BY_SIZE = Comparator.comparingInt(Range::length)
            .thenComparingInt(Range::chunk)
            .thenComparingInt(Range::offset);

    // After BY_SIZE: the shared arena's constructor needs the comparator.
    private static final DirectArena SHARED = new DirectArena();

    private final List<ByteBuffer> chunks = new ArrayList<>();
    /** Per chunk: bytes at and above this offset have never been handed out, so they are still zero. */
    private final List<int[]> fresh = new ArrayList<>();
    /** Per chunk: free ranges by offset (for merging neighbours). */
    private final List<TreeMap<Integer, Range>> freeByOffset = new ArrayList<>();
    /** Every free range, smallest first (for best fit). */
    private final TreeSet<Range> freeBySize = new TreeSet<>(BY_SIZE);

    private final Map<ByteBuffer, Range> live = new IdentityHashMap<>();
    private final ArrayDeque<Range> quarantine = new ArrayDeque<>();
    private long quarantined;
    private long reserved;
    private long inUse;

    /** A new, empty arena (tests); programs share {@link #shared()}. */
    public DirectArena() {}

    /** The process's arena. */
    public static DirectArena shared() {
        return SHARED;
    }

    /**
     * A zero-filled little-endian direct buffer of exactly {@code bytes} bytes.
     *
     * @throws OutOfMemoryError when the JVM cannot reserve a new chunk of direct memory
     * @throws IllegalArgumentException when {@code bytes} is not in [1, {@link Integer#MAX_VALUE} - GRANULE]
     */
    public synchronized ByteBuffer allocate(long bytes) {
        if (bytes <= 0 || bytes > Integer.MAX_VALUE - GRANULE) {
            throw new IllegalArgumentException("cannot allocate " + bytes + " bytes of direct memory");
        }
        int length = (int) ((bytes + GRANULE - 1) & -GRANULE);
        Range free = freeBySize.ceiling(new Range(-1, -1, length));
        if (free == null) {
            free = newChunk(length);
        } else {
            removeFree(free);
        }
        if (free.length() > length) {
            addFree(new Range(free.chunk(), free.offset() + length, free.length() - length));
        }
        Range taken = new Range(free.chunk(), free.offset(), length);
        ByteBuffer chunk = chunks.get(taken.chunk());
        int[] mark = fresh.get(taken.chunk());
        int dirtyEnd = Math.min(taken.offset() + (int) bytes, mark[0]);
        if (dirtyEnd > taken.offset()) {
            zero(chunk, taken.offset(), dirtyEnd - taken.offset());
        }
        mark[0] = Math.max(mark[0], taken.offset() + length);
        ByteBuffer slice = chunk.slice(taken.offset(), (int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        live.put(slice, taken);
        inUse += length;
        return slice;
    }

    /**
     * Gives back a buffer returned by {@link #allocate} (the same object); its memory is reused after the
     * quarantine.
     *
     * @throws IllegalArgumentException when the buffer is not a live allocation of this arena
     */
    public synchronized void release(ByteBuffer buffer) {
        Range range = live.remove(buffer);
        if (range == null) {
            throw new IllegalArgumentException("not a live allocation of this arena: " + buffer);
        }
        inUse -= range.length();
        quarantine.addLast(range);
        quarantined += range.length();
        while (quarantine.size() > QUARANTINE_RANGES || quarantined > QUARANTINE_BYTES) {
            reuse(quarantine.removeFirst());
        }
    }

    /** Makes every quarantined range reusable now (tests). */
    synchronized void endQuarantine() {
        while (!quarantine.isEmpty()) {
            reuse(quarantine.removeFirst());
        }
    }

    private void reuse(Range range) {
        quarantined -= range.length();
        addMerged(range);
    }

    /** Whether {@code buffer} is a live allocation of this arena. */
    public synchronized boolean owns(ByteBuffer buffer) {
        return live.containsKey(buffer);
    }

    /** Bytes of direct memory the arena holds (all chunks). */
    public synchronized long reservedBytes() {
        return reserved;
    }

    /** Bytes handed out and not yet released (rounded up to the granule). */
    public synchronized long bytesInUse() {
        return inUse;
    }

    private Range newChunk(int atLeast) {
        int size = Math.max(CHUNK_BYTES, atLeast);
        ByteBuffer chunk = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN);
        chunks.add(chunk);
        fresh.add(new int[] {0});
        freeByOffset.add(new TreeMap<>());
        reserved += size;
        return new Range(chunks.size() - 1, 0, size);
    }

    private void addMerged(Range range) {
        TreeMap<Integer, Range> byOffset = freeByOffset.get(range.chunk());
        int start = range.offset();
        int end = range.offset() + range.length();
        Map.Entry<Integer, Range> before = byOffset.lowerEntry(start);
        if (before != null && before.getValue().offset() + before.getValue().length() == start) {
            removeFree(before.getValue());
            start = before.getValue().offset();
        }
        Range after = byOffset.get(end);
        if (after != null) {
            removeFree(after);
            end = after.offset() + after.length();
        }
        addFree(new Range(range.chunk(), start, end - start));
    }

    private void addFree(Range range) {
        freeBySize.add(range);
        freeByOffset.get(range.chunk()).put(range.offset(), range);
    }

    private void removeFree(Range range) {
        freeBySize.remove(range);
        freeByOffset.get(range.chunk()).remove(range.offset());
    }

    private static final byte[] ZEROS = new byte[64 * 1024];

    private static void zero(ByteBuffer chunk, int offset, int length) {
        for (int done = 0; done < length; done += ZEROS.length) {
            chunk.put(offset + done, ZEROS, 0, Math.min(ZEROS.length, length - done));
        }
    }
}
