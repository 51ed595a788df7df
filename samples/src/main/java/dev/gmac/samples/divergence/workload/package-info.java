/**
 * The divergence study's workloads: our own CUDA kernels ({@code samples/src/main/cuda/div_*.cu}, PTX committed)
 * shaped like the benchmarks of Fung thesis Table 3.1, each with generated inputs and a bit-exact Java reference.
 * Must not depend on the study's runner or reports.
 */
package dev.gmac.samples.divergence.workload;
