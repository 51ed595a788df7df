package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * BFS2: breadth-first search levels of an irregular graph (Rodinia's bfs; {@code div_bfs.cu}). Node degrees are
 * skewed (most nodes have a few edges, a few have a hundred), so the edge loop's trip count varies within a warp.
 */
public final class Bfs implements DivergenceWorkload {
    static final int BLOCK = 256;

    @Override
    public String name() {
        return "BFS2";
    }

    @Override
    public String description() {
        return "breadth-first search of an irregular graph, one thread per node (Rodinia BFS)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    /** A graph in CSR form. */
    record Graph(int[] row, int[] col) {
        int nodes() {
            return row.length - 1;
        }
    }

    static Graph graph(int n, SplittableRandom rnd) {
        int[] degree = new int[n];
        int edges = 0;
        for (int v = 0; v < n; v++) {
            double r = rnd.nextDouble();
            degree[v] = r < 0.75 ? 1 + rnd.nextInt(4) : r < 0.96 ? 8 + rnd.nextInt(16) : 48 + rnd.nextInt(80);
            edges += degree[v];
        }
        int[] row = new int[n + 1];
        int[] col = new int[edges];
        for (int v = 0; v < n; v++) {
            row[v + 1] = row[v] + degree[v];
            for (int e = row[v]; e < row[v + 1]; e++) {
                col[e] = rnd.nextInt(n);
            }
        }
        return new Graph(row, col);
    }

    static int[] reference(Graph g) {
        int[] cost = new int[g.nodes()];
        Arrays.fill(cost, -1);
        cost[0] = 0;
        ArrayDeque<Integer> q = new ArrayDeque<>();
        q.add(0);
        while (!q.isEmpty()) {
            int v = q.poll();
            for (int e = g.row[v]; e < g.row[v + 1]; e++) {
                int u = g.col[e];
                if (cost[u] < 0) {
                    cost[u] = cost[v] + 1;
                    q.add(u);
                }
            }
        }
        return cost;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        int n = size.pick(4096, 12288);
        Graph g = graph(n, new SplittableRandom(seed));
        int[] cost = new int[n];
        Arrays.fill(cost, -1);
        cost[0] = 0;
        int[] start = new int[n];
        start[0] = 1;
        PtxModule m = d.module("div_bfs");
        long row = d.upload(g.row);
        long col = d.upload(g.col);
        long frontier = d.upload(start);
        long visited = d.upload(start);
        long next = d.zeros(4L * n);
        long dcost = d.upload(cost);
        long changed = d.zeros(4);
        Dim3 grid = Dim3.of((n + BLOCK - 1) / BLOCK);
        Dim3 block = Dim3.of(BLOCK);
        for (int level = 0; level <= n; level++) {
            d.upload(changed, new int[] {0});
            d.launch(m, "bfs_expand", grid, block, row, col, frontier, next, visited, dcost, n);
            d.launch(m, "bfs_advance", grid, block, frontier, next, visited, changed, n);
            if (d.ints(changed, 1)[0] == 0) {
                break;
            }
        }
        return new Check().ints("cost", reference(g), d.ints(dcost, n)).verdict();
    }
}
