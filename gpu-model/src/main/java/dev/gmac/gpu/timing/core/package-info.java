/**
 * SIMT cores (Fung thesis §2.3.3, Figure 2.2): CTA dispatch limited by threads, registers, shared memory and
 * CTA slots; per-warp instruction buffers and scoreboards; warp schedulers (loose round-robin and
 * greedy-then-oldest) behind {@link dev.gmac.gpu.timing.core.WarpScheduler}, and thread block prioritization (Fung
 * thesis §3.6.2: one CTA order per core, shared by its schedulers); ALU and SFU pipelines whose
 * occupancy follows the SIMD width; the load/store unit; CTA barriers.
 */
package dev.gmac.gpu.timing.core;
