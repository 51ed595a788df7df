/**
 * Off-heap memory that is returned when it is freed ({@link dev.gmac.gpu.alloc.DirectArena}): the backing
 * store of device global memory and of the pinned host copies the ADSM runtime asks for (ADSM paper, Gelado et
 * al., ASPLOS 2010, §4.1, the accelerator layer's host allocations).
 *
 * <p>Owns only allocation and release of direct memory; knows nothing of devices, kernels or coherence. Must
 * not depend on the rest of gpu-model ({@code exec} uses it, not the other way round).
 */
package dev.gmac.gpu.alloc;
