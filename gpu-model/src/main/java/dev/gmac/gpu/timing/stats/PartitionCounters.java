package dev.gmac.gpu.timing.stats;

/**
 * Mutable event counts of one memory partition (L2 slice, atomic unit, DRAM channel, crossbar ports) during one
 * kernel. Written only by the simulation thread.
 */
public final class PartitionCounters {
    public long l2Reads;
    public long l2Writes;
    public long l2Atomics;
    public long l2Hits;
    public long l2Misses;
    public long l2MshrMerges;
    public long l2Writebacks;
    public long atomicOps;
    public long dramReads;
    public long dramWrites;
    public long dramBytes;
    public long dramRowHits;
    public long dramRowMisses;
    public long dramBusyTicks;
    public long requestFlits;
    public long replyFlits;
    /** Flits of both directions by {@link FlitClass} ordinal. */
    public final long[] flits = new long[FlitClass.values().length];
    /** L2 reads the commit units issued for validation, and those that hit (or merged with a pending miss). */
    public long validationReads;

    public long validationHits;
    /** L2 writes the commit units issued to publish write-sets. */
    public long commitWrites;

    /** Zeroes every count. */
    public void reset() {
        l2Reads = 0;
        l2Writes = 0;
        l2Atomics = 0;
        l2Hits = 0;
        l2Misses = 0;
        l2MshrMerges = 0;
        l2Writebacks = 0;
        atomicOps = 0;
        dramReads = 0;
        dramWrites = 0;
        dramBytes = 0;
        dramRowHits = 0;
        dramRowMisses = 0;
        dramBusyTicks = 0;
        requestFlits = 0;
        replyFlits = 0;
        java.util.Arrays.fill(flits, 0);
        validationReads = 0;
        validationHits = 0;
        commitWrites = 0;
    }
}
