package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code bfs.cu}: level-synchronous breadth-first search on a random directed graph in CSR form, one launch per
 * level until no thread reports a change, compared with a queue-based BFS in Java.
 */
class BfsKernelTest {
    @Test
    void distancesMatchQueueBfsOnARandomGraph() {
        int nodes = 700;
        Random rnd = new Random(40);
        List<List<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < nodes; v++) {
            adj.add(new ArrayList<>());
        }
        // A sparse random graph on nodes 0..649 (some unreachable) plus a chain 0 -> 650 -> 651 -> ... -> 699 that
        // no random edge touches, so the BFS needs at least 50 levels.
        for (int e = 0; e < nodes * 2; e++) {
            int from = rnd.nextInt(nodes - 50);
            int to = rnd.nextInt(nodes - 50);
            adj.get(from).add(to);
        }
        adj.get(0).add(650);
        for (int v = 650; v < nodes - 1; v++) {
            adj.get(v).add(v + 1);
        }
        int[] rowOffsets = new int[nodes + 1];
        for (int v = 0; v < nodes; v++) {
            rowOffsets[v + 1] = rowOffsets[v] + adj.get(v).size();
        }
        int[] columns = new int[rowOffsets[nodes]];
        for (int v = 0; v < nodes; v++) {
            for (int j = 0; j < adj.get(v).size(); j++) {
                columns[rowOffsets[v] + j] = adj.get(v).get(j);
            }
        }
        int source = 0;
        int[] expected = new int[nodes];
        Arrays.fill(expected, -1);
        expected[source] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(source);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int w : adj.get(v)) {
                if (expected[w] == -1) {
                    expected[w] = expected[v] + 1;
                    queue.add(w);
                }
            }
        }
        int[] dist = new int[nodes];
        Arrays.fill(dist, -1);
        dist[source] = 0;
        try (KernelRunner r = new KernelRunner("bfs")) {
            long dRows = r.upload(rowOffsets);
            long dCols = r.upload(columns);
            long dDist = r.upload(dist);
            long dChanged = r.allocate(4);
            int level = 0;
            while (true) {
                r.gpu().memset(dChanged, 0, 4);
                r.launch(
                        "bfs_level",
                        Dim3.of(KernelRunner.blocksFor(nodes, 128)),
                        Dim3.of(128),
                        dRows,
                        dCols,
                        dDist,
                        nodes,
                        level,
                        dChanged);
                if (r.downloadInts(dChanged, 1)[0] == 0) {
                    break;
                }
                level++;
                assertTrue(level <= nodes, "BFS did not converge");
            }
            assertArrayEquals(expected, r.downloadInts(dDist, nodes));
            assertTrue(level >= 50, "the chain forces many levels: " + level);
        }
    }
}
