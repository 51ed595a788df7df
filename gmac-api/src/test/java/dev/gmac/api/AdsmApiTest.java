package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.GpuConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The ADSM API over the software GPU with real PTX kernels (gmac-api/src/test/cuda/adsm_test_kernels.cu). */
class AdsmApiTest {
    static final String KERNELS = "/ptx/adsm_test_kernels.ptx";

    private static AdsmConfig config(Protocol protocol) {
        return AdsmConfig.defaults()
                .withProtocol(protocol)
                .withBlockSize(1024)
                .withGpu(GpuConfig.builder().globalMemoryBytes(64L << 20).build());
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void scaleAddWithoutASingleExplicitCopy(Protocol protocol) {
        try (Adsm adsm = Adsm.open(config(protocol))) {
            int n = 1000;
            SharedBuffer x = adsm.adsmAlloc(4L * n);
            SharedBuffer y = adsm.adsmAlloc(4L * n);
            for (int i = 0; i < n; i++) {
                x.putFloat(i, i);
                y.putFloat(i, 1);
            }
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            adsm.adsmCall(scaleAdd, Dim3.of((n + 127) / 128), Dim3.of(128), y, x, 2.0f, n);
            adsm.adsmSync();
            for (int i = 0; i < n; i++) {
                assertEquals(2.0f * i + 1, y.getFloat(i), "y[" + i + "]");
            }
            TransferStats stats = adsm.stats();
            assertTrue(stats.bytesToAccelerator() >= 8L * n, stats.toString());
            assertTrue(stats.modelledTransferSeconds() > 0, stats.toString());
            assertTrue(adsm.lastLaunchStats().threadInstructions() > 0, "the kernel ran on the software GPU");
        }
    }

    @Test
    void doubleAnd64BitArguments() {
        try (Adsm adsm = Adsm.open(config(Protocol.LAZY))) {
            SharedBuffer y = adsm.adsmAlloc(8 * 10);
            for (int i = 0; i < 10; i++) {
                y.putDouble(i, i);
            }
            adsm.adsmCall(adsm.kernelResource(KERNELS, "scale_double"), Dim3.of(1), Dim3.of(32), y, 0.5, 3L, 10L);
            adsm.adsmSync();
            for (int i = 0; i < 10; i++) {
                assertEquals(i * 0.5 + 3, y.getDouble(i));
            }
        }
    }

    @Test
    void narrowIntegerArgumentsAreConvertedToTheirPtxWidth() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            SharedBuffer out = adsm.adsmAlloc(16);
            PtxKernel small = adsm.kernelResource(KERNELS, "small_params");
            adsm.adsmCall(small, Dim3.of(1), Dim3.of(1), out, 200, (short) -3, 65535, (byte) -7);
            adsm.adsmSync();
            assertEquals(200, out.getInt(0));
            assertEquals(-3, out.getInt(1));
            assertEquals(65535, out.getInt(2));
            assertEquals(-7, out.getInt(3));
        }
    }

    @Test
    void wrongArgumentsNameTheParameterIndexAndItsPtxType() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            SharedBuffer x = adsm.adsmAlloc(64);
            SharedBuffer y = adsm.adsmAlloc(64);
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            AdsmException intForFloat = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 2, 16));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, intForFloat.reason());
            assertTrue(intForFloat.getMessage().contains("parameter 2"), intForFloat.getMessage());
            assertTrue(intForFloat.getMessage().contains(".f32"), intForFloat.getMessage());
            AdsmException bufferForInt = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 2f, x));
            assertTrue(bufferForInt.getMessage().contains("parameter 3"), bufferForInt.getMessage());
            assertTrue(bufferForInt.getMessage().contains(".u32"), bufferForInt.getMessage());
            AdsmException tooBig = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 2f, 1L << 40));
            assertTrue(tooBig.getMessage().contains("out of range"), tooBig.getMessage());
            AdsmException inexact = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 0.1, 16));
            assertTrue(inexact.getMessage().contains("not exactly a float"), inexact.getMessage());
            AdsmException count =
                    assertThrows(AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x));
            assertTrue(count.getMessage().contains("takes 4 argument"), count.getMessage());
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 0.5, 16); // a double that is exactly a float
            adsm.adsmSync();
            AdsmException unknown =
                    assertThrows(AdsmException.class, () -> adsm.kernelResource(KERNELS, "no_such_kernel"));
            assertEquals(AdsmException.Reason.UNKNOWN_KERNEL, unknown.reason());
        }
    }

    @Test
    void misuseIsReportedAsAdsmException() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING)
                        .withGpu(GpuConfig.builder().globalMemoryBytes(1 << 20).build()));
                Adsm other = Adsm.open(config(Protocol.ROLLING))) {
            assertEquals(
                    AdsmException.Reason.INVALID_SIZE,
                    assertThrows(AdsmException.class, () -> adsm.adsmAlloc(0)).reason());
            assertEquals(
                    AdsmException.Reason.INVALID_SIZE,
                    assertThrows(AdsmException.class, () -> adsm.adsmAlloc(-5)).reason());
            assertEquals(
                    AdsmException.Reason.OUT_OF_MEMORY,
                    assertThrows(AdsmException.class, () -> adsm.adsmAlloc(2 << 20))
                            .reason());
            SharedBuffer buffer = adsm.adsmAlloc(64);
            SharedBuffer foreign = other.adsmAlloc(64);
            assertEquals(
                    AdsmException.Reason.FOREIGN_BUFFER,
                    assertThrows(AdsmException.class, () -> adsm.adsmFree(foreign))
                            .reason());
            adsm.adsmFree(buffer);
            assertEquals(
                    AdsmException.Reason.DOUBLE_FREE,
                    assertThrows(AdsmException.class, () -> adsm.adsmFree(buffer))
                            .reason());
            assertEquals(
                    AdsmException.Reason.USE_AFTER_FREE,
                    assertThrows(AdsmException.class, () -> buffer.getInt(0)).reason());
            assertEquals(
                    AdsmException.Reason.USE_AFTER_FREE,
                    assertThrows(AdsmException.class, () -> buffer.putFloat(1, 1f))
                            .reason());
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            SharedBuffer live = adsm.adsmAlloc(64);
            assertEquals(
                    AdsmException.Reason.USE_AFTER_FREE,
                    assertThrows(
                                    AdsmException.class,
                                    () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(1), buffer, live, 1f, 1))
                            .reason());
            assertEquals(
                    AdsmException.Reason.FOREIGN_BUFFER,
                    assertThrows(
                                    AdsmException.class,
                                    () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(1), foreign, live, 1f, 1))
                            .reason());
            assertThrows(IndexOutOfBoundsException.class, () -> live.getFloat(16));
            assertThrows(IndexOutOfBoundsException.class, () -> live.getLong(-1));
        }
    }

    @Test
    void oneAddressForHostAndAcceleratorExceptForSafeAllocations() {
        try (Adsm adsm = Adsm.open(config(Protocol.LAZY))) {
            SharedBuffer shared = adsm.adsmAlloc(128);
            assertEquals(adsm.adsmSafe(shared), shared.address());
            assertTrue(shared.address() >= 1L << 32, "device addresses are above 4 GiB");
            SharedBuffer safe = adsm.adsmSafeAlloc(128);
            assertNotEquals(adsm.adsmSafe(safe), safe.address());
            assertEquals(adsm.adsmSafe(safe) + 40, adsm.adsmSafe(safe.address() + 40));
            for (int i = 0; i < 32; i++) {
                safe.putInt(i, i);
            }
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            AdsmException direct = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), safe, safe, 1f, 32));
            assertTrue(direct.getMessage().contains("adsmSafe"), direct.getMessage());
            SharedBuffer x = adsm.adsmAlloc(128);
            x.copyFrom(new float[] {1, 2, 3, 4});
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), adsm.adsmSafe(safe), x, 1f, 4);
            adsm.adsmSync();
            assertEquals(1f, safe.getFloat(0)); // bits of int 0 are 0.0f; 1 * x[0] + 0.0f
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aHostAccessDuringAKernelWaitsAndIsCounted(Protocol protocol) {
        try (Adsm adsm = Adsm.open(config(protocol))) {
            int n = 4096;
            SharedBuffer x = adsm.adsmAlloc(4L * n);
            SharedBuffer y = adsm.adsmAlloc(4L * n);
            x.copyFrom(new float[n]);
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            x.putFloat(7, 3f);
            adsm.adsmCall(scaleAdd, Dim3.of(n / 128), Dim3.of(128), y, x, 2f, n);
            assertEquals(6f, y.getFloat(7)); // no adsmSync: the access waits for the kernel
            assertEquals(1, adsm.stats().implicitSyncs());
            adsm.adsmSync(); // nothing left to wait for
            assertEquals(1, adsm.stats().implicitSyncs());
        }
    }

    @Test
    void strictModeThrowsInsteadOfWaiting() {
        try (Adsm adsm = Adsm.open(config(Protocol.LAZY).withStrict(true))) {
            SharedBuffer x = adsm.adsmAlloc(4 * 4096);
            SharedBuffer y = adsm.adsmAlloc(4 * 4096);
            adsm.adsmCall(adsm.kernelResource(KERNELS, "scale_add"), Dim3.of(32), Dim3.of(128), y, x, 2f, 4096);
            AdsmException e = assertThrows(AdsmException.class, () -> y.getFloat(0));
            assertEquals(AdsmException.Reason.ACCESS_DURING_KERNEL, e.reason());
            adsm.adsmSync();
            assertEquals(0f, y.getFloat(0));
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aKernelFaultSurfacesAtSyncAndLeavesTheDataOfTheCall(Protocol protocol) {
        try (Adsm adsm = Adsm.open(config(protocol).withBlockSize(64))) {
            int n = 512;
            SharedBuffer out = adsm.adsmAlloc(n);
            SharedBuffer in = adsm.adsmAlloc(n);
            PtxKernel mix = adsm.kernelResource(KERNELS, "mix_bytes");
            for (int i = 0; i < n; i++) {
                in.putByte(i, (byte) i);
            }
            // A first, good call leaves `out` valid only on the accelerator (lazy and rolling).
            adsm.adsmCall(mix, Dim3.of(n / 128), Dim3.of(128), out, n, in, n, -1);
            adsm.adsmSync();
            byte[] expected = new byte[n];
            for (int j = 0; j < n; j++) {
                expected[j] = (byte) (1 + (byte) ((7 * j) % n));
            }
            // Now half of `out` has been read back by the host, half not.
            for (int j = 0; j < n / 2; j++) {
                assertEquals(expected[j], out.getByte(j));
            }
            adsm.adsmCall(mix, Dim3.of(n / 128), Dim3.of(128), out, n, in, n, 300);
            AdsmException fault = assertThrows(AdsmException.class, adsm::adsmSync);
            assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason());
            assertTrue(fault.getMessage().startsWith("kernel fault"), fault.getMessage());
            assertTrue(fault.getMessage().contains("mix_bytes"), fault.getMessage());
            byte[] got = new byte[n];
            out.copyTo(0, got, 0, n);
            assertArrayEquals(expected, got, "host-visible data after the fault is the data of the call");
            adsm.adsmSync(); // reported once
        }
    }

    @Test
    void aWriteSetKeepsInputsValidOnTheHost() {
        try (Adsm adsm = Adsm.open(config(Protocol.LAZY))) {
            int n = 256;
            SharedBuffer x = adsm.adsmAlloc(4L * n);
            SharedBuffer y = adsm.adsmAlloc(4L * n);
            x.copyFrom(new float[n]);
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            adsm.call(scaleAdd, Dim3.of(2), Dim3.of(128), y, x, 1f, n).writes(y).launch();
            assertEquals(0f, x.getFloat(3)); // x is outside the write set: no wait, no transfer
            assertEquals(0, adsm.stats().implicitSyncs());
            adsm.adsmSync();
            adsm.resetStats();
            x.getFloat(0);
            assertEquals(0, adsm.stats().bytesToHost());
            y.getFloat(0);
            assertEquals(4L * n, adsm.stats().bytesToHost());
        }
    }

    @Test
    void typedViewsFileIoAndBulkOperations(@TempDir Path dir) throws Exception {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING).withBlockSize(64))) {
            SharedBuffer a = adsm.adsmAlloc(1000);
            SharedBuffer b = adsm.adsmAlloc(1000);
            FloatView floats = a.asFloats();
            assertEquals(250, floats.length());
            floats.set(10, 2.5f);
            assertEquals(2.5f, a.getFloat(10));
            assertEquals(a, floats.buffer());
            byte[] bytes = new byte[1000];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (i * 31);
            }
            Path file = dir.resolve("in.bin");
            Files.write(file, bytes);
            a.readFrom(file, 0, 1000);
            adsm.memcpy(b, 0, a, 0, 1000);
            adsm.memset(a, 100, 0x7F, 50);
            Path back = dir.resolve("out.bin");
            b.writeTo(back, 0, 1000);
            assertArrayEquals(bytes, Files.readAllBytes(back));
            assertEquals(0x7F, a.asBytes().get(120));
            assertEquals(bytes[99], a.getByte(99));
            assertEquals(
                    AdsmException.Reason.OVERLAPPING_COPY,
                    assertThrows(AdsmException.class, () -> adsm.memcpy(a, 0, a, 10, 100))
                            .reason());
        }
    }
}
