package dev.gmac.samples.bench.channels;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;

/**
 * The LMAX Disruptor's multi-producer ring buffer with pre-allocated 16-byte {@link Message} events written
 * in place. Producers claim a batch with {@code tryNext(batch)} and {@code publish(lo, hi)}. Disruptor 4
 * has no work-queue consumer (its {@code WorkerPool} was removed), so consumers share a work sequence the
 * way {@code WorkProcessor} did: claim the next available run of up to a batch with one CAS, and gate the
 * producers with one sequence per consumer.
 */
final class DisruptorTransfer implements Transfer {
    private final RingBuffer<Message> ring;
    private final Sequence work = new Sequence(RingBuffer.INITIAL_CURSOR_VALUE);
    private final Sequence[] consumed;

    DisruptorTransfer(int capacity, int consumers) {
        ring = RingBuffer.createMultiProducer(Message::new, capacity, new BusySpinWaitStrategy());
        consumed = new Sequence[consumers];
        for (int i = 0; i < consumers; i++) {
            consumed[i] = new Sequence(RingBuffer.INITIAL_CURSOR_VALUE);
        }
        ring.addGatingSequences(consumed);
    }

    @Override
    public int produce(int batch, long value) {
        long hi;
        try {
            hi = ring.tryNext(batch);
        } catch (InsufficientCapacityException e) {
            return 0;
        }
        long lo = hi - batch + 1;
        for (long s = lo; s <= hi; s++) {
            Message m = ring.get(s);
            long v = value + (s - lo);
            m.value = v;
            m.check = ~v;
        }
        ring.publish(lo, hi);
        return batch;
    }

    @Override
    public int consume(int batch, ConsumerSide side) {
        Sequence mine = consumed[side.index];
        long current = work.get();
        // We hold nothing up to `current` and may read from `current + 1` on: gate the producers there. An
        // idle consumer must move its gate too, or producers would stop at its last claim forever.
        mine.set(current);
        long next = current + 1;
        if (!ring.isAvailable(next)) {
            return 0;
        }
        long hi = next;
        long limit = next + batch - 1;
        while (hi < limit && ring.isAvailable(hi + 1)) {
            hi++;
        }
        if (!work.compareAndSet(current, hi)) {
            return 0;
        }
        long sink = 0;
        for (long s = next; s <= hi; s++) {
            Message m = ring.get(s);
            sink += m.value ^ m.check;
        }
        mine.set(hi);
        side.sink += sink;
        return (int) (hi - next + 1);
    }
}
