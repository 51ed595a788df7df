package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.config.BlockPriority;
import dev.gmac.gpu.timing.config.SchedulerPolicy;

/**
 * One warp scheduler of a core (Fung thesis §2.3.3; GPGPU architecture slides, "Issue"): it owns some warp
 * slots and, each cycle, picks which of its ready warps issues. Policies differ only in the order in which they
 * consider warps; the first one the {@link IssueProbe} accepts issues. A scheduler asks the probe about each of
 * its warps at most once per cycle.
 */
public interface WarpScheduler {
    /** Warp slot {@code warpSlot} starts; {@code age} grows with every warp started on the core. */
    void add(int warpSlot, long age);

    /**
     * Warp slot {@code warpSlot} of the CTA in local slot {@code cta} starts; {@code ctaAge} grows with every CTA
     * dispatched to the core. Policies that do not prioritise CTAs ignore the CTA.
     */
    default void add(int warpSlot, long age, int cta, long ctaAge) {
        add(warpSlot, age);
    }

    /** Warp slot {@code warpSlot} has exited. */
    void remove(int warpSlot);

    /** The warp to issue this cycle, or -1 when none can. */
    int select(IssueProbe probe);

    /** Warps this scheduler holds. */
    int size();

    /**
     * A scheduler for a core with {@code maxWarps} warp slots: with a block priority other than {@code none}, a
     * {@link BlockPriorityScheduler} (loose round-robin inside each CTA, thesis §3.6.2), else one of {@code policy}.
     */
    static WarpScheduler create(SchedulerPolicy policy, BlockPriority blocks, int maxWarps) {
        return blocks == BlockPriority.NONE ? create(policy, maxWarps) : new BlockPriorityScheduler(blocks, maxWarps);
    }

    /** A scheduler of the given policy for a core with {@code maxWarps} warp slots. */
    static WarpScheduler create(SchedulerPolicy policy, int maxWarps) {
        switch (policy) {
            case GTO:
                return new GreedyThenOldestScheduler(maxWarps);
            case LRR:
                return new LooseRoundRobinScheduler(maxWarps);
            default:
                throw new IllegalArgumentException("unknown scheduler policy " + policy);
        }
    }
}
