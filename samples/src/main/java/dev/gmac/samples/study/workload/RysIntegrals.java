package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.PtxKernel;
import dev.gmac.api.SharedBuffer;
import dev.gmac.api.WriteSet;
import dev.gmac.samples.study.AdsmHost;
import dev.gmac.samples.study.ExplicitHost;
import dev.gmac.samples.study.Outputs;
import dev.gmac.samples.study.Problem;
import dev.gmac.samples.study.Scale;
import dev.gmac.samples.study.Workload;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * rpes, after Parboil's Rys polynomial equation solver (ADSM paper Table 2: "calculates 2-electron repulsion
 * integrals which represent the Coulomb interaction between electrons in molecules"), in the device shape of
 * Parboil's program (decision 0125). The integrals of the unique shell quartets (i <= j <= k <= l) over contracted
 * s shells are computed one primitive quartet per thread: each quartet owns ceil(P_i P_j P_k P_l / 64) blocks of
 * 64 threads, each block sums its threads' integrals into a partial, and a second kernel sums each quartet's
 * partials into its integral. Four shared objects carry this, with Parboil's sizes and roles: a 16-byte work
 * descriptor per block and a quartet table of 8 bytes per quartet, both written by the host once before the
 * calls; a partial per block that only the device touches; and the integrals, read by the host once, after the
 * last call (decision 0124). Both kernels are launched in chunks of at most a grid-size limit of blocks, scaled
 * from Parboil's 65535 to our inputs (decision 0125); the host does nothing between calls. Batch-update moves
 * every object both ways at every call; the explicit copies move the descriptors and the table in once and the
 * integrals out once.
 *
 * <p>The basis (shell centres, and exponent and coefficient of each primitive) is in textures in Parboil; the
 * study's API has no textures, so here it is two small shared objects the host writes once.
 */
public final class RysIntegrals implements Workload {
    private static final KernelSource COMPUTE = new KernelSource("study_rpes", "rpes_compute");
    private static final KernelSource REDUCE = new KernelSource("study_rpes", "rpes_reduce");

    /** Threads per block of the compute kernel (Parboil's {@code BLOCK_SIZE}). */
    public static final int BLOCK = 64;

    /** Parboil's grid-size limit ({@code GRID_SIZE}, the largest grid dimension of the G80 and GT200). */
    public static final int PARBOIL_GRID_LIMIT = 65535;

    /**
     * The integrals Parboil's host program writes out and its compare tool checks: "only the first 20000" of its
     * data set's quartets, so that data set has more than this many quartets (decision 0125).
     */
    public static final int PARBOIL_QUARTETS_AT_LEAST = 20000;

    /** Batch-update's slow-down on Parboil's rpes in the paper (§5.1, Figure 7: "18.64X in rpes"). */
    public static final double PAPER_BATCH_SLOWDOWN = 18.64;

    /** Bytes of a block's work descriptor (Parboil's {@code uint4}). */
    public static final int DESCRIPTOR_BYTES = 16;

    /** Bytes of a quartet's table entry, first block and block count (Parboil's {@code uint2}). */
    public static final int TABLE_BYTES = 8;

    /**
     * @param shells contracted s shells (at most 256: the descriptor has 8 bits per shell index)
     * @param primitives the longest contraction: shell s has 1 + s % primitives primitives (at most 8, so that
     *     a quartet has at most 4096 primitive integrals, 64 blocks, one reduction block's width)
     * @param gridLimit the most blocks in one launch of either kernel
     */
    public record Params(int shells, int primitives, int gridLimit) {
        public Params {
            if (shells <= 0 || shells > 256 || primitives <= 0 || primitives > 8 || gridLimit <= 0) {
                throw new IllegalArgumentException(
                        "need 1 to 256 shells, contractions of 1 to 8 primitives and a positive grid limit");
            }
            if (primitiveCount(shells, primitives) > 256) {
                throw new IllegalArgumentException(
                        "at most 256 primitives in all (the descriptor has 8 bits per first primitive)");
            }
        }

        /**
         * The grid-size limit for these inputs (decision 0125): the largest at which our program makes at least
         * the calls Parboil's must have made, and at most Parboil's 65535 blocks per 20000 quartets (the least its
         * data set has). Parboil's call count follows from the paper's 18.64x: batch-update moves every object both
         * ways at every call while the explicit copies move the descriptors and the table in and the results out
         * once, and a program cannot slow down more than its bytes grow, so the paper's figure needs at least
         * {@link #leastCalls} calls.
         */
        public static Params scaled(int shells, int primitives) {
            Params widest = new Params(shells, primitives, PARBOIL_GRID_LIMIT);
            int quartets = widest.quartets();
            int blocks = Layout.of(widest).blocks();
            int limit = (int) Math.max(
                    1, Math.min(PARBOIL_GRID_LIMIT, (long) quartets * PARBOIL_GRID_LIMIT / PARBOIL_QUARTETS_AT_LEAST));
            int least = leastCalls(blocks, quartets);
            while (limit > 1 && calls(blocks, limit) + calls(quartets, limit) < least) {
                limit--;
            }
            return new Params(shells, primitives, limit);
        }

        /**
         * The fewest calls with which Parboil's rpes can show the paper's batch-update slow-down, for a data set of
         * {@code blocks} blocks and {@code quartets} quartets: batch-update moves 2 x (20 bytes per block + 12 per
         * quartet) per call (descriptor and partial; table entry and result), the explicit copies 16 bytes per
         * block and 12 per quartet in all, and time grows at most as the bytes do.
         */
        public static int leastCalls(long blocks, long quartets) {
            long explicit = DESCRIPTOR_BYTES * blocks + (long) (TABLE_BYTES + Float.BYTES) * quartets;
            long perCall =
                    2 * ((DESCRIPTOR_BYTES + Float.BYTES) * blocks + (long) (TABLE_BYTES + Float.BYTES) * quartets);
            return (int) Math.ceil(PAPER_BATCH_SLOWDOWN * explicit / perCall);
        }

        /** Launches that {@code items} blocks take at a grid limit of {@code limit}. */
        static int calls(int items, int limit) {
            return (items + limit - 1) / limit;
        }

        private static int quartets(int shells) {
            return shells * (shells + 1) * (shells + 2) * (shells + 3) / 24;
        }

        private static int primitiveCount(int shells, int primitives) {
            int count = 0;
            for (int s = 0; s < shells; s++) {
                count += 1 + s % primitives;
            }
            return count;
        }

        /** Unique shell quartets, the length of the result: n(n+1)(n+2)(n+3)/24 (Parboil's count). */
        public int quartets() {
            return quartets(shells);
        }

        /** Primitives of shell {@code s}. */
        public int contraction(int s) {
            return 1 + s % primitives;
        }

        int primitiveCount() {
            return primitiveCount(shells, primitives);
        }
    }

    /**
     * What the host computes before the calls (Parboil's {@code NumOfIntegrals} and {@code DistributeBlockWork}):
     * each block's descriptor and each quartet's first block and block count, in the order i <= j <= k <= l.
     *
     * @param work four ints per block: packed contraction lengths, packed shells, packed first primitives, the
     *     quartet's first block
     * @param table two ints per quartet: first block, blocks
     * @param maxBlocks the most blocks of any quartet
     */
    public record Layout(int[] work, int[] table, int maxBlocks) {
        public static Layout of(Params p) {
            int n = p.shells();
            int[] firstPrimitive = new int[n];
            for (int s = 1; s < n; s++) {
                firstPrimitive[s] = firstPrimitive[s - 1] + p.contraction(s - 1);
            }
            int[] table = new int[2 * p.quartets()];
            int blocks = 0;
            int maxBlocks = 0;
            int q = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    for (int k = j; k < n; k++) {
                        for (int l = k; l < n; l++) {
                            int count = blocksOf(p, i, j, k, l);
                            table[2 * q] = blocks;
                            table[2 * q + 1] = count;
                            blocks += count;
                            maxBlocks = Math.max(maxBlocks, count);
                            q++;
                        }
                    }
                }
            }
            int[] work = new int[4 * blocks];
            int b = 0;
            for (int i = 0; i < n; i++) {
                for (int j = i; j < n; j++) {
                    for (int k = j; k < n; k++) {
                        for (int l = k; l < n; l++) {
                            int lengths =
                                    pack(4, p.contraction(i), p.contraction(j), p.contraction(k), p.contraction(l));
                            int shells = pack(8, i, j, k, l);
                            int firsts =
                                    pack(8, firstPrimitive[i], firstPrimitive[j], firstPrimitive[k], firstPrimitive[l]);
                            int first = b;
                            for (int c = blocksOf(p, i, j, k, l); c > 0; c--, b++) {
                                work[4 * b] = lengths;
                                work[4 * b + 1] = shells;
                                work[4 * b + 2] = firsts;
                                work[4 * b + 3] = first;
                            }
                        }
                    }
                }
            }
            return new Layout(work, table, maxBlocks);
        }

        private static int blocksOf(Params p, int i, int j, int k, int l) {
            int integrals = p.contraction(i) * p.contraction(j) * p.contraction(k) * p.contraction(l);
            return (integrals + BLOCK - 1) / BLOCK;
        }

        private static int pack(int bits, int a, int b, int c, int d) {
            return (a << (3 * bits)) | (b << (2 * bits)) | (c << bits) | d;
        }

        /** Thread blocks of the compute kernel, one partial each. */
        public int blocks() {
            return work.length / 4;
        }

        /** Threads per block of the reduction: the power of two at or above {@link #maxBlocks()}. */
        public int reduceWidth() {
            return Integer.highestOneBit(Math.max(1, 2 * maxBlocks - 1));
        }

        /** Launches of the compute kernel at the grid-size limit. */
        public int computeCalls(Params p) {
            return Params.calls(blocks(), p.gridLimit());
        }

        /** Launches of the reduction at the grid-size limit. */
        public int reduceCalls(Params p) {
            return Params.calls(p.quartets(), p.gridLimit());
        }
    }

    @Override
    public String name() {
        return "rpes";
    }

    @Override
    public String summary() {
        return "two-electron repulsion integrals: per-block descriptors and partials, two phases of chunked"
                + " launches, the integrals read once (Parboil rpes)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> Params.scaled(4, 3);
            case DEFAULT -> Params.scaled(10, 3);
            case FULL -> Params.scaled(25, 4);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return problem(params(scale), seed);
    }

    /** A problem of the given inputs (the study uses {@link #params(Scale)}). */
    public Problem problem(Params params, long seed) {
        return new RpesProblem(params, seed);
    }

    private static final class RpesProblem implements Problem {
        private final Params p;
        private final Layout layout;
        /** x, y, z, 0 per shell (Parboil's coordinate texture). */
        private final float[] centres;
        /** exponent, coefficient per primitive, shell after shell (Parboil's primitive texture). */
        private final float[] primitives;

        RpesProblem(Params p, long seed) {
            this.p = p;
            this.layout = Layout.of(p);
            SplittableRandom random = new SplittableRandom(seed);
            centres = new float[4 * p.shells()];
            primitives = new float[2 * p.primitiveCount()];
            int prim = 0;
            for (int s = 0; s < p.shells(); s++) {
                for (int d = 0; d < 3; d++) {
                    centres[4 * s + d] = (float) random.nextDouble(-1.5, 1.5);
                }
                for (int k = 0; k < p.contraction(s); k++, prim++) {
                    primitives[2 * prim] = (float) random.nextDouble(0.3, 3.0);
                    primitives[2 * prim + 1] = (float) random.nextDouble(0.2, 1.0);
                }
            }
        }

        @Override
        public String workload() {
            return "rpes";
        }

        @Override
        public String size() {
            return p.shells() + " shells of 1-" + p.primitives() + " primitives, " + p.quartets() + " quartets in "
                    + layout.blocks() + " blocks; " + layout.computeCalls(p) + " + " + layout.reduceCalls(p)
                    + " calls at a grid limit of " + p.gridLimit();
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel compute = COMPUTE.load(adsm);
            PtxKernel reduce = REDUCE.load(adsm);
            SharedBuffer shellCentres = adsm.adsmAlloc((long) centres.length * Float.BYTES);
            SharedBuffer shellPrimitives = adsm.adsmAlloc((long) primitives.length * Float.BYTES);
            SharedBuffer work = adsm.adsmAlloc((long) layout.blocks() * DESCRIPTOR_BYTES);
            SharedBuffer partials = adsm.adsmAlloc((long) layout.blocks() * Float.BYTES);
            SharedBuffer table = adsm.adsmAlloc((long) p.quartets() * TABLE_BYTES);
            SharedBuffer integrals = adsm.adsmAlloc((long) p.quartets() * Float.BYTES);
            for (int i = 0; i < centres.length; i++) {
                shellCentres.putFloat(i, centres[i]);
            }
            for (int i = 0; i < primitives.length; i++) {
                shellPrimitives.putFloat(i, primitives[i]);
            }
            for (int i = 0; i < layout.work().length; i++) {
                work.putInt(i, layout.work()[i]);
            }
            for (int i = 0; i < layout.table().length; i++) {
                table.putInt(i, layout.table()[i]);
            }
            for (int first = 0; first < layout.blocks(); first += p.gridLimit()) {
                host.callAndSync(
                        compute,
                        Dim3.of(Math.min(p.gridLimit(), layout.blocks() - first)),
                        Dim3.of(BLOCK),
                        WriteSet.of(partials),
                        work,
                        shellCentres,
                        shellPrimitives,
                        partials,
                        first);
            }
            for (int first = 0; first < p.quartets(); first += p.gridLimit()) {
                host.callAndSync(
                        reduce,
                        Dim3.of(Math.min(p.gridLimit(), p.quartets() - first)),
                        Dim3.of(layout.reduceWidth()),
                        WriteSet.of(integrals),
                        partials,
                        table,
                        integrals,
                        first);
            }
            float[] result = new float[p.quartets()];
            integrals.copyTo(0, result, 0, result.length);
            return new Outputs().floats("integrals", result);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel compute = COMPUTE.load(cuda);
            PtxKernel reduce = REDUCE.load(cuda);
            DeviceBuffer shellCentres = cuda.malloc((long) centres.length * Float.BYTES);
            DeviceBuffer shellPrimitives = cuda.malloc((long) primitives.length * Float.BYTES);
            DeviceBuffer work = cuda.malloc((long) layout.blocks() * DESCRIPTOR_BYTES);
            DeviceBuffer partials = cuda.malloc((long) layout.blocks() * Float.BYTES);
            DeviceBuffer table = cuda.malloc((long) p.quartets() * TABLE_BYTES);
            DeviceBuffer integrals = cuda.malloc((long) p.quartets() * Float.BYTES);
            cuda.copyToDevice(shellCentres, 0, centres, 0, centres.length);
            cuda.copyToDevice(shellPrimitives, 0, primitives, 0, primitives.length);
            cuda.copyToDevice(work, 0, layout.work(), 0, layout.work().length);
            cuda.copyToDevice(table, 0, layout.table(), 0, layout.table().length);
            for (int first = 0; first < layout.blocks(); first += p.gridLimit()) {
                host.launchAndSync(
                        compute,
                        Dim3.of(Math.min(p.gridLimit(), layout.blocks() - first)),
                        Dim3.of(BLOCK),
                        work,
                        shellCentres,
                        shellPrimitives,
                        partials,
                        first);
            }
            for (int first = 0; first < p.quartets(); first += p.gridLimit()) {
                host.launchAndSync(
                        reduce,
                        Dim3.of(Math.min(p.gridLimit(), p.quartets() - first)),
                        Dim3.of(layout.reduceWidth()),
                        partials,
                        table,
                        integrals,
                        first);
            }
            float[] result = new float[p.quartets()];
            cuda.copyToHost(integrals, 0, result, 0, result.length);
            return new Outputs().floats("integrals", result);
        }

        /** The kernels' arithmetic and summation order: per-block tree sums, then per-quartet tree sums. */
        @Override
        public Outputs reference() {
            int[] work = layout.work();
            float[] partials = new float[layout.blocks()];
            float[] terms = new float[BLOCK];
            for (int block = 0; block < partials.length; block++) {
                int lengths = work[4 * block];
                int shells = work[4 * block + 1];
                int firsts = work[4 * block + 2];
                int n1 = field(lengths, 0, 4);
                int n2 = field(lengths, 1, 4);
                int n3 = field(lengths, 2, 4);
                int n4 = field(lengths, 3, 4);
                for (int t = 0; t < BLOCK; t++) {
                    int local = (block - work[4 * block + 3]) * BLOCK + t;
                    terms[t] = 0f;
                    if (local < n1 * n2 * n3 * n4) {
                        int d = local % n4;
                        int c = (local / n4) % n3;
                        int b = (local / (n4 * n3)) % n2;
                        int a = local / (n4 * n3 * n2);
                        terms[t] = primitiveIntegral(
                                field(shells, 0, 8),
                                field(shells, 1, 8),
                                field(shells, 2, 8),
                                field(shells, 3, 8),
                                field(firsts, 0, 8) + a,
                                field(firsts, 1, 8) + b,
                                field(firsts, 2, 8) + c,
                                field(firsts, 3, 8) + d);
                    }
                }
                partials[block] = treeSum(terms, BLOCK);
            }
            int[] table = layout.table();
            float[] result = new float[p.quartets()];
            float[] sums = new float[layout.reduceWidth()];
            for (int q = 0; q < result.length; q++) {
                for (int t = 0; t < sums.length; t++) {
                    sums[t] = t < table[2 * q + 1] ? partials[table[2 * q] + t] : 0f;
                }
                result[q] = treeSum(sums, sums.length);
            }
            return new Outputs().floats("integrals", result);
        }

        private static int field(int word, int index, int bits) {
            return (word >>> (bits * (3 - index))) & ((1 << bits) - 1);
        }

        private static float treeSum(float[] values, int width) {
            for (int half = width >> 1; half > 0; half >>= 1) {
                for (int t = 0; t < half; t++) {
                    values[t] = values[t] + values[t + half];
                }
            }
            return values[0];
        }

        /** [ab|cd] over shells i, j, k, l and primitives a, b, c, d, in the kernel's operation order. */
        private float primitiveIntegral(int i, int j, int k, int l, int a, int b, int c, int d) {
            float rab = dist2(i, j);
            float rcd = dist2(k, l);
            float ea = primitives[2 * a];
            float eb = primitives[2 * b];
            float ec = primitives[2 * c];
            float ed = primitives[2 * d];
            float pe = ea + eb;
            float kab = exp(-((ea * eb) * rab / pe));
            float px = Math.fma(eb, centres[4 * j], ea * centres[4 * i]) / pe;
            float py = Math.fma(eb, centres[4 * j + 1], ea * centres[4 * i + 1]) / pe;
            float pz = Math.fma(eb, centres[4 * j + 2], ea * centres[4 * i + 2]) / pe;
            float cab = (primitives[2 * a + 1] * primitives[2 * b + 1]) * kab;
            float qe = ec + ed;
            float kcd = exp(-((ec * ed) * rcd / qe));
            float dx = px - Math.fma(ed, centres[4 * l], ec * centres[4 * k]) / qe;
            float dy = py - Math.fma(ed, centres[4 * l + 1], ec * centres[4 * k + 1]) / qe;
            float dz = pz - Math.fma(ed, centres[4 * l + 2], ec * centres[4 * k + 2]) / qe;
            float rpq = Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
            float pq = pe + qe;
            float t = (pe * qe) * rpq / pq;
            float pre = 34.986837f / ((pe * qe) * (float) Math.sqrt(pq));
            float ccd = (primitives[2 * c + 1] * primitives[2 * d + 1]) * kcd;
            return ((pre * cab) * ccd) * boys0(t);
        }

        private float dist2(int a, int b) {
            float dx = centres[4 * a] - centres[4 * b];
            float dy = centres[4 * a + 1] - centres[4 * b + 1];
            float dz = centres[4 * a + 2] - centres[4 * b + 2];
            return Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
        }

        private static float exp(float x) {
            return (float) Math.exp(x);
        }

        /** erf for x >= 0, Abramowitz and Stegun 7.1.26, in the kernel's operation order. */
        private static float erf(float x) {
            float t = 1.0f / Math.fma(0.3275911f, x, 1.0f);
            float poly = Math.fma(
                    Math.fma(Math.fma(Math.fma(1.061405429f, t, -1.453152027f), t, 1.421413741f), t, -0.284496736f),
                    t,
                    0.254829592f);
            return 1.0f - (poly * t) * exp(-(x * x));
        }

        /** The Boys function F0, the one-root case of Rys quadrature. */
        private static float boys0(float t) {
            if (t < 1.0e-6f) {
                return 1.0f - t / 3.0f;
            }
            float root = (float) Math.sqrt(t);
            return 0.886226925f * erf(root) / root;
        }

        @Override
        public double tolerance() {
            return 1e-4;
        }
    }
}
