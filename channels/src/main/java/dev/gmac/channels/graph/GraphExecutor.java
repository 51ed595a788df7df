package dev.gmac.channels.graph;

/**
 * Runs a channel-flow graph (Orr et al., ISCA 2014, §4.2): dispatches the ready elements of every channel
 * node to the kernel node connected to it until the graph is quiescent. The graph does not know who runs it:
 * {@link HostGraphExecutor} runs kernels as Java functions on a thread pool; an aggregator that dispatches
 * simulated wavefronts implements the same interface.
 */
public interface GraphExecutor {
    /**
     * Starts running {@code graph} and returns at once.
     *
     * @throws IllegalStateException when the graph cannot run (for instance a kernel node consumes nothing)
     */
    GraphExecution start(Graph graph);
}
