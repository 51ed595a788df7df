/**
 * JMH benchmarks of the ADSM runtime's host side (ADSM paper §4.3): the accessor fast path against a plain
 * direct {@link java.nio.ByteBuffer} ({@link dev.gmac.samples.bench.coherence.SequentialAccessBenchmark}),
 * bulk copies ({@link dev.gmac.samples.bench.coherence.BulkCopyBenchmark}), the cost of one fault per
 * protocol ({@link dev.gmac.samples.bench.coherence.FaultCostBenchmark}) and of one block transfer ({@link
 * dev.gmac.samples.bench.coherence.BlockTransferBenchmark}).
 *
 * <p>Run: {@code ./gmac bench coherence --warmup 1 --iterations 3 --time 2}. Figures go to
 * docs/performance.md.
 */
package dev.gmac.samples.bench.coherence;
