package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * GC, greedy graph colouring ({@code localtm_gc.cu}; Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5:
 * TM and FGL beat the serialised version, FGL takes a lock per vertex and neighbour): 512 vertices, 2 per work-item
 * (vertex v coloured by work-item v mod 256). The inputs are one graph at two degrees (decision 0354): the ring
 * lattice of degree 16 (HC) or 4 (LC), its vertices renumbered by one seeded random permutation, so that where a
 * vertex's neighbours fall across lanes and wavefronts is not arranged and only the degree sets the contention. A
 * greedy colouring depends on the order, so a version's colouring is not the serialised one's: the check is what
 * every serial order gives (and so every serialisable run): proper, complete, and each vertex coloured with the
 * smallest colour its neighbours do not have.
 */
public final class GraphColouring implements LocalTmWorkload {
    private static final int VERTICES = 512;

    @Override
    public String name() {
        return "GC";
    }

    @Override
    public String title() {
        return "greedy graph colouring";
    }

    @Override
    public String module() {
        return "localtm_gc";
    }

    @Override
    public String prefix() {
        return "gc";
    }

    /** No atomics version: the colour written depends on several words read in the same critical section. */
    @Override
    public Set<Version> versions() {
        return EnumSet.complementOf(EnumSet.of(Version.ATOMIC));
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        List<TreeSet<Integer>> adj = graph(contention == Contention.HC ? 16 : 4);
        int[] row = new int[VERTICES + 1];
        List<Integer> flat = new ArrayList<>();
        for (int v = 0; v < VERTICES; v++) {
            row[v] = flat.size();
            flat.addAll(adj.get(v));
        }
        row[VERTICES] = flat.size();
        int[] edges = flat.stream().mapToInt(Integer::intValue).toArray();
        return new Setup(
                List.of(new Buffer(row), new Buffer(edges), new Scalar(VERTICES)),
                VERTICES,
                4 * VERTICES,
                8 * VERTICES,
                4 * VERTICES,
                (version, serial, out) -> {
                    String s = greedy(row, edges, serial);
                    return s != null ? "the serialised version's colouring: " + s : greedy(row, edges, out);
                });
    }

    /** Decision 0354: the seed of the one permutation that numbers the vertices, fixed before measuring. */
    static final long SEED = 19;

    /**
     * The ring lattice of degree {@code degree} on {@link #VERTICES} vertices (ring vertex i adjacent to i +- 1 ..
     * degree / 2), ring vertex i renumbered perm[i] by a Fisher-Yates shuffle from {@code new Random(SEED)}
     * (decision 0354); each vertex's neighbours, ascending.
     */
    static List<TreeSet<Integer>> graph(int degree) {
        int[] perm = new int[VERTICES];
        for (int i = 0; i < VERTICES; i++) {
            perm[i] = i;
        }
        Random random = new Random(SEED);
        for (int i = VERTICES - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        List<TreeSet<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < VERTICES; v++) {
            adj.add(new TreeSet<>());
        }
        for (int i = 0; i < VERTICES; i++) {
            for (int d = 1; d <= degree / 2; d++) {
                adj.get(perm[i]).add(perm[Math.floorMod(i + d, VERTICES)]);
                adj.get(perm[i]).add(perm[Math.floorMod(i - d, VERTICES)]);
            }
        }
        return adj;
    }

    /** Null when {@code colour} is what a serial greedy order gives, else the first vertex where it is not. */
    static String greedy(int[] row, int[] edges, int[] colour) {
        for (int v = 0; v < colour.length; v++) {
            long used = 0;
            for (int e = row[v]; e < row[v + 1]; e++) {
                int c = colour[edges[e]];
                if (c == colour[v]) {
                    return "vertices " + v + " and " + edges[e] + " are neighbours with colour " + c;
                }
                if (c < 64) {
                    used |= 1L << c;
                }
            }
            int smallest = Long.numberOfTrailingZeros(~(used | 1));
            if (colour[v] != smallest) {
                return "vertex " + v + " has colour " + colour[v] + ", not the smallest its neighbours leave ("
                        + smallest + ")";
            }
        }
        return null;
    }
}
