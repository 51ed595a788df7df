/**
 * JMH benchmarks of the software GPU's functional model (issue 3, "Performance"): {@link
 * dev.gmac.samples.bench.gpu.FunctionalSimBench} reports simulation speed in thread instructions per second on
 * SAXPY and on the tiled matrix multiply.
 */
package dev.gmac.samples.bench.gpu;
