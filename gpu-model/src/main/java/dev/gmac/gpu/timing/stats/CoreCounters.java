package dev.gmac.gpu.timing.stats;

import java.util.Arrays;

/**
 * Mutable event counts of one SIMT core during one kernel. Written only by the simulation thread; read through
 * {@link CoreTimingStats#of} once the kernel has finished.
 */
public final class CoreCounters {
    /** Issue slots per {@link IssueSlot} bucket. */
    public final long[] slots = new long[IssueSlot.COUNT];
    /** Extra load/store-unit cycles per {@link MemoryStall} ordinal. */
    public final long[] memoryStalls = new long[MemoryStall.values().length];

    public long warpInstructions;
    public long threadInstructions;
    public long ctas;
    public long l1Accesses;
    public long l1Hits;
    public long l1Misses;
    public long l1MshrMerges;
    public long constAccesses;
    public long constHits;
    public long sharedAccesses;
    public long sharedPasses;
    public long globalSegments;
    public long atomicLanes;
    /** Lines the transaction log unit read back through the L1 at commit (Fung thesis §4.2.4). */
    public long logLines;
    /** Thread-cycles of resident threads (each warp's valid lanes from its CTA's launch to the warp's exit). */
    public long threadCycles;
    /** Thread-cycles of lanes waiting at a CTA barrier. */
    public long barrierThreadCycles;
    /** Thread-cycles of lanes waiting for an atomic's result. */
    public long atomicThreadCycles;

    /** Wavefronts that yielded on this core, and yielded wavefronts restarted on it (Orr et al., ISCA 2014, §6). */
    public long yields;

    public long restarts;

    /** Zeroes every count. */
    public void reset() {
        Arrays.fill(slots, 0);
        Arrays.fill(memoryStalls, 0);
        warpInstructions = 0;
        threadInstructions = 0;
        ctas = 0;
        yields = 0;
        restarts = 0;
        l1Accesses = 0;
        l1Hits = 0;
        l1Misses = 0;
        l1MshrMerges = 0;
        constAccesses = 0;
        constHits = 0;
        sharedAccesses = 0;
        sharedPasses = 0;
        globalSegments = 0;
        atomicLanes = 0;
        logLines = 0;
        threadCycles = 0;
        barrierThreadCycles = 0;
        atomicThreadCycles = 0;
    }
}
