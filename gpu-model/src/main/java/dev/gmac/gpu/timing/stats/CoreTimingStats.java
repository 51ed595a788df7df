package dev.gmac.gpu.timing.stats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Timing statistics of one SIMT core for one kernel (immutable): instructions, the issue-slot breakdown,
 * memory-pipeline stalls and cache behaviour.
 */
public final class CoreTimingStats {
    private final int core;
    private final int warpSize;
    private final long[] slots;
    private final long[] memoryStalls;
    private final long warpInstructions;
    private final long threadInstructions;
    private final long ctas;
    private final long l1Accesses;
    private final long l1Hits;
    private final long l1Misses;
    private final long l1MshrMerges;
    private final long constAccesses;
    private final long constHits;
    private final long sharedAccesses;
    private final long sharedPasses;
    private final long globalSegments;
    private final long atomicLanes;
    private final long logLines;
    private final long threadCycles;
    private final long barrierThreadCycles;
    private final long atomicThreadCycles;

    private CoreTimingStats(int core, int warpSize, CoreCounters c) {
        this.core = core;
        this.warpSize = warpSize;
        this.slots = c.slots.clone();
        this.memoryStalls = c.memoryStalls.clone();
        this.warpInstructions = c.warpInstructions;
        this.threadInstructions = c.threadInstructions;
        this.ctas = c.ctas;
        this.l1Accesses = c.l1Accesses;
        this.l1Hits = c.l1Hits;
        this.l1Misses = c.l1Misses;
        this.l1MshrMerges = c.l1MshrMerges;
        this.constAccesses = c.constAccesses;
        this.constHits = c.constHits;
        this.sharedAccesses = c.sharedAccesses;
        this.sharedPasses = c.sharedPasses;
        this.globalSegments = c.globalSegments;
        this.atomicLanes = c.atomicLanes;
        this.logLines = c.logLines;
        this.threadCycles = c.threadCycles;
        this.barrierThreadCycles = c.barrierThreadCycles;
        this.atomicThreadCycles = c.atomicThreadCycles;
    }

    /** Lines the transaction log unit read back through the L1 at commit. */
    public long logLines() {
        return logLines;
    }

    /** Thread-cycles of resident threads (valid lanes from CTA launch to warp exit). */
    public long threadCycles() {
        return threadCycles;
    }

    /** Thread-cycles of lanes waiting at a CTA barrier (thread state BA). */
    public long barrierThreadCycles() {
        return barrierThreadCycles;
    }

    /** Thread-cycles of lanes waiting for an atomic's result (thread state AT). */
    public long atomicThreadCycles() {
        return atomicThreadCycles;
    }

    /** A snapshot of {@code counters} of core {@code core}. */
    public static CoreTimingStats of(int core, int warpSize, CoreCounters counters) {
        return new CoreTimingStats(core, warpSize, counters);
    }

    public int core() {
        return core;
    }

    public long warpInstructions() {
        return warpInstructions;
    }

    public long threadInstructions() {
        return threadInstructions;
    }

    public long ctas() {
        return ctas;
    }

    /** Issue slots in {@link IssueSlot} bucket {@code index}. */
    public long slots(int index) {
        return slots[index];
    }

    /** Total issue slots (cycles times schedulers). */
    public long totalSlots() {
        long t = 0;
        for (long s : slots) {
            t += s;
        }
        return t;
    }

    /** Extra load/store-unit cycles for {@code reason}. */
    public long memoryStall(MemoryStall reason) {
        return memoryStalls[reason.ordinal()];
    }

    public long l1Accesses() {
        return l1Accesses;
    }

    public long l1Hits() {
        return l1Hits;
    }

    public long l1Misses() {
        return l1Misses;
    }

    public long l1MshrMerges() {
        return l1MshrMerges;
    }

    public long constAccesses() {
        return constAccesses;
    }

    public long constHits() {
        return constHits;
    }

    public long sharedAccesses() {
        return sharedAccesses;
    }

    public long sharedPasses() {
        return sharedPasses;
    }

    public long globalSegments() {
        return globalSegments;
    }

    public long atomicLanes() {
        return atomicLanes;
    }

    /** Ordered map for JSON output. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("core", core);
        m.put("ctas", ctas);
        m.put("warpInstructions", warpInstructions);
        m.put("threadInstructions", threadInstructions);
        m.put("issueSlots", slotMap(slots, warpSize));
        m.put("memoryStalls", stallMap(memoryStalls));
        Map<String, Object> l1 = new LinkedHashMap<>();
        l1.put("accesses", l1Accesses);
        l1.put("hits", l1Hits);
        l1.put("misses", l1Misses);
        l1.put("mshrMerges", l1MshrMerges);
        l1.put("hitRate", ratio(l1Hits, l1Accesses));
        m.put("l1", l1);
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("accesses", constAccesses);
        k.put("hits", constHits);
        m.put("constantCache", k);
        Map<String, Object> sh = new LinkedHashMap<>();
        sh.put("accesses", sharedAccesses);
        sh.put("passes", sharedPasses);
        m.put("sharedMemory", sh);
        m.put("globalSegments", globalSegments);
        m.put("atomicLanes", atomicLanes);
        return m;
    }

    static Map<String, Object> slotMap(long[] slots, int warpSize) {
        Map<String, Object> m = new LinkedHashMap<>();
        String[] labels = IssueSlot.labelsInThesisOrder(warpSize);
        int[] idx = IssueSlot.indicesInThesisOrder();
        for (int i = 0; i < labels.length; i++) {
            m.put(labels[i], slots[idx[i]]);
        }
        return m;
    }

    static Map<String, Object> stallMap(long[] stalls) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (MemoryStall s : MemoryStall.values()) {
            m.put(s.key(), stalls[s.ordinal()]);
        }
        return m;
    }

    static double ratio(long a, long b) {
        return b == 0 ? 0.0 : (double) a / b;
    }
}
