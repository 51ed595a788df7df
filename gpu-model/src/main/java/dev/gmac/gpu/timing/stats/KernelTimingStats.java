package dev.gmac.gpu.timing.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Timing statistics of one kernel launch (immutable), whole-GPU and per core and per partition: cycles, IPC
 * (thread instructions per core cycle, the thesis's convention: the FX5800 configuration peaks at 240), SIMD
 * efficiency, the issue-slot breakdown, memory-pipeline stall reasons, L1/L2 hit rates and DRAM bandwidth use
 * (Fung thesis §3.6.1 and §8.1's statistics list).
 */
public final class KernelTimingStats {
    private final String kernel;
    private final String preset;
    private final int warpSize;
    private final long startCycle;
    private final long cycles;
    private final int ctasPerCore;
    private final String occupancyLimit;
    private final double coreMhz;
    private final double peakDramBytesPerCycle;
    private final List<CoreTimingStats> cores;
    private final List<PartitionTimingStats> partitions;
    private final Map<String, Long> agentCycles;

    /**
     * @param kernel                kernel name
     * @param preset                configuration name
     * @param warpSize              lanes per warp
     * @param startCycle            global cycle at which the kernel started
     * @param cycles                core cycles from start until the last warp exited and every store reached L2
     * @param ctasPerCore           occupancy
     * @param occupancyLimit        the resource that limited occupancy
     * @param coreMhz               core clock, for bandwidth in bytes per second
     * @param peakDramBytesPerCycle peak DRAM bandwidth of the GPU in bytes per core cycle
     * @param cores                 per-core statistics
     * @param partitions            per-partition statistics
     * @param agentCycles           core cycles of work charged to each agent of the run (CTA dispatcher, control
     *                              processors, TM units), by agent name
     */
    public KernelTimingStats(
            String kernel,
            String preset,
            int warpSize,
            long startCycle,
            long cycles,
            int ctasPerCore,
            String occupancyLimit,
            double coreMhz,
            double peakDramBytesPerCycle,
            List<CoreTimingStats> cores,
            List<PartitionTimingStats> partitions,
            Map<String, Long> agentCycles) {
        this.kernel = kernel;
        this.preset = preset;
        this.warpSize = warpSize;
        this.startCycle = startCycle;
        this.cycles = cycles;
        this.ctasPerCore = ctasPerCore;
        this.occupancyLimit = occupancyLimit;
        this.coreMhz = coreMhz;
        this.peakDramBytesPerCycle = peakDramBytesPerCycle;
        this.cores = List.copyOf(cores);
        this.partitions = List.copyOf(partitions);
        this.agentCycles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(agentCycles));
    }

    /** Core cycles of work charged to each agent of the run, by name. */
    public Map<String, Long> agentCycles() {
        return agentCycles;
    }

    public String kernel() {
        return kernel;
    }

    public String preset() {
        return preset;
    }

    public long startCycle() {
        return startCycle;
    }

    /** Core cycles the kernel took. */
    public long cycles() {
        return cycles;
    }

    public int ctasPerCore() {
        return ctasPerCore;
    }

    public String occupancyLimit() {
        return occupancyLimit;
    }

    public List<CoreTimingStats> cores() {
        return cores;
    }

    public List<PartitionTimingStats> partitions() {
        return partitions;
    }

    public long warpInstructions() {
        return cores.stream().mapToLong(CoreTimingStats::warpInstructions).sum();
    }

    public long threadInstructions() {
        return cores.stream().mapToLong(CoreTimingStats::threadInstructions).sum();
    }

    /** Thread instructions per core cycle, over the whole GPU. */
    public double ipc() {
        return cycles == 0 ? 0.0 : (double) threadInstructions() / cycles;
    }

    /** Warp instructions per core cycle, over the whole GPU. */
    public double warpIpc() {
        return cycles == 0 ? 0.0 : (double) warpInstructions() / cycles;
    }

    /** Average active lanes per issued warp instruction, divided by the warp size. */
    public double simdEfficiency() {
        long w = warpInstructions();
        return w == 0 ? 0.0 : (double) threadInstructions() / ((double) w * warpSize);
    }

    /** Issue slots of every core in {@link IssueSlot} bucket {@code index}. */
    public long slots(int index) {
        return cores.stream().mapToLong(c -> c.slots(index)).sum();
    }

    /** Extra load/store-unit cycles of every core for {@code reason}. */
    public long memoryStall(MemoryStall reason) {
        return cores.stream().mapToLong(c -> c.memoryStall(reason)).sum();
    }

    public double l1HitRate() {
        return CoreTimingStats.ratio(
                cores.stream().mapToLong(CoreTimingStats::l1Hits).sum(),
                cores.stream().mapToLong(CoreTimingStats::l1Accesses).sum());
    }

    public double l2HitRate() {
        return CoreTimingStats.ratio(
                partitions.stream().mapToLong(PartitionTimingStats::l2Hits).sum(),
                partitions.stream().mapToLong(PartitionTimingStats::l2Accesses).sum());
    }

    /** Bytes moved by every DRAM channel (reads and writes). */
    public long dramBytes() {
        return partitions.stream().mapToLong(PartitionTimingStats::dramBytes).sum();
    }

    /** Achieved DRAM bandwidth in bytes per core cycle. */
    public double dramBytesPerCycle() {
        return cycles == 0 ? 0.0 : (double) dramBytes() / cycles;
    }

    /** Achieved DRAM bandwidth in GB/s (10^9 bytes per second). */
    public double dramGigabytesPerSecond() {
        return dramBytesPerCycle() * coreMhz * 1e6 / 1e9;
    }

    /** Achieved over peak DRAM bandwidth. */
    public double dramUtilisation() {
        return peakDramBytesPerCycle == 0 ? 0.0 : dramBytesPerCycle() / peakDramBytesPerCycle;
    }

    public double dramRowHitRate() {
        long hits =
                partitions.stream().mapToLong(PartitionTimingStats::dramRowHits).sum();
        long misses = partitions.stream()
                .mapToLong(PartitionTimingStats::dramRowMisses)
                .sum();
        return CoreTimingStats.ratio(hits, hits + misses);
    }

    /**
     * Ordered map for JSON output: {@code kernel, preset, cycles, ipc, simdEfficiency, ...}, then {@code
     * issueSlots}, {@code memoryStalls}, {@code l1}, {@code l2}, {@code dram}, {@code perCore} and {@code
     * perPartition}.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernel);
        m.put("preset", preset);
        m.put("cycles", cycles);
        m.put("ipc", ipc());
        m.put("simdEfficiency", simdEfficiency());
        m.put("warpIpc", warpIpc());
        m.put("warpInstructions", warpInstructions());
        m.put("threadInstructions", threadInstructions());
        m.put("startCycle", startCycle);
        m.put("warpSize", warpSize);
        Map<String, Object> occ = new LinkedHashMap<>();
        occ.put("ctasPerCore", ctasPerCore);
        occ.put("limitedBy", occupancyLimit);
        m.put("occupancy", occ);
        m.put("agentCycles", agentCycles);
        long[] slots = new long[IssueSlot.COUNT];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = slots(i);
        }
        m.put("issueSlots", CoreTimingStats.slotMap(slots, warpSize));
        long[] stalls = new long[MemoryStall.values().length];
        for (MemoryStall s : MemoryStall.values()) {
            stalls[s.ordinal()] = memoryStall(s);
        }
        m.put("memoryStalls", CoreTimingStats.stallMap(stalls));
        Map<String, Object> l1 = new LinkedHashMap<>();
        l1.put("accesses", cores.stream().mapToLong(CoreTimingStats::l1Accesses).sum());
        l1.put("hitRate", l1HitRate());
        m.put("l1", l1);
        Map<String, Object> l2 = new LinkedHashMap<>();
        l2.put(
                "accesses",
                partitions.stream().mapToLong(PartitionTimingStats::l2Accesses).sum());
        l2.put("hitRate", l2HitRate());
        m.put("l2", l2);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("bytes", dramBytes());
        d.put("gigabytesPerSecond", dramGigabytesPerSecond());
        d.put("utilisation", dramUtilisation());
        d.put("rowHitRate", dramRowHitRate());
        m.put("dram", d);
        List<Object> pc = new ArrayList<>();
        for (CoreTimingStats c : cores) {
            pc.add(c.toMap());
        }
        m.put("perCore", pc);
        List<Object> pp = new ArrayList<>();
        for (PartitionTimingStats p : partitions) {
            pp.add(p.toMap());
        }
        m.put("perPartition", pp);
        return m;
    }
}
