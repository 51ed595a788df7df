package dev.gmac.gpu.tm;

import java.util.Arrays;
import java.util.function.LongToIntFunction;

/**
 * The last-written-time tables of temporal conflict detection (Fung thesis §6.4, Fig 6.7; digest §6.10): one per
 * memory partition, a recency bloom filter of timestamps with {@code subArrays} sub-arrays indexed by H3 hashes of
 * the block address ({@code blockBytes}-byte blocks). A commit write sets the block's bucket in every sub-array to
 * the partition's time; a load gets the minimum over the sub-arrays, a conservative last-write time (aliasing only
 * makes it later).
 *
 * <p><b>The gap fix</b> (decision 0352). The thesis leaves open that a read-only transaction may take its snapshot
 * inside another transaction's multi-word write-back (it sees one block new and another still old, and both report
 * old write times). With {@code fix}, a commit unit marks the blocks of a transaction's write-set <em>pending</em>
 * when the transaction passes its validation there, which is before the final outcome and so before any of its
 * writes lands anywhere; the mark is removed when the write lands (setting the time) or when the transaction fails.
 * A pending block reports "written at infinity", so any read-only transaction that reads it during the write-back
 * window is flagged and takes the second chance of value validation. Marks are counted per bucket, so a write that
 * lands cannot clear another transaction's mark on an aliased bucket.
 */
public final class TcdTables {
    private final int partitions;
    private final int subArrays;
    private final int buckets;
    private final int blockShift;
    private final boolean fix;
    private final long[][] time;
    private final int[][] pending;
    private final H3Hash[] hashes;
    private LongToIntFunction partitionOf;

    /** Tables for {@code partitions} partitions mapped by {@code partitionOf}, sized by {@code params}. */
    public TcdTables(TmParams params, int partitions, LongToIntFunction partitionOf) {
        this.partitions = partitions;
        this.subArrays = params.tcdSubArrays();
        this.buckets = params.tcdEntries() / params.tcdSubArrays();
        this.blockShift = Integer.numberOfTrailingZeros(params.tcdBlockBytes());
        this.fix = params.tcdFix();
        this.partitionOf = partitionOf;
        this.time = new long[partitions * subArrays][buckets];
        this.pending = new int[partitions * subArrays][buckets];
        for (long[] t : time) {
            Arrays.fill(t, Long.MIN_VALUE);
        }
        this.hashes = new H3Hash[subArrays];
        for (int i = 0; i < subArrays; i++) {
            hashes[i] = new H3Hash(32 + i);
        }
    }

    /** True when the gap fix is on. */
    public boolean fixed() {
        return fix;
    }

    private int table(long block, int sub) {
        return partitionOf.applyAsInt(block << blockShift) * subArrays + sub;
    }

    /** The last-write time of the block holding byte {@code addr} ({@link Long#MAX_VALUE} while pending). */
    public long lastWritten(long addr) {
        long block = addr >>> blockShift;
        long t = Long.MAX_VALUE;
        for (int i = 0; i < subArrays; i++) {
            int b = hashes[i].index(block, buckets);
            int tab = table(block, i);
            long v = pending[tab][b] > 0 ? Long.MAX_VALUE : time[tab][b];
            t = Math.min(t, v);
        }
        return t;
    }

    /** The latest last-write time of the blocks that {@code [addr, addr + size)} touches. */
    public long lastWritten(long addr, int size) {
        long t = lastWritten(addr);
        if (((addr + size - 1) >>> blockShift) != (addr >>> blockShift)) {
            t = Math.max(t, lastWritten(addr + size - 1));
        }
        return t;
    }

    /** A commit write of {@code [addr, addr + size)} landed at {@code now}. */
    public void stamp(long addr, int size, long now) {
        for (long block = addr >>> blockShift; block <= (addr + size - 1) >>> blockShift; block++) {
            for (int i = 0; i < subArrays; i++) {
                int b = hashes[i].index(block, buckets);
                int tab = table(block, i);
                time[tab][b] = Math.max(time[tab][b], now);
            }
        }
    }

    /** Marks ({@code on}) or unmarks the blocks of a pending write (no-op without the fix). */
    public void pending(long addr, int size, boolean on, long now) {
        if (!fix) {
            return;
        }
        for (long block = addr >>> blockShift; block <= (addr + size - 1) >>> blockShift; block++) {
            for (int i = 0; i < subArrays; i++) {
                int b = hashes[i].index(block, buckets);
                int tab = table(block, i);
                if (on) {
                    pending[tab][b]++;
                } else {
                    if (pending[tab][b] <= 0) {
                        throw new IllegalStateException("temporal conflict detection: unbalanced pending mark");
                    }
                    pending[tab][b]--;
                    time[tab][b] = Math.max(time[tab][b], now);
                }
            }
        }
    }

    /** Partitions covered. */
    public int partitions() {
        return partitions;
    }
}
