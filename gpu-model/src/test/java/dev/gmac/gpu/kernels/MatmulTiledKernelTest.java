package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code matmul_tiled.cu}: 16x16 shared-memory tiles over 2-D grids, with matrix sizes that are not multiples of
 * the tile. The float kernel accumulates {@code acc = fma(As[ty][j], Bs[j][tx], acc)} over zero-padded tiles in
 * order of k, which the reference repeats exactly (padding adds {@code fma(0, 0, acc) = acc}).
 */
class MatmulTiledKernelTest {
    private static final int TILE = 16;

    @Test
    void integerProductOfRaggedMatrices() {
        int m = 37;
        int n = 41;
        int k = 29;
        Random rnd = new Random(20);
        int[] a = new int[m * k];
        int[] b = new int[k * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = rnd.nextInt(201) - 100;
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextInt(201) - 100;
        }
        int[] expected = new int[m * n];
        for (int row = 0; row < m; row++) {
            for (int col = 0; col < n; col++) {
                int acc = 0;
                for (int j = 0; j < k; j++) {
                    acc += a[row * k + j] * b[j * n + col];
                }
                expected[row * n + col] = acc;
            }
        }
        try (KernelRunner r = new KernelRunner("matmul_tiled")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dC = r.allocate(4L * m * n);
            Dim3 grid = Dim3.of(KernelRunner.blocksFor(n, TILE), KernelRunner.blocksFor(m, TILE));
            r.launch("matmul_tiled_i32", grid, Dim3.of(TILE, TILE), dA, dB, dC, m, n, k);
            assertArrayEquals(expected, r.downloadInts(dC, m * n));
        }
    }

    @Test
    void floatProductMatchesTheSameFmaOrder() {
        int m = 20;
        int n = 33;
        int k = 18;
        Random rnd = new Random(21);
        float[] a = new float[m * k];
        float[] b = new float[k * n];
        for (int i = 0; i < a.length; i++) {
            a[i] = rnd.nextFloat() * 2f - 1f;
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextFloat() * 2f - 1f;
        }
        float[] expected = new float[m * n];
        for (int row = 0; row < m; row++) {
            for (int col = 0; col < n; col++) {
                float acc = 0f;
                for (int j = 0; j < k; j++) {
                    acc = Math.fma(a[row * k + j], b[j * n + col], acc);
                }
                expected[row * n + col] = acc;
            }
        }
        try (KernelRunner r = new KernelRunner("matmul_tiled")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dC = r.allocate(4L * m * n);
            Dim3 grid = Dim3.of(KernelRunner.blocksFor(n, TILE), KernelRunner.blocksFor(m, TILE));
            r.launch("matmul_tiled", grid, Dim3.of(TILE, TILE), dA, dB, dC, m, n, k);
            float[] got = r.downloadFloats(dC, m * n);
            for (int i = 0; i < expected.length; i++) {
                assertEquals(
                        Float.floatToRawIntBits(expected[i]),
                        Float.floatToRawIntBits(got[i]),
                        "C[" + (i / n) + "][" + (i % n) + "]: expected " + expected[i] + " got " + got[i]);
            }
        }
    }
}
