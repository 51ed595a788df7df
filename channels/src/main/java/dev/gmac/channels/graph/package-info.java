/**
 * Channel-flow graphs (Orr et al., ISCA 2014, §4.2 and Figures 6–7): {@link dev.gmac.channels.graph.Graph},
 * {@link dev.gmac.channels.graph.ChannelNode}, {@link dev.gmac.channels.graph.KernelNode}, their connections,
 * {@code execute()} and {@code waitForDone()}, and the executors that run them.
 *
 * <p>A <i>channel node</i> buffers fine-grain elements (CEs) and is processed by exactly one <i>kernel
 * node</i>; a kernel node consumes the elements of the channels connected to it and may produce into others.
 * The graph does not know who runs the kernels: {@link dev.gmac.channels.graph.HostGraphExecutor} runs them
 * as Java functions on a thread pool; {@code dev.gmac.channels.gpu.GpuGraphExecutor} runs the kernel nodes'
 * PTX forms on the software GPU, where the aggregator (the paper's control processor, §3.1) dispatches
 * simulated wavefronts. Channel stacks and their {@link dev.gmac.channels.graph.Levelization} (§5.2) are shared by
 * both executors.
 *
 * <p>Concurrency: node lists and constant arguments are guarded by the graph's monitor and are meant to be
 * set before {@code execute()}; the pending-element count is one {@link java.util.concurrent.atomic.AtomicLong}
 * (added before elements become Ready, subtracted after their kernels returned, so it is zero only when
 * nothing is left); everything else goes through the lock-free {@link dev.gmac.channels.Channel}.
 */
package dev.gmac.channels.graph;
