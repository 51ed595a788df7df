package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Intra-warp conflict resolution (Fung thesis §6.3): the golden example of Fig 6.6 for 2PCR, and the invariant the
 * digest derives (§4.5, invariant 10) for every scheme on random logs: the survivors are pairwise free of
 * read-after-write and write-after-write overlap, and the lowest lane never aborts because of another lane.
 */
class IntraWarpResolverTest {
    private static TxState state(long[][] reads, long[][] writes) {
        TxState st = new TxState(null, 64);
        for (int lane = 0; lane < reads.length; lane++) {
            for (long a : reads[lane]) {
                st.lanes[lane].addRead(a, 4, 0, 0);
            }
            for (long a : writes[lane]) {
                st.lanes[lane].addWrite(a, 4, 0, 0, null);
            }
        }
        return st;
    }

    @Test
    void twoPhaseResolutionOfThesisFigure6_6() {
        // Fig 6.6: X1..X4 in lanes 1..4; reads X1{04,0c} X2{04,08} X3{04,10} X4{04}; writes X1{0c,10} X2{08,14}
        // X3{10,14} X4{04,08}. The table ends 04->4, 08->2, 0c->1, 10->1, 14->2; X3 aborts (it reads 0x10, owned
        // by X1) and X4 aborts (it writes 0x08, owned by X2); X1 and X2 commit together.
        long[][] reads = {{}, {0x04, 0x0c}, {0x04, 0x08}, {0x04, 0x10}, {0x04}};
        long[][] writes = {{}, {0x0c, 0x10}, {0x08, 0x14}, {0x10, 0x14}, {0x04, 0x08}};
        TxState st = state(reads, writes);
        ResolutionCost c = IntraWarpResolver.twoPhase(st, 0b11110, 4096);
        assertEquals(0b11000, c.losers(), "X3 and X4 abort, X1 and X2 survive");
        assertEquals(3, c.rounds(), "initialise, build, match");
        // the same warp under SCR and the exact scheme: X3 reads X1's 0x10, X4 writes X2's 0x08
        assertEquals(0b11000, IntraWarpResolver.sequential(st, 0b11110, 32768).losers());
        assertEquals(0b11000, IntraWarpResolver.ideal(st, 0b11110));
    }

    @Test
    void survivorsNeverConflictAndTheLowestLaneAlwaysSurvives() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 300; trial++) {
            int lanes = 2 + rnd.nextInt(31);
            int space = 2 + rnd.nextInt(60);
            long[][] reads = new long[lanes][];
            long[][] writes = new long[lanes][];
            for (int l = 0; l < lanes; l++) {
                reads[l] = new long[rnd.nextInt(5)];
                writes[l] = new long[rnd.nextInt(4)];
                for (int k = 0; k < reads[l].length; k++) {
                    reads[l][k] = 4L * rnd.nextInt(space);
                }
                for (int k = 0; k < writes[l].length; k++) {
                    writes[l][k] = 4L * rnd.nextInt(space);
                }
            }
            TxState st = state(reads, writes);
            long all = lanes == 64 ? -1L : (1L << lanes) - 1;
            for (long losers : List.of(
                    IntraWarpResolver.twoPhase(st, all, 64).losers(),
                    IntraWarpResolver.twoPhase(st, all, 4096).losers(),
                    IntraWarpResolver.sequential(st, all, 256).losers(),
                    IntraWarpResolver.ideal(st, all))) {
                assertEquals(0, losers & 1, "lane 0 never aborts because of another lane");
                long survivors = all & ~losers;
                for (int i = 0; i < lanes; i++) {
                    for (int j = i + 1; j < lanes; j++) {
                        if ((survivors & (1L << i)) == 0 || (survivors & (1L << j)) == 0) {
                            continue;
                        }
                        Set<Long> wi = new HashSet<>();
                        for (long a : writes[i]) {
                            wi.add(a);
                        }
                        for (long a : reads[j]) {
                            assertTrue(!wi.contains(a), "survivor " + j + " reads a word survivor " + i + " writes");
                        }
                        for (long a : writes[j]) {
                            assertTrue(!wi.contains(a), "survivors " + i + " and " + j + " write the same word");
                        }
                    }
                }
            }
            assertEquals(
                    IntraWarpResolver.ideal(st, all)
                            & ~IntraWarpResolver.twoPhase(st, all, 1 << 20).losers(),
                    0,
                    "with a table too large to alias, 2PCR aborts at least the lanes the exact scheme aborts");
        }
    }
}
