/**
 * JMH benchmarks of the software GPU: {@link dev.gmac.samples.bench.gpu.FunctionalSimBench} reports the functional
 * model's speed in thread instructions per second on SAXPY and on the tiled matrix multiply (issue 3,
 * "Performance"); {@link dev.gmac.samples.bench.gpu.TimingSimBench} reports the same figure with the cycle-level
 * timing model on, for the tiled matrix multiply under the {@code gtx480} preset (issue 7, "Performance").
 *
 * <p>Owns benchmark code only; must not be used by the library modules.
 */
package dev.gmac.samples.bench.gpu;
