package dev.gmac.gpu.timing.core;

/** What a {@link WarpScheduler} asks the core about a candidate warp. */
public interface IssueProbe {
    /** True when warp slot {@code warpSlot} can issue its next instruction in the current cycle. */
    boolean canIssue(int warpSlot);
}
