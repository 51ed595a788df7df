package dev.gmac.channels;

import dev.gmac.channels.idle.IdleStrategy;

/**
 * One consumer thread's batched view of a {@link Channel}: dispatches up to a batch of ready elements with one
 * CAS, hands each to an {@link ElementHandler} ({@code deq}), then frees them with one done-count add per
 * group ({@code tfree}). The host analogue of a wavefront that the aggregator points at a batch of control
 * entries (Orr et al., ISCA 2014, §3.2.1, t7–t10).
 *
 * <p>Not thread-safe: it owns a scratch array of slots. Give every consumer thread its own reader.
 */
public final class ChannelReader {
    private final Channel channel;
    private final int[] slots;

    /** A reader that dispatches at most {@code batchSize} elements at a time. */
    public ChannelReader(Channel channel, int batchSize) {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batch size must be at least 1, got " + batchSize);
        }
        this.channel = channel;
        this.slots = new int[batchSize];
    }

    /** The channel this reader consumes. */
    public Channel channel() {
        return channel;
    }

    /** The most elements one {@link #poll} dispatches. */
    public int batchSize() {
        return slots.length;
    }

    /**
     * Dispatches up to a batch of ready elements, hands each to {@code handler} in control order and marks
     * them done. If the handler throws, every dispatched element is still marked done, then the exception
     * propagates (an element handed out is never handed out again).
     *
     * @return the number of elements consumed; 0 when none was ready
     */
    public int poll(ElementHandler handler) {
        int n = channel.dispatch(slots, slots.length);
        if (n == 0) {
            return 0;
        }
        try {
            for (int i = 0; i < n; i++) {
                handler.onElement(channel, channel.deq(slots[i]));
            }
        } finally {
            channel.tfree(slots, n);
        }
        return n;
    }

    /**
     * Polls until at least one element was consumed or {@code timeoutNanos} passed, idling with {@code idle}
     * between empty polls.
     *
     * @return the number of elements consumed; 0 on timeout
     */
    public int take(ElementHandler handler, IdleStrategy idle, long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        idle.reset();
        for (; ; ) {
            int n = poll(handler);
            if (n > 0) {
                return n;
            }
            if (System.nanoTime() - deadline >= 0) {
                return 0;
            }
            idle.idle();
        }
    }
}
