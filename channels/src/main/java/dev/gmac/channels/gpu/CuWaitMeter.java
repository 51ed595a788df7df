package dev.gmac.channels.gpu;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Counts compute-unit cycles in which a compute unit waits for the aggregator: the measure of Orr et al. (ISCA 2014,
 * §8.3, Table 5, "% of time GPU (8 CUs) is blocked on aggregator") taken per compute unit (decision 0214).
 *
 * <p>A compute unit is blocked on the aggregator in a cycle when (1) the aggregator has assigned it a wavefront (a
 * dispatch or a restart) that has not started yet, because the pass that assigned it is still being paid for; or (2)
 * it has room for a wavefront and there is work the aggregator would hand it and has not yet: a yielded wavefront of
 * this compute unit whose channel has room, or a wavefront of ready elements that the dispatch predicate and
 * levelization let go, of a kernel that fits on it. Each unit counts at most once per cycle, and a channel's ready
 * wavefronts are matched to units with room one to one (two ready wavefronts block at most two units). Over all
 * compute-unit cycles sampled this is the share of the GPU's capacity lost to the aggregator.
 *
 * <p>Use per cycle: {@link #begin}, then {@link #restartWaits} and {@link #dispatchWaits} for the work that waits,
 * then {@link #end}. Single-threaded (the timing loop's thread).
 */
final class CuWaitMeter {
    private final long[] startsAt;
    private final boolean[] counted;
    private long cycle = Long.MIN_VALUE;
    private int blockedNow;
    private long blocked;
    private long total;

    CuWaitMeter(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("a GPU needs at least one compute unit, got " + cores);
        }
        this.startsAt = new long[cores];
        this.counted = new boolean[cores];
        Arrays.fill(startsAt, Long.MIN_VALUE);
    }

    /** The aggregator assigned {@code core} a wavefront that starts (or restarts) at {@code at}. */
    void assigned(int core, long at) {
        startsAt[core] = Math.max(startsAt[core], at);
    }

    /** Starts counting cycle {@code c}: units with an assigned wavefront not yet started are blocked. */
    void begin(long c) {
        cycle = c;
        blockedNow = 0;
        for (int k = 0; k < startsAt.length; k++) {
            counted[k] = startsAt[k] > c;
            if (counted[k]) {
                blockedNow++;
            }
        }
    }

    /** A yielded wavefront of {@code core} could be restarted now (its channel has room and its unit has space). */
    void restartWaits(int core) {
        if (!counted[core]) {
            counted[core] = true;
            blockedNow++;
        }
    }

    /** {@code wavefronts} ready wavefronts of one kernel wait; {@code fits} tells on which units it has room. */
    void dispatchWaits(int wavefronts, IntPredicate fits) {
        for (int k = 0; k < counted.length && wavefronts > 0; k++) {
            if (!counted[k] && fits.test(k)) {
                counted[k] = true;
                blockedNow++;
                wavefronts--;
            }
        }
    }

    /** Ends the cycle begun by {@link #begin}: adds its blocked units and all units to the totals. */
    void end() {
        blocked += blockedNow;
        total += startsAt.length;
    }

    /** The cycle last begun. */
    long cycle() {
        return cycle;
    }

    /** Compute-unit cycles blocked on the aggregator so far. */
    long blockedCuCycles() {
        return blocked;
    }

    /** Compute-unit cycles counted so far (cycles times units). */
    long cuCycles() {
        return total;
    }
}
