/**
 * The software GPU: a simulated SIMT accelerator (warps of 32 or 64 lanes; pre-Volta per-warp reconvergence
 * stacks by default, independent thread scheduling on request; transactions through a TM model) that runs the PTX
 * nvcc emits.
 *
 * <p>Owns the PTX front end ({@code ptx}), control-flow analysis ({@code cfg}), the functional model
 * ({@code exec}: grid, CTAs, warps, divergence models, the memory port, TM models), and the timing model
 * ({@code timing}). Layers follow GPGPU-Sim's split between functional
 * and timing simulation (Fung thesis §1.3; GPGPU architecture slides, Part 2).
 *
 * <p>Must not depend on any other gmac-jvm module: it is usable on its own (load PTX, launch kernels, read
 * statistics). Other modules reach it only through its public API.
 *
 * <p>Terms used throughout: CTA (cooperative thread array, a CUDA thread block), SIMT (single instruction,
 * multiple threads), PDOM (post-dominator reconvergence), IPDOM (immediate post-dominator of a branch, where a
 * divergent warp reconverges).
 */
package dev.gmac.gpu;
