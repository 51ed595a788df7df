package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The example program of docs/adsm.md, kept compiling and true. */
class GuideExampleTest {

    @Test
    void theGuideExampleRuns() {
        // --- docs/adsm.md, "A first program" ---
        int n = 1 << 16;
        try (Adsm adsm = Adsm.open(AdsmConfig.fromEnvironment())) {
            SharedBuffer x = adsm.adsmAlloc(4L * n);
            SharedBuffer y = adsm.adsmAlloc(4L * n);
            for (int i = 0; i < n; i++) { // host code writes shared memory directly
                x.putFloat(i, i);
                y.putFloat(i, 1f);
            }
            PtxKernel saxpy = adsm.kernelResource("/ptx/saxpy.ptx", "saxpy");
            adsm.adsmCall(saxpy, Dim3.of(n / 256), Dim3.of(256), n, 2.0f, x, y); // release, launch, return
            adsm.adsmSync(); // wait and acquire
            float last = y.getFloat(n - 1); // 2 * (n - 1) + 1
            TransferStats stats = adsm.stats();
            System.out.printf(
                    "y[n-1] = %.1f; %d bytes to the GPU, %d back, %.3f ms modelled%n",
                    last, stats.bytesToAccelerator(), stats.bytesToHost(), 1e3 * stats.modelledTransferSeconds());
            // --- end of the example ---
            assertEquals(2f * (n - 1) + 1, last);
            assertEquals(2L * 4 * n, stats.bytesToAccelerator(), "x and y, once each");
            assertEquals(4, stats.bytesToHost(), "the one float read");
        }
    }
}
