package dev.gmac.channels.graph;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelFullException;
import dev.gmac.channels.idle.BackoffIdleStrategy;
import dev.gmac.channels.idle.IdleStrategies;
import dev.gmac.channels.idle.IdleStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a channel-flow graph on Java threads: each of a fixed pool of workers repeatedly dispatches a batch of
 * up to {@code width} ready elements from a consumed channel (one CAS, like the aggregator pointing a
 * wavefront at a batch of control entries in Orr et al., ISCA 2014, §3.2.1) and runs the channel's kernel
 * node on each, as a Java function. Workers visit the consumed channels round robin, each starting at a
 * different one, and idle with the configured strategy when every channel is empty.
 *
 * <p>A kernel that finds its destination full waits through {@link WorkItem#talloc}, the host stand-in for
 * wavefront yield (§6): while it waits, its worker runs other ready batches, the destination's consumer
 * first, nested up to {@link #MAX_NESTING} deep, because every worker could otherwise be waiting for space
 * that only queued work would free. If no space appears and no other work can run for the full-channel
 * timeout, the execution fails with a {@link ChannelFullException}.
 *
 * <p>Headroom. Space is freed strictly in allocation order (§3.2), so a worker that is descheduled while it
 * holds the oldest elements stops all freeing; if the other workers meanwhile fill the rest of the channel,
 * the holder's kernel finds it full when it runs again and can never finish: a deadlock that only the
 * timeout ends (the naive Fibonacci graph hit it under load). So a worker does not start a new batch whose
 * kernel node has written to a channel that is nearly full (less than {@code reserve} elements free) while
 * other batches are in flight: the reserve is left for the kernels already running. The executor learns which
 * channels a kernel node writes to from its {@code talloc} calls. Batches nested in a wait are not held back.
 */
public final class HostGraphExecutor implements GraphExecutor {
    /** Default batch: one 64-wide wavefront's worth of elements (the paper's AMD wavefront). */
    public static final int DEFAULT_WIDTH = 64;
    /** Default time a kernel waits for space in a full channel before the execution fails. */
    public static final Duration DEFAULT_FULL_CHANNEL_TIMEOUT = Duration.ofSeconds(10);
    /** How deep a worker nests batches while its kernels wait for space. */
    public static final int MAX_NESTING = 8;
    /** Longest park of a thread in waitForDone between checks (workers unpark it when the graph is done). */
    private static final long MAX_WAIT_PARK_NANOS = 1_000_000L;

    private final int threads;
    private final int width;
    private final IdleStrategy idlePrototype;
    private final Duration fullChannelTimeout;

    /** As many workers as processors, batches of 64, back-off idling, 10 s full-channel timeout. */
    public HostGraphExecutor() {
        this(
                Runtime.getRuntime().availableProcessors(),
                DEFAULT_WIDTH,
                new BackoffIdleStrategy(),
                DEFAULT_FULL_CHANNEL_TIMEOUT);
    }

    /**
     * An executor of {@code threads} workers dispatching up to {@code width} elements at a time, idling with
     * (a per-worker copy of) {@code idle}, failing a kernel that waits for space longer than {@code
     * fullChannelTimeout}.
     */
    public HostGraphExecutor(int threads, int width, IdleStrategy idle, Duration fullChannelTimeout) {
        if (threads <= 0) {
            throw new IllegalArgumentException("need at least one worker thread, got " + threads);
        }
        if (width <= 0) {
            throw new IllegalArgumentException("dispatch width must be at least 1, got " + width);
        }
        this.threads = threads;
        this.width = width;
        this.idlePrototype = Objects.requireNonNull(idle, "idle");
        this.fullChannelTimeout = Objects.requireNonNull(fullChannelTimeout, "fullChannelTimeout");
    }

    /**
     * Free elements a channel keeps for kernels already running: an eighth of its capacity, at least two per
     * element of one batch per worker, at most half of it.
     */
    long reserve(Channel channel) {
        long capacity = channel.layout().capacity();
        return Math.min(capacity / 2, Math.max(capacity / 8, 2L * threads * width));
    }

    @Override
    public GraphExecution start(Graph graph) {
        List<ChannelNode> inputs = new ArrayList<>();
        for (ChannelNode node : graph.channelNodes()) {
            if (node.consumer() != null) {
                inputs.add(node);
            }
        }
        HostExecution execution = new HostExecution(graph, inputs);
        for (int i = 0; i < threads; i++) {
            Worker worker = new Worker(execution, i);
            Thread thread = new Thread(worker, "gmac-graph-worker-" + i);
            thread.setDaemon(true);
            execution.threads.add(thread);
        }
        execution.threads.forEach(Thread::start);
        return execution;
    }

    private final class HostExecution implements GraphExecution {
        final Graph graph;
        final ChannelNode[] inputs;
        final List<Thread> threads = new ArrayList<>();
        final LongAdder completed = new LongAdder();
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final ConcurrentHashMap<KernelNode, ChannelNode[]> destinations = new ConcurrentHashMap<>();
        volatile boolean stopping;
        volatile Thread waiter;

        HostExecution(Graph graph, List<ChannelNode> inputs) {
            this.graph = graph;
            this.inputs = inputs.toArray(new ChannelNode[0]);
        }

        /** Records that {@code kernel} writes to {@code destination} (once per pair; rare). */
        void learnDestination(KernelNode kernel, ChannelNode destination) {
            destinations.compute(kernel, (k, known) -> {
                if (known == null) {
                    return new ChannelNode[] {destination};
                }
                for (ChannelNode node : known) {
                    if (node == destination) {
                        return known;
                    }
                }
                ChannelNode[] more = Arrays.copyOf(known, known.length + 1);
                more[known.length] = destination;
                return more;
            });
        }

        /**
         * Whether a new top-level batch of {@code source}'s consumer may start: always when no batch is in
         * flight; otherwise only if every channel that kernel node is known to write keeps its reserve free.
         */
        boolean admits(ChannelNode source) {
            if (inFlight.get() == 0) {
                return true;
            }
            ChannelNode[] written = destinations.get(source.consumer());
            if (written == null) {
                return true;
            }
            for (ChannelNode node : written) {
                Channel channel = node.channel();
                if (channel.usedCount() > channel.layout().capacity() - reserve(channel)) {
                    return false;
                }
            }
            return true;
        }

        void fail(RuntimeException error) {
            if (failure.compareAndSet(null, error)) {
                stopping = true;
                LockSupport.unpark(waiter);
            }
        }

        void processed(int count) {
            completed.add(count);
            if (graph.markProcessed(count) == 0) {
                LockSupport.unpark(waiter);
            }
        }

        @Override
        public boolean awaitDone(Duration timeout) throws InterruptedException {
            long deadline = timeout == null ? 0 : System.nanoTime() + timeout.toNanos();
            waiter = Thread.currentThread();
            try {
                while (failure.get() == null && graph.pendingElements() != 0) {
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                    long park = MAX_WAIT_PARK_NANOS;
                    if (timeout != null) {
                        long left = deadline - System.nanoTime();
                        if (left <= 0) {
                            return false;
                        }
                        park = Math.min(left, park);
                    }
                    LockSupport.parkNanos(this, park);
                }
            } finally {
                waiter = null;
            }
            stop();
            RuntimeException error = failure.get();
            if (error != null) {
                throw error;
            }
            return true;
        }

        @Override
        public void stop() {
            stopping = true;
            boolean interrupted = false;
            for (Thread thread : threads) {
                if (thread == Thread.currentThread()) {
                    continue;
                }
                while (thread.isAlive()) {
                    try {
                        thread.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public long completedInvocations() {
            return completed.sum();
        }
    }

    /**
     * One pool thread: the dispatch loop. While a kernel waits for space it runs other batches (nested, up to
     * {@link #MAX_NESTING} deep), so workers never all wait for space that only queued work would free.
     */
    private final class Worker implements Runnable {
        private final HostExecution execution;
        private final int first;
        private final Invocation[] levels = new Invocation[MAX_NESTING];
        private final IdleStrategy idle = IdleStrategies.copyOf(idlePrototype);
        private final IdleStrategy fullIdle = new BackoffIdleStrategy();
        private int depth;

        Worker(HostExecution execution, int index) {
            this.execution = execution;
            this.first = index;
        }

        @Override
        public void run() {
            while (!execution.stopping) {
                idle.idle(runAny());
            }
        }

        /** One batch from each consumed channel in turn, starting at this worker's own. */
        private int runAny() {
            ChannelNode[] inputs = execution.inputs;
            int n = inputs.length;
            int work = 0;
            for (int k = 0; k < n && !execution.stopping; k++) {
                work += runBatch(inputs[(first + k) % n]);
            }
            return work;
        }

        private int runBatch(ChannelNode node) {
            if (depth == MAX_NESTING) {
                return 0;
            }
            Invocation item = levels[depth];
            if (item == null) {
                item = new Invocation(this);
                levels[depth] = item;
            }
            if (depth == 0 && !execution.admits(node)) {
                return 0;
            }
            int count = node.channel().dispatch(item.slots, width);
            if (count == 0) {
                return 0;
            }
            execution.inFlight.incrementAndGet();
            depth++;
            try {
                item.source = node;
                item.kernel = node.consumer();
                Kernel function = item.kernel.kernel();
                for (int i = 0; i < count; i++) {
                    item.offset = item.slots[i];
                    try {
                        function.run(item);
                    } catch (RuntimeException | Error e) {
                        execution.fail(new GraphExecutionException(item.kernel.name(), node.name(), item.offset, e));
                        return count;
                    }
                }
            } finally {
                depth--;
                execution.inFlight.decrementAndGet();
            }
            execution.processed(count);
            return count;
        }

        long waitForSpace(Invocation waiting, ChannelNode destination, int count) {
            long first;
            long timeout = fullChannelTimeout.toNanos();
            long deadline = System.nanoTime() + timeout;
            fullIdle.reset();
            while ((first = destination.talloc(count)) == Channel.FULL) {
                if (execution.stopping) {
                    throw new CancellationException("graph execution stopped while waiting for space");
                }
                int work = destination.consumer() != null ? runBatch(destination) : 0;
                if (work == 0) {
                    work = runAny();
                }
                if (work > 0) {
                    deadline = System.nanoTime() + timeout;
                    fullIdle.reset();
                    continue;
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new ChannelFullException("channel node '" + destination.name() + "' ("
                            + destination.channel().layout().capacity() + " elements) stayed full for "
                            + fullChannelTimeout.toMillis() + " ms, with no other work to run, while kernel node '"
                            + waiting.kernel.name() + "' waited to reserve " + count
                            + " elements; give the channel more capacity");
                }
                fullIdle.idle();
            }
            return first;
        }
    }

    /** The work item of one nesting level of a worker, reused for every element of its batches. */
    private final class Invocation implements WorkItem {
        private final Worker worker;
        private final int[] slots = new int[width];
        private ChannelNode source;
        private KernelNode kernel;
        private int offset;
        private KernelNode learnedKernel;
        private ChannelNode learnedDestination;

        Invocation(Worker worker) {
            this.worker = worker;
        }

        @Override
        public ChannelNode source() {
            return source;
        }

        @Override
        public int offset() {
            return offset;
        }

        @Override
        public KernelNode kernel() {
            return kernel;
        }

        @Override
        public Object constArg(int index) {
            return kernel.constArg(index);
        }

        @Override
        public long talloc(ChannelNode destination, int count) {
            if (destination != learnedDestination || kernel != learnedKernel) {
                worker.execution.learnDestination(kernel, destination);
                learnedKernel = kernel;
                learnedDestination = destination;
            }
            long first = destination.talloc(count);
            return first != Channel.FULL ? first : worker.waitForSpace(this, destination, count);
        }
    }
}
