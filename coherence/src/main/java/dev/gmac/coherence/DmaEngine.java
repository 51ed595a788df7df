package dev.gmac.coherence;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The DMA engine of rolling-update's eager evictions: one daemon thread per runtime fed through an LMAX
 * Disruptor ring of (job, object, block) requests (ADSM paper §4.3: "the oldest block is asynchronously
 * transferred"). The execution contexts of a runtime share it; each request carries the job of the
 * context's protocol that queued it.
 *
 * <p>Producers are host threads that evict under their context's rolling-update lock, several contexts at
 * once ({@link ProducerType#MULTI}). The ring's publication is a release and the
 * consumer's wait an acquire, so the DMA thread sees every host write the evicting thread made before it
 * published the request. The engine starts on the first request (most programs that never exceed the
 * rolling size never start a thread).
 *
 * <p>{@link #drain()} waits until every request published before it was called has been processed: the
 * handler records the last processed sequence with a release store, and the drainer compares it with the
 * ring's cursor. Used before a release (so the kernel sees flushed data and later transfers of the same
 * block land after the eager one), before a free and before bulk operations.
 */
final class DmaEngine {
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final VarHandle PROCESSED;

    static {
        try {
            PROCESSED = MethodHandles.lookup().findVarHandle(DmaEngine.class, "processed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The work done for one request, on the DMA thread. */
    @FunctionalInterface
    interface Job {
        void run(SharedObject object, int block);
    }

    private static final class Request {
        Job job;
        Consumer<Throwable> failures;
        SharedObject object;
        int block;
    }

    private final int ringSize;
    private Disruptor<Request> disruptor; // guarded by this
    private volatile RingBuffer<Request> ring;

    @SuppressWarnings("unused") // accessed through PROCESSED
    private volatile long processed = -1;

    DmaEngine(int ringSize) {
        this.ringSize = ringSize;
    }

    /**
     * Queues {@code job} for block {@code block} of {@code object}; blocks while the ring is full. A failure
     * of the job goes to {@code failures}.
     */
    void submit(Job job, Consumer<Throwable> failures, SharedObject object, int block) {
        RingBuffer<Request> buffer = started();
        long sequence = buffer.next();
        try {
            Request request = buffer.get(sequence);
            request.job = job;
            request.failures = failures;
            request.object = object;
            request.block = block;
        } finally {
            buffer.publish(sequence);
        }
    }

    /** Waits until every request submitted before this call has been processed. */
    void drain() {
        RingBuffer<Request> buffer = ring;
        if (buffer == null) {
            return;
        }
        long target = buffer.getCursor();
        for (int round = 0; (long) PROCESSED.getAcquire(this) < target; round++) {
            Backoff.pause(round);
        }
    }

    /** Processes what is queued, then stops the thread. */
    synchronized void close() {
        if (disruptor != null) {
            try {
                disruptor.shutdown(10, TimeUnit.SECONDS);
            } catch (com.lmax.disruptor.TimeoutException e) {
                disruptor.halt();
            }
            disruptor = null;
        }
    }

    private RingBuffer<Request> started() {
        RingBuffer<Request> buffer = ring;
        if (buffer != null) {
            return buffer;
        }
        synchronized (this) {
            if (ring == null) {
                disruptor = new Disruptor<>(
                        Request::new,
                        ringSize,
                        runnable -> {
                            Thread thread = new Thread(runnable, "gmac-dma-" + THREADS.incrementAndGet());
                            thread.setDaemon(true);
                            return thread;
                        },
                        ProducerType.MULTI,
                        new BlockingWaitStrategy());
                disruptor.handleEventsWith(new Handler());
                ring = disruptor.start();
            }
            return ring;
        }
    }

    private final class Handler implements EventHandler<Request> {
        @Override
        public void onEvent(Request request, long sequence, boolean endOfBatch) {
            try {
                request.job.run(request.object, request.block);
            } catch (Throwable t) {
                request.failures.accept(t);
            } finally {
                request.object = null;
                request.job = null;
                request.failures = null;
                PROCESSED.setRelease(DmaEngine.this, sequence);
            }
        }
    }
}
