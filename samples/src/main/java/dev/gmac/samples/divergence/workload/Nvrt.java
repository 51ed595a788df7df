package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * NVRT: persistent-thread ray traversal of a bounding-volume hierarchy (Aila and Laine's persistent-threads ray
 * tracer; {@code div_nvrt.cu}). One manager thread per static warp fetches batches of 32 rays for its warp and the
 * workers read the batch without a barrier: warp-synchronous code that only static warps run correctly (thesis
 * §3.2). Traversal lengths differ per ray and shadow rays stop at their first hit.
 */
public final class Nvrt implements DivergenceWorkload {
    static final int LEAF = 4;
    static final int NODE_WORDS = 8;

    @Override
    public String name() {
        return "NVRT";
    }

    @Override
    public String description() {
        return "persistent threads tracing rays through a BVH, a manager thread per warp fetching work (NVRT)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    @Override
    public boolean warpSynchronous() {
        return true;
    }

    /** The BVH: nodes (8 words each, floats as raw bits) and the boxes in leaf order. */
    record Bvh(int[] nodes, float[] boxes) {}

    static Bvh build(float[] boxes, int count) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        int[] nodes = new int[NODE_WORDS * 2 * count];
        int[] used = {1};
        float[] sorted = new float[4 * count];
        int[] next = {0};
        build(boxes, order, 0, count, 0, nodes, used, sorted, next);
        return new Bvh(Arrays.copyOf(nodes, NODE_WORDS * used[0]), sorted);
    }

    private static void build(
            float[] b,
            Integer[] order,
            int from,
            int to,
            int node,
            int[] nodes,
            int[] used,
            float[] sorted,
            int[] next) {
        float minX = Float.MAX_VALUE;
        float minY = Float.MAX_VALUE;
        float maxX = -Float.MAX_VALUE;
        float maxY = -Float.MAX_VALUE;
        for (int i = from; i < to; i++) {
            int k = order[i];
            minX = Math.min(minX, b[4 * k]);
            minY = Math.min(minY, b[4 * k + 1]);
            maxX = Math.max(maxX, b[4 * k + 2]);
            maxY = Math.max(maxY, b[4 * k + 3]);
        }
        int o = NODE_WORDS * node;
        nodes[o] = Float.floatToRawIntBits(minX);
        nodes[o + 1] = Float.floatToRawIntBits(minY);
        nodes[o + 2] = Float.floatToRawIntBits(maxX);
        nodes[o + 3] = Float.floatToRawIntBits(maxY);
        if (to - from <= LEAF) {
            int first = next[0];
            for (int i = from; i < to; i++) {
                System.arraycopy(b, 4 * order[i], sorted, 4 * next[0]++, 4);
            }
            nodes[o + 4] = -first - 1;
            nodes[o + 5] = to - from;
            return;
        }
        boolean alongX = maxX - minX >= maxY - minY;
        Arrays.sort(
                order,
                from,
                to,
                (p, q) -> Float.compare(
                        alongX ? b[4 * p] + b[4 * p + 2] : b[4 * p + 1] + b[4 * p + 3],
                        alongX ? b[4 * q] + b[4 * q + 2] : b[4 * q + 1] + b[4 * q + 3]));
        int left = used[0];
        used[0] += 2;
        nodes[o + 4] = left;
        nodes[o + 5] = 0;
        int mid = (from + to) / 2;
        build(b, order, from, mid, left, nodes, used, sorted, next);
        build(b, order, mid, to, left + 1, nodes, used, sorted, next);
    }

    /** The kernel's slab test; t[0] receives the entry distance. */
    static boolean slab(
            float ox,
            float oy,
            float ix,
            float iy,
            float minX,
            float minY,
            float maxX,
            float maxY,
            float tmax,
            float[] t) {
        float tx0 = (minX - ox) * ix;
        float tx1 = (maxX - ox) * ix;
        float ty0 = (minY - oy) * iy;
        float ty1 = (maxY - oy) * iy;
        float tnear = Math.max(Math.min(tx0, tx1), Math.min(ty0, ty1));
        float tfar = Math.min(Math.max(tx0, tx1), Math.max(ty0, ty1));
        t[0] = tnear;
        return tfar >= Math.max(tnear, 0.0f) && tnear < tmax;
    }

    /** Traces ray {@code r}: [hit box, raw bits of t]. */
    static int[] trace(float[] rays, int r, Bvh bvh) {
        float ox = rays[5 * r];
        float oy = rays[5 * r + 1];
        float ix = rays[5 * r + 2];
        float iy = rays[5 * r + 3];
        boolean shadow = rays[5 * r + 4] != 0.0f;
        float best = 1.0e30f;
        int hit = -1;
        int[] stack = new int[32];
        int sp = 0;
        stack[sp++] = 0;
        float[] t = new float[1];
        int[] n = bvh.nodes;
        while (sp > 0) {
            int o = NODE_WORDS * stack[--sp];
            if (!slab(
                    ox,
                    oy,
                    ix,
                    iy,
                    Float.intBitsToFloat(n[o]),
                    Float.intBitsToFloat(n[o + 1]),
                    Float.intBitsToFloat(n[o + 2]),
                    Float.intBitsToFloat(n[o + 3]),
                    best,
                    t)) {
                continue;
            }
            if (n[o + 4] >= 0) {
                stack[sp++] = n[o + 4] + 1;
                stack[sp++] = n[o + 4];
                continue;
            }
            int b0 = -n[o + 4] - 1;
            float[] bx = bvh.boxes;
            for (int b = b0; b < b0 + n[o + 5]; b++) {
                if (slab(ox, oy, ix, iy, bx[4 * b], bx[4 * b + 1], bx[4 * b + 2], bx[4 * b + 3], best, t)
                        && t[0] >= 0.0f) {
                    best = t[0];
                    hit = b;
                }
            }
            if (shadow && hit >= 0) {
                break;
            }
        }
        return new int[] {hit, Float.floatToRawIntBits(best)};
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int boxCount = size.pick(256, 512);
        float[] boxes = new float[4 * boxCount];
        for (int i = 0; i < boxCount; i++) {
            float x = (float) (rnd.nextDouble() * 100);
            float y = (float) (rnd.nextDouble() * 100);
            float w = (float) (0.5 + rnd.nextDouble() * 4);
            float h = (float) (0.5 + rnd.nextDouble() * 4);
            boxes[4 * i] = x;
            boxes[4 * i + 1] = y;
            boxes[4 * i + 2] = x + w;
            boxes[4 * i + 3] = y + h;
        }
        Bvh bvh = build(boxes, boxCount);
        int rayCount = size.pick(1536, 12288);
        float[] rays = new float[5 * rayCount];
        for (int r = 0; r < rayCount; r++) {
            double a = rnd.nextDouble() * 2 * Math.PI;
            float dx = (float) Math.cos(a);
            float dy = (float) Math.sin(a);
            rays[5 * r] = (float) (rnd.nextDouble() * 120 - 10);
            rays[5 * r + 1] = (float) (rnd.nextDouble() * 120 - 10);
            rays[5 * r + 2] = 1.0f / (Math.abs(dx) < 1e-3f ? 1e-3f : dx);
            rays[5 * r + 3] = 1.0f / (Math.abs(dy) < 1e-3f ? 1e-3f : dy);
            rays[5 * r + 4] = rnd.nextInt(3) == 0 ? 1.0f : 0.0f;
        }
        int[] hit = new int[rayCount];
        float[] hitT = new float[rayCount];
        int[] once = new int[rayCount];
        for (int r = 0; r < rayCount; r++) {
            int[] h = trace(rays, r, bvh);
            hit[r] = h[0];
            hitT[r] = Float.intBitsToFloat(h[1]);
            once[r] = 1;
        }
        PtxModule m = d.module("div_nvrt");
        long drays = d.upload(rays);
        long dnodes = d.upload(bvh.nodes);
        long dboxes = d.upload(bvh.boxes);
        long nextRay = d.zeros(4);
        long dhit = d.zeros(4L * rayCount);
        long dt = d.zeros(4L * rayCount);
        long visits = d.zeros(4L * rayCount);
        int ctas = size.pick(4, 45); // persistent CTAs: 3 per gtx480 core (Table 3.1), each warp takes batches
        d.launch(
                m,
                "nvrt_trace",
                Dim3.of(ctas),
                Dim3.of(32, 6),
                drays,
                rayCount,
                dnodes,
                dboxes,
                nextRay,
                dhit,
                dt,
                visits);
        return new Check()
                .ints("visits", once, d.ints(visits, rayCount))
                .ints("hitBox", hit, d.ints(dhit, rayCount))
                .floats("hitT", hitT, d.floats(dt, rayCount))
                .verdict();
    }
}
