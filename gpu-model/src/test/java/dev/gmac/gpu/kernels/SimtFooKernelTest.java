package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import org.junit.jupiter.api.Test;

/**
 * {@code simt_foo.cu}: the slides' {@code foo} example (digest section 2 and golden test T1). Four threads of one
 * warp read {@code foo = {4, 8, 12, 16}}; lanes 0-1 take the {@code v = 0} path, lanes 2-3 the {@code v = 10}
 * path, and all meet at E. Only the final results are checked here; the SIMT stack trace is checked by the
 * engine's own golden tests.
 */
class SimtFooKernelTest {
    @Test
    void finalValuesMatchTheSlides() {
        int[] foo = {4, 8, 12, 16};
        int[] bar = {100, 200, 300, 400};
        try (KernelRunner r = new KernelRunner("simt_foo")) {
            long dFoo = r.upload(foo);
            long dBar = r.upload(bar);
            long dV = r.allocate(16);
            long dW = r.allocate(16);
            LaunchStats stats = r.launch("simt_foo", Dim3.of(1), Dim3.of(4), dFoo, dBar, dV, dW);
            assertArrayEquals(new int[] {0, 0, 10, 10}, r.downloadInts(dV, 4));
            assertArrayEquals(new int[] {100, 200, 310, 410}, r.downloadInts(dW, 4));
            assertEquals(1, stats.divergentBranches(), "one divergent branch at B");
            assertTrue(stats.maxStackDepth() >= 2, "the branch pushes onto the SIMT stack");
        }
    }

    @Test
    void uniformInputsDoNotDiverge() {
        int[] foo = {1, 2, 3, 4};
        int[] bar = {5, 6, 7, 8};
        try (KernelRunner r = new KernelRunner("simt_foo")) {
            long dFoo = r.upload(foo);
            long dBar = r.upload(bar);
            long dV = r.allocate(16);
            long dW = r.allocate(16);
            LaunchStats stats = r.launch("simt_foo", Dim3.of(1), Dim3.of(4), dFoo, dBar, dV, dW);
            assertArrayEquals(new int[] {0, 0, 0, 0}, r.downloadInts(dV, 4));
            assertArrayEquals(bar, r.downloadInts(dW, 4));
            assertEquals(0, stats.divergentBranches());
        }
    }
}
