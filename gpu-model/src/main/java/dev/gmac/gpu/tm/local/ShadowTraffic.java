package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.exec.IssueRecord;
import java.util.Arrays;

/**
 * The shadow-memory accesses and extra cycles GPU-LocalTM's hardware makes for the instruction being issued, handed to
 * the timing model's issue record (Villegas et al., Euro-Par 2016 Workshops, §4 "Latency Overhead": shadow accesses
 * are local-memory accesses plus one cycle to manage the state bits; {@code TX_Begin} and {@code TX_Commit} take one
 * extra cycle for the EXEC and TCM masks). Five rounds, each served like a wavefront's local-memory access with its
 * bank conflicts: ownership checks, backups, owner updates, and an aborted work-item's restores (read the backup,
 * write the word back). Off (and free) unless a timing model asked for it.
 */
final class ShadowTraffic {
    static final int OWNER_READS = 0;
    static final int BACKUP_WRITES = 1;
    static final int OWNER_WRITES = 2;
    static final int RESTORE_READS = 3;
    static final int RESTORE_WRITES = 4;
    private static final int ROUNDS = 5;

    private final long[][] rounds = new long[ROUNDS][64];
    private final int[] counts = new int[ROUNDS];
    private boolean enabled;
    private boolean stateHandled;
    private int extraCycles;

    /** Starts recording (the timing model drains it after every issue). */
    void enable() {
        enabled = true;
    }

    boolean enabled() {
        return enabled;
    }

    /** A shadow access in {@code round} at byte offset {@code offset} of the work-group's local memory. */
    void add(int round, long offset) {
        if (!enabled) {
            return;
        }
        long[] r = rounds[round];
        int n = counts[round];
        if (n == r.length) {
            rounds[round] = r = Arrays.copyOf(r, 2 * n);
        }
        r[n] = offset;
        counts[round] = n + 1;
    }

    /** The instruction handled state bits (one extra cycle for it, however many work-items did). */
    void stateHandled() {
        stateHandled = true;
    }

    /** {@code cycles} of latency for the instruction ({@code TX_Begin}, {@code TX_Commit}). */
    void extraCycles(int cycles) {
        extraCycles += cycles;
    }

    /** Accesses recorded in {@code round} since the last drain. */
    int count(int round) {
        return counts[round];
    }

    /** Moves what was recorded into {@code rec} and starts over. */
    void drainInto(IssueRecord rec) {
        for (int r = 0; r < ROUNDS; r++) {
            if (counts[r] > 0) {
                rec.addSideRound(rounds[r], counts[r]);
            }
        }
        int extra = extraCycles + (stateHandled ? 1 : 0);
        if (extra > 0) {
            rec.addExtraCycles(extra);
        }
        clear();
    }

    /** Forgets what was recorded (an issue without a timing record). */
    void clear() {
        Arrays.fill(counts, 0);
        stateHandled = false;
        extraCycles = 0;
    }
}
