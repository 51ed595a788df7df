package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueRecord;

/**
 * The hardware state of one warp slot of a core: its decoded next instruction, instruction buffer, scoreboard
 * and barrier status. Reused by successive warps; {@link #generation} tells replies for an earlier occupant
 * apart.
 */
final class WarpSlot {
    final int index;
    final int scheduler;
    final IssueRecord instruction;
    final InstructionBuffer ibuffer;
    final Scoreboard scoreboard;

    boolean active;
    CtaSlot cta;
    int warpInCta;
    long age;
    int generation;
    boolean decoded;
    boolean atBarrier;
    long barrierRelease;
    /** Cycle the warp's CTA was launched, and its valid lanes (thread-cycle accounting). */
    long launched;

    int validLanes;
    /** Cycle the warp began waiting at a barrier (-1: not waiting), and the lanes that wait. */
    long barrierSince = -1;

    int barrierLanes;
    /**
     * Ready cycle of the latest fixed-latency result of a compacted or dynamic warp issued from this slot (with
     * {@code core.scoreboard = warp}, such a group waits for its own results, not for other groups' writes to its
     * member static warps; decision 0336).
     */
    long groupLastWrite;

    /** Load instructions of this warp whose data has not all returned. */
    int pendingLoads;
    /** Save area and context bytes of a yield in progress. */
    long yieldArea;

    int yieldBytes;
    /** Cached operand-ready cycle of the decoded instruction, valid while the scoreboard version matches. */
    long operandsReady;
    /**
     * Scoreboard version {@link #operandsReady} was computed at (the sum over the group's member warps for a
     * compacted or dynamic warp); -1 when not computed for this instruction.
     */
    long operandsVersion = -1;

    WarpSlot(int index, int scheduler, int warpSize, int ibufferEntries, int fetchLatency, int registers) {
        this.index = index;
        this.scheduler = scheduler;
        this.instruction = new IssueRecord(warpSize);
        this.ibuffer = new InstructionBuffer(ibufferEntries, fetchLatency);
        this.scoreboard = new Scoreboard(registers);
    }
}
