/**
 * The five ADSM sample programs of issue 14, each written twice: against the ADSM API (shared buffers, no copies;
 * ADSM paper, Gelado et al., ASPLOS 2010, §3) and CUDA-style with hand-placed copies ({@code CudaStyle}), so a test
 * can check that rolling-update without annotations moves no more than the explicit copies and takes about as
 * long end to end: vector add, a heat stencil with a point source and probes, tiled matrix multiply, file to kernel
 * to file, and two host threads each with its own buffers.
 *
 * <p>Owns the sample programs and their kernels ({@code src/main/cuda/adsm_samples.cu}); must not depend on the
 * study's runner.
 */
package dev.gmac.samples.adsm;
