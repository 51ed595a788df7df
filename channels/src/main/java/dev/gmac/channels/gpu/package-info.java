/**
 * Channels on the software GPU (Orr et al., "Fine-grain task aggregation and coordination on GPUs", ISCA 2014,
 * §3-6): the host side of the device library {@code channels.cuh}, which kernels include to {@code talloc},
 * {@code enq}, {@code deq} and {@code tfree} on channels in device memory ({@link
 * dev.gmac.channels.gpu.DeviceRuntime} lays out the descriptors and dispatch records the library reads).
 *
 * <p>Placement (decision 0211): this package needs both the channel ({@code dev.gmac.channels}) and the engine
 * ({@code gpu-model}); the {@code channels} module already depends on {@code gpu-model} and not the other way, so
 * channel-aware GPU code lives here and {@code gpu-model} stays unaware of channels. Must not depend on {@code
 * coherence}, {@code gmac-api} or {@code samples}.
 */
package dev.gmac.channels.gpu;
