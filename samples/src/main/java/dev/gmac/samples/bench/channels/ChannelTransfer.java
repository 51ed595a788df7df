package dev.gmac.samples.bench.channels;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;

/**
 * Our channel (Orr et al., ISCA 2014): {@code talloc(batch)}, write in place, {@code enq}; consumers {@code
 * dispatch} up to a batch with one CAS, read in place, {@code tfree} with one add per done-count group.
 */
final class ChannelTransfer implements Transfer {
    private final Channel ch;

    ChannelTransfer(int capacity) {
        ch = Channel.allocate(ChannelLayout.of(16, capacity));
    }

    @Override
    public int produce(int batch, long value) {
        long first = ch.talloc(batch);
        if (first == Channel.FULL) {
            return 0;
        }
        for (int i = 0; i < batch; i++) {
            int pos = ch.elementPosition(first + i);
            ch.putLong(pos, value + i);
            ch.putLong(pos + 8, ~(value + i));
        }
        ch.enq(first, batch);
        return batch;
    }

    @Override
    public int consume(int batch, ConsumerSide side) {
        if (batch == 1) {
            int slot = ch.dispatchOne();
            if (slot < 0) {
                return 0;
            }
            int pos = ch.deq(slot);
            side.sink += ch.getLong(pos) ^ ch.getLong(pos + 8);
            ch.tfree(slot);
            return 1;
        }
        int[] slots = side.slots;
        int n = ch.dispatch(slots, batch);
        long sink = 0;
        for (int i = 0; i < n; i++) {
            int pos = ch.deq(slots[i]);
            sink += ch.getLong(pos) ^ ch.getLong(pos + 8);
        }
        if (n > 0) {
            ch.tfree(slots, n);
        }
        side.sink += sink;
        return n;
    }
}
