package dev.gmac.channels.graph;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.GlobalMemory;
import java.nio.ByteBuffer;
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
 * HostGraphExecutor}; {@link #execute(GraphExecutor)} takes any other, such as the software GPU's aggregator
 * ({@code dev.gmac.channels.gpu.GpuGraphExecutor}), which runs the kernel nodes' PTX forms.
 *
 * <p>Memory. Channels and buffers of a graph live in one {@link GlobalMemory}: the software GPU's device memory
 * for a graph made with {@link #onDevice}, else a host address space of the graph's own. Either way they have
 * device-style addresses ({@link ChannelNode#address}, {@link GraphBuffer#address()}), so elements can hold
 * pointers that host kernels ({@link #getInt(long)} and friends) and GPU kernels follow alike, and the same graph
 * runs on either executor.
 *
 * <p>Channel stacks (§5.2, Figures 10-12) are {@link ChannelStackNode}s: one channel per recursion level.
 * Executors dispatch deeper levels first and hold back the levels of a stack that {@linkplain
 * ChannelStackNode#afterDeeperLevels() waits for deeper levels} (Cilk's continuations) by the graph's {@link
 * Levelization}.
 */
public final class Graph {
    /** Address space of a graph that is not on a device: allocated lazily, so only a cap. */
    static final long HOST_MEMORY_BYTES = 1L << 40;

    private final List<ChannelNode> channelNodes = new ArrayList<>();
    private final List<ChannelStackNode> stacks = new ArrayList<>();
    private final List<KernelNode> kernelNodes = new ArrayList<>();
    private final List<GraphBuffer> buffers = new ArrayList<>();
    private final AtomicLong pending = new AtomicLong();
    private final GlobalMemory memory;
    private final SoftwareGpu device;
    private volatile GraphExecution execution;
    private volatile Levelization levelization;
    private int elementsPerDoneCount = ChannelLayout.DEFAULT_ELEMENTS_PER_DONE_COUNT;

    /** A graph in host memory. */
    public Graph() {
        this(GlobalMemory.hostMemory(HOST_MEMORY_BYTES), null);
    }

    private Graph(GlobalMemory memory, SoftwareGpu device) {
        this.memory = memory;
        this.device = device;
    }

    /** A graph whose channels and buffers live in {@code gpu}'s device memory (needed to run it on that GPU). */
    public static Graph onDevice(SoftwareGpu gpu) {
        return new Graph(gpu.memory(), Objects.requireNonNull(gpu, "gpu"));
    }

    /** The memory of the graph's channels and buffers. */
    public GlobalMemory memory() {
        return memory;
    }

    /** The software GPU whose device memory the graph lives in, or null for a graph in host memory. */
    public SoftwareGpu device() {
        return device;
    }

    /**
     * Elements per done count of the channels created from now on (§3.2 and §8.2.1: deallocation is in order at
     * this granularity; the paper's, and the default, is 64). A channel smaller than this gets one done count.
     *
     * @throws IllegalArgumentException when {@code elements} is not a positive power of two
     */
    public synchronized Graph elementsPerDoneCount(int elements) {
        if (elements < 1 || Integer.bitCount(elements) != 1) {
            throw new IllegalArgumentException("elements per done count must be a power of two, got " + elements);
        }
        this.elementsPerDoneCount = elements;
        return this;
    }

    private synchronized ChannelLayout layout(int elementSize, int capacity) {
        if (capacity <= 0 || Integer.bitCount(capacity) != 1) {
            return ChannelLayout.of(elementSize, capacity); // its message says what is wrong
        }
        return ChannelLayout.of(elementSize, capacity, Math.min(elementsPerDoneCount, capacity));
    }

    /** A channel node of {@code capacity} elements of {@code elementSize} bytes (Figure 6, line 25). */
    public ChannelNode channelNode(int elementSize, int capacity) {
        return channelNode(null, elementSize, capacity);
    }

    /** A named channel node of {@code capacity} elements of {@code elementSize} bytes, in the graph's memory. */
    public ChannelNode channelNode(String name, int elementSize, int capacity) {
        ChannelLayout layout = layout(elementSize, capacity);
        long address = memory.malloc(layout.regionLength());
        Channel channel = Channel.format(memory.view(address, layout.regionLength(), "channel"), layout);
        return add(name, channel, address, null, -1);
    }

    /**
     * A named channel node over an existing channel outside the graph's memory (a host-only node: its elements
     * have no address, and GPU executors refuse it).
     */
    public ChannelNode channelNode(String name, Channel channel) {
        return add(name, Objects.requireNonNull(channel, "channel"), -1, null, -1);
    }

    private synchronized ChannelNode add(
            String name, Channel channel, long address, ChannelStackNode stack, int level) {
        int id = channelNodes.size();
        ChannelNode node =
                new ChannelNode(this, id, name != null ? name : "channel" + id, channel, address, stack, level);
        channelNodes.add(node);
        levelization = null;
        return node;
    }

    /**
     * A channel stack (§5.2, Figure 10): {@code levels} channels of {@code capacity} elements of {@code
     * elementSize} bytes, level {@code d} for tasks at recursion depth {@code d}, allocated up front as the paper
     * allocates stacks; their ids are consecutive, so a kernel finds level {@code d} at {@code id(0) + d}.
     */
    public synchronized ChannelStackNode channelStack(String name, int elementSize, int capacity, int levels) {
        if (levels < 1) {
            throw new IllegalArgumentException("a channel stack needs at least one level, got " + levels);
        }
        String stackName = name != null ? name : "stack" + stacks.size();
        ChannelStackNode stack = new ChannelStackNode(this, stackName, stacks.size());
        for (int d = 0; d < levels; d++) {
            ChannelLayout layout = layout(elementSize, capacity);
            long address = memory.malloc(layout.regionLength());
            Channel channel = Channel.format(memory.view(address, layout.regionLength(), "channel"), layout);
            stack.addLevel(add(stackName + "[" + d + "]", channel, address, stack, d));
        }
        stacks.add(stack);
        return stack;
    }

    /** A zeroed buffer of {@code bytes} in the graph's memory, e.g. for results; a kernel argument by address. */
    public synchronized GraphBuffer buffer(String name, long bytes) {
        long address = memory.malloc(bytes);
        GraphBuffer b = new GraphBuffer(name != null ? name : "buffer" + buffers.size(), address, bytes, memory);
        buffers.add(b);
        return b;
    }

    /** The buffer whose bytes include {@code address}, or null. */
    public synchronized GraphBuffer bufferAt(long address) {
        for (GraphBuffer b : buffers) {
            if (address >= b.address() && address < b.address() + b.bytes()) {
                return b;
            }
        }
        return null;
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

    /** The channel stacks, in creation order. */
    public synchronized List<ChannelStackNode> channelStacks() {
        return List.copyOf(stacks);
    }

    /** The graph's levelization (the order and dependencies of its channel stacks), built on first use. */
    public Levelization levelization() {
        Levelization l = levelization;
        if (l == null) {
            synchronized (this) {
                l = levelization;
                if (l == null) {
                    l = new Levelization(this);
                    levelization = l;
                }
            }
        }
        return l;
    }

    // ------------------------------------------------------------------ memory by address (host kernels)

    /** The int at {@code address} of the graph's memory (plain read). */
    public int getInt(long address) {
        return view(address, Integer.BYTES).getInt(0);
    }

    /** Writes the int at {@code address} (plain write). */
    public void putInt(long address, int value) {
        view(address, Integer.BYTES).putInt(0, value);
    }

    /** The long at {@code address} (plain read). */
    public long getLong(long address) {
        return view(address, Long.BYTES).getLong(0);
    }

    /** Writes the long at {@code address} (plain write). */
    public void putLong(long address, long value) {
        view(address, Long.BYTES).putLong(0, value);
    }

    /** Atomically adds {@code delta} to the int at {@code address} (volatile semantics); returns the old value. */
    public int getAndAddInt(long address, int delta) {
        return (int) GraphBuffer.INTS.getAndAdd(view(address, Integer.BYTES), 0, delta);
    }

    private ByteBuffer view(long address, int bytes) {
        return memory.view(address, bytes, "graph memory");
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
