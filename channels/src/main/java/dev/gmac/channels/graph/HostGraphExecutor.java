package dev.gmac.channels.graph;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelFullException;
import dev.gmac.channels.idle.BackoffIdleStrategy;
import dev.gmac.channels.idle.IdleStrategies;
import dev.gmac.channels.idle.IdleStrategy;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
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
 * <p>Headroom. Space is freed strictly in allocation order, a done-count group at a time (§3.2), so an
 * element that stays held (dispatched to a batch whose worker is descheduled, or allocated by a kernel that
 * has not enqueued it yet) pins its group, and every element allocated after it stays unfreed too. If the
 * other workers meanwhile run far ahead, the channel fills with elements that are done but cannot be freed;
 * when the holder runs again its kernel (or, once its late elements reach the back of the queue, the kernels
 * that must run before them) finds the channel full and can never finish: a deadlock that only the timeout
 * ends (the naive Fibonacci graph hit it under load). Two rules keep that from happening. While another
 * worker has a top-level batch in flight, a worker does not start a new batch whose kernel node has written
 * to a channel that (a) has fewer than {@code reserve} elements free, or (b) has allocated more than {@code
 * reserve / 2} elements since that other batch started: (a) leaves the reserve to the kernels already running
 * and (b) bounds what a stalled holder can pin to half the reserve. The executor learns which channels a
 * kernel node writes to from its {@code talloc} calls. Batches nested in a wait are not held back, and a
 * worker alone always runs.
 *
 * <p>Channel stacks (§5.2): when the graph has stacks, workers try channels in the graph's {@link Levelization}
 * priority order (deeper levels first) instead of round robin, and a level of a stack that waits for deeper
 * levels is dispatched only when {@link Levelization#mayDispatch} allows; for that every batch counts itself in
 * flight on its channel and bumps an activity epoch when it starts and ends (the ordering argument is in {@link
 * Levelization}).
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
    /** Element access to the workers' batch-start tails. */
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Element access to the per-channel counts of batches in flight. */
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

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

    /** How many elements a channel may allocate while another worker's top-level batch is in flight. */
    long runAhead(Channel channel) {
        return reserve(channel) / 2;
    }

    @Override
    public GraphExecution start(Graph graph) {
        List<ChannelNode> inputs = new ArrayList<>();
        boolean stacked = !graph.channelStacks().isEmpty();
        for (ChannelNode node : stacked ? graph.levelization().priorityOrder() : graph.channelNodes()) {
            if (node.consumer() != null) {
                inputs.add(node);
            }
        }
        HostExecution execution = new HostExecution(graph, inputs);
        for (int i = 0; i < threads; i++) {
            Worker worker = new Worker(execution, i);
            execution.workers.add(worker);
            Thread thread = new Thread(worker, "gmac-graph-worker-" + i);
            thread.setDaemon(true);
            execution.threads.add(thread);
        }
        execution.threads.forEach(Thread::start);
        return execution;
    }

    private final class HostExecution implements GraphExecution, Levelization.InFlight {
        final Graph graph;
        final ChannelNode[] inputs;
        /** True for a graph with channel stacks: priority order, no round robin. */
        final boolean stacked;
        /** The graph's levelization when some stack waits for deeper levels, else null. */
        final Levelization levelization;
        /** Per channel node id: batches in flight (VarHandle volatile access). */
        final int[] inFlight;
        /** Bumped when any batch starts or ends (see Levelization). */
        final AtomicLong epoch = new AtomicLong();

        final List<Thread> threads = new ArrayList<>();
        final LongAdder completed = new LongAdder();
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        final ChannelNode[] channels;
        final List<Worker> workers = new ArrayList<>();
        final ConcurrentHashMap<KernelNode, ChannelNode[]> destinations = new ConcurrentHashMap<>();
        volatile boolean stopping;
        volatile Thread waiter;

        HostExecution(Graph graph, List<ChannelNode> inputs) {
            this.graph = graph;
            this.inputs = inputs.toArray(new ChannelNode[0]);
            this.channels = graph.channelNodes().toArray(new ChannelNode[0]);
            this.stacked = !graph.channelStacks().isEmpty();
            Levelization l = graph.levelization();
            this.levelization = l.constrained() ? l : null;
            this.inFlight = new int[channels.length];
        }

        @Override
        public int inFlight(ChannelNode node) {
            return (int) INTS.getVolatile(inFlight, node.id());
        }

        @Override
        public long epoch() {
            return epoch.get();
        }

        /** A batch of {@code node} starts: counted before its dispatch CAS (volatile RMWs). */
        void beginBatch(ChannelNode node) {
            INTS.getAndAdd(inFlight, node.id(), 1);
            epoch.incrementAndGet();
        }

        /** The batch ended (its kernels returned, their enqueues done) or dispatched nothing. */
        void endBatch(ChannelNode node) {
            INTS.getAndAdd(inFlight, node.id(), -1);
            epoch.incrementAndGet();
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
         * Whether {@code self} may start a new top-level batch of {@code source}'s consumer: always when no
         * other worker has one in flight; otherwise only if every channel that kernel node is known to write
         * keeps its reserve free and has not run too far ahead of any batch in flight.
         */
        boolean admits(Worker self, ChannelNode source) {
            ChannelNode[] written = destinations.get(source.consumer());
            if (written == null) {
                return true;
            }
            for (ChannelNode node : written) {
                int id = node.id();
                if (id >= channels.length) {
                    continue; // a channel node added after the execution started: not tracked
                }
                Channel channel = node.channel();
                long tail = channel.dataTail();
                boolean nearlyFull = channel.usedCount() > channel.layout().capacity() - reserve(channel);
                long limit = runAhead(channel);
                for (Worker other : workers) {
                    if (other == self) {
                        continue;
                    }
                    long start = other.batchStartTail(id);
                    if (start != Worker.IDLE && (nearlyFull || tail - start > limit)) {
                        return false;
                    }
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
        /** {@link #batchStartTails} entry of a worker with no top-level batch in flight. */
        static final long IDLE = -1L;

        private final HostExecution execution;
        /**
         * Per channel node (by id), that channel's data tail when this worker's top-level batch started, or
         * {@link #IDLE}. Written only by this worker, read by the others' {@code admits}; see {@link
         * #announceBatch} for the ordering argument.
         */
        private final long[] batchStartTails;

        private final int first;
        private final Invocation[] levels = new Invocation[MAX_NESTING];
        private final IdleStrategy idle = IdleStrategies.copyOf(idlePrototype);
        private final IdleStrategy fullIdle = new BackoffIdleStrategy();
        private int depth;

        Worker(HostExecution execution, int index) {
            this.execution = execution;
            this.first = index;
            this.batchStartTails = new long[execution.channels.length];
            Arrays.fill(batchStartTails, IDLE);
        }

        /** Another worker's view of this worker's batch start on channel node {@code id}. */
        long batchStartTail(int id) {
            return (long) LONGS.getVolatile(batchStartTails, id);
        }

        /**
         * Records the data tails before this worker dispatches a top-level batch. Memory ordering: the
         * volatile stores come before the dispatch CAS in program order, and the other workers read them
         * with volatile loads, so a worker whose admission check comes after this one's dispatch in the
         * synchronization order sees the batch as in flight; one that checks concurrently may start one batch
         * too many, which the reserve absorbs.
         */
        private void announceBatch() {
            ChannelNode[] channels = execution.channels;
            for (int i = 0; i < channels.length; i++) {
                LONGS.setVolatile(batchStartTails, i, channels[i].channel().dataTail());
            }
        }

        /** Marks this worker idle again (release: its batch's frees and enqueues come before). */
        private void retireBatch() {
            for (int i = 0; i < batchStartTails.length; i++) {
                LONGS.setRelease(batchStartTails, i, IDLE);
            }
        }

        @Override
        public void run() {
            while (!execution.stopping) {
                idle.idle(runAny());
            }
        }

        /**
         * One batch from each consumed channel in turn, starting at this worker's own; in a graph with channel
         * stacks, in priority order (deeper levels first).
         */
        private int runAny() {
            ChannelNode[] inputs = execution.inputs;
            int n = inputs.length;
            int start = execution.stacked ? 0 : first;
            int work = 0;
            for (int k = 0; k < n && !execution.stopping; k++) {
                work += runBatch(inputs[(start + k) % n]);
            }
            return work;
        }

        /**
         * One batch of {@code node}'s consumer. A top-level batch must be admitted and is announced to the
         * other workers while it runs; a batch nested in a wait for space is neither.
         */
        private int runBatch(ChannelNode node) {
            if (depth == MAX_NESTING) {
                return 0;
            }
            Levelization levels = execution.levelization;
            // Levelization covers only what was enqueued before its check: a task of this level that runs after
            // the check enqueues its continuation here before its children have run. So the batch takes only the
            // elements reserved before the check (the ordering argument is in decision 0215).
            long limit = Long.MAX_VALUE;
            if (levels != null && node.stack() != null && node.stack().waitsForDeeperLevels()) {
                limit = node.channel().controlReserveTail();
            }
            if (levels != null && !levels.mayDispatch(node, execution)) {
                return 0;
            }
            if (depth > 0) {
                return dispatchAndRun(node, limit);
            }
            if (!execution.admits(this, node)) {
                return 0;
            }
            announceBatch();
            try {
                return dispatchAndRun(node, limit);
            } finally {
                retireBatch();
            }
        }

        private int dispatchAndRun(ChannelNode node, long limit) {
            if (execution.levelization == null) {
                return dispatchAndRunCounted(node, limit);
            }
            execution.beginBatch(node);
            try {
                return dispatchAndRunCounted(node, limit);
            } finally {
                execution.endBatch(node);
            }
        }

        private int dispatchAndRunCounted(ChannelNode node, long limit) {
            Invocation item = levels[depth];
            if (item == null) {
                item = new Invocation(this);
                levels[depth] = item;
            }
            int count = node.channel().dispatch(item.slots, width, limit);
            if (count == 0) {
                return 0;
            }
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
