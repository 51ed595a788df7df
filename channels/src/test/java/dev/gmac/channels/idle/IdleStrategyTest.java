package dev.gmac.channels.idle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import dev.gmac.channels.ChannelReader;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdleStrategyTest {
    @Test
    void backoffSpinsThenYieldsThenParksLongerAndLonger() {
        BackoffIdleStrategy idle = new BackoffIdleStrategy(3, 2, 1_000, 4_000);
        assertEquals(BackoffIdleStrategy.Phase.NOT_IDLE, idle.phase());
        for (int i = 0; i < 3; i++) {
            idle.idle();
            assertEquals(BackoffIdleStrategy.Phase.SPINNING, idle.phase());
        }
        idle.idle();
        idle.idle();
        assertEquals(BackoffIdleStrategy.Phase.YIELDING, idle.phase());
        idle.idle();
        assertEquals(BackoffIdleStrategy.Phase.PARKING, idle.phase());
        assertEquals(2_000, idle.nextParkNanos());
        idle.idle();
        assertEquals(4_000, idle.nextParkNanos());
        idle.idle();
        assertEquals(4_000, idle.nextParkNanos(), "capped at the maximum");

        idle.idle(1);
        assertEquals(BackoffIdleStrategy.Phase.NOT_IDLE, idle.phase());
        idle.idle(0);
        assertEquals(BackoffIdleStrategy.Phase.SPINNING, idle.phase());
    }

    @Test
    void parkingParksAboutItsTime() {
        ParkingIdleStrategy idle = new ParkingIdleStrategy(TimeUnit.MILLISECONDS.toNanos(2));
        long start = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            idle.idle();
        }
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(5), "parked too little");
        assertThrows(IllegalArgumentException.class, () -> new ParkingIdleStrategy(0));
    }

    @Test
    void namesAndCopies() {
        assertSame(BusySpinIdleStrategy.INSTANCE, IdleStrategies.named("spin"));
        assertSame(YieldingIdleStrategy.INSTANCE, IdleStrategies.named("yield"));
        assertEquals("park", IdleStrategies.named("park").alias());
        IdleStrategy backoff = IdleStrategies.named("backoff");
        assertEquals("backoff", backoff.alias());
        assertNotSame(backoff, IdleStrategies.copyOf(backoff));
        assertSame(YieldingIdleStrategy.INSTANCE, IdleStrategies.copyOf(YieldingIdleStrategy.INSTANCE));
        assertThrows(IllegalArgumentException.class, () -> IdleStrategies.named("sleep"));
        assertThrows(IllegalArgumentException.class, () -> new BackoffIdleStrategy(1, 1, 10, 5));
    }

    /** A consumer waiting with each strategy receives what a late producer sends. */
    @ParameterizedTest
    @ValueSource(strings = {"spin", "yield", "park", "backoff"})
    void aWaitingConsumerWakesForLateWork(String name) throws InterruptedException {
        Channel ch = Channel.allocate(ChannelLayout.of(8, 16));
        ChannelReader reader = new ChannelReader(ch, 4);
        AtomicLong got = new AtomicLong();
        Thread producer = new Thread(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
            long seq = ch.talloc(1);
            ch.putLong(ch.elementPosition(seq), 99);
            ch.enq(seq, 1);
        });
        producer.start();
        int n = reader.take(
                (c, pos) -> got.set(c.getLong(pos)), IdleStrategies.named(name), TimeUnit.SECONDS.toNanos(10));
        producer.join();
        assertEquals(1, n);
        assertEquals(99, got.get());
        assertEquals(0, reader.take((c, pos) -> {}, IdleStrategies.named(name), TimeUnit.MILLISECONDS.toNanos(5)));
    }
}
