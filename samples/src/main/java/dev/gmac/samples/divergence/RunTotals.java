package dev.gmac.samples.divergence;

import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.stats.MemoryStall;
import dev.gmac.gpu.timing.stats.PartitionTimingStats;

/**
 * The statistics of every launch of one workload run, summed: the functional counts (warp and thread
 * instructions, divergent branches, the deepest SIMT state) and, for timed runs, the timing model's (core cycles,
 * the issue-slot breakdown, memory-pipeline stall reasons, L2 accesses). Not thread-safe: a run is confined to one
 * thread.
 */
public final class RunTotals {
    private int launches;
    private long warpInstructions;
    private long threadInstructions;
    private long divergentBranches;
    private int maxStackDepth;
    private boolean timed;
    private long cycles;
    private long timedWarpInstructions;
    private long timedThreadInstructions;
    private int warpSize = 32;
    private final long[] slots = new long[IssueSlot.COUNT];
    private final long[] stalls = new long[MemoryStall.values().length];
    private long l2Accesses;
    private long dramBytes;

    /** Adds one functional launch. */
    void add(LaunchStats s) {
        launches++;
        warpInstructions += s.warpInstructions();
        threadInstructions += s.threadInstructions();
        divergentBranches += s.divergentBranches();
        maxStackDepth = Math.max(maxStackDepth, s.maxStackDepth());
        warpSize = s.warpSize();
    }

    /** Adds the timing of the launch just added. */
    void add(KernelTimingStats t) {
        timed = true;
        cycles += t.cycles();
        timedWarpInstructions += t.warpInstructions();
        timedThreadInstructions += t.threadInstructions();
        for (int i = 0; i < slots.length; i++) {
            slots[i] += t.slots(i);
        }
        for (MemoryStall m : MemoryStall.values()) {
            stalls[m.ordinal()] += t.memoryStall(m);
        }
        for (PartitionTimingStats p : t.partitions()) {
            l2Accesses += p.l2Accesses();
        }
        dramBytes += t.dramBytes();
    }

    public int launches() {
        return launches;
    }

    public long warpInstructions() {
        return warpInstructions;
    }

    public long threadInstructions() {
        return threadInstructions;
    }

    public long divergentBranches() {
        return divergentBranches;
    }

    /** The deepest SIMT state of any CTA (stack entries; dynamic warps for DWF). */
    public int maxStackDepth() {
        return maxStackDepth;
    }

    public boolean timed() {
        return timed;
    }

    /** Core cycles of all launches (the GPU runs them one after another). */
    public long cycles() {
        return cycles;
    }

    /** Average active lanes per issued warp instruction over the warp width (timed instructions when timed). */
    public double simdEfficiency() {
        long w = timed ? timedWarpInstructions : warpInstructions;
        long t = timed ? timedThreadInstructions : threadInstructions;
        return w == 0 ? 0.0 : (double) t / ((double) w * warpSize);
    }

    /** Thread instructions per core cycle. */
    public double ipc() {
        return cycles == 0 ? 0.0 : (double) timedThreadInstructions / cycles;
    }

    /** Scheduler issue slots in {@link IssueSlot} bucket {@code index}. */
    public long slots(int index) {
        return slots[index];
    }

    /** Extra memory-pipeline cycles for {@code reason}. */
    public long stall(MemoryStall reason) {
        return stalls[reason.ordinal()];
    }

    /** Every memory-pipeline stall cycle. */
    public long memoryStalls() {
        long s = 0;
        for (long v : stalls) {
            s += v;
        }
        return s;
    }

    /** Accesses the L2 slices served (the traffic between the cores and the memory partitions). */
    public long l2Accesses() {
        return l2Accesses;
    }

    public long dramBytes() {
        return dramBytes;
    }

    public int warpSize() {
        return warpSize;
    }
}
