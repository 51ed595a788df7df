package dev.gmac.samples.bench.channels;

/**
 * One multi-producer/multi-consumer queue under test, seen through the two operations the benchmark
 * threads repeat: produce up to a batch of 16-byte messages, consume up to a batch. Neither blocks; each
 * returns how many messages it moved (0 when the queue was full or empty).
 */
interface Transfer {
    /** Produces up to {@code batch} messages with values {@code value, value + 1, ...}. */
    int produce(int batch, long value);

    /** Consumes up to {@code batch} messages; adds what it read to {@code sink}. */
    int consume(int batch, ConsumerSide side);

    /** Per-consumer-thread state: a scratch array, a slot in the consumer list, and a checksum sink. */
    final class ConsumerSide {
        final int[] slots;
        final int index;
        long sink;

        ConsumerSide(int batch, int index) {
            this.slots = new int[batch];
            this.index = index;
        }
    }
}
