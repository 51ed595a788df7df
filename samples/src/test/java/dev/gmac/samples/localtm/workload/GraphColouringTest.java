package dev.gmac.samples.localtm.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** GC's inputs (decision 0354): one ring lattice at two degrees, numbered by one seeded permutation. */
class GraphColouringTest {
    @Test
    void bothInputsAreRingLatticesOfTheirDegreeRenumberedTheSameWay() {
        List<TreeSet<Integer>> hc = GraphColouring.graph(16);
        List<TreeSet<Integer>> lc = GraphColouring.graph(4);
        assertEquals(512, hc.size());
        for (int v = 0; v < 512; v++) {
            assertEquals(16, hc.get(v).size(), "HC degree of vertex " + v);
            assertEquals(4, lc.get(v).size(), "LC degree of vertex " + v);
            assertFalse(hc.get(v).contains(v), "no self-loop at " + v);
            for (int u : hc.get(v)) {
                assertTrue(hc.get(u).contains(v), "HC edge " + v + "-" + u + " is symmetric");
            }
            // The same permutation: LC's edges are HC's ring distances 1 and 2, a subset of HC's.
            assertTrue(hc.get(v).containsAll(lc.get(v)), "LC's neighbours of " + v + " are among HC's");
        }
        assertEquals(hc, GraphColouring.graph(16), "the numbering is deterministic");
    }

    @Test
    void neighboursAreNotArrangedAgainstTheLanes() {
        // The old HC input put 16 of 16 neighbours in the vertex's own wavefront and round (lanes v +- 1..8); a
        // numbering drawn without regard to the lanes puts about 1/8 there (64 of 511 other vertices).
        List<TreeSet<Integer>> hc = GraphColouring.graph(16);
        int same = 0;
        int all = 0;
        for (int v = 0; v < 512; v++) {
            for (int u : hc.get(v)) {
                all++;
                if (u / 64 == v / 64) {
                    same++;
                }
            }
        }
        double share = (double) same / all;
        assertTrue(share > 0.08 && share < 0.18, "share of neighbours in the same wavefront and round: " + share);
        assertNotEquals(
                new TreeSet<>(List.of(1, 2, 3, 4, 5, 6, 7, 8, 504, 505, 506, 507, 508, 509, 510, 511)),
                hc.get(0),
                "vertex 0's neighbours are not the ring's lanes 0 +- 1..8");
    }
}
