package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code bitonic_sort.cu}: each CTA sorts a segment of {@code 2 * blockDim.x} ints in shared memory with a bitonic
 * network (barriers inside nested loops, data-dependent swaps); the last segment is partial.
 */
class BitonicSortKernelTest {
    private static int[] sortSegments(int[] data, int segment) {
        int[] out = data.clone();
        for (int base = 0; base < out.length; base += segment) {
            Arrays.sort(out, base, Math.min(out.length, base + segment));
        }
        return out;
    }

    @Test
    void sortsSegmentsIncludingAPartialOne() {
        int block = 64;
        int segment = 2 * block;
        int n = 1000;
        Random rnd = new Random(50);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = rnd.nextInt(1000) - 500; // many duplicates
        }
        data[3] = Integer.MIN_VALUE;
        data[n - 1] = Integer.MAX_VALUE; // equal to the padding value
        try (KernelRunner r = new KernelRunner("bitonic_sort")) {
            long d = r.upload(data);
            r.launchWithShared(
                    "bitonic_sort_segments",
                    Dim3.of(KernelRunner.blocksFor(n, segment)),
                    Dim3.of(block),
                    4 * segment,
                    d,
                    n);
            assertArrayEquals(sortSegments(data, segment), r.downloadInts(d, n));
        }
    }

    @Test
    void sortsOneFullSegmentOfDescendingValues() {
        int block = 256;
        int n = 2 * block;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = n - i;
        }
        try (KernelRunner r = new KernelRunner("bitonic_sort")) {
            long d = r.upload(data);
            r.launchWithShared("bitonic_sort_segments", Dim3.of(1), Dim3.of(block), 4 * n, d, n);
            assertArrayEquals(sortSegments(data, n), r.downloadInts(d, n));
        }
    }
}
