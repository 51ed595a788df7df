package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.event.TimeBase;

/**
 * One issued load (or value-returning atomic) waiting for its segments: when the last one arrives, its
 * destination registers become ready at the latest arrival. Pooled by the load/store unit.
 */
final class PendingLoad {
    private final int[] destinations = new int[IssueRecord.MAX_DESTINATIONS];
    private int destinationCount;
    private WarpSlot warp;
    private int generation;
    private int remaining;
    private long latestTick;

    void start(WarpSlot w, IssueRecord in, int segments) {
        this.warp = w;
        this.generation = w.generation;
        this.remaining = segments;
        this.latestTick = 0;
        this.destinationCount = in.destinationCount();
        for (int i = 0; i < destinationCount; i++) {
            destinations[i] = in.destination(i);
            w.scoreboard.markPending(destinations[i]);
        }
    }

    /**
     * One segment's data is usable at tick {@code tick}.
     *
     * @return the cycle the whole load completes, or -1 while segments remain
     */
    long segmentDone(long tick) {
        latestTick = Math.max(latestTick, tick);
        if (--remaining > 0) {
            return -1;
        }
        long cycle = TimeBase.tickToCycleCeil(latestTick);
        if (warp.generation == generation) {
            for (int i = 0; i < destinationCount; i++) {
                warp.scoreboard.markReady(destinations[i], cycle);
            }
            warp.pendingLoads--;
        }
        warp = null;
        return cycle;
    }
}
