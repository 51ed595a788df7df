/**
 * The accelerator SPI of the coherence module: the small set of operations the ADSM runtime needs from an
 * accelerator's memory (the "Accelerator Abstraction Layer" of the ADSM paper, Gelado et al., ASPLOS 2010,
 * §4.1): allocate, free, copy to and from the device, device-to-device copy, memset, and asynchronous copies.
 *
 * <p>{@code gmac-api} adapts the software GPU to {@link dev.gmac.coherence.accel.Accelerator}; a real CUDA
 * device could sit behind the same interface (through JNA and the driver API). {@link
 * dev.gmac.coherence.accel.InMemoryAccelerator} is a plain in-memory implementation used by tests, stress
 * tests and benchmarks that need no simulated GPU; its "kernels" are Java functions over device memory.
 *
 * <p>Addresses are 64-bit device addresses; implementations must be safe to call from several threads at
 * once (the DMA engine thread, the accelerator thread and host threads).
 */
package dev.gmac.coherence.accel;
