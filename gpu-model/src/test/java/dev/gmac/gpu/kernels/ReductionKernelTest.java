package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code reduction.cu}: per-CTA sums with a shared-memory tree and {@code __syncthreads}, with warp shuffles
 * ({@code shfl.sync.down} and {@code .bfly}), with a final {@code atomicAdd}, and the {@code idx} and {@code up}
 * shuffle modes on their own. Integer sums wrap like Java's.
 */
class ReductionKernelTest {
    private static int[] randomInts(int n, long seed) {
        Random rnd = new Random(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt(2_000_001) - 1_000_000;
        }
        a[0] = Integer.MAX_VALUE; // forces wrap-around in the first CTA
        return a;
    }

    private static int[] partialSums(int[] in, int blockSize) {
        int blocks = KernelRunner.blocksFor(in.length, blockSize);
        int[] partial = new int[blocks];
        for (int i = 0; i < in.length; i++) {
            partial[i / blockSize] += in[i];
        }
        return partial;
    }

    @Test
    void sharedMemoryTreeWithBarriers() {
        int n = 1000;
        int block = 128;
        int[] in = randomInts(n, 10);
        int blocks = KernelRunner.blocksFor(n, block);
        try (KernelRunner r = new KernelRunner("reduction")) {
            long dIn = r.upload(in);
            long dPartial = r.allocate(4L * blocks);
            LaunchStats stats =
                    r.launchWithShared("reduce_shared", Dim3.of(blocks), Dim3.of(block), block * 4, dIn, dPartial, n);
            assertArrayEquals(partialSums(in, block), r.downloadInts(dPartial, blocks));
            // log2(128) = 7 levels plus the initial barrier in every CTA.
            assertTrue(stats.barriers() >= (long) blocks * 8, "barriers are counted: " + stats.barriers());
        }
    }

    @Test
    void warpShufflesThenSharedThenButterfly() {
        int n = 2000;
        int block = 160; // 5 warps: warp 0 combines a partial set of warp sums
        int[] in = randomInts(n, 11);
        int blocks = KernelRunner.blocksFor(n, block);
        try (KernelRunner r = new KernelRunner("reduction")) {
            long dIn = r.upload(in);
            long dPartial = r.allocate(4L * blocks);
            r.launch("reduce_warp_shuffle", Dim3.of(blocks), Dim3.of(block), dIn, dPartial, n);
            assertArrayEquals(partialSums(in, block), r.downloadInts(dPartial, blocks));
        }
    }

    @Test
    void atomicTotalOverManyCtas() {
        int n = 3001;
        int block = 256;
        int[] in = randomInts(n, 12);
        int expected = 0;
        for (int v : in) {
            expected += v;
        }
        try (KernelRunner r = new KernelRunner("reduction")) {
            long dIn = r.upload(in);
            long dTotal = r.allocate(4);
            LaunchStats stats = r.launch(
                    "reduce_atomic_total", Dim3.of(KernelRunner.blocksFor(n, block)), Dim3.of(block), dIn, dTotal, n);
            assertEquals(expected, r.downloadInts(dTotal, 1)[0]);
            assertTrue(stats.atomics() >= KernelRunner.blocksFor(n, block), "one atomic per CTA at least");
        }
    }

    @Test
    void shuffleIdxAndUpModes() {
        int block = 64;
        int grid = 2;
        int n = block * grid;
        int rot = 5;
        int[] in = randomInts(n, 13);
        int[] expected = new int[3 * n];
        for (int i = 0; i < n; i++) {
            int warpBase = i & ~31;
            int lane = i & 31;
            expected[3 * i] = in[warpBase + ((lane + rot) & 31)];
            expected[3 * i + 1] = lane >= 1 ? in[i - 1] : in[i];
            int scan = 0;
            for (int l = 0; l <= lane; l++) {
                scan += in[warpBase + l];
            }
            expected[3 * i + 2] = scan;
        }
        try (KernelRunner r = new KernelRunner("reduction")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(12L * n);
            r.launch("shuffle_modes", Dim3.of(grid), Dim3.of(block), dIn, dOut, rot);
            assertArrayEquals(expected, r.downloadInts(dOut, 3 * n));
        }
    }
}
