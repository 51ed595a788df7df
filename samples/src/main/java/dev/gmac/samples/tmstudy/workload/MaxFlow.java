package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.SplittableRandom;

/**
 * CC (Fung thesis §4.3: CudaCuts, push-relabel max-flow for image segmentation, Vineet and Narayanan 2008): a
 * 200 x 150 synthetic image (a bright disk on a darker gradient, with noise) as a 4-connected grid graph, with
 * source and sink capacities from the pixel intensity. The host alternates a relabel launch (no transactions) and a
 * push launch (transactions, or CudaCuts' atomics in the fine-grained version) until no node is active or {@code
 * rounds} rounds have run, with 133 blocks of 256 threads. Checked after the last round: the preflow invariants
 * (no negative excess or residual capacity; every edge pair keeps its total capacity; each node's excess is its
 * source inflow minus its sink outflow plus its net inflow from neighbours).
 */
public final class MaxFlow implements TmWorkload {
    private static final int WIDTH = 200;
    private static final int HEIGHT = 150;
    private static final int BLOCK = 256;

    @Override
    public String name() {
        return "CC";
    }

    @Override
    public String description() {
        return "push-relabel max-flow on a 200x150 image graph";
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        double f = Math.sqrt(scale.divisor());
        int w = Math.max(12, (int) Math.round(WIDTH / f));
        int hgt = Math.max(9, (int) Math.round(HEIGHT / f));
        int n = w * hgt;
        int rounds = scale == TmScale.FULL ? 48 : scale == TmScale.SMALL ? 24 : 10;
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x4343L);
        int[] intensity = new int[n];
        for (int y = 0; y < hgt; y++) {
            for (int x = 0; x < w; x++) {
                double dx = (x - 0.55 * w) / (0.3 * w);
                double dy = (y - 0.45 * hgt) / (0.3 * hgt);
                double v = dx * dx + dy * dy < 1 ? 200 : 60 + 60.0 * x / w;
                intensity[y * w + x] = (int) Math.max(0, Math.min(255, v + rnd.nextGaussian() * 25));
            }
        }
        int[] cap = new int[4 * n];
        int[] source = new int[n];
        int[] sinkCap = new int[n];
        for (int u = 0; u < n; u++) {
            for (int d = 0; d < 4; d++) {
                int v = neighbour(u, d, w, hgt);
                if (v >= 0) {
                    double di = intensity[u] - intensity[v];
                    cap[4 * u + d] = 1 + (int) Math.round(100 * Math.exp(-di * di / 800.0));
                }
            }
            source[u] = Math.max(0, intensity[u] - 110);
            sinkCap[u] = Math.max(0, 140 - intensity[u]);
        }
        int grid = (n + BLOCK - 1) / BLOCK;
        return new Instance() {
            @Override
            public String size() {
                return w + "x" + hgt + " image, up to " + rounds + " push-relabel rounds";
            }

            @Override
            public long expectedCommits() {
                return -1; // how many pushes there are depends on the order they happen in
            }

            @Override
            public void run(TmMachine m, String mode) {
                long e = m.ints(source);
                long h = m.fill(n, 0);
                long h2 = m.fill(n, 0);
                long c = m.ints(cap);
                long ct = m.ints(sinkCap);
                long sink = m.fill(n, 0);
                long active = m.fill(1, 0);
                boolean fgl = mode.equals(FGL);
                for (int r = 0; r < rounds; r++) {
                    m.launch("tm_maxflow", "cc_relabel", grid, BLOCK, null, e, h, h2, c, ct, w, hgt, n, active);
                    long t = h;
                    h = h2;
                    h2 = t;
                    int[] a = m.readInts(active, 1);
                    if (a[0] == 0) {
                        break;
                    }
                    m.set(active, 0);
                    m.launch(
                            "tm_maxflow",
                            fgl ? "cc_push_fgl" : "cc_push_tm",
                            grid,
                            BLOCK,
                            fgl ? null : mode,
                            e,
                            h,
                            c,
                            ct,
                            sink,
                            w,
                            hgt,
                            n);
                }
                check(m.readInts(e, n), m.readInts(c, 4 * n), m.readInts(ct, n), m.readInts(sink, n));
            }

            private void check(int[] e, int[] c, int[] ct, int[] sink) {
                for (int u = 0; u < n; u++) {
                    if (e[u] < 0 || ct[u] < 0) {
                        throw new WorkloadException("CC: node " + u + " has negative excess or sink capacity");
                    }
                    if (ct[u] + sink[u] != sinkCap[u]) {
                        throw new WorkloadException("CC: node " + u + " lost flow on its sink edge");
                    }
                    long balance = source[u] - sink[u];
                    for (int d = 0; d < 4; d++) {
                        int v = neighbour(u, d, w, hgt);
                        if (v < 0) {
                            continue;
                        }
                        if (c[4 * u + d] < 0) {
                            throw new WorkloadException("CC: edge " + u + "->" + v + " has negative capacity");
                        }
                        if (c[4 * u + d] + c[4 * v + (d ^ 1)] != cap[4 * u + d] + cap[4 * v + (d ^ 1)]) {
                            throw new WorkloadException("CC: edge pair " + u + "<->" + v + " changed its capacity");
                        }
                        balance += c[4 * u + d] - cap[4 * u + d];
                    }
                    if (e[u] != balance) {
                        throw new WorkloadException(
                                "CC: node " + u + " has excess " + e[u] + " but its flows give " + balance);
                    }
                }
            }
        };
    }

    private static int neighbour(int u, int d, int w, int hgt) {
        int x = u % w;
        int y = u / w;
        switch (d) {
            case 0:
                return x > 0 ? u - 1 : -1;
            case 1:
                return x < w - 1 ? u + 1 : -1;
            case 2:
                return y > 0 ? u - w : -1;
            default:
                return y < hgt - 1 ? u + w : -1;
        }
    }
}
