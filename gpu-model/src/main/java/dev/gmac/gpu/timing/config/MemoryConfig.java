package dev.gmac.gpu.timing.config;

/**
 * The memory partitions: address interleaving, the line size shared by the coalescer and the caches, and each
 * partition's L2 slice and atomic unit (Fung thesis §2.3.3, Tables 3.2, 4.4, 6.1).
 *
 * @param partitions      memory partitions, each with an L2 slice, an atomic unit and a DRAM channel
 * @param interleaveBytes consecutive bytes mapped to one partition before moving to the next
 * @param lineBytes       coalescing segment and cache line size of L1, L2 and the constant cache
 * @param l2              the L2 slice of one partition (its line size equals {@code lineBytes})
 * @param l2HitLatency    unloaded round trip of an L2 hit in core cycles, from the load/store unit sending the
 *                        request to the data arriving back (the thesis's minimum L2 latency)
 * @param atomicCycles    L2 cycles the atomic unit spends per lane operation
 */
public record MemoryConfig(
        int partitions, int interleaveBytes, int lineBytes, CacheGeometry l2, int l2HitLatency, int atomicCycles) {}
