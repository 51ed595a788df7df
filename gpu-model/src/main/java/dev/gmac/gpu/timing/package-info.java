/**
 * The cycle-level timing model of the software GPU (issue 7), and its seam with the functional model.
 *
 * <p>The functional model ({@code dev.gmac.gpu.exec}) computes what instructions do; this package decides when
 * each warp instruction issues and how long it and its memory accesses take (execute-at-issue, as in
 * GPGPU-Sim's split between functional and performance simulation). The seam is narrow: {@link
 * dev.gmac.gpu.timing.WarpExecutor} (decode, execute, CTA start and finish, wake-ups) and the one issue record
 * both models share ({@link dev.gmac.gpu.exec.IssueRecord}); {@link dev.gmac.gpu.timing.TimingSimulator} drives it,
 * with {@link dev.gmac.gpu.timing.Agent}s in the loop (the CTA launch unit, control processors, TM units) that act
 * on the GPU through {@link dev.gmac.gpu.timing.GpuControl}.
 *
 * <p>Sub-packages own the concepts: {@code config} (presets as data), {@code core} (SIMT cores: CTA dispatch,
 * instruction buffers, scoreboards, warp schedulers, pipelines, load/store unit, barriers), {@code mem}
 * (coalescer, shared-memory banks, caches and MSHRs, crossbars, memory partitions with L2 slices, atomic units
 * and DRAM channels), {@code stats} (counters and statistics), {@code event} (simulated time) and {@code
 * functional} (the bridge to the PTX functional engine, the only part that depends on it).
 *
 * <p>Terms: a <i>segment</i> is a line-aligned chunk a warp's accesses are coalesced into; a <i>tick</i> is
 * 1/4096 of a core cycle, the unit of the memory system's clock domains; <i>MSHR</i> is a miss status holding
 * register; <i>FR-FCFS</i> is first-ready first-come-first-served DRAM scheduling; <i>GTO</i> and <i>LRR</i> are
 * the greedy-then-oldest and loose round-robin warp schedulers.
 *
 * <p>Doctrine: single-threaded and deterministic; no randomness anywhere, so a run depends only on the
 * configuration and the functional model's answers. The hot path (issue, coalescing, memory events) allocates
 * nothing in the steady state: records, requests and trackers are pooled and reused.
 */
package dev.gmac.gpu.timing;
