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
 * Vector addition, the micro-benchmark of ADSM paper §5.2 (Figure 11: "adds up two 8 million elements
 * vectors"): the host fills two input vectors element by element, one kernel adds them, and the host reads the
 * sum. Its transfers depend only on the block size, which is what the block-size sweep varies.
 */
public final class VectorAdd implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_vecadd", "vecadd");
    private static final int THREADS = 128;

    /** @param elements the length of each vector */
    public record Params(int elements) {
        public Params {
            if (elements <= 0) {
                throw new IllegalArgumentException("elements must be positive");
            }
        }
    }

    @Override
    public String name() {
        return "vecadd";
    }

    @Override
    public String summary() {
        return "c = a + b; the host fills a and b in a loop and reads c (the paper's §5.2 micro-benchmark)";
    }

    /** Sizes for the study's table. */
    public static Params tableParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(8 * 1024);
            case DEFAULT -> new Params(1024 * 1024);
            case FULL -> new Params(8 * 1024 * 1024);
        };
    }

    /** Sizes for the block-size sweep (Figure 11); the paper uses 8 million elements. */
    public static Params sweepParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(64 * 1024);
            case DEFAULT -> new Params(128 * 1024);
            case FULL -> new Params(8 * 1024 * 1024);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return problem(tableParams(scale), seed);
    }

    public Problem problem(Params params, long seed) {
        return new VectorAddProblem(params, seed);
    }

    private static final class VectorAddProblem implements Problem {
        private final int n;
        private final float[] a;
        private final float[] b;

        VectorAddProblem(Params params, long seed) {
            n = params.elements();
            SplittableRandom random = new SplittableRandom(seed);
            a = new float[n];
            b = new float[n];
            for (int i = 0; i < n; i++) {
                a[i] = (float) random.nextDouble(-1, 1);
                b[i] = (float) random.nextDouble(-1, 1);
            }
        }

        @Override
        public String workload() {
            return "vecadd";
        }

        @Override
        public String size() {
            return n + " elements";
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            long bytes = (long) n * Float.BYTES;
            SharedBuffer va = adsm.adsmAlloc(bytes);
            SharedBuffer vb = adsm.adsmAlloc(bytes);
            SharedBuffer vc = adsm.adsmAlloc(bytes);
            for (int i = 0; i < n; i++) {
                va.putFloat(i, a[i]);
                vb.putFloat(i, b[i]);
            }
            host.callAndSync(kernel, grid(), Dim3.of(THREADS), WriteSet.of(vc), n, va, vb, vc);
            float[] sum = new float[n];
            vc.copyTo(sum);
            return new Outputs().floats("c", sum);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            long bytes = (long) n * Float.BYTES;
            DeviceBuffer da = cuda.malloc(bytes);
            DeviceBuffer db = cuda.malloc(bytes);
            DeviceBuffer dc = cuda.malloc(bytes);
            // The same host loop as the ADSM program (and as the paper's CUDA version): the inputs are produced
            // element by element into host memory, then copied; the problem's arrays stand for the values computed.
            float[] ha = new float[n];
            float[] hb = new float[n];
            for (int i = 0; i < n; i++) {
                ha[i] = a[i];
                hb[i] = b[i];
            }
            cuda.copyToDevice(da, 0, ha, 0, n);
            cuda.copyToDevice(db, 0, hb, 0, n);
            host.launchAndSync(kernel, grid(), Dim3.of(THREADS), n, da, db, dc);
            float[] sum = new float[n];
            cuda.copyToHost(dc, 0, sum, 0, n);
            return new Outputs().floats("c", sum);
        }

        @Override
        public Outputs reference() {
            float[] sum = new float[n];
            for (int i = 0; i < n; i++) {
                sum[i] = a[i] + b[i];
            }
            return new Outputs().floats("c", sum);
        }

        @Override
        public double tolerance() {
            return 0;
        }

        private Dim3 grid() {
            return Dim3.of((n + THREADS - 1) / THREADS);
        }
    }
}
