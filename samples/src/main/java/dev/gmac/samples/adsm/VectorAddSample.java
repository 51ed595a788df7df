package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.FloatView;
import dev.gmac.api.PtxKernel;
import java.nio.file.Path;

/** Vector add: the host fills a and b element by element, one kernel adds them, the host reads c. */
final class VectorAddSample implements AdsmSample {
    static final int N = 1 << 18;

    @Override
    public String name() {
        return "vector-add";
    }

    private static float a(int i) {
        return i * 0.5f;
    }

    private static float b(int i) {
        return 1f / (1 + i);
    }

    @Override
    public float[] runAdsm(Adsm adsm, Path scratch) {
        PtxKernel vecadd = adsm.kernelResource("/ptx/study_vecadd.ptx", "vecadd");
        FloatView a = adsm.allocFloats(N);
        FloatView b = adsm.allocFloats(N);
        FloatView c = adsm.allocFloats(N);
        for (int i = 0; i < N; i++) {
            a.set(i, a(i));
            b.set(i, b(i));
        }
        adsm.adsmCall(vecadd, Dim3.of(N / 256), Dim3.of(256), N, a, b, c);
        adsm.adsmSync();
        float[] sum = new float[N];
        c.copyTo(sum);
        return sum;
    }

    @Override
    public float[] runExplicit(CudaStyle cuda, Path scratch) {
        PtxKernel vecadd = cuda.kernelResource("/ptx/study_vecadd.ptx", "vecadd");
        float[] ha = new float[N];
        float[] hb = new float[N];
        for (int i = 0; i < N; i++) {
            ha[i] = a(i);
            hb[i] = b(i);
        }
        DeviceBuffer da = cuda.malloc(4L * N);
        DeviceBuffer db = cuda.malloc(4L * N);
        DeviceBuffer dc = cuda.malloc(4L * N);
        cuda.copyToDevice(da, 0, ha, 0, N);
        cuda.copyToDevice(db, 0, hb, 0, N);
        cuda.launch(vecadd, Dim3.of(N / 256), Dim3.of(256), N, da, db, dc);
        float[] sum = new float[N];
        cuda.copyToHost(dc, 0, sum, 0, N);
        return sum;
    }

    @Override
    public float[] expected() {
        float[] sum = new float[N];
        for (int i = 0; i < N; i++) {
            sum[i] = a(i) + b(i);
        }
        return sum;
    }
}
