package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * BH-H and BH-L (Fung thesis §4.3 and §6.6, Table 6.2): the tree-building kernel of Barnes-Hut over 30000 or
 * 300000 bodies in clustered clouds, run by 60 blocks of 288 threads. Each level of the descent is a read-only
 * transaction and each insertion (or split of a leaf into a new cell) another, so most transactions are read-only,
 * as in the thesis (about 85%). BH-H (fewer bodies) contends near the root; BH-L less. Checked: every body is
 * reachable from the root exactly once, inside the box of its cell and in the octant it belongs to, and no slot is
 * left locked.
 */
public final class BarnesHut implements TmWorkload {
    private static final int BLOCK = 288;
    private static final int GRID = 60;
    private static final int MAX_DEPTH = 48;

    private final String name;
    private final int bodies;

    private BarnesHut(String name, int bodies) {
        this.name = name;
        this.bodies = bodies;
    }

    /** BH-H: 30000 bodies. */
    public static BarnesHut high() {
        return new BarnesHut("BH-H", 30_000);
    }

    /** BH-L: 300000 bodies. */
    public static BarnesHut low() {
        return new BarnesHut("BH-L", 300_000);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Barnes-Hut octree build, " + bodies + " bodies at full scale";
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        int n = scale.of(bodies, 256);
        int grid = scale.of(GRID, 1);
        int threads = grid * BLOCK;
        int perThread = 2 * ((n + threads - 1) / threads) + 8;
        int cells = 1 + threads * perThread;
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x4248L);
        float[] px = new float[n];
        float[] py = new float[n];
        float[] pz = new float[n];
        double[][] centres = new double[8][3];
        for (double[] c : centres) {
            for (int k = 0; k < 3; k++) {
                c[k] = (rnd.nextDouble() - 0.5) * 1.2;
            }
        }
        Set<Long> used = new HashSet<>();
        for (int i = 0; i < n; i++) {
            while (true) {
                double[] c = centres[rnd.nextInt(centres.length)];
                float x = clamp(c[0] + rnd.nextGaussian() * 0.15);
                float y = clamp(c[1] + rnd.nextGaussian() * 0.15);
                float z = clamp(c[2] + rnd.nextGaussian() * 0.15);
                long key = ((long) Float.floatToRawIntBits(x) * 31 + Float.floatToRawIntBits(y)) * 31
                        + Float.floatToRawIntBits(z);
                if (used.add(key)) {
                    px[i] = x;
                    py[i] = y;
                    pz[i] = z;
                    break;
                }
            }
        }
        return new Instance() {
            @Override
            public String size() {
                return n + " bodies";
            }

            @Override
            public long expectedCommits() {
                return -1; // the descents and splits depend on the order of insertion
            }

            @Override
            public void run(TmMachine m, String mode) {
                long x = m.floats(px);
                long y = m.floats(py);
                long z = m.floats(pz);
                long child = m.fill(8 * cells, -1);
                float[] geometry = new float[4 * cells];
                geometry[3] = 1.0001f;
                long cell = m.floats(geometry);
                long overflow = m.fill(1, 0);
                boolean fgl = mode.equals(FGL);
                m.launch(
                        "tm_barneshut",
                        fgl ? "bh_build_fgl" : "bh_build_tm",
                        grid,
                        BLOCK,
                        fgl ? null : mode,
                        x,
                        y,
                        z,
                        child,
                        cell,
                        overflow,
                        n,
                        perThread,
                        MAX_DEPTH);
                if (m.readInts(overflow, 1)[0] != 0) {
                    throw new WorkloadException(name + ": a thread ran out of its " + perThread
                            + " cells or the tree got deeper than " + MAX_DEPTH);
                }
                check(m.readInts(child, 8 * cells), m.readFloats(cell, 4 * cells));
            }

            private void check(int[] child, float[] geometry) {
                boolean[] seen = new boolean[n];
                int count = 0;
                ArrayDeque<Integer> work = new ArrayDeque<>();
                work.add(0);
                while (!work.isEmpty()) {
                    int c = work.poll();
                    float cx = geometry[4 * c];
                    float cy = geometry[4 * c + 1];
                    float cz = geometry[4 * c + 2];
                    float r = geometry[4 * c + 3];
                    for (int k = 0; k < 8; k++) {
                        int v = child[8 * c + k];
                        if (v == -1) {
                            continue;
                        }
                        if (v < -1) {
                            throw new WorkloadException(name + ": slot " + k + " of cell " + c + " is still locked");
                        }
                        if (v >= n) {
                            work.add(v - n);
                            continue;
                        }
                        if (seen[v]) {
                            throw new WorkloadException(name + ": body " + v + " is in the tree twice");
                        }
                        seen[v] = true;
                        count++;
                        int oct = (px[v] > cx ? 1 : 0) | (py[v] > cy ? 2 : 0) | (pz[v] > cz ? 4 : 0);
                        boolean inside =
                                Math.abs(px[v] - cx) <= r && Math.abs(py[v] - cy) <= r && Math.abs(pz[v] - cz) <= r;
                        if (oct != k || !inside) {
                            throw new WorkloadException(name + ": body " + v + " sits in octant " + k + " of cell " + c
                                    + " but belongs to octant " + oct + (inside ? "" : " of another cell"));
                        }
                    }
                }
                if (count != n) {
                    throw new WorkloadException(name + ": " + count + " of " + n + " bodies are in the tree");
                }
            }
        };
    }

    private static float clamp(double v) {
        return (float) Math.max(-0.999, Math.min(0.999, v));
    }
}
