package dev.gmac.gpu.timing.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.timing.config.BlockPriority;
import dev.gmac.gpu.timing.config.SchedulerPolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue order of loose round-robin and greedy-then-oldest (slides test T5), and of thread block prioritization
 * (Fung thesis §3.6.2) over a core's schedulers.
 */
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

    /** Two schedulers of one core (even and odd warp slots) over three CTAs of two warps each, slots 2c and 2c+1. */
    private static WarpScheduler[] twoSchedulers(BlockOrder order) {
        WarpScheduler[] s = {new BlockPriorityScheduler(order, 16), new BlockPriorityScheduler(order, 16)};
        for (int cta = 0; cta < 3; cta++) {
            for (int w = 2 * cta; w < 2 * cta + 2; w++) {
                s[w % 2].add(w, w, cta, cta);
            }
        }
        return s;
    }

    private List<Integer> cycle(BlockOrder order, long now, WarpScheduler... s) {
        order.beginCycle(now);
        List<Integer> issued = new ArrayList<>();
        for (WarpScheduler x : s) {
            issued.add(x.select(probe));
        }
        return issued;
    }

    @Test
    void stickyRoundRobinKeepsTheCtaFirstOnEveryScheduler() {
        BlockOrder order = new BlockOrder(BlockPriority.SRR);
        WarpScheduler[] s = twoSchedulers(order);
        ready.addAll(List.of(0, 1, 2, 3, 4, 5));
        assertEquals(List.of(0, 1), cycle(order, 0, s), "CTA 0 (slots 0, 1) issues on both schedulers");
        ready.remove(1);
        assertEquals(List.of(0, 3), cycle(order, 1, s), "scheduler 1 fills in from CTA 1 while CTA 0 keeps priority");
        ready.remove(2);
        assertEquals(List.of(0, 3), cycle(order, 2, s), "CTA 0 still issues on scheduler 0: it stays sticky");
        ready.remove(0);
        assertEquals(List.of(4, 3), cycle(order, 3, s), "CTA 0 has no ready warp: each scheduler takes the next CTA");
        ready.addAll(List.of(0, 1, 2));
        assertEquals(List.of(2, 3), cycle(order, 4, s), "CTA 1 became sticky, although CTA 0 is ready again");
    }

    @Test
    void stickyRoundRobinHandsPriorityToTheNextCtaWhenTheStickyOneLeaves() {
        BlockOrder order = new BlockOrder(BlockPriority.SRR);
        WarpScheduler[] s = twoSchedulers(order);
        ready.addAll(List.of(0, 1, 2, 3, 4, 5));
        cycle(order, 0, s);
        ready.removeAll(List.of(0, 1));
        assertEquals(List.of(2, 3), cycle(order, 1, s));
        s[0].remove(2);
        s[1].remove(3); // CTA 1, now sticky, exits
        ready.addAll(List.of(0, 1));
        assertEquals(List.of(4, 5), cycle(order, 2, s), "CTA 2 follows CTA 1 in round-robin order, not CTA 0");
    }

    @Test
    void stickyRoundRobinKeepsTheCtaFirstWhileAReadyWarpOnlyWaitsForAUnit() {
        // decision 0339: "until none of the thread block's warps are ready for issue"; a warp whose pipeline is
        // busy is ready (it stalls), so its CTA keeps priority while other CTAs' warps fill the slot
        Set<Integer> stalled = new HashSet<>();
        long[] stalls = {0};
        IssueProbe units = new IssueProbe() {
            @Override
            public boolean canIssue(int w) {
                if (stalled.contains(w)) {
                    stalls[0]++;
                    return false;
                }
                return ready.contains(w);
            }

            @Override
            public long stalledProbes() {
                return stalls[0];
            }
        };
        BlockOrder order = new BlockOrder(BlockPriority.SRR);
        WarpScheduler[] s = twoSchedulers(order);
        ready.addAll(List.of(0, 1, 2, 3, 4, 5));
        order.beginCycle(0);
        assertEquals(0, s[0].select(units));
        assertEquals(1, s[1].select(units));
        stalled.addAll(List.of(0, 1)); // CTA 0's warps wait for their units
        order.beginCycle(1);
        assertEquals(2, s[0].select(units), "CTA 1 fills the slots");
        assertEquals(3, s[1].select(units));
        stalled.clear();
        order.beginCycle(2);
        assertEquals(0, s[0].select(units), "CTA 0 kept priority: its warps were ready, only stalled");
        ready.removeAll(List.of(0, 1)); // now CTA 0 has no ready warp at all
        order.beginCycle(3);
        assertEquals(2, s[0].select(units));
        ready.addAll(List.of(0, 1));
        order.beginCycle(4);
        assertEquals(2, s[0].select(units), "CTA 1 took priority");
    }

    @Test
    void stickyRoundRobinDoesNotCountASlotWithoutAWarpAsItsCtaIssuing() {
        // Fung thesis §3.6.2: "Warps in a thread block that is currently issuing warps retain highest priority until
        // none of the thread block's warps are ready for issue. Then, the next thread block gets highest priority."
        // A slot that thread block compaction left without a compacted warp (its block finished) is taken once to
        // retire it, but it is no warp of its CTA issuing (decision 0343).
        Set<Integer> empty = new HashSet<>();
        IssueProbe slots = new IssueProbe() {
            @Override
            public boolean canIssue(int w) {
                return ready.contains(w) || empty.contains(w);
            }

            @Override
            public boolean holdsNoWarp(int w) {
                return empty.contains(w);
            }
        };
        BlockOrder order = new BlockOrder(BlockPriority.SRR);
        WarpScheduler[] s = twoSchedulers(order);
        ready.addAll(List.of(0, 1, 2, 3, 4, 5));
        order.beginCycle(0);
        assertEquals(0, s[0].select(slots));
        assertEquals(1, s[1].select(slots));
        // CTA 0 (sticky) has no ready warp; CTA 1 only has a slot without a warp on scheduler 0; CTA 2 issues
        ready.removeAll(List.of(0, 1, 2, 3));
        empty.add(2);
        order.beginCycle(1);
        assertEquals(2, s[0].select(slots), "the empty slot is taken to retire it");
        assertEquals(5, s[1].select(slots));
        s[0].remove(2);
        empty.clear();
        ready.addAll(List.of(0, 1, 3));
        order.beginCycle(2);
        assertEquals(4, s[0].select(slots), "CTA 2 issued a warp: it is sticky, not CTA 1");
        assertEquals(5, s[1].select(slots), "CTA 2 first on scheduler 1 too");
        // CTA 2 (sticky) has only a slot without a warp on scheduler 0 and no ready warp on scheduler 1
        ready.removeAll(List.of(4, 5));
        empty.add(4);
        order.beginCycle(3);
        assertEquals(4, s[0].select(slots));
        assertEquals(1, s[1].select(slots), "CTA 0 issues on scheduler 1");
        s[0].remove(4);
        empty.clear();
        ready.addAll(List.of(3, 5));
        order.beginCycle(4);
        assertEquals(List.of(0, 1), List.of(s[0].select(slots), s[1].select(slots)), "CTA 0 took priority");
    }

    @Test
    void roundRobinBlocksRotateWithTheCycleOnEveryScheduler() {
        BlockOrder order = new BlockOrder(BlockPriority.RRB);
        WarpScheduler[] s = twoSchedulers(order);
        ready.addAll(List.of(0, 1, 2, 3, 4, 5));
        assertEquals(List.of(0, 1), cycle(order, 0, s));
        assertEquals(List.of(2, 3), cycle(order, 1, s));
        assertEquals(List.of(2, 3), cycle(order, 4, s), "cycles in which the core slept count too (4 mod 3 = 1)");
        BlockOrder age = new BlockOrder(BlockPriority.AGE);
        WarpScheduler[] a = twoSchedulers(age);
        assertEquals(List.of(0, 1), cycle(age, 7, a), "AGE: the oldest CTA first in any cycle");
    }
}
