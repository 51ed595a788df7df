package dev.gmac.gpu.timing.core;

/** What a {@link WarpScheduler} asks the core about a candidate warp. */
public interface IssueProbe {
    /** True when warp slot {@code warpSlot} can issue its next instruction in the current cycle. */
    boolean canIssue(int warpSlot);

    /**
     * How many times so far {@link #canIssue} found a warp ready (instruction fetched, operands ready) but held by a
     * busy pipeline or load/store unit: a ready warp that stalls (the issue-slot breakdown's Stall). A scheduler
     * compares two readings to learn whether the warps it probed in between include a ready one. Probes that model
     * no pipelines never stall.
     */
    default long stalledProbes() {
        return 0;
    }
}
