package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code saxpy.cu}: {@code y = a*x + y}. nvcc contracts the expression into one {@code fma.rn.f32}, so the Java
 * reference is {@link Math#fma(float, float, float)} and the comparison is exact.
 */
class SaxpyKernelTest {
    @Test
    void matchesFusedMultiplyAddExactly() {
        int n = 1000; // the slides' example: 4 blocks of 256, the last warp with 8 active lanes
        float a = 2.5f;
        Random rnd = new Random(3);
        float[] x = new float[n];
        float[] y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = rnd.nextFloat() * 100f - 50f;
            y[i] = rnd.nextFloat() * 100f - 50f;
        }
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = Math.fma(a, x[i], y[i]);
        }
        try (KernelRunner r = new KernelRunner("saxpy")) {
            long dx = r.upload(x);
            long dy = r.upload(y);
            LaunchStats stats = r.launch(
                    "saxpy", Dim3.of(KernelRunner.blocksFor(n, 256)), Dim3.of(256), n, KernelRunner.f32(a), dx, dy);
            assertArrayEquals(expected, r.downloadFloats(dy, n));
            assertArrayEquals(x, r.downloadFloats(dx, n), "x is read-only");
            assertTrue(stats.threadInstructions() > stats.warpInstructions(), "stats are counted");
            assertEquals(
                    true,
                    stats.simdEfficiency() > 0.9 && stats.simdEfficiency() <= 1.0,
                    "only the tail warp is partly active: " + stats.simdEfficiency());
        }
    }

    @Test
    void handlesSpecialValues() {
        float[] x = {Float.POSITIVE_INFINITY, -0.0f, Float.MIN_VALUE, 1e30f, 3f, -1e-40f};
        float[] y = {1f, 0.0f, Float.MIN_VALUE, 1e30f, Float.NaN, 1e-40f};
        float a = -2f;
        try (KernelRunner r = new KernelRunner("saxpy")) {
            long dx = r.upload(x);
            long dy = r.upload(y);
            r.launch("saxpy", Dim3.of(1), Dim3.of(32), x.length, KernelRunner.f32(a), dx, dy);
            float[] got = r.downloadFloats(dy, x.length);
            for (int i = 0; i < x.length; i++) {
                float want = Math.fma(a, x[i], y[i]);
                if (Float.isNaN(want)) {
                    assertTrue(Float.isNaN(got[i]), "element " + i);
                } else {
                    assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(got[i]), "element " + i);
                }
            }
        }
    }
}
