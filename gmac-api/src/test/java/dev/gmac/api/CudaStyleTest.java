package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.GpuConfig;
import org.junit.jupiter.api.Test;

/** The explicit-copy baseline: the same kernels, hand-placed copies, counted by the same engine. */
class CudaStyleTest {
    private static AdsmConfig config() {
        return AdsmConfig.defaults()
                .withGpu(GpuConfig.builder().globalMemoryBytes(16L << 20).build());
    }

    @Test
    void explicitCopiesAreCountedOneTransferEach() {
        try (CudaStyle cuda = CudaStyle.open(config())) {
            int n = 300;
            float[] x = new float[n];
            float[] y = new float[n];
            for (int i = 0; i < n; i++) {
                x[i] = i;
                y[i] = 1;
            }
            DeviceBuffer dx = cuda.malloc(4L * n);
            DeviceBuffer dy = cuda.malloc(4L * n);
            cuda.copyToDevice(dx, 0, x, 0, n);
            cuda.copyToDevice(dy, 0, y, 0, n);
            PtxKernel scaleAdd = cuda.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            cuda.launch(scaleAdd, Dim3.of(3), Dim3.of(128), dy, dx, 3f, n);
            float[] result = new float[n];
            cuda.copyToHost(dy, 0, result, 0, n); // waits for the launch (stream order)
            for (int i = 0; i < n; i++) {
                assertEquals(3f * i + 1, result[i]);
            }
            TransferStats stats = cuda.stats();
            assertEquals(2, stats.transfersToAccelerator());
            assertEquals(8L * n, stats.bytesToAccelerator());
            assertEquals(1, stats.transfersToHost());
            assertEquals(4L * n, stats.bytesToHost());
            // 3 transfers at 10 us setup + bytes / 6 GB/s (PCIe 2.0 x16 preset)
            assertEquals(3 * 10e-6 + 12.0 * n / 6e9, stats.modelledTransferSeconds(), 1e-12);
            cuda.resetStats();
            cuda.memset(dy, 0, 0, 4L * n);
            assertEquals(1, cuda.stats().deviceOperations());
            assertEquals(0, cuda.stats().bytesToHost() + cuda.stats().bytesToAccelerator(), "memset crosses no bus");
            int[] partial = new int[4];
            cuda.copyToHost(dy, 8, partial, 1, 2);
            assertArrayEquals(new int[4], partial);
        }
    }

    @Test
    void faultsAndMisuseAreAdsmExceptions() {
        try (CudaStyle cuda = CudaStyle.open(config())) {
            DeviceBuffer out = cuda.malloc(256);
            DeviceBuffer in = cuda.malloc(256);
            PtxKernel mix = cuda.kernelResource(AdsmApiTest.KERNELS, "mix_bytes");
            cuda.launch(mix, Dim3.of(2), Dim3.of(128), out, 256, in, 256, 5);
            AdsmException fault = assertThrows(AdsmException.class, cuda::sync);
            assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason());
            assertTrue(fault.getMessage().contains("mix_bytes"), fault.getMessage());
            cuda.free(in);
            assertEquals(
                    AdsmException.Reason.DOUBLE_FREE,
                    assertThrows(AdsmException.class, () -> cuda.free(in)).reason());
            assertEquals(
                    AdsmException.Reason.USE_AFTER_FREE,
                    assertThrows(AdsmException.class, () -> cuda.copyToDevice(in, 0, new byte[4], 0, 4))
                            .reason());
            assertEquals(
                    AdsmException.Reason.OUT_OF_RANGE,
                    assertThrows(AdsmException.class, () -> cuda.copyToDevice(out, 250, new long[1], 0, 1))
                            .reason());
        }
    }
}
