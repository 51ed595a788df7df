package dev.gmac.gpu.timing.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EventQueueTest {
    private final List<String> fired = new ArrayList<>();

    private Event named(String name) {
        return new Event() {
            @Override
            public void fire(long now) {
                fired.add(name + "@" + now);
            }
        };
    }

    @Test
    void firesByTimeThenBySchedulingOrder() {
        EventQueue q = new EventQueue();
        q.schedule(named("c"), 30);
        q.schedule(named("a1"), 10);
        q.schedule(named("b"), 20);
        q.schedule(named("a2"), 10);
        q.runUntil(100);
        assertEquals(List.of("a1@10", "a2@10", "b@20", "c@30"), fired);
        assertTrue(q.isEmpty());
    }

    @Test
    void reschedulingMovesAnEventAndRemoveDropsIt() {
        EventQueue q = new EventQueue();
        Event a = named("a");
        Event b = named("b");
        q.schedule(a, 50);
        q.schedule(b, 40);
        q.schedule(a, 10);
        assertEquals(10, q.peekTime());
        q.remove(b);
        assertFalse(b.isScheduled());
        q.runUntil(100);
        assertEquals(List.of("a@10"), fired);
    }

    @Test
    void runUntilStopsAtTheLimitAndIncludesEventsScheduledWhileRunning() {
        EventQueue q = new EventQueue();
        Event chain = new Event() {
            @Override
            public void fire(long now) {
                fired.add("x@" + now);
                if (now < 30) {
                    q.schedule(this, now + 10);
                }
            }
        };
        q.schedule(chain, 0);
        q.runUntil(20);
        assertEquals(List.of("x@0", "x@10", "x@20"), fired);
        assertEquals(30, q.peekTime());
    }

    @Test
    void heapStaysOrderedUnderRandomScheduleAndRemove() {
        EventQueue q = new EventQueue();
        Random r = new Random(7);
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            Event e = named("e" + i);
            events.add(e);
            q.schedule(e, r.nextInt(10_000));
        }
        for (int i = 0; i < 500; i++) {
            q.remove(events.get(r.nextInt(events.size())));
            Event e = events.get(r.nextInt(events.size()));
            q.schedule(e, r.nextInt(10_000));
        }
        long last = -1;
        int n = q.size();
        for (int i = 0; i < n; i++) {
            Event e = q.poll();
            assertTrue(e.time() >= last);
            last = e.time();
        }
        assertTrue(q.isEmpty());
    }

    @Test
    void ticksConvertToCoreCyclesRoundingUp() {
        TimeBase t = new TimeBase(new dev.gmac.gpu.timing.config.ClockConfig(1300, 650, 650, 800));
        assertEquals(2 * TimeBase.TICKS_PER_CORE_CYCLE, t.icntCycle());
        assertEquals(6656, t.dramCycle(), "1300/800 = 1.625 core cycles");
        assertEquals(3, TimeBase.tickToCycleCeil(TimeBase.cycleToTick(2) + 1));
        assertEquals(2, TimeBase.tickToCycleCeil(TimeBase.cycleToTick(2)));
    }
}
