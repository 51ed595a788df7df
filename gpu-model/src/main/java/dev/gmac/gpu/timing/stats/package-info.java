/**
 * Timing statistics: mutable per-kernel counters written by the simulation and immutable per-kernel, per-core
 * and per-partition snapshots with ordered {@code toMap()} views for JSON (cycles, IPC, SIMD efficiency, the
 * thesis's issue-slot breakdown, memory-pipeline stall reasons, L1/L2 hit rates, DRAM bandwidth use).
 */
package dev.gmac.gpu.timing.stats;
