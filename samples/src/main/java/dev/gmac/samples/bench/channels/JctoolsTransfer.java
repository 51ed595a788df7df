package dev.gmac.samples.bench.channels;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcArrayQueue;

/**
 * JCTools' {@code MpmcArrayQueue} carrying one freshly allocated 16-byte {@link Message} per element (a
 * reference queue cannot write a payload in place); batches use its {@code fill} and {@code drain}, which
 * claim several slots per CAS.
 */
final class JctoolsTransfer implements Transfer {
    private final MpmcArrayQueue<Message> queue;

    JctoolsTransfer(int capacity) {
        queue = new MpmcArrayQueue<>(capacity);
    }

    @Override
    public int produce(int batch, long value) {
        if (batch == 1) {
            return queue.offer(new Message(value, ~value)) ? 1 : 0;
        }
        MessagePassingQueue.Supplier<Message> supplier = new Counter(value);
        return queue.fill(supplier, batch);
    }

    @Override
    public int consume(int batch, ConsumerSide side) {
        if (batch == 1) {
            Message m = queue.poll();
            if (m == null) {
                return 0;
            }
            side.sink += m.value ^ m.check;
            return 1;
        }
        return queue.drain(m -> side.sink += m.value ^ m.check, batch);
    }

    /** Supplies messages with consecutive values (escape analysis removes this object). */
    private static final class Counter implements MessagePassingQueue.Supplier<Message> {
        private long next;

        Counter(long first) {
            next = first;
        }

        @Override
        public Message get() {
            long v = next++;
            return new Message(v, ~v);
        }
    }
}
