package dev.gmac.gpu.tm;

/**
 * What intra-warp conflict resolution did in shared memory (Fung thesis §6.3), for the timing model: shared-memory
 * passes (each warp-wide access costs one pass per bank conflict, each single-lane access one pass) and dependent
 * rounds (each waits for the shared-memory latency: three for 2PCR's initialise, build and match phases, one per
 * lane for SCR, whose lanes update the filter one after another), and the lanes that lost.
 *
 * @param passes shared-memory passes
 * @param rounds dependent rounds
 * @param losers lanes aborted because they conflict with a lower lane
 */
public record ResolutionCost(int passes, int rounds, long losers) {
    /** Nothing resolved. */
    public static final ResolutionCost NONE = new ResolutionCost(0, 0, 0);
}
