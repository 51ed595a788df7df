package dev.gmac.gpu.timing.stats;

/**
 * The issue-slot breakdown of the Fung thesis (§3.6.1, Figures 3.11-3.12; digest §2.7): every scheduler issue
 * slot of every core cycle falls in exactly one bucket. Eight buckets count issued instructions by active lanes
 * (W1-4 ... W29-32 for 32-wide warps; each bucket spans warpSize/8 lanes), and three count slots without an
 * issue:
 *
 * <ul>
 *   <li>{@code W0_Idle}: no warp could issue and none waits on memory (no warps, all at a barrier, waiting for
 *       fetch, for an ALU result, or the core has finished its CTAs).
 *   <li>{@code W0_Mem}: no warp could issue and at least one of the scheduler's warps waits on a memory load.
 *   <li>{@code Stall}: a warp was ready but the pipeline it needs was busy (a structural hazard; the memory
 *       pipeline's reasons are counted separately by {@link MemoryStall}).
 * </ul>
 */
public final class IssueSlot {
    /** Number of active-lane buckets. */
    public static final int LANE_BUCKETS = 8;
    /** Index of W0_Idle. */
    public static final int W0_IDLE = LANE_BUCKETS;
    /** Index of W0_Mem. */
    public static final int W0_MEM = LANE_BUCKETS + 1;
    /** Index of Stall. */
    public static final int STALL = LANE_BUCKETS + 2;
    /** Number of buckets. */
    public static final int COUNT = LANE_BUCKETS + 3;

    private IssueSlot() {}

    /** The bucket of an issued instruction with {@code activeLanes} (1..warpSize) active lanes. */
    public static int laneBucket(int activeLanes, int warpSize) {
        if (activeLanes <= 0) {
            return 0;
        }
        return Math.min(LANE_BUCKETS - 1, (activeLanes - 1) * LANE_BUCKETS / warpSize);
    }

    /** Labels of the buckets in thesis order: W0_Idle, W0_Mem, W1-4 ... W29-32, Stall. */
    public static String[] labelsInThesisOrder(int warpSize) {
        String[] out = new String[COUNT];
        out[0] = "W0_Idle";
        out[1] = "W0_Mem";
        int width = warpSize / LANE_BUCKETS;
        for (int b = 0; b < LANE_BUCKETS; b++) {
            out[2 + b] = "W" + (b * width + 1) + "-" + ((b + 1) * width);
        }
        out[COUNT - 1] = "Stall";
        return out;
    }

    /** Bucket indices in thesis order, matching {@link #labelsInThesisOrder}. */
    public static int[] indicesInThesisOrder() {
        int[] out = new int[COUNT];
        out[0] = W0_IDLE;
        out[1] = W0_MEM;
        for (int b = 0; b < LANE_BUCKETS; b++) {
            out[2 + b] = b;
        }
        out[COUNT - 1] = STALL;
        return out;
    }
}
