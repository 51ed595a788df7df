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
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * pns, after Parboil's Petri-net simulation (ADSM paper Table 2: "implements a generic algorithm for Petri net
 * simulation"), with both sides of Parboil's program: on the device, one thread block per trajectory keeps its net
 * state (a marking byte and a conflict word per place) in its slot of a scratch object that is never copied either
 * way, sets every place to one token, fires a few rounds of random transitions (a large net and a short run) and
 * reduces the marking to two words; on the host, after each call, the program reads those two words per trajectory
 * (the variance of the marking and its largest marking) and writes nothing the kernel reads. Batch-update moves
 * the whole scratch both ways on every call, which is where the paper measures its largest slow-down (§5.1,
 * Figure 7: 65.18x); lazy- and rolling-update move only what the host reads (decisions 0124 and 0126).
 */
public final class PetriNet implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_pns", "pns_trajectories");
    /** Threads of a trajectory's block; fixed by the kernel (Parboil's block is 256 threads too). */
    public static final int THREADS = 256;
    /** Scratch bytes per place: a marking byte and a conflict word (Parboil's unit: one char and one int). */
    public static final int SCRATCH_BYTES_PER_PLACE = 5;

    /**
     * @param rows rows of the place torus
     * @param cols columns of the place torus (the net has rows * cols places and as many transitions; a multiple
     *     of 4 places, since the kernel reads the marking bytes four at a time)
     * @param rounds firing rounds per trajectory; each round every thread of the block tries one transition
     * @param trajectories trajectories in all
     * @param perLaunch trajectories per kernel call, the scratch object's capacity in slots (the last call takes
     *     the rest)
     */
    public record Params(int rows, int cols, int rounds, int trajectories, int perLaunch) {
        public Params {
            if (rows < 2 || cols < 2 || rounds <= 0 || trajectories <= 0 || perLaunch <= 0) {
                throw new IllegalArgumentException("need a torus of at least 2x2 places and positive counts");
            }
            if ((rows * cols) % 4 != 0) {
                throw new IllegalArgumentException("the net needs a multiple of 4 places, not " + rows * cols);
            }
        }

        public int places() {
            return rows * cols;
        }

        public int launches() {
            return (trajectories + perLaunch - 1) / perLaunch;
        }

        /** Firing attempts per trajectory: a round is one attempt per thread of the block. */
        public int attempts() {
            return rounds * THREADS;
        }

        /** Bytes of the device scratch object: one slot of marking bytes and conflict words per trajectory. */
        public long scratchBytes() {
            return (long) perLaunch * places() * SCRATCH_BYTES_PER_PLACE;
        }
    }

    @Override
    public String name() {
        return "pns";
    }

    @Override
    public String summary() {
        return "Petri-net simulation: a block per trajectory in a device-only scratch, many kernel calls, the host"
                + " reads two words per trajectory after each (Parboil pns)";
    }

    /**
     * The inputs at each scale: large nets and short runs (Parboil's regime, decision 0126), and few trajectories
     * per call, each a thread block (Parboil's scratch holds about 17 at its net sizes).
     */
    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(16, 16, 1, 16, 4);
            case DEFAULT -> new Params(128, 128, 1, 128, 16);
            case FULL -> new Params(512, 512, 1, 256, 16);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new PnsProblem(params(scale), seed);
    }

    private static final class PnsProblem implements Problem {
        private final Params p;
        private final int seedBase;

        PnsProblem(Params p, long seed) {
            this.p = p;
            this.seedBase = new SplittableRandom(seed).nextInt() | 1;
        }

        @Override
        public String workload() {
            return "pns";
        }

        @Override
        public String size() {
            return p.rows() + "x" + p.cols() + " places, " + p.attempts() + " firing attempts, " + p.trajectories()
                    + " trajectories in " + p.launches() + " launches of " + p.perLaunch();
        }

        /** The seed of the launch whose first trajectory is {@code first} (Parboil: 5489 * (first + 1)). */
        private int seed(int first) {
            return seedBase * (first + 1);
        }

        /** The first key of a launch's conflict tags: above every key of the launches before it. */
        private int epoch(int first) {
            return (first / p.perLaunch()) * p.attempts();
        }

        private int count(int first) {
            return Math.min(p.perLaunch(), p.trajectories() - first);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer state = adsm.adsmAlloc(p.scratchBytes());
            SharedBuffer vars = adsm.adsmAlloc((long) p.perLaunch() * Float.BYTES);
            SharedBuffer maxs = adsm.adsmAlloc((long) p.perLaunch() * Integer.BYTES);
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int count = count(first);
                host.callAndSync(
                        kernel,
                        Dim3.of(count),
                        Dim3.of(THREADS),
                        WriteSet.of(state, vars, maxs),
                        p.rows(),
                        p.cols(),
                        p.rounds(),
                        seed(first),
                        epoch(first),
                        state,
                        vars,
                        maxs);
                maxs.copyTo(0, allMaxs, first, count);
                vars.copyTo(0, allVars, first, count);
            }
            return new Outputs().floats("vars", allVars).ints("maxs", allMaxs);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            DeviceBuffer state = cuda.malloc(p.scratchBytes());
            DeviceBuffer vars = cuda.malloc((long) p.perLaunch() * Float.BYTES);
            DeviceBuffer maxs = cuda.malloc((long) p.perLaunch() * Integer.BYTES);
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int count = count(first);
                host.launchAndSync(
                        kernel,
                        Dim3.of(count),
                        Dim3.of(THREADS),
                        p.rows(),
                        p.cols(),
                        p.rounds(),
                        seed(first),
                        epoch(first),
                        state,
                        vars,
                        maxs);
                cuda.copyToHost(maxs, 0, allMaxs, first, count);
                cuda.copyToHost(vars, 0, allVars, first, count);
            }
            return new Outputs().floats("vars", allVars).ints("maxs", allMaxs);
        }

        /**
         * The kernel's trajectories in plain Java: in each round every thread tags the four places of its
         * transition, the largest key holds each place, and a transition fires when its thread holds all four and
         * both inputs have a token (the order of the threads does not matter).
         */
        @Override
        public Outputs reference() {
            int places = p.places();
            int cols = p.cols();
            int rows = p.rows();
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            int[] marking = new int[places];
            int[] holder = new int[places];
            int[] state = new int[THREADS];
            int[][] transition = new int[THREADS][4];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int seed = seed(first);
                for (int block = 0; block < count(first); block++) {
                    Arrays.fill(marking, 1);
                    for (int tid = 0; tid < THREADS; tid++) {
                        state[tid] = hash(seed ^ (block * 0x9E3779B9) ^ (tid * 0x85EBCA6B)) | 1;
                    }
                    for (int round = 0; round < p.rounds(); round++) {
                        Arrays.fill(holder, -1);
                        for (int tid = 0; tid < THREADS; tid++) {
                            state[tid] = xorshift32(state[tid]);
                            int tr = Integer.remainderUnsigned(state[tid], places);
                            int r = tr / cols;
                            int c = tr - r * cols;
                            int c1 = c + 1 == cols ? 0 : c + 1;
                            int r1 = r + 1 == rows ? 0 : r + 1;
                            int[] four = transition[tid];
                            four[0] = r * cols + c;
                            four[1] = r * cols + c1;
                            four[2] = r1 * cols + c;
                            four[3] = r1 * cols + c1;
                            for (int place : four) {
                                holder[place] = tid; // keys grow with tid within a round
                            }
                        }
                        for (int tid = 0; tid < THREADS; tid++) {
                            int[] four = transition[tid];
                            boolean owner = holder[four[0]] == tid
                                    && holder[four[1]] == tid
                                    && holder[four[2]] == tid
                                    && holder[four[3]] == tid;
                            if (owner && marking[four[0]] > 0 && marking[four[1]] > 0) {
                                marking[four[0]]--;
                                marking[four[1]]--;
                                marking[four[2]]++;
                                marking[four[3]]++;
                            }
                        }
                    }
                    int sum = 0;
                    int squares = 0;
                    int largest = 0;
                    for (int m : marking) {
                        sum += m;
                        squares += m * m;
                        largest = Math.max(largest, m);
                    }
                    float n = places;
                    float mean = sum / n;
                    allVars[first + block] = squares / n - mean * mean;
                    allMaxs[first + block] = largest;
                }
            }
            return new Outputs().floats("vars", allVars).ints("maxs", allMaxs);
        }

        private static int hash(int x) {
            x ^= x >>> 16;
            x *= 0x7FEB352D;
            x ^= x >>> 15;
            x *= 0x846CA68B;
            x ^= x >>> 16;
            return x;
        }

        private static int xorshift32(int x) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            return x;
        }

        @Override
        public double tolerance() {
            return 0;
        }
    }
}
