package dev.gmac.channels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Single-thread semantics of the channel (Orr et al., ISCA 2014, §3.2 and Table 1). */
class ChannelTest {
    private static final int SIZE = 16;

    @Test
    void anElementTravelsThroughAllFiveStates() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 4));
        assertEquals(0, ch.usedCount());

        long seq = ch.talloc(1); // Reserved
        assertEquals(0, seq);
        assertEquals(1, ch.usedCount());
        assertEquals(0, ch.readyCount());
        int pos = ch.elementPosition(seq);
        ch.putLong(pos, 42);
        ch.putLong(pos + 8, -7);

        ch.enq(seq, 1); // Ready
        assertEquals(1, ch.readyCount());
        assertEquals(1, ch.controlTail());
        assertEquals(1, ch.controlReserveTail());

        int[] slots = new int[4];
        assertEquals(1, ch.dispatch(slots, 4)); // Dispatched
        assertEquals(0, slots[0]);
        assertEquals(0, ch.readyCount());
        int at = ch.deq(slots[0]);
        assertEquals(42, ch.getLong(at));
        assertEquals(-7, ch.getLong(at + 8));

        ch.tfree(slots[0]); // Done; its group of 4 is not complete, so it is not freed yet
        assertEquals(1, ch.doneCount(0));
        assertEquals(0, ch.dataHead());
        assertEquals(0, ch.dispatch(slots, 4));
    }

    /** The paper's Figure 4 walk-through, t0 to t11, with two four-wide wavefronts. */
    @Test
    void figureFourWalkThrough() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 4));
        int[] slots = new int[8];

        long wf0 = ch.talloc(4); // t1
        long wf1 = ch.talloc(4); // t2
        assertEquals(0, wf0);
        assertEquals(4, wf1);
        fill(ch, wf1, 4, 100); // t3

        ch.enq(wf1, 4); // t4-t6: wavefront 1 is Ready before wavefront 0, which allocated first
        assertEquals(4, ch.readyCount());
        assertEquals(4, ch.dispatch(slots, 8)); // t7
        assertArrayEquals(new int[] {4, 5, 6, 7}, Arrays.copyOf(slots, 4));

        fill(ch, wf0, 4, 0); // t8
        ch.enq(wf0, 4);
        int[] wf0Slots = new int[4];
        assertEquals(4, ch.dispatch(wf0Slots, 4)); // t9
        assertArrayEquals(new int[] {0, 1, 2, 3}, wf0Slots);
        for (int i = 0; i < 4; i++) {
            assertEquals(100 + 4 + i, ch.getLong(ch.deq(slots[i])));
            assertEquals(i, ch.getLong(ch.deq(wf0Slots[i])));
        }

        ch.tfree(slots, 4); // t9: wavefront 1's consumers are done first ...
        assertEquals(0, ch.dataHead()); // ... but space is freed in allocation order only
        assertEquals(Channel.FULL, ch.talloc(1));

        ch.tfree(wf0Slots, 4); // t10
        assertEquals(8, ch.dataHead()); // t11: both groups freed, in order
        assertEquals(8, ch.talloc(8));
    }

    @Test
    void aFullChannelIsReportedWithoutBlocking() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 2));
        assertEquals(0, ch.talloc(5));
        assertEquals(Channel.FULL, ch.talloc(4));
        assertEquals(5, ch.talloc(3));
        assertEquals(Channel.FULL, ch.talloc(1));
        assertEquals(8, ch.usedCount());

        ch.enq(0, 5);
        int[] slots = new int[8];
        assertEquals(5, ch.dispatch(slots, 8));
        ch.tfree(slots[0]);
        assertEquals(Channel.FULL, ch.talloc(1)); // group {0,1} half done
        ch.tfree(slots[1]);
        assertEquals(2, ch.dataHead());
        assertEquals(8, ch.talloc(2));
        assertEquals(Channel.FULL, ch.talloc(1));
    }

    @Test
    void wrapsAroundBothArraysForManyLaps() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 2));
        SplittableRandom random = new SplittableRandom(7);
        int[] slots = new int[8];
        long next = 0;
        long expected = 0;
        List<Integer> held = new ArrayList<>();
        for (int round = 0; round < 20_000; round++) {
            int n = 1 + random.nextInt(3);
            long first = ch.talloc(n);
            if (first != Channel.FULL) {
                assertEquals(next, first);
                fill(ch, first, n, 0);
                ch.enq(first, n);
                next += n;
            }
            int got = ch.dispatch(slots, 1 + random.nextInt(8));
            for (int i = 0; i < got; i++) {
                int pos = ch.deq(slots[i]);
                assertEquals(expected, ch.getLong(pos), "element order/content");
                assertEquals(~expected, ch.getLong(pos + 8));
                expected++;
                held.add(slots[i]);
            }
            // free in a shuffled order, sometimes holding elements back
            while (held.size() > random.nextInt(4)) {
                ch.tfree(held.remove(random.nextInt(held.size())));
            }
        }
        assertTrue(next > 10 * 16, "went around the control array many times: " + next);
        assertEquals(ch.controlTail(), ch.controlReserveTail());
        assertEquals(next, ch.dataTail());
    }

    @Test
    void batchedTfreeAddsOncePerGroupRunAndFreesInOrder() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 16, 4));
        long first = ch.talloc(12);
        ch.enq(first, 12);
        int[] slots = new int[12];
        assertEquals(12, ch.dispatch(slots, 12));
        int[] later = {4, 5, 6, 7, 8, 9, 10, 11};
        ch.tfree(later, later.length);
        assertEquals(4, ch.doneCount(4));
        assertEquals(4, ch.doneCount(8));
        assertEquals(0, ch.dataHead());
        ch.tfree(new int[] {3, 0, 2, 1}, 4);
        assertEquals(12, ch.dataHead());
    }

    @Test
    void dispatchOneClaimsSingleElements() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8));
        assertEquals(-1, ch.dispatchOne());
        long first = ch.talloc(3);
        ch.enq(first, 3);
        assertEquals(0, ch.dispatchOne());
        assertEquals(1, ch.dispatchOne());
        assertEquals(2, ch.dispatchOne());
        assertEquals(-1, ch.dispatchOne());
    }

    @Test
    void enqueuesInPartsOfAReservation() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8));
        long first = ch.talloc(4);
        ch.enq(first + 2, 2);
        ch.enq(first, 2);
        int[] slots = new int[4];
        assertEquals(4, ch.dispatch(slots, 4));
        assertArrayEquals(new int[] {2, 3, 0, 1}, slots);
    }

    @Test
    void twoPartiesShareOneRegionThroughAttach() {
        ByteBuffer big = ByteBuffer.allocateDirect(1 << 16);
        ByteBuffer region = big.position(256).slice();
        ChannelLayout layout = ChannelLayout.of(12, 32, 8);
        Channel producer = Channel.format(region, layout);
        Channel consumer = Channel.attach(big.duplicate().position(256).slice());
        assertEquals(layout, consumer.layout());

        long first = producer.talloc(2);
        producer.putInt(producer.elementPosition(first), 11);
        producer.putInt(producer.elementPosition(first + 1) + 8, 22);
        producer.enq(first, 2);

        ChannelReader reader = new ChannelReader(consumer, 8);
        long[] sum = {0};
        assertEquals(2, reader.poll((c, pos) -> sum[0] += c.getInt(pos) + c.getInt(pos + 8)));
        assertEquals(33, sum[0]);
        assertEquals(2, producer.doneCount(0));
    }

    @Test
    void regionsThatCannotHoldAChannelAreRejected() {
        ChannelLayout layout = ChannelLayout.of(SIZE, 8);
        assertThrows(IllegalArgumentException.class, () -> Channel.format(ByteBuffer.allocate(4096), layout));
        ByteBuffer direct = ByteBuffer.allocateDirect(8192);
        ByteBuffer misaligned = direct.position(4).slice();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Channel.format(misaligned, layout));
        assertTrue(e.getMessage().contains("8-byte boundary"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Channel.format(ByteBuffer.allocateDirect(64), layout));
        assertThrows(
                IllegalArgumentException.class,
                () -> Channel.format(ByteBuffer.allocateDirect(8192).asReadOnlyBuffer(), layout));
        assertThrows(IllegalArgumentException.class, () -> Channel.attach(ByteBuffer.allocateDirect(8192)));
    }

    @Test
    void aStaleProducerLimitIsRefreshedBeforeReportingFull() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 2));
        assertEquals(8, ch.region().getLong(ChannelLayout.PRODUCER_LIMIT_OFFSET), "format: head 0 + capacity");
        long first = ch.talloc(8);
        ch.enq(first, 8);
        int[] slots = new int[8];
        ch.tfree(slots, ch.dispatch(slots, 8));
        assertEquals(8, ch.dataHead());
        // the cached limit still says 8, but the whole next lap is free: talloc must read the head, not refuse
        assertEquals(8, ch.talloc(6));
        assertEquals(16, ch.region().getLong(ChannelLayout.PRODUCER_LIMIT_OFFSET));
        assertEquals(14, ch.talloc(2));
        assertEquals(Channel.FULL, ch.talloc(1));
    }

    @Test
    void theControlTailIsTheFirstUnwrittenEntryFromTheHead() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8, 4));
        long a = ch.talloc(2);
        long b = ch.talloc(3);
        ch.enq(b, 3); // allocated later, enqueued first: entries 0-2
        assertEquals(3, ch.controlTail());
        assertEquals(3, ch.readyCount());
        assertEquals(3, ch.region().getLong(ChannelLayout.CONTROL_TAIL_OFFSET), "the scan leaves the hint");
        int[] slots = new int[8];
        assertEquals(2, ch.dispatch(slots, 2));
        assertArrayEquals(new int[] {2, 3}, Arrays.copyOf(slots, 2));
        assertEquals(3, ch.controlTail());
        assertEquals(1, ch.readyCount());
        ch.enq(a, 2); // entries 3-4
        assertEquals(5, ch.controlTail());
        assertEquals(5, ch.controlReserveTail());
        assertEquals(3, ch.dispatch(slots, 8));
        assertArrayEquals(new int[] {4, 0, 1}, Arrays.copyOf(slots, 3));
        assertEquals(5, ch.controlTail());
        assertEquals(0, ch.readyCount());
        assertEquals(0, ch.dispatch(slots, 8));
        assertEquals(-1, ch.dispatchOne());
    }

    @Test
    void attachRejectsRegionsOfAnotherLayoutVersion() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8));
        ch.region().putInt(ChannelLayout.VERSION_OFFSET, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Channel.attach(ch.region()));
        assertTrue(e.getMessage().contains("version 1"), e.getMessage());
    }

    @Test
    void badArgumentsAreRejected() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 8));
        assertThrows(IllegalArgumentException.class, () -> ch.talloc(0));
        assertThrows(IllegalArgumentException.class, () -> ch.talloc(9));
        assertThrows(IllegalArgumentException.class, () -> ch.enq(0, 0));
        assertThrows(IllegalArgumentException.class, () -> ch.dispatch(new int[2], 3));
        assertThrows(IndexOutOfBoundsException.class, () -> ch.deq(8));
        assertThrows(IndexOutOfBoundsException.class, () -> ch.tfree(-1));
    }

    @Test
    void readerFreesEverythingEvenWhenTheHandlerThrows() {
        Channel ch = Channel.allocate(ChannelLayout.of(SIZE, 4, 4));
        long first = ch.talloc(4);
        ch.enq(first, 4);
        ChannelReader reader = new ChannelReader(ch, 4);
        assertThrows(
                IllegalStateException.class,
                () -> reader.poll((c, pos) -> {
                    throw new IllegalStateException("boom");
                }));
        assertEquals(4, ch.dataHead());
        assertEquals(0, reader.poll((c, pos) -> {}));
    }

    private static void fill(Channel ch, long first, int count, long base) {
        for (int i = 0; i < count; i++) {
            int pos = ch.elementPosition(first + i);
            ch.putLong(pos, base + first + i);
            ch.putLong(pos + 8, ~(base + first + i));
        }
    }
}
