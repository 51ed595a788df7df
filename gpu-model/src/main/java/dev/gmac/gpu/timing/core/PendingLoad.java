package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.event.TimeBase;

/**
 * One issued load (or value-returning atomic) waiting for its segments: when the last one arrives, its
 * destination registers become ready at the latest arrival. Pooled by the load/store unit.
 */
final class PendingLoad implements SegmentWaiter {
    private final int[] destinations = new int[IssueRecord.MAX_DESTINATIONS];
    private int destinationCount;
    private WarpSlot warp;
    private int generation;
    /** The static warps' slots whose registers the load writes, when the group was not just {@link #warp}. */
    private final WarpSlot[] targets = new WarpSlot[64];

    private final int[] targetGenerations = new int[64];
    /** Per target: the lanes of it the load writes (-1: the whole warp, a load of the slot's own static warp). */
    private final long[] targetLanes = new long[64];

    private int targetCount;
    private int remaining;
    private long latestTick;
    /** Lanes of an atomic waiting for its results, and the cycle it issued (thread-state accounting). */
    int atomicLanes;

    long issued;

    void start(WarpSlot w, IssueRecord in, int segments) {
        this.warp = w;
        this.generation = w.generation;
        this.remaining = segments;
        this.latestTick = 0;
        this.destinationCount = in.destinationCount();
        long groupWarps = in.memberWarps();
        targetCount = 0;
        if (groupWarps == 0) {
            targetLanes[targetCount] = -1L;
            targets[targetCount++] = w;
        } else {
            for (long m = groupWarps; m != 0; m &= m - 1) {
                int warp = Long.numberOfTrailingZeros(m);
                targetLanes[targetCount] = in.memberLanes(warp);
                targets[targetCount++] = w.cta.warps[warp];
            }
        }
        for (int t = 0; t < targetCount; t++) {
            targetGenerations[t] = targets[t].generation;
        }
        for (int i = 0; i < destinationCount; i++) {
            destinations[i] = in.destination(i);
            for (int t = 0; t < targetCount; t++) {
                targets[t].scoreboard.markPending(destinations[i], targetLanes[t]);
            }
        }
    }

    /**
     * One segment's data is usable at tick {@code tick}.
     *
     * @return the cycle the whole load completes, or -1 while segments remain
     */
    @Override
    public long segmentDone(long tick) {
        latestTick = Math.max(latestTick, tick);
        if (--remaining > 0) {
            return -1;
        }
        long cycle = TimeBase.tickToCycleCeil(latestTick);
        for (int t = 0; t < targetCount; t++) {
            WarpSlot target = targets[t];
            if (target.generation == targetGenerations[t]) {
                long lanes = targetLanes[t];
                for (int i = 0; i < destinationCount; i++) {
                    if (lanes == -1L) {
                        target.scoreboard.markReady(destinations[i], cycle);
                    } else {
                        target.scoreboard.markReady(destinations[i], lanes, cycle);
                    }
                }
            }
            targets[t] = null;
        }
        if (warp.generation == generation) {
            warp.pendingLoads--;
        }
        warp = null;
        return cycle;
    }
}
