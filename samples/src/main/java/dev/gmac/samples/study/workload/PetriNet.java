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
 * simulation"). An iterative computation: the host sets up the net and the initial markings once, then calls the
 * firing kernel many times and, between calls, reads only a four-byte firing counter. Batch-update moves every
 * object both ways on every call, which is why the paper measures its largest slow-down here.
 */
public final class PetriNet implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_pns", "pns_fire");
    private static final int THREADS = 64;

    /**
     * @param places places of the net
     * @param transitions transitions, each with two input and two output places
     * @param replicas independent simulations, one per thread
     * @param stepsPerLaunch firing attempts per replica per launch
     * @param launches kernel calls
     */
    public record Params(int places, int transitions, int replicas, int stepsPerLaunch, int launches) {
        public Params {
            if (places < 2 || transitions <= 0 || replicas <= 0 || stepsPerLaunch <= 0 || launches <= 0) {
                throw new IllegalArgumentException("need at least two places and positive counts");
            }
        }
    }

    @Override
    public String name() {
        return "pns";
    }

    @Override
    public String summary() {
        return "Petri-net simulation: many kernel calls, the host reads a firing counter between them (Parboil pns)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(8, 12, 64, 16, 4);
            case DEFAULT -> new Params(16, 24, 256, 32, 8);
            case FULL -> new Params(64, 96, 4096, 256, 32);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new PnsProblem(params(scale), seed);
    }

    private static final class PnsProblem implements Problem {
        private final Params p;
        private final int[] inputs;
        private final int[] outputs;
        private final int[] initialTokens;
        private final int[] seeds;

        PnsProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            inputs = new int[2 * p.transitions()];
            outputs = new int[2 * p.transitions()];
            for (int t = 0; t < p.transitions(); t++) {
                int a = random.nextInt(p.places());
                int b = (a + 1 + random.nextInt(p.places() - 1)) % p.places();
                inputs[2 * t] = a;
                inputs[2 * t + 1] = b;
                outputs[2 * t] = random.nextInt(p.places());
                outputs[2 * t + 1] = random.nextInt(p.places());
            }
            initialTokens = new int[p.places()];
            for (int i = 0; i < p.places(); i++) {
                initialTokens[i] = 1 + random.nextInt(3);
            }
            seeds = new int[p.replicas()];
            for (int r = 0; r < p.replicas(); r++) {
                seeds[r] = random.nextInt() | 1;
            }
        }

        @Override
        public String workload() {
            return "pns";
        }

        @Override
        public String size() {
            return p.places() + " places, " + p.transitions() + " transitions, " + p.replicas() + " replicas, "
                    + p.launches() + " launches of " + p.stepsPerLaunch() + " steps";
        }

        private int[] initialMarking() {
            int[] marking = new int[p.places() * p.replicas()];
            for (int place = 0; place < p.places(); place++) {
                for (int r = 0; r < p.replicas(); r++) {
                    marking[place * p.replicas() + r] = initialTokens[place];
                }
            }
            return marking;
        }

        private Dim3 grid() {
            return Dim3.of((p.replicas() + THREADS - 1) / THREADS);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer in = adsm.adsmAlloc((long) inputs.length * Integer.BYTES);
            SharedBuffer out = adsm.adsmAlloc((long) outputs.length * Integer.BYTES);
            SharedBuffer marking = adsm.adsmAlloc((long) p.places() * p.replicas() * Integer.BYTES);
            SharedBuffer rng = adsm.adsmAlloc((long) p.replicas() * Integer.BYTES);
            SharedBuffer fired = adsm.adsmAlloc(Integer.BYTES);
            for (int i = 0; i < inputs.length; i++) {
                in.putInt(i, inputs[i]);
                out.putInt(i, outputs[i]);
            }
            for (int place = 0; place < p.places(); place++) {
                for (int r = 0; r < p.replicas(); r++) {
                    marking.putInt((long) place * p.replicas() + r, initialTokens[place]);
                }
            }
            for (int r = 0; r < p.replicas(); r++) {
                rng.putInt(r, seeds[r]);
            }
            adsm.memset(fired, 0, 0, Integer.BYTES);
            int[] progress = new int[p.launches()];
            for (int l = 0; l < p.launches(); l++) {
                host.callAndSync(
                        kernel,
                        grid(),
                        Dim3.of(THREADS),
                        WriteSet.of(marking, rng, fired),
                        p.replicas(),
                        p.transitions(),
                        p.stepsPerLaunch(),
                        in,
                        out,
                        marking,
                        rng,
                        fired);
                progress[l] = fired.getInt(0);
            }
            int[] finalMarking = new int[p.places() * p.replicas()];
            marking.copyTo(finalMarking);
            return new Outputs().ints("fired", progress).ints("marking", finalMarking);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            DeviceBuffer in = cuda.malloc((long) inputs.length * Integer.BYTES);
            DeviceBuffer out = cuda.malloc((long) outputs.length * Integer.BYTES);
            DeviceBuffer marking = cuda.malloc((long) p.places() * p.replicas() * Integer.BYTES);
            DeviceBuffer rng = cuda.malloc((long) p.replicas() * Integer.BYTES);
            DeviceBuffer fired = cuda.malloc(Integer.BYTES);
            cuda.copyToDevice(in, 0, inputs, 0, inputs.length);
            cuda.copyToDevice(out, 0, outputs, 0, outputs.length);
            int[] start = initialMarking();
            cuda.copyToDevice(marking, 0, start, 0, start.length);
            cuda.copyToDevice(rng, 0, seeds, 0, seeds.length);
            cuda.memset(fired, 0, 0, Integer.BYTES);
            int[] progress = new int[p.launches()];
            int[] counter = new int[1];
            for (int l = 0; l < p.launches(); l++) {
                host.launchAndSync(
                        kernel,
                        grid(),
                        Dim3.of(THREADS),
                        p.replicas(),
                        p.transitions(),
                        p.stepsPerLaunch(),
                        in,
                        out,
                        marking,
                        rng,
                        fired);
                cuda.copyToHost(fired, 0, counter, 0, 1);
                progress[l] = counter[0];
            }
            int[] finalMarking = new int[p.places() * p.replicas()];
            cuda.copyToHost(marking, 0, finalMarking, 0, finalMarking.length);
            return new Outputs().ints("fired", progress).ints("marking", finalMarking);
        }

        @Override
        public Outputs reference() {
            int[] marking = initialMarking();
            int[] state = seeds.clone();
            int[] progress = new int[p.launches()];
            int total = 0;
            int m = p.replicas();
            for (int l = 0; l < p.launches(); l++) {
                for (int r = 0; r < m; r++) {
                    int x = state[r];
                    for (int s = 0; s < p.stepsPerLaunch(); s++) {
                        x ^= x << 13;
                        x ^= x >>> 17;
                        x ^= x << 5;
                        int t = Integer.remainderUnsigned(x, p.transitions());
                        int a = inputs[2 * t] * m + r;
                        int b = inputs[2 * t + 1] * m + r;
                        if (marking[a] > 0 && marking[b] > 0) {
                            marking[a]--;
                            marking[b]--;
                            marking[outputs[2 * t] * m + r]++;
                            marking[outputs[2 * t + 1] * m + r]++;
                            total++;
                        }
                    }
                    state[r] = x;
                }
                progress[l] = total;
            }
            return new Outputs().ints("fired", progress).ints("marking", marking);
        }

        @Override
        public double tolerance() {
            return 0;
        }
    }
}
