package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@code vector_add.cu}: element-wise float and int addition, including a grid-stride loop. */
class VectorAddKernelTest {
    @Test
    void addsFloatsWithAPartialLastBlock() {
        int n = 1000; // 4 CTAs of 256, the last one only partly active
        Random rnd = new Random(1);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (rnd.nextFloat() - 0.5f) * 1000f;
            b[i] = (rnd.nextFloat() - 0.5f) * 1e-3f;
        }
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            expected[i] = a[i] + b[i]; // add.f32 rounds to nearest like Java
        }
        try (KernelRunner r = new KernelRunner("vector_add")) {
            long da = r.upload(a);
            long db = r.upload(b);
            long dc = r.allocate(4L * (n + 24)); // slack past n must stay untouched
            LaunchStats stats =
                    r.launch("vector_add", Dim3.of(KernelRunner.blocksFor(n, 256)), Dim3.of(256), da, db, dc, n);
            float[] c = r.downloadFloats(dc, n + 24);
            assertArrayEquals(expected, Arrays.copyOf(c, n));
            for (int i = n; i < n + 24; i++) {
                assertEquals(0f, c[i], "thread past n wrote element " + i);
            }
            assertEquals("vector_add", stats.kernel());
            // Warp 7 of CTA 3 (threads 992..1023) has 8 active lanes after the bounds check: divergence.
            assertTrue(stats.divergentBranches() >= 1, "the tail warp diverges at i < n");
        }
    }

    @Test
    void gridStrideLoopCoversMoreElementsThanThreads() {
        int n = 3 * 64 * 5 + 17; // 3 CTAs of 64 threads, each thread loops 5 or 6 times
        Random rnd = new Random(2);
        int[] a = new int[n];
        int[] b = new int[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt();
            b[i] = rnd.nextInt();
            expected[i] = a[i] + b[i];
        }
        try (KernelRunner r = new KernelRunner("vector_add")) {
            long da = r.upload(a);
            long db = r.upload(b);
            long dc = r.allocate(4L * n);
            r.launch("vector_add_i32_stride", Dim3.of(3), Dim3.of(64), da, db, dc, n);
            assertArrayEquals(expected, r.downloadInts(dc, n));
        }
    }
}
