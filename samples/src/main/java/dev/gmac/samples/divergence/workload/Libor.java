package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.SplittableRandom;

/**
 * LIB: LIBOR market-model Monte Carlo paths pricing a swaption (the GPGPU-Sim benchmarks' LIBOR; {@code
 * div_libor.cu}): forward rates in local memory, loop bounds shared by every thread.
 */
public final class Libor implements DivergenceWorkload {
    static final int BLOCK = 64;
    static final int N = 16;
    static final int STEPS = 4;
    static final float DELTA = 0.25f;
    static final float STRIKE = 0.045f;

    @Override
    public String name() {
        return "LIB";
    }

    @Override
    public String description() {
        return "LIBOR market-model Monte Carlo paths pricing a swaption (LIBOR)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    /** The kernel's exp: 2^k times a degree-6 polynomial, in the kernel's operation order. */
    static float exp(float x) {
        float k = (float) Math.rint(x * 1.44269504f);
        float r = x - k * 0.693147181f;
        float p = Math.fma(r, 0.00138888889f, 0.00833333333f);
        p = Math.fma(p, r, 0.0416666667f);
        p = Math.fma(p, r, 0.166666667f);
        p = Math.fma(p, r, 0.5f);
        p = Math.fma(p, r, 1.0f);
        p = Math.fma(p, r, 1.0f);
        return Math.scalb(p, (int) k);
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int paths = size.pick(256, 3072);
        float[] z = new float[STEPS * paths];
        for (int i = 0; i < z.length; i++) {
            z[i] = (float) rnd.nextGaussian();
        }
        float[] lambda = new float[N];
        float[] l0 = new float[N];
        for (int i = 0; i < N; i++) {
            lambda[i] = 0.2f;
            l0[i] = 0.051f;
        }
        float[] expected = new float[paths];
        for (int p = 0; p < paths; p++) {
            float[] l = l0.clone();
            for (int n = 0; n < STEPS; n++) {
                float sqez = z[n * paths + p] * 0.4472136f;
                float v = 0.0f;
                for (int i = n + 1; i < N; i++) {
                    float lam = lambda[i - n - 1];
                    float con = DELTA * lam;
                    v = v + (con * l[i]) / Math.fma(DELTA, l[i], 1.0f);
                    float vrat = exp((con * v) * 0.2f + lam * (sqez - (0.5f * lam) * 0.2f));
                    l[i] = l[i] * vrat;
                }
            }
            float b = 1.0f;
            float s = 0.0f;
            for (int i = STEPS; i < N; i++) {
                b = b / Math.fma(DELTA, l[i], 1.0f);
                s = Math.fma(DELTA, b, s);
            }
            float swap = 1.0f - (b + STRIKE * s);
            expected[p] = Math.max(swap, 0.0f);
        }
        PtxModule m = d.module("div_libor");
        long dz = d.upload(z);
        long dl = d.upload(lambda);
        long d0 = d.upload(l0);
        long value = d.zeros(4L * paths);
        d.launch(
                m,
                "libor_path",
                Dim3.of((paths + BLOCK - 1) / BLOCK),
                Dim3.of(BLOCK),
                dz,
                dl,
                d0,
                STEPS,
                paths,
                Hotspot.f(DELTA),
                Hotspot.f(STRIKE),
                value);
        return new Check().floats("value", expected, d.floats(value, paths)).verdict();
    }
}
