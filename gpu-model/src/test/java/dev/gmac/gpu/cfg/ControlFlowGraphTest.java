package dev.gmac.gpu.cfg;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Immediate post-dominators as reconvergence points (Fung thesis §2.1.2): diamonds, nesting, loops with
 * breaks, early returns and loops that never exit.
 */
class ControlFlowGraphTest {
    /** A program given as successor lists; an empty list leaves the function. */
    private static ControlFlowGraph graph(int[][] succ) {
        Map<Integer, int[]> m = new HashMap<>();
        for (int i = 0; i < succ.length; i++) {
            m.put(i, succ[i]);
        }
        return ControlFlowGraph.build(0, succ.length - 1, m::get);
    }

    @Test
    void diamondReconvergesAtTheJoin() {
        // 0: branch -> 3 | 1 ; 1: -> 2 ; 2: jump 4 ; 3: -> 4 ; 4: exit
        ControlFlowGraph g = graph(new int[][] {{3, 1}, {2}, {4}, {4}, {}});
        assertEquals(4, g.reconvergencePc(0));
    }

    @Test
    void figure23Nesting() {
        // A(0) -> F(5) | B(1); B(1) -> D(3) | C(2); C -> E(4); D -> E; E -> G(6); F -> G; G(6) exit(7)
        ControlFlowGraph g = graph(new int[][] {{5, 1}, {3, 2}, {4}, {4}, {6}, {6}, {7}, {}});
        assertEquals(6, g.reconvergencePc(0), "IPDOM of A is G");
        assertEquals(4, g.reconvergencePc(1), "IPDOM of B is E");
    }

    @Test
    void loopBranchReconvergesAfterTheLoopAndBreaksAtTheirTarget() {
        // 0: entry ; 1: loop head: branch break -> 4 | 2 ; 2: body ; 3: back edge -> 1 | 4 ; 4: after ; 5: exit
        ControlFlowGraph g = graph(new int[][] {{1}, {4, 2}, {3}, {1, 4}, {5}, {}});
        assertEquals(4, g.reconvergencePc(1));
        assertEquals(4, g.reconvergencePc(3));
    }

    @Test
    void earlyReturnReconvergesAtTheFunctionExit() {
        // 0: branch -> 3 (return path) | 1 ; 1: work ; 2: jump 4 ; 3: jump 4 ; 4: exit instruction
        ControlFlowGraph g = graph(new int[][] {{4, 1}, {2}, {4}, {4}, {}});
        assertEquals(4, g.reconvergencePc(0));
        // a trap path leaves the function: the other path's join is still the exit
        ControlFlowGraph t = graph(new int[][] {{2, 1}, {}, {3}, {}});
        assertEquals(3, t.reconvergencePc(0));
    }

    @Test
    void infiniteLoopsStillGetAPostDominator() {
        // 0: branch -> 3 | 1 ; 1: -> 2 ; 2: jump 1 (spins forever) ; 3: exit
        ControlFlowGraph g = graph(new int[][] {{3, 1}, {2}, {1}, {}});
        assertEquals(3, g.reconvergencePc(0));
        // a divergent branch inside an infinite loop reconverges inside the loop
        // 0: head: branch -> 2 | 1 ; 1: -> 3 ; 2: -> 3 ; 3: jump 0 ; 4: exit (unreachable)
        ControlFlowGraph h = graph(new int[][] {{2, 1}, {3}, {3}, {0}, {}});
        assertEquals(3, h.reconvergencePc(0));
    }

    @Test
    void basicBlocks() {
        ControlFlowGraph g = graph(new int[][] {{1}, {2}, {5, 3}, {4}, {5}, {}});
        assertEquals(3, g.blockCount(), "blocks [0-2] [3-4] [5]");
        assertEquals(g.blockOf(0), g.blockOf(2));
        assertEquals(3, g.leaderPc(g.blockOf(4)));
    }
}
