package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.FloatView;
import dev.gmac.api.PtxKernel;
import java.nio.file.Path;

/**
 * Tiled matrix multiply (gpu-model's {@code matmul_tiled}, 16 x 16 tiles in shared memory): the host fills A and
 * B, one kernel computes C = A B, the host reads C. Small integer entries keep every sum exact in float.
 */
final class MatmulSample implements AdsmSample {
    static final int M = 192;
    static final int N = 160;
    static final int K = 224;
    private static final String PTX = "/ptx/matmul_tiled.ptx";

    @Override
    public String name() {
        return "matmul-tiled";
    }

    private static float a(int row, int col) {
        return (row * 7 + col * 3) % 5 - 2;
    }

    private static float b(int row, int col) {
        return (row * 5 + col * 11) % 7 - 3;
    }

    private static Dim3 grid() {
        return Dim3.of((N + 15) / 16, (M + 15) / 16);
    }

    @Override
    public float[] runAdsm(Adsm adsm, Path scratch) {
        PtxKernel matmul = adsm.kernelResource(PTX, "matmul_tiled");
        FloatView a = adsm.allocFloats((long) M * K);
        FloatView b = adsm.allocFloats((long) K * N);
        FloatView c = adsm.allocFloats((long) M * N);
        for (int r = 0; r < M; r++) {
            for (int col = 0; col < K; col++) {
                a.set((long) r * K + col, a(r, col));
            }
        }
        for (int r = 0; r < K; r++) {
            for (int col = 0; col < N; col++) {
                b.set((long) r * N + col, b(r, col));
            }
        }
        adsm.adsmCall(matmul, grid(), Dim3.of(16, 16), a, b, c, M, N, K);
        adsm.adsmSync();
        float[] product = new float[M * N];
        c.copyTo(product);
        return product;
    }

    @Override
    public float[] runExplicit(CudaStyle cuda, Path scratch) {
        PtxKernel matmul = cuda.kernelResource(PTX, "matmul_tiled");
        float[] ha = new float[M * K];
        float[] hb = new float[K * N];
        for (int r = 0; r < M; r++) {
            for (int col = 0; col < K; col++) {
                ha[r * K + col] = a(r, col);
            }
        }
        for (int r = 0; r < K; r++) {
            for (int col = 0; col < N; col++) {
                hb[r * N + col] = b(r, col);
            }
        }
        DeviceBuffer da = cuda.malloc(4L * ha.length);
        DeviceBuffer db = cuda.malloc(4L * hb.length);
        DeviceBuffer dc = cuda.malloc(4L * M * N);
        cuda.copyToDevice(da, 0, ha, 0, ha.length);
        cuda.copyToDevice(db, 0, hb, 0, hb.length);
        cuda.launch(matmul, grid(), Dim3.of(16, 16), da, db, dc, M, N, K);
        float[] product = new float[M * N];
        cuda.copyToHost(dc, 0, product, 0, product.length);
        return product;
    }

    @Override
    public float[] expected() {
        float[] product = new float[M * N];
        for (int r = 0; r < M; r++) {
            for (int col = 0; col < N; col++) {
                float acc = 0;
                for (int j = 0; j < K; j++) {
                    acc += a(r, j) * b(j, col);
                }
                product[r * N + col] = acc;
            }
        }
        return product;
    }
}
