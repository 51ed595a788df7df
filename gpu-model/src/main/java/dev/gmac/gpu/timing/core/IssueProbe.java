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

    /**
     * True when warp slot {@code warpSlot}, which {@link #canIssue} accepted, holds no warp to run: a regrouping
     * divergence model (thread block compaction, dynamic warp formation) left the slot without an issue group, for
     * example when its block finished while another slot ran the last compacted warp. The core retires or parks such
     * a slot without taking the issue slot and asks the scheduler again; thread block prioritization does not count
     * it as its CTA issuing warps (Fung thesis §3.6.2; decision 0343). Probes that model no regrouping never report
     * one.
     */
    default boolean holdsNoWarp(int warpSlot) {
        return false;
    }
}
