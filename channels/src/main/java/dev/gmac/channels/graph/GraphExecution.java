package dev.gmac.channels.graph;

import java.time.Duration;

/** One running execution of a graph, as returned by {@link GraphExecutor#start}. */
public interface GraphExecution {
    /**
     * Waits until every element enqueued into a consumed channel has been processed (no element pending, no
     * kernel running), then releases the execution's threads.
     *
     * @param timeout how long to wait at most; null waits for as long as it takes
     * @return true when done, false when {@code timeout} passed first (the execution keeps running)
     * @throws GraphExecutionException when a kernel failed; the execution is stopped
     */
    boolean awaitDone(Duration timeout) throws InterruptedException;

    /** Stops dispatching and releases the execution's threads without waiting for the graph to drain. */
    void stop();

    /** Kernel invocations completed so far. */
    long completedInvocations();
}
