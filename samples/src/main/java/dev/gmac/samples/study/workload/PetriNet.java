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
 * pns, after Parboil's Petri-net simulation (ADSM paper Table 2: "implements a generic algorithm for Petri net
 * simulation"), with the host program's shape taken from Parboil's: the device holds a scratch object with the
 * net state of every trajectory of a launch (Parboil sizes it to fill a device-memory budget and never copies it
 * either way), each launch initialises, runs and summarises its trajectories on the device, and after each launch
 * the host reads two words per trajectory (the variance of its marking and its largest marking). The host writes
 * nothing the kernel reads. Batch-update moves the scratch both ways on every call, which is where the paper
 * measures its largest slow-down (§5.1, Figure 7: 65.18x); lazy- and rolling-update move only what the host reads
 * (decision 0124).
 */
public final class PetriNet implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_pns", "pns_trajectories");
    private static final int THREADS = 64;

    /**
     * @param rows rows of the place torus
     * @param cols columns of the place torus (the net has rows * cols places and as many transitions)
     * @param steps firing attempts per trajectory
     * @param trajectories trajectories in all
     * @param perLaunch trajectories per kernel call, the scratch object's capacity (the last call takes the rest)
     */
    public record Params(int rows, int cols, int steps, int trajectories, int perLaunch) {
        public Params {
            if (rows < 2 || cols < 2 || steps <= 0 || trajectories <= 0 || perLaunch <= 0) {
                throw new IllegalArgumentException("need a torus of at least 2x2 places and positive counts");
            }
        }

        public int places() {
            return rows * cols;
        }

        public int launches() {
            return (trajectories + perLaunch - 1) / perLaunch;
        }
    }

    @Override
    public String name() {
        return "pns";
    }

    @Override
    public String summary() {
        return "Petri-net simulation: device-only scratch, many kernel calls, the host reads two words per"
                + " trajectory after each (Parboil pns)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(2, 4, 16, 256, 64);
            case DEFAULT -> new Params(4, 8, 32, 2048, 256);
            case FULL -> new Params(8, 16, 256, 32768, 4096);
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
            return p.rows() + "x" + p.cols() + " places, " + p.steps() + " steps, " + p.trajectories()
                    + " trajectories in " + p.launches() + " launches of " + p.perLaunch();
        }

        /** The seed of the launch whose first trajectory is {@code first} (Parboil: 5489 * (first + 1)). */
        private int seed(int first) {
            return seedBase * (first + 1);
        }

        private int count(int first) {
            return Math.min(p.perLaunch(), p.trajectories() - first);
        }

        private static Dim3 grid(int count) {
            return Dim3.of((count + THREADS - 1) / THREADS);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer places = adsm.adsmAlloc((long) p.places() * p.perLaunch() * Integer.BYTES);
            SharedBuffer vars = adsm.adsmAlloc((long) p.perLaunch() * Float.BYTES);
            SharedBuffer maxs = adsm.adsmAlloc((long) p.perLaunch() * Integer.BYTES);
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int count = count(first);
                host.callAndSync(
                        kernel,
                        grid(count),
                        Dim3.of(THREADS),
                        WriteSet.of(places, vars, maxs),
                        p.rows(),
                        p.cols(),
                        p.steps(),
                        seed(first),
                        count,
                        places,
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
            DeviceBuffer places = cuda.malloc((long) p.places() * p.perLaunch() * Integer.BYTES);
            DeviceBuffer vars = cuda.malloc((long) p.perLaunch() * Float.BYTES);
            DeviceBuffer maxs = cuda.malloc((long) p.perLaunch() * Integer.BYTES);
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int count = count(first);
                host.launchAndSync(
                        kernel,
                        grid(count),
                        Dim3.of(THREADS),
                        p.rows(),
                        p.cols(),
                        p.steps(),
                        seed(first),
                        count,
                        places,
                        vars,
                        maxs);
                cuda.copyToHost(maxs, 0, allMaxs, first, count);
                cuda.copyToHost(vars, 0, allVars, first, count);
            }
            return new Outputs().floats("vars", allVars).ints("maxs", allMaxs);
        }

        @Override
        public Outputs reference() {
            int places = p.places();
            int cols = p.cols();
            int rows = p.rows();
            float[] allVars = new float[p.trajectories()];
            int[] allMaxs = new int[p.trajectories()];
            int[] marking = new int[places];
            for (int first = 0; first < p.trajectories(); first += p.perLaunch()) {
                int seed = seed(first);
                for (int t = 0; t < count(first); t++) {
                    int state = (seed ^ (t * 0x9E3779B9)) | 1;
                    for (int place = 0; place < places; place++) {
                        state = xorshift32(state);
                        marking[place] = Integer.remainderUnsigned(state, 3);
                    }
                    for (int s = 0; s < p.steps(); s++) {
                        state = xorshift32(state);
                        int tr = Integer.remainderUnsigned(state, places);
                        int r = tr / cols;
                        int c = tr - r * cols;
                        int c1 = c + 1 == cols ? 0 : c + 1;
                        int r1 = r + 1 == rows ? 0 : r + 1;
                        int a = r * cols + c;
                        int b = r * cols + c1;
                        if (marking[a] > 0 && marking[b] > 0) {
                            marking[a]--;
                            marking[b]--;
                            marking[r1 * cols + c]++;
                            marking[r1 * cols + c1]++;
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
                    allVars[first + t] = squares / n - mean * mean;
                    allMaxs[first + t] = largest;
                }
            }
            return new Outputs().floats("vars", allVars).ints("maxs", allMaxs);
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
