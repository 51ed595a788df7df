package dev.gmac.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Many producers and consumers on one channel for a bounded time: every element produced is consumed exactly
 * once, with the contents its producer wrote (a per-element checksum), across many wrap-arounds and full
 * channels.
 */
class ChannelSoakTest {
    private static final long RUN_NANOS = TimeUnit.MILLISECONDS.toNanos(700);
    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(20);

    @ParameterizedTest(name = "{0}P/{1}C capacity {2} batch {3} group {4}")
    @CsvSource({
        "1, 1, 1024, 1, 64",
        "2, 2, 64, 8, 8",
        "4, 4, 16, 4, 2",
        "3, 2, 256, 64, 64",
        "2, 3, 8, 8, 1",
        // A 4-element channel laps every few operations, so a producer preempted inside enq wakes up laps later:
        // this caught a variant of enq that stored a control entry twice (decision 0200).
        "4, 4, 4, 1, 1"
    })
    void noElementIsLostDuplicatedOrTorn(int producers, int consumers, int capacity, int maxBatch, int group)
            throws InterruptedException {
        Channel ch = Channel.allocate(ChannelLayout.of(16, capacity, group));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] produced = new long[producers];
        BitSet[][] seen = new BitSet[consumers][producers];
        AtomicLong consumed = new AtomicLong();
        long deadline = System.nanoTime() + RUN_NANOS;
        AtomicLong producing = new AtomicLong(producers);

        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int id = p;
            threads.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(id);
                long index = 0;
                try {
                    while (System.nanoTime() < deadline) {
                        int n = 1 + random.nextInt(maxBatch);
                        long first = ch.talloc(n);
                        if (first == Channel.FULL) {
                            Thread.yield();
                            continue;
                        }
                        for (int i = 0; i < n; i++) {
                            long value = ((long) id << 40) | (index + i);
                            int pos = ch.elementPosition(first + i);
                            ch.putLong(pos, value);
                            ch.putLong(pos + 8, checksum(value));
                        }
                        ch.enq(first, n);
                        index += n;
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    produced[id] = index;
                    producing.decrementAndGet();
                }
            }));
        }
        AtomicLong totalProduced = new AtomicLong(-1);
        for (int c = 0; c < consumers; c++) {
            int id = c;
            for (int p = 0; p < producers; p++) {
                seen[c][p] = new BitSet();
            }
            threads.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(100 + id);
                ChannelReader reader = new ChannelReader(ch, 1 + random.nextInt(maxBatch));
                ElementHandler check = (channel, pos) -> {
                    long value = channel.getLong(pos);
                    if (channel.getLong(pos + 8) != checksum(value)) {
                        throw new AssertionError("torn element " + Long.toHexString(value));
                    }
                    int producer = (int) (value >>> 40);
                    int index = (int) (value & ((1L << 40) - 1));
                    if (seen[id][producer].get(index)) {
                        throw new AssertionError("element " + producer + ":" + index + " consumed twice");
                    }
                    seen[id][producer].set(index);
                };
                long drainDeadline = deadline + DRAIN_NANOS;
                try {
                    while (failure.get() == null) {
                        int n = reader.poll(check);
                        if (n > 0) {
                            consumed.addAndGet(n);
                            continue;
                        }
                        long total = totalProduced.get();
                        if (total >= 0 && consumed.get() >= total) {
                            return;
                        }
                        if (System.nanoTime() > drainDeadline) {
                            throw new AssertionError(
                                    "consumers stalled: " + consumed.get() + " of " + total + " consumed; " + ch);
                        }
                        Thread.yield();
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (int p = 0; p < producers; p++) {
            threads.get(p).join();
        }
        long total = 0;
        for (long n : produced) {
            total += n;
        }
        totalProduced.set(total);
        for (Thread t : threads) {
            t.join(TimeUnit.NANOSECONDS.toMillis(DRAIN_NANOS) + 5000);
            assertFalse(t.isAlive(), "a thread did not finish");
        }
        assertNull(failure.get(), () -> "failure: " + failure.get());
        assertEquals(total, consumed.get());
        assertTrue(total > 0);
        for (int p = 0; p < producers; p++) {
            BitSet all = new BitSet();
            for (int c = 0; c < consumers; c++) {
                assertFalse(all.intersects(seen[c][p]), "duplicate across consumers");
                all.or(seen[c][p]);
            }
            assertEquals(produced[p], all.cardinality(), "producer " + p + " lost elements");
            assertEquals(produced[p], all.nextClearBit(0));
        }
        assertEquals(ch.controlTail(), ch.controlReserveTail());
        assertEquals(ch.controlTail(), ch.controlHead());
        assertEquals(total, ch.dataTail());
        assertTrue(ch.dataTail() - ch.dataHead() < group, "everything done is freed except a partial group");
    }

    private static long checksum(long value) {
        long z = value * 0x9E3779B97F4A7C15L;
        return z ^ (z >>> 31);
    }
}
