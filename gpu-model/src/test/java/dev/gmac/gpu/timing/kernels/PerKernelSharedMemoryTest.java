package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import org.junit.jupiter.api.Test;

/**
 * Issue 15, item 3: occupancy counts the launched kernel's shared memory (and registers) only. {@code tile6k} (6 KiB
 * of shared memory) runs from a module of its own ({@code shared_one_kernel.cu}) and from a module that also holds
 * {@code tile5k} (5 KiB, more registers; {@code shared_two_kernels.cu}). On fx5800 (16 KiB of shared memory per
 * core) a 6 KiB CTA fits twice in a core; charged the module's 11 KiB it would fit once, as before the fix.
 */
class PerKernelSharedMemoryTest {
    private static final int CTAS = 60; // two per core of fx5800's 30
    private static final int THREADS = 64;

    private record Run(KernelTimingStats timing, float[] out, int sharedBytes) {}

    private static Run run(String ptx, String kernel, int n) {
        float[] in = new float[CTAS * n];
        for (int i = 0; i < in.length; i++) {
            in[i] = (i % 97) * 0.25f;
        }
        try (TimedKernel k = new TimedKernel("fx5800", ptx)) {
            long din = k.upload(in);
            long dout = k.zeros(4L * CTAS * THREADS);
            KernelLaunch prepared = k.gpu.prepare(k.module, kernel, Dim3.of(CTAS), Dim3.of(THREADS), 0, din, dout);
            int shared = prepared.sharedBytesPerCta();
            TimedLaunch.Result r = k.launch(kernel, Dim3.of(CTAS), Dim3.of(THREADS), din, dout);
            return new Run(r.timing(), k.floats(dout, CTAS * THREADS), shared);
        }
    }

    /** The sums {@code tile_sum} computes, in its order (exact: the same float additions). */
    private static float[] reference(int n) {
        float[] out = new float[CTAS * THREADS];
        for (int b = 0; b < CTAS; b++) {
            for (int t = 0; t < THREADS; t++) {
                float sum = 0f;
                for (int k = t; k < n; k += THREADS) {
                    sum += ((b * n + n - 1 - k) % 97) * 0.25f;
                }
                out[b * THREADS + t] = sum;
            }
        }
        return out;
    }

    @Test
    void theTwoKernelModuleGivesTheSameCyclesAsTheSingleKernelOne() {
        Run alone = run("/ptx/shared_one_kernel.ptx", "tile6k", 1536);
        Run beside = run("/ptx/shared_two_kernels.ptx", "tile6k", 1536);
        assertEquals(6144, alone.sharedBytes());
        assertEquals(6144, beside.sharedBytes(), "tile5k's 5 KiB are not charged to tile6k");
        assertEquals(2, alone.timing().ctasPerCore());
        assertEquals(2, beside.timing().ctasPerCore());
        assertEquals("sharedMemory", beside.timing().occupancyLimit());
        assertEquals(alone.timing().cycles(), beside.timing().cycles());
        assertArrayEquals(reference(1536), alone.out());
        assertArrayEquals(reference(1536), beside.out());
    }

    @Test
    void theOtherKernelIsChargedItsOwnSharedMemory() {
        Run five = run("/ptx/shared_two_kernels.ptx", "tile5k", 1280);
        assertEquals(5120, five.sharedBytes());
        assertEquals(3, five.timing().ctasPerCore(), "16 KiB / 5 KiB");
    }
}
