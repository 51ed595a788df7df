/**
 * The study's workloads, each modelled on one of the ADSM paper's benchmarks (Table 2: Parboil's cp, mri-fhd,
 * mri-q, pns, rpes, sad, tpacf; §5.1's 3D stencil; §5.2's vector addition). Every workload class holds its
 * input sizes per {@link dev.gmac.samples.study.Scale}, the ADSM host program, the explicit-copy baseline and
 * the Java reference; the kernels are ours, in {@code samples/src/main/cuda/study_*.cu}.
 *
 * <p>Host programs touch shared objects the way the paper describes the originals doing it (initialising inputs
 * in loops, reading input files with {@code SharedBuffer.readFrom}, reading back only what they use), because
 * those access patterns are what the protocols are measured on.
 */
package dev.gmac.samples.study.workload;
