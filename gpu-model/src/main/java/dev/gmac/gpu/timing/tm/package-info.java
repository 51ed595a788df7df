/**
 * Kilo TM's hardware under the timing model (Fung thesis §4.2.4-4.2.6 and §6.2-6.4): per core the transaction log
 * unit and the concurrency control in transactional warps ({@link dev.gmac.gpu.timing.tm.TmHardware}); per memory
 * partition a commit unit with its own clock, the ring of commit IDs, bounded read and write buffers, speculative
 * validation, hazard detection through the last writer history and in-order finalize ({@code
 * CommitUnit}, {@link dev.gmac.gpu.timing.tm.LastWriterHistory}); the messages between them
 * on the interconnect by flit class ({@code TxMessage}) and what they counted ({@link
 * dev.gmac.gpu.timing.tm.TmTimingStats}: thread states, flits, ring occupancy, validation L2 hits).
 *
 * <p>Serves the functional TM models of {@code dev.gmac.gpu.tm} as their {@code CommitBackend} and runs as agents
 * of the timing loop; must not change what a transaction reads or commits (the functional model decides that) and
 * must not touch the cores' pipelines beyond the agent interface and the memory system's requests.
 */
package dev.gmac.gpu.timing.tm;
