package dev.gmac.gpu.timing.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.timing.config.SchedulerPolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue order of loose round-robin and greedy-then-oldest (slides test T5). */
class WarpSchedulerTest {
    private final Set<Integer> ready = new HashSet<>();
    private final List<Integer> probed = new ArrayList<>();

    private final IssueProbe probe = w -> {
        probed.add(w);
        return ready.contains(w);
    };

    private List<Integer> issue(WarpScheduler s, int cycles) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < cycles; i++) {
            order.add(s.select(probe));
        }
        return order;
    }

    private static WarpScheduler withWarps(SchedulerPolicy p, int... slots) {
        WarpScheduler s = WarpScheduler.create(p, 16);
        long age = 0;
        for (int w : slots) {
            s.add(w, age++);
        }
        return s;
    }

    @Test
    void looseRoundRobinRotatesOverReadyWarps() {
        WarpScheduler s = withWarps(SchedulerPolicy.LRR, 0, 1, 2, 3);
        ready.addAll(List.of(0, 1, 2, 3));
        assertEquals(List.of(0, 1, 2, 3, 0, 1), issue(s, 6));
        ready.remove(2);
        assertEquals(List.of(3, 0, 1, 3), issue(s, 4), "a stalled warp is skipped, not waited for");
        ready.clear();
        assertEquals(List.of(-1), issue(s, 1));
    }

    @Test
    void greedyThenOldestStaysOnAWarpUntilItStallsThenTakesTheOldest() {
        WarpScheduler s = withWarps(SchedulerPolicy.GTO, 0, 1, 2, 3);
        ready.addAll(List.of(0, 1, 2, 3));
        assertEquals(List.of(0, 0, 0), issue(s, 3), "W0 issues repeatedly");
        ready.remove(0);
        assertEquals(List.of(1, 1), issue(s, 2), "W0 stalls: the oldest ready warp is W1");
        ready.add(0);
        ready.remove(1);
        assertEquals(List.of(0), issue(s, 1), "W1 stalls and W0 is ready again: W0, not W2");
    }

    @Test
    void greedyThenOldestProbesEachWarpAtMostOncePerCycle() {
        WarpScheduler s = withWarps(SchedulerPolicy.GTO, 0, 1, 2);
        ready.add(0);
        s.select(probe);
        ready.clear();
        probed.clear();
        assertEquals(-1, s.select(probe));
        assertEquals(List.of(0, 1, 2), probed);
    }

    @Test
    void removedWarpsAreNoLongerConsideredAndNewOnesAreYoungest() {
        WarpScheduler gto = withWarps(SchedulerPolicy.GTO, 5, 2, 7);
        ready.addAll(List.of(2, 5, 7, 9));
        gto.remove(5);
        gto.add(9, 10);
        assertEquals(3, gto.size());
        assertEquals(List.of(2), issue(gto, 1), "oldest remaining is slot 2 (added second)");
        ready.remove(2);
        assertEquals(List.of(7), issue(gto, 1));
        WarpScheduler lrr = withWarps(SchedulerPolicy.LRR, 5, 2, 7);
        lrr.remove(2);
        assertEquals(List.of(5, 7, 5), issue(lrr, 3), "round-robin follows slot order");
    }
}
