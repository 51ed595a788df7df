package dev.gmac.channels.graph;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A channel-flow graph (Orr et al., ISCA 2014, §4.2 and Figures 6–7): channel nodes that buffer fine-grain
 * elements and kernel nodes that consume them and produce new ones. Build it, put the first elements in
 * from the host, then {@link #execute()} and {@link #waitForDone()}:
 *
 * <pre>{@code
 * Graph g = new Graph();
 * ChannelNode ch = g.channelNode("fib", Integer.BYTES, 32768);
 * KernelNode kern = g.kernelNode("FibKernel", FibKernel::run);
 * kern.setConstArg(2, ch).setConstArg(3, result);
 * ch.connectToKernelNode(kern);
 * long ob = ch.talloc(1);
 * ch.putInt(ch.elementPosition(ob), n);
 * ch.enq(ob, 1);
 * g.execute();
 * g.waitForDone();
 * }</pre>
 *
 * <p>The graph tracks how many elements are pending in consumed channels (enqueued through a {@link
 * ChannelNode} and not yet processed by its kernel); it is done when none is. A kernel's own {@code enq}s
 * are counted before its element is counted as processed, so the count never reaches zero early.
 *
 * <p>Who runs the kernels is the {@link GraphExecutor}'s business: {@link #execute()} uses a {@link
 * HostGraphExecutor}; {@link #execute(GraphExecutor)} takes any other, such as an aggregator of simulated
 * wavefronts.
 */
public final class Graph {
    private final List<ChannelNode> channelNodes = new ArrayList<>();
    private final List<KernelNode> kernelNodes = new ArrayList<>();
    private final AtomicLong pending = new AtomicLong();
    private volatile GraphExecution execution;

    /** A channel node of {@code capacity} elements of {@code elementSize} bytes (Figure 6, line 25). */
    public ChannelNode channelNode(int elementSize, int capacity) {
        return channelNode(null, elementSize, capacity);
    }

    /** A named channel node of {@code capacity} elements of {@code elementSize} bytes. */
    public ChannelNode channelNode(String name, int elementSize, int capacity) {
        return channelNode(name, Channel.allocate(ChannelLayout.of(elementSize, capacity)));
    }

    /** A named channel node over an existing channel (for instance one formatted in device memory). */
    public synchronized ChannelNode channelNode(String name, Channel channel) {
        Objects.requireNonNull(channel, "channel");
        int id = channelNodes.size();
        ChannelNode node = new ChannelNode(this, id, name != null ? name : "channel" + id, channel);
        channelNodes.add(node);
        return node;
    }

    /** A kernel node running {@code kernel} (Figure 6, line 26). */
    public KernelNode kernelNode(Kernel kernel) {
        return kernelNode(null, kernel);
    }

    /** A named kernel node running {@code kernel}. */
    public synchronized KernelNode kernelNode(String name, Kernel kernel) {
        Objects.requireNonNull(kernel, "kernel");
        int id = kernelNodes.size();
        KernelNode node = new KernelNode(this, id, name != null ? name : "kernel" + id, kernel);
        kernelNodes.add(node);
        return node;
    }

    /** The channel nodes, in creation order. */
    public synchronized List<ChannelNode> channelNodes() {
        return List.copyOf(channelNodes);
    }

    /** The kernel nodes, in creation order. */
    public synchronized List<KernelNode> kernelNodes() {
        return List.copyOf(kernelNodes);
    }

    /** Runs the graph on a {@link HostGraphExecutor} with its defaults; returns at once. */
    public void execute() {
        execute(new HostGraphExecutor());
    }

    /**
     * Runs the graph on {@code executor}; returns at once.
     *
     * @throws IllegalStateException when the graph is already executing
     */
    public synchronized void execute(GraphExecutor executor) {
        if (execution != null) {
            throw new IllegalStateException("the graph is already executing; call waitForDone() first");
        }
        execution = executor.start(this);
    }

    /**
     * Waits until every pending element has been processed (Figure 6, line 36), then releases the executor's
     * threads. Returns at once when nothing is pending and nothing executes.
     *
     * @throws GraphExecutionException when a kernel failed
     * @throws CancellationException when the waiting thread is interrupted (the execution is stopped and the
     *     interrupt flag kept)
     */
    public void waitForDone() {
        GraphExecution current = execution;
        if (current == null) {
            return;
        }
        try {
            current.awaitDone(null);
        } catch (InterruptedException e) {
            current.stop();
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for the graph to finish");
        } finally {
            clear(current);
        }
    }

    /**
     * Like {@link #waitForDone()}, giving up after {@code timeout}.
     *
     * @return true when done; false when the timeout passed first (the graph keeps executing)
     */
    public boolean waitForDone(Duration timeout) throws InterruptedException {
        Objects.requireNonNull(timeout, "timeout");
        GraphExecution current = execution;
        if (current == null) {
            return true;
        }
        boolean done = false;
        try {
            done = current.awaitDone(timeout);
            return done;
        } finally {
            if (done) {
                clear(current);
            }
        }
    }

    private synchronized void clear(GraphExecution finished) {
        if (execution == finished) {
            execution = null;
        }
    }

    /** Elements enqueued into consumed channels and not yet processed. */
    public long pendingElements() {
        return pending.get();
    }

    void addPending(int count) {
        pending.getAndAdd(count);
    }

    /**
     * For executors: {@code count} elements were processed by their kernels (after everything those kernels
     * enqueued was counted).
     *
     * @return the elements still pending; 0 means the graph is done
     */
    public long markProcessed(int count) {
        return pending.addAndGet(-count);
    }
}
