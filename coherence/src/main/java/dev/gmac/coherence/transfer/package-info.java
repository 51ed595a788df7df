/**
 * The transfer engine: moves real bytes between off-heap host copies and accelerator memory, and counts
 * every transfer (bytes and transfers per direction, faults, eager evictions, implicit syncs) with a cost
 * model of the interconnect (setup latency plus bytes over bandwidth, per direction) beside the measured
 * real time. ADSM paper (Gelado et al., ASPLOS 2010) §4.3 and §5.
 *
 * <p>Counters are {@link java.util.concurrent.atomic.LongAdder}s: transfers are counted from host threads,
 * the DMA engine thread and the accelerator thread at once, and only read for reports, so contention-free
 * increments matter more than exact snapshots. A {@link dev.gmac.coherence.transfer.TransferSnapshot} taken
 * while transfers are in flight may therefore count a transfer's bytes but not yet its time; a snapshot
 * taken at a quiescent point (after a sync) is exact.
 *
 * <p>It also owns the modelled end-to-end time of an execution context ({@link
 * dev.gmac.coherence.transfer.ExecutionTimeline}, §5's execution time) and the per-thread wall clock of the
 * runtime's own bookkeeping that the timeline leaves out of host compute ({@link
 * dev.gmac.coherence.transfer.RuntimeWork}, decision 0117); the timeline's events ({@link
 * dev.gmac.coherence.transfer.TimelineTrace}) and their replay with the host work of another run of the same program
 * ({@link dev.gmac.coherence.transfer.HostWorkBaseline}, decision 0122).
 */
package dev.gmac.coherence.transfer;
