package dev.gmac.stress.channels;

import dev.gmac.channels.Channel;

/**
 * How the channel stress tests fill and check 16-byte elements: a value and its checksum, so that a consumer
 * can tell a fully written element from a torn or stale one.
 */
final class Elements {
    static final int SIZE = 16;

    private Elements() {}

    /** Writes {@code value} and its checksum into the element with sequence number {@code sequence}. */
    static void write(Channel ch, long sequence, long value) {
        int pos = ch.elementPosition(sequence);
        ch.putLong(pos, value);
        ch.putLong(pos + 8, checksum(value));
    }

    /** The value of the element in data slot {@code slot}, or -1 when its checksum does not match. */
    static long read(Channel ch, int slot) {
        int pos = ch.deq(slot);
        long value = ch.getLong(pos);
        return ch.getLong(pos + 8) == checksum(value) ? value : -1;
    }

    static long checksum(long value) {
        long z = (value + 1) * 0x9E3779B97F4A7C15L;
        return z ^ (z >>> 29);
    }

    /** Enqueues elements {@code first .. first+count-1} with values {@code value, value+1, ...}. */
    static void produce(Channel ch, long first, int count, long value) {
        for (int i = 0; i < count; i++) {
            write(ch, first + i, value + i);
        }
        ch.enq(first, count);
    }

    /** Dispatches everything ready; returns the sum of values, or -1 if any element was torn. */
    static long drainSum(Channel ch, int[] counted) {
        int[] slots = new int[ch.layout().capacity()];
        long sum = 0;
        int n;
        while ((n = ch.dispatch(slots, slots.length)) > 0) {
            for (int i = 0; i < n; i++) {
                long v = read(ch, slots[i]);
                if (v < 0) {
                    return -1;
                }
                sum += v;
            }
            counted[0] += n;
        }
        return sum;
    }
}
