package dev.gmac.gpu.tm;

import java.util.HashSet;
import java.util.Set;

/**
 * Intra-warp conflict resolution (Fung thesis §6.3, pseudo-code in digest §6.9): before a warp's transactions are
 * validated and committed as one unit (WarpTM), every lane that conflicts with a lower lane of the same warp aborts
 * at the core, so that the survivors are pairwise free of read-after-write and write-after-write overlap and their
 * validations and commits may be coalesced. Lower lanes win.
 *
 * <ul>
 *   <li><b>2PCR</b> (two-phase parallel): an ownership table of one byte per hashed word in the warp's shared-memory
 *       buffer. Phase 1: in lockstep step {@code j} every lane takes the minimum of the owner of its {@code j}-th
 *       write and its lane number. Phase 2: a lane aborts if one of its reads is owned by a lower lane, or one of its
 *       writes by another lane. Aborted lanes stay in the table (false conflicts are possible), as in the thesis.
 *   <li><b>SCR</b> (sequential): a bloom filter of the survivors' writes; lanes in ascending order abort if any of
 *       their reads or writes hits the filter, else add their writes.
 *   <li><b>ideal</b>: the same rule as SCR with exact sets and no cost.
 * </ul>
 *
 * <p>The tables hash physical words ({@code TxState.physicalOffset}), so which lanes alias does not depend on the
 * range of device addresses the process gave the device.
 *
 * <p>Granularity is the 4-byte word. The bank of a 2PCR step is {@code (entry / 4) % 32}, as a byte table in 32
 * four-byte banks.
 */
final class IntraWarpResolver {
    private static final int BANKS = 32;
    private static final int SCR_HASHES = 4;
    private static final H3Hash TABLE_HASH = new H3Hash(16);
    private static final H3Hash[] BLOOM_HASHES = {new H3Hash(17), new H3Hash(18), new H3Hash(19), new H3Hash(20)};

    private IntraWarpResolver() {}

    /** Resolves {@code lanes} of {@code st} with {@code params}; returns the cost and the losers. */
    static ResolutionCost resolve(TxState st, long lanes, TmParams params) {
        if (Long.bitCount(lanes) < 2) {
            return ResolutionCost.NONE;
        }
        switch (params.resolution()) {
            case TWO_PHASE:
                return twoPhase(st, lanes, params.resolutionEntries());
            case SEQUENTIAL:
                return sequential(st, lanes, params.resolutionEntries() * 8);
            default:
                return new ResolutionCost(0, 0, ideal(st, lanes));
        }
    }

    static ResolutionCost twoPhase(TxState st, long lanes, int entries) {
        long words0 = st.physicalOffset >>> 2; // hash physical words (decision 0112)
        int[] owner = new int[entries];
        java.util.Arrays.fill(owner, Integer.MAX_VALUE);
        int maxWrites = 0;
        int maxAccesses = 0;
        for (long m = lanes; m != 0; m &= m - 1) {
            LaneLog log = st.lanes[Long.numberOfTrailingZeros(m)];
            maxWrites = Math.max(maxWrites, words(log, false));
            maxAccesses = Math.max(maxAccesses, words(log, false) + words(log, true));
        }
        int passes = Math.max(1, entries / 128); // initialise the table with 128-byte bursts
        // phase 1: lockstep step j writes min(owner, lane) for every lane's j-th written word
        int[][] steps = new int[maxWrites][];
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            int j = 0;
            for (long word : wordList(st.lanes[lane], false)) {
                int e = TABLE_HASH.index(word - words0, entries);
                owner[e] = Math.min(owner[e], lane);
                if (steps[j] == null) {
                    steps[j] = new int[64];
                    java.util.Arrays.fill(steps[j], -1);
                }
                steps[j][lane] = e;
                j++;
            }
        }
        for (int[] step : steps) {
            passes += conflictDegree(step);
        }
        // phase 2: every lane checks its reads and writes against the owners
        long losers = 0;
        int[][] checks = new int[maxAccesses][];
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = st.lanes[lane];
            int j = 0;
            for (long word : wordList(log, true)) {
                int e = TABLE_HASH.index(word - words0, entries);
                if (owner[e] != Integer.MAX_VALUE && owner[e] < lane) {
                    losers |= 1L << lane;
                }
                j = note(checks, j, lane, e);
            }
            for (long word : wordList(log, false)) {
                int e = TABLE_HASH.index(word - words0, entries);
                if (owner[e] != lane) {
                    losers |= 1L << lane;
                }
                j = note(checks, j, lane, e);
            }
        }
        for (int[] step : checks) {
            passes += conflictDegree(step);
        }
        return new ResolutionCost(passes, 3, losers);
    }

    private static int note(int[][] steps, int j, int lane, int e) {
        if (steps[j] == null) {
            steps[j] = new int[64];
            java.util.Arrays.fill(steps[j], -1);
        }
        steps[j][lane] = e;
        return j + 1;
    }

    /** Passes a warp-wide access to table entries {@code step[lane]} (-1: lane idle) takes: its worst bank. */
    private static int conflictDegree(int[] step) {
        if (step == null) {
            return 0;
        }
        int[] perBank = new int[BANKS];
        Set<Integer> seen = new HashSet<>();
        int worst = 0;
        for (int e : step) {
            if (e >= 0 && seen.add(e / 4)) {
                worst = Math.max(worst, ++perBank[(e / 4) % BANKS]);
            }
        }
        return Math.max(worst, 1);
    }

    static ResolutionCost sequential(TxState st, long lanes, int bits) {
        long words0 = st.physicalOffset >>> 2; // hash physical words (decision 0112)
        boolean[] filter = new boolean[bits];
        long losers = 0;
        int passes = 0;
        int rounds = 0;
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = st.lanes[lane];
            rounds++;
            boolean hit = false;
            for (long word : wordList(log, true)) {
                passes++;
                hit |= probe(filter, word - words0);
            }
            for (long word : wordList(log, false)) {
                passes++;
                hit |= probe(filter, word - words0);
            }
            if (hit) {
                losers |= 1L << lane;
                continue;
            }
            for (long word : wordList(log, false)) {
                passes++;
                for (H3Hash h : BLOOM_HASHES) {
                    filter[h.index(word - words0, bits)] = true;
                }
            }
        }
        return new ResolutionCost(passes, rounds, losers);
    }

    private static boolean probe(boolean[] filter, long word) {
        for (int i = 0; i < SCR_HASHES; i++) {
            if (!filter[BLOOM_HASHES[i].index(word, filter.length)]) {
                return false;
            }
        }
        return true;
    }

    static long ideal(TxState st, long lanes) {
        Set<Long> written = new HashSet<>();
        long losers = 0;
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = st.lanes[lane];
            boolean hit = false;
            for (long word : wordList(log, true)) {
                hit |= written.contains(word);
            }
            for (long word : wordList(log, false)) {
                hit |= written.contains(word);
            }
            if (hit) {
                losers |= 1L << lane;
            } else {
                written.addAll(wordList(log, false));
            }
        }
        return losers;
    }

    /** The distinct 4-byte words of the lane's reads ({@code reads}) or writes, in log order. */
    static java.util.List<Long> wordList(LaneLog log, boolean reads) {
        java.util.LinkedHashSet<Long> words = new java.util.LinkedHashSet<>();
        int n = reads ? log.reads : log.writes;
        for (int i = 0; i < n; i++) {
            long a = reads ? log.readAddr[i] : log.writeAddr[i];
            int size = reads ? log.readSize[i] : log.writeSize[i];
            for (long w = a >>> 2; w <= (a + size - 1) >>> 2; w++) {
                words.add(w);
            }
        }
        return new java.util.ArrayList<>(words);
    }

    private static int words(LaneLog log, boolean reads) {
        return wordList(log, reads).size();
    }
}
