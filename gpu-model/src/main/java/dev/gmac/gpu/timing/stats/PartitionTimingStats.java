package dev.gmac.gpu.timing.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/** Timing statistics of one memory partition for one kernel (immutable): L2 slice, atomic unit, DRAM channel. */
public final class PartitionTimingStats {
    private final int partition;
    private final long l2Reads;
    private final long l2Writes;
    private final long l2Atomics;
    private final long l2Hits;
    private final long l2Misses;
    private final long l2MshrMerges;
    private final long l2Writebacks;
    private final long atomicOps;
    private final long dramReads;
    private final long dramWrites;
    private final long dramBytes;
    private final long dramRowHits;
    private final long dramRowMisses;
    private final long dramBusyTicks;
    private final long requestFlits;
    private final long replyFlits;
    private final long[] flits;
    private final long validationReads;
    private final long validationHits;
    private final long commitWrites;

    private PartitionTimingStats(int partition, PartitionCounters c) {
        this.partition = partition;
        this.l2Reads = c.l2Reads;
        this.l2Writes = c.l2Writes;
        this.l2Atomics = c.l2Atomics;
        this.l2Hits = c.l2Hits;
        this.l2Misses = c.l2Misses;
        this.l2MshrMerges = c.l2MshrMerges;
        this.l2Writebacks = c.l2Writebacks;
        this.atomicOps = c.atomicOps;
        this.dramReads = c.dramReads;
        this.dramWrites = c.dramWrites;
        this.dramBytes = c.dramBytes;
        this.dramRowHits = c.dramRowHits;
        this.dramRowMisses = c.dramRowMisses;
        this.dramBusyTicks = c.dramBusyTicks;
        this.requestFlits = c.requestFlits;
        this.replyFlits = c.replyFlits;
        this.flits = c.flits.clone();
        this.validationReads = c.validationReads;
        this.validationHits = c.validationHits;
        this.commitWrites = c.commitWrites;
    }

    /** A snapshot of {@code counters} of partition {@code partition}. */
    public static PartitionTimingStats of(int partition, PartitionCounters counters) {
        return new PartitionTimingStats(partition, counters);
    }

    public int partition() {
        return partition;
    }

    /** L2 accesses of every kind. */
    public long l2Accesses() {
        return l2Reads + l2Writes + l2Atomics;
    }

    public long l2Reads() {
        return l2Reads;
    }

    public long l2Writes() {
        return l2Writes;
    }

    public long l2Atomics() {
        return l2Atomics;
    }

    public long l2Hits() {
        return l2Hits;
    }

    public long l2Misses() {
        return l2Misses;
    }

    public long l2MshrMerges() {
        return l2MshrMerges;
    }

    public long l2Writebacks() {
        return l2Writebacks;
    }

    public long atomicOps() {
        return atomicOps;
    }

    public long dramReads() {
        return dramReads;
    }

    public long dramWrites() {
        return dramWrites;
    }

    public long dramBytes() {
        return dramBytes;
    }

    public long dramRowHits() {
        return dramRowHits;
    }

    public long dramRowMisses() {
        return dramRowMisses;
    }

    /** Ticks the DRAM data bus carried data. */
    public long dramBusyTicks() {
        return dramBusyTicks;
    }

    public long requestFlits() {
        return requestFlits;
    }

    public long replyFlits() {
        return replyFlits;
    }

    /** Flits of class {@code c}, both directions. */
    public long flits(FlitClass c) {
        return flits[c.ordinal()];
    }

    /** L2 reads issued by this partition's commit unit to validate read-sets (Fung thesis §4.2.5). */
    public long validationReads() {
        return validationReads;
    }

    /** Of {@link #validationReads()}, those that hit in L2 (or merged with a pending miss). */
    public long validationHits() {
        return validationHits;
    }

    /** L2 writes issued by this partition's commit unit to publish write-sets. */
    public long commitWrites() {
        return commitWrites;
    }

    /** Ordered map for JSON output. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("partition", partition);
        Map<String, Object> l2 = new LinkedHashMap<>();
        l2.put("reads", l2Reads);
        l2.put("writes", l2Writes);
        l2.put("atomics", l2Atomics);
        l2.put("hits", l2Hits);
        l2.put("misses", l2Misses);
        l2.put("mshrMerges", l2MshrMerges);
        l2.put("writebacks", l2Writebacks);
        l2.put("hitRate", CoreTimingStats.ratio(l2Hits, l2Accesses()));
        m.put("l2", l2);
        m.put("atomicOps", atomicOps);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("reads", dramReads);
        d.put("writes", dramWrites);
        d.put("bytes", dramBytes);
        d.put("rowHits", dramRowHits);
        d.put("rowMisses", dramRowMisses);
        d.put("rowHitRate", CoreTimingStats.ratio(dramRowHits, dramRowHits + dramRowMisses));
        m.put("dram", d);
        Map<String, Object> n = new LinkedHashMap<>();
        n.put("requestFlits", requestFlits);
        n.put("replyFlits", replyFlits);
        Map<String, Object> byClass = new LinkedHashMap<>();
        for (FlitClass fc : FlitClass.values()) {
            byClass.put(fc.label(), flits[fc.ordinal()]);
        }
        n.put("flitsByClass", byClass);
        m.put("interconnect", n);
        if (validationReads + commitWrites > 0) {
            Map<String, Object> cu = new LinkedHashMap<>();
            cu.put("validationReads", validationReads);
            cu.put("validationHits", validationHits);
            cu.put("commitWrites", commitWrites);
            m.put("commitUnit", cu);
        }
        return m;
    }
}
