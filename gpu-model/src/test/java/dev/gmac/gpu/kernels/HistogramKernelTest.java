package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code histogram.cu}: byte histograms with global atomics and with privatised shared-memory histograms merged
 * by atomics. Skewed input makes many lanes of a warp hit the same bin in the same instruction.
 */
class HistogramKernelTest {
    private static byte[] skewedBytes(int n, long seed) {
        Random rnd = new Random(seed);
        byte[] data = new byte[n];
        for (int i = 0; i < n; i++) {
            data[i] = (byte) (rnd.nextInt(4) == 0 ? rnd.nextInt(256) : 7 + rnd.nextInt(3));
        }
        return data;
    }

    private static int[] histogram(byte[] data, int bins) {
        int[] h = new int[bins];
        for (byte b : data) {
            h[(b & 0xff) % bins]++;
        }
        return h;
    }

    @Test
    void globalAtomics() {
        int n = 5000;
        int bins = 37;
        byte[] data = skewedBytes(n, 30);
        try (KernelRunner r = new KernelRunner("histogram")) {
            long dData = r.upload(data);
            long dHist = r.allocate(4L * bins);
            r.launch("histogram_global", Dim3.of(KernelRunner.blocksFor(n, 128)), Dim3.of(128), dData, n, dHist, bins);
            assertArrayEquals(histogram(data, bins), r.downloadInts(dHist, bins));
        }
    }

    @Test
    void sharedPrivatisedWithGridStride() {
        int n = 7777;
        int bins = 256;
        byte[] data = skewedBytes(n, 31);
        try (KernelRunner r = new KernelRunner("histogram")) {
            long dData = r.upload(data);
            long dHist = r.allocate(4L * bins);
            r.launchWithShared("histogram_shared", Dim3.of(5), Dim3.of(96), 4 * bins, dData, n, dHist, bins);
            assertArrayEquals(histogram(data, bins), r.downloadInts(dHist, bins));
        }
    }
}
