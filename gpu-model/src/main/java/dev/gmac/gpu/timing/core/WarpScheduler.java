package dev.gmac.gpu.timing.core;

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

    /** Warp slot {@code warpSlot} has exited. */
    void remove(int warpSlot);

    /** The warp to issue this cycle, or -1 when none can. */
    int select(IssueProbe probe);

    /** Warps this scheduler holds. */
    int size();

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
