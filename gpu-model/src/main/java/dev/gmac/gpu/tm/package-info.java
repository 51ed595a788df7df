/**
 * The transactional-memory models with lazy version management of the Fung thesis (Ch4-6), behind the engine's TM
 * seam ({@code dev.gmac.gpu.exec.TmModel}, registered in {@code TmModels}): Ideal TM ({@link dev.gmac.gpu.tm.IdealTm},
 * §4.1), Kilo TM and its Ch6 refinements WarpTM and temporal conflict detection ({@link dev.gmac.gpu.tm.KiloTm},
 * §4.2, §6.2-6.4) on their common base {@link dev.gmac.gpu.tm.LazyTm}: per-lane read and write logs, value-based
 * validation, the watchdog of doomed transactions, intra-warp conflict resolution, the last-written tables of TCD,
 * the parameters every preset sets ({@link dev.gmac.gpu.tm.TmParams}, {@code tm.*} keys), the counters of Tables
 * 4.3 and 6.4, and the correctness harness of Ch5 ({@link dev.gmac.gpu.tm.TxJournal}, {@link
 * dev.gmac.gpu.tm.SerialReplay}).
 *
 * <p>Functional on its own; under the timing model a model hands committing warps to a {@link
 * dev.gmac.gpu.tm.CommitBackend} (the hardware in {@code dev.gmac.gpu.timing.tm}). Must not touch the interpreter,
 * the divergence models or the timing model's cores: it sees the engine only through {@code TmModel}, {@code
 * TxScope} and {@code MemoryPort}. GPU-LocalTM, the eager model for shared memory, is the subpackage {@code local}.
 */
package dev.gmac.gpu.tm;
