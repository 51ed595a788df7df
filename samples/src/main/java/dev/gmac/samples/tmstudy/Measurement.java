package dev.gmac.samples.tmstudy;

import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.ThreadState;

/**
 * What one run of a workload measured, summed over its launches (Fung thesis Table 4.3, Table 6.4, Fig 4.9, Fig
 * 4.10, Fig 6.4): simulated cycles; warp and thread instructions; committed and aborted lane-transactions, by cause;
 * silent commits; read-set and write-set words of committed transactions (sum and maximum); the most transactions
 * running at once; thread-cycles per thread state; issue slots per core-cycle class; flits per class; the commit
 * units' validation reads and hits, their commit writes (L2 accesses, after coalescing) and their ring
 * occupancy.
 *
 * @param threadCycles thread-cycles by {@link ThreadState} ordinal
 * @param flits        flits by {@link FlitClass} ordinal, both directions
 * @param coreCycles   issue slots by {@link CoreCycle} ordinal
 */
public record Measurement(
        long cycles,
        long warpInstructions,
        long threadInstructions,
        long commits,
        long aborts,
        int maxAbortsPerTx,
        long silentCommits,
        long validationAborts,
        long watchdogAborts,
        long intraWarpAborts,
        long conflictAborts,
        long readWords,
        int maxReadWords,
        long writeWords,
        int maxWriteWords,
        long maxConcurrent,
        long[] threadCycles,
        long[] flits,
        long[] coreCycles,
        long validationReads,
        long validationHits,
        long commitWrites,
        long maxRingEntries,
        double avgRingEntries,
        long hazards,
        long cids,
        int launches) {

    /** The four classes of core cycles of Fung thesis Fig 4.10. */
    public enum CoreCycle {
        /** An instruction issued. */
        EXEC,
        /** A warp was ready but its pipeline was busy. */
        STALL,
        /** Warps waited on the scoreboard for memory. */
        SCRB,
        /** Nothing to issue. */
        IDLE
    }

    /** Aborts per committed transaction. */
    public double abortsPerCommit() {
        return commits == 0 ? 0 : (double) aborts / commits;
    }

    /** Aborts per 1000 commits (Table 6.4). */
    public double abortsPer1000Commits() {
        return 1000 * abortsPerCommit();
    }

    /** Average read-set words of a committed transaction. */
    public double avgReadWords() {
        return commits == 0 ? 0 : (double) readWords / commits;
    }

    /** Average write-set words of a committed transaction. */
    public double avgWriteWords() {
        return commits == 0 ? 0 : (double) writeWords / commits;
    }

    /** Validation reads of the commit units that hit in L2, over all of them (NaN without any). */
    public double validationHitRate() {
        return validationReads == 0 ? Double.NaN : (double) validationHits / validationReads;
    }

    /** Thread-cycles in {@code s}. */
    public long threadCycles(ThreadState s) {
        return threadCycles[s.ordinal()];
    }

    /** Flits of class {@code c}. */
    public long flits(FlitClass c) {
        return flits[c.ordinal()];
    }

    /** Issue slots in class {@code c}. */
    public long coreCycles(CoreCycle c) {
        return coreCycles[c.ordinal()];
    }
}
