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
    /** Load instructions of this warp whose data has not all returned. */
    int pendingLoads;
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
