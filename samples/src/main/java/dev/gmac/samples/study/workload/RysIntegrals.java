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
 * integrals which represent the Coulomb interaction between electrons in molecules"). A compute-heavy kernel turns
 * a small basis set into a large array of integrals, one batch of shell quartets per launch (Parboil splits its
 * launches at the grid-size limit); the host reads the integrals once, after the last launch, as Parboil's host
 * program does (decision 0124). Batch-update moves the whole array both ways on every call.
 */
public final class RysIntegrals implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_rpes", "rpes_integrals");
    private static final int THREADS = 128;

    /**
     * @param shells contracted s shells (the output has shells^4 integrals)
     * @param primitives Gaussian primitives per shell
     * @param launches batches the quartets are split into (must divide shells^4)
     */
    public record Params(int shells, int primitives, int launches) {
        public Params {
            if (shells <= 0 || primitives <= 0 || launches <= 0 || quartets(shells) % launches != 0) {
                throw new IllegalArgumentException("launches must divide shells^4");
            }
        }

        private static int quartets(int shells) {
            return shells * shells * shells * shells;
        }

        int quartets() {
            return quartets(shells);
        }

        int stride() {
            return 3 + 2 * primitives;
        }
    }

    @Override
    public String name() {
        return "rpes";
    }

    @Override
    public String summary() {
        return "two-electron repulsion integrals: compute-heavy kernel, large output read batch by batch"
                + " (Parboil rpes)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(8, 1, 4);
            case DEFAULT -> new Params(8, 2, 4);
            case FULL -> new Params(16, 3, 16);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new RpesProblem(params(scale), seed);
    }

    private static final class RpesProblem implements Problem {
        private final Params p;
        private final float[] basis;

        RpesProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            basis = new float[p.shells() * p.stride()];
            for (int s = 0; s < p.shells(); s++) {
                int o = s * p.stride();
                for (int d = 0; d < 3; d++) {
                    basis[o + d] = (float) random.nextDouble(-1.5, 1.5);
                }
                for (int k = 0; k < p.primitives(); k++) {
                    basis[o + 3 + k] = (float) random.nextDouble(0.3, 3.0);
                    basis[o + 3 + p.primitives() + k] = (float) random.nextDouble(0.2, 1.0);
                }
            }
        }

        @Override
        public String workload() {
            return "rpes";
        }

        @Override
        public String size() {
            return p.shells() + " shells of " + p.primitives() + " primitives, " + p.quartets() + " integrals in "
                    + p.launches() + " launches";
        }

        private int batch() {
            return p.quartets() / p.launches();
        }

        private Dim3 grid() {
            return Dim3.of((batch() + THREADS - 1) / THREADS);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer shells = adsm.adsmAlloc((long) basis.length * Float.BYTES);
            for (int i = 0; i < basis.length; i++) {
                shells.putFloat(i, basis[i]);
            }
            SharedBuffer integrals = adsm.adsmAlloc((long) p.quartets() * Float.BYTES);
            float[] result = new float[p.quartets()];
            for (int l = 0; l < p.launches(); l++) {
                int first = l * batch();
                host.callAndSync(
                        kernel,
                        grid(),
                        Dim3.of(THREADS),
                        WriteSet.of(integrals),
                        p.shells(),
                        p.primitives(),
                        first,
                        batch(),
                        shells,
                        integrals);
            }
            integrals.copyTo(0, result, 0, result.length);
            return new Outputs().floats("integrals", result);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            DeviceBuffer shells = cuda.malloc((long) basis.length * Float.BYTES);
            cuda.copyToDevice(shells, 0, basis, 0, basis.length);
            DeviceBuffer integrals = cuda.malloc((long) p.quartets() * Float.BYTES);
            float[] result = new float[p.quartets()];
            for (int l = 0; l < p.launches(); l++) {
                int first = l * batch();
                host.launchAndSync(
                        kernel,
                        grid(),
                        Dim3.of(THREADS),
                        p.shells(),
                        p.primitives(),
                        first,
                        batch(),
                        shells,
                        integrals);
            }
            cuda.copyToHost(integrals, 0, result, 0, result.length);
            return new Outputs().floats("integrals", result);
        }

        @Override
        public Outputs reference() {
            int n = p.shells();
            int prims = p.primitives();
            int stride = p.stride();
            float[] result = new float[p.quartets()];
            for (int q = 0; q < result.length; q++) {
                int si = stride * (q / (n * n * n));
                int sj = stride * ((q / (n * n)) % n);
                int sk = stride * ((q / n) % n);
                int sl = stride * (q % n);
                float rab = dist2(si, sj);
                float rcd = dist2(sk, sl);
                float sum = 0f;
                for (int a = 0; a < prims; a++) {
                    for (int b = 0; b < prims; b++) {
                        float ea = basis[si + 3 + a];
                        float eb = basis[sj + 3 + b];
                        float pe = ea + eb;
                        float kab = exp(-((ea * eb) * rab / pe));
                        float px = Math.fma(eb, basis[sj], ea * basis[si]) / pe;
                        float py = Math.fma(eb, basis[sj + 1], ea * basis[si + 1]) / pe;
                        float pz = Math.fma(eb, basis[sj + 2], ea * basis[si + 2]) / pe;
                        float cab = (basis[si + 3 + prims + a] * basis[sj + 3 + prims + b]) * kab;
                        for (int c = 0; c < prims; c++) {
                            for (int d = 0; d < prims; d++) {
                                float ec = basis[sk + 3 + c];
                                float ed = basis[sl + 3 + d];
                                float qe = ec + ed;
                                float kcd = exp(-((ec * ed) * rcd / qe));
                                float dx = px - Math.fma(ed, basis[sl], ec * basis[sk]) / qe;
                                float dy = py - Math.fma(ed, basis[sl + 1], ec * basis[sk + 1]) / qe;
                                float dz = pz - Math.fma(ed, basis[sl + 2], ec * basis[sk + 2]) / qe;
                                float rpq = Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
                                float pq = pe + qe;
                                float t = (pe * qe) * rpq / pq;
                                float pre = 34.986837f / ((pe * qe) * (float) Math.sqrt(pq));
                                float ccd = (basis[sk + 3 + prims + c] * basis[sl + 3 + prims + d]) * kcd;
                                sum = Math.fma((pre * cab) * ccd, boys0(t), sum);
                            }
                        }
                    }
                }
                result[q] = sum;
            }
            return new Outputs().floats("integrals", result);
        }

        private float dist2(int a, int b) {
            float dx = basis[a] - basis[b];
            float dy = basis[a + 1] - basis[b + 1];
            float dz = basis[a + 2] - basis[b + 2];
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
