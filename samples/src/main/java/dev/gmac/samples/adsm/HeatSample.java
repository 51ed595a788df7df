package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.FloatView;
import dev.gmac.api.PtxKernel;
import java.nio.file.Path;

/**
 * A heat stencil with a point source and probes: every step the host adds heat at one point (a read-modify-write
 * of one float) and the kernel diffuses it; after every step the host reads four probe points; at the end it
 * reads the whole grid. The sparse host accesses are what whole-block protocols paid for (issue 14).
 */
final class HeatSample implements AdsmSample {
    static final int NX = 256;
    static final int NY = 256;
    static final int STEPS = 8;
    static final float ALPHA = 0.2f;
    static final int SOURCE = (NY / 2) * NX + NX / 3;
    static final int[] PROBES = {(NY / 4) * NX + NX / 4, (NY / 2) * NX + NX / 2, (3 * NY / 4) * NX + NX / 3, NX + 1};

    @Override
    public String name() {
        return "heat-stencil";
    }

    private static float amplitude(int step) {
        return 100f / (1 + step);
    }

    private static Dim3 grid() {
        return Dim3.of(NX / 16, NY / 16);
    }

    @Override
    public float[] runAdsm(Adsm adsm, Path scratch) {
        PtxKernel step = adsm.kernelResource("/ptx/adsm_samples.ptx", "heat_step");
        FloatView cur = adsm.allocFloats((long) NX * NY);
        FloatView next = adsm.allocFloats((long) NX * NY);
        float[] probes = new float[STEPS * PROBES.length];
        for (int t = 0; t < STEPS; t++) {
            cur.set(SOURCE, cur.get(SOURCE) + amplitude(t));
            adsm.adsmCall(step, grid(), Dim3.of(16, 16), cur, next, NX, NY, ALPHA);
            adsm.adsmSync();
            for (int p = 0; p < PROBES.length; p++) {
                probes[t * PROBES.length + p] = next.get(PROBES[p]);
            }
            FloatView swap = cur;
            cur = next;
            next = swap;
        }
        float[] grid = new float[NX * NY];
        cur.copyTo(grid);
        return concat(probes, grid);
    }

    @Override
    public float[] runExplicit(CudaStyle cuda, Path scratch) {
        PtxKernel step = cuda.kernelResource("/ptx/adsm_samples.ptx", "heat_step");
        DeviceBuffer cur = cuda.malloc(4L * NX * NY);
        DeviceBuffer next = cuda.malloc(4L * NX * NY);
        float[] one = new float[1];
        float[] probes = new float[STEPS * PROBES.length];
        for (int t = 0; t < STEPS; t++) {
            cuda.copyToHost(cur, 4L * SOURCE, one, 0, 1);
            one[0] += amplitude(t);
            cuda.copyToDevice(cur, 4L * SOURCE, one, 0, 1);
            cuda.launch(step, grid(), Dim3.of(16, 16), cur, next, NX, NY, ALPHA);
            for (int p = 0; p < PROBES.length; p++) {
                cuda.copyToHost(next, 4L * PROBES[p], probes, t * PROBES.length + p, 1);
            }
            DeviceBuffer swap = cur;
            cur = next;
            next = swap;
        }
        float[] grid = new float[NX * NY];
        cuda.copyToHost(cur, 0, grid, 0, grid.length);
        return concat(probes, grid);
    }

    @Override
    public float[] expected() {
        float[] cur = new float[NX * NY];
        float[] next = new float[NX * NY];
        float[] probes = new float[STEPS * PROBES.length];
        for (int t = 0; t < STEPS; t++) {
            cur[SOURCE] += amplitude(t);
            for (int y = 0; y < NY; y++) {
                for (int x = 0; x < NX; x++) {
                    int i = y * NX + x;
                    if (x == 0 || y == 0 || x == NX - 1 || y == NY - 1) {
                        next[i] = cur[i];
                    } else {
                        float sum = (cur[i - 1] + cur[i + 1]) + (cur[i - NX] + cur[i + NX]);
                        float lap = sum - 4.0f * cur[i];
                        next[i] = (float) Math.fma(ALPHA, lap, cur[i]);
                    }
                }
            }
            for (int p = 0; p < PROBES.length; p++) {
                probes[t * PROBES.length + p] = next[PROBES[p]];
            }
            float[] swap = cur;
            cur = next;
            next = swap;
        }
        return concat(probes, cur);
    }

    static float[] concat(float[] a, float[] b) {
        float[] all = new float[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
