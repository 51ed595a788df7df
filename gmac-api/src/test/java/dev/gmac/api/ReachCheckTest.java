package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Exact reach, checked by the software GPU (issue 14): a kernel that touches a buffer its call was not given,
 * or writes one outside the call's declared write set, fails with the buffer, the PTX line and the thread, and
 * the host sees its data as it was at the call.
 */
class ReachCheckTest {
    private static final int N = 256;

    @Test
    void aKernelTouchingABufferItWasNotGivenFailsNamingItAndThePtxLine() {
        try (Adsm adsm = Adsm.open()) {
            PtxKernel kernel = adsm.kernelResource(AdsmApiTest.KERNELS, "store_through_table");
            SharedBuffer table = adsm.adsmAlloc(8);
            FloatView out = adsm.allocFloats(N);
            FloatView in = adsm.allocFloats(N);
            out.set(3, 42f);
            in.set(3, 7f);
            table.putLong(0, out.buffer().address()); // the kernel reaches out through the table only
            adsm.adsmCall(kernel, Dim3.of(1), Dim3.of(N), table, in, N);
            AdsmException fault = assertThrows(AdsmException.class, adsm::adsmSync);
            assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason());
            KernelFaultException cause = (KernelFaultException) fault.getCause();
            assertEquals(FaultKind.OUTSIDE_REACH, cause.kind());
            String message = fault.getMessage();
            assertTrue(message.contains("shared buffer #2"), message);
            assertTrue(message.contains("does not reach"), message);
            assertTrue(cause.ptxLine() > 0, "the PTX line of the store: " + message);
            assertTrue(message.contains("PTX line " + cause.ptxLine()), "the message names the PTX line: " + message);
            assertTrue(message.contains("thread"), message);
            assertEquals(42f, out.get(3), "the host still sees its data");

            // Named with reaches(...), the same call runs.
            adsm.call(kernel, Dim3.of(1), Dim3.of(N), table, in, N)
                    .reaches(out.buffer())
                    .launch();
            adsm.adsmSync();
            assertEquals(7f, out.get(3));
        }
    }

    @Test
    void aStoreOutsideTheDeclaredWriteSetFails() {
        try (Adsm adsm = Adsm.open()) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            FloatView y = adsm.allocFloats(N);
            FloatView x = adsm.allocFloats(N);
            y.set(0, 1f);
            x.set(0, 2f);
            // scale_add writes y, but the call claims it writes only x.
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(N), WriteSet.of(x.buffer()), y, x, 1f, N);
            AdsmException fault = assertThrows(AdsmException.class, adsm::adsmSync);
            KernelFaultException cause = (KernelFaultException) fault.getCause();
            assertEquals(FaultKind.OUTSIDE_REACH, cause.kind());
            assertTrue(fault.getMessage().contains("outside the call's write set"), fault.getMessage());
            assertTrue(fault.getMessage().contains("shared buffer #1"), fault.getMessage());
            assertEquals(1f, y.get(0), "y as it was at the call");
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(N), WriteSet.of(y.buffer()), y, x, 1f, N);
            adsm.adsmSync();
            assertEquals(3f, y.get(0));
        }
    }

    @Test
    void theCheckHoldsUnderTheTimingModelAndCanBeTurnedOff() {
        for (boolean check : new boolean[] {true, false}) {
            AdsmConfig config = AdsmConfig.defaults().withTiming("fx5800").withCheckReach(check);
            try (Adsm adsm = Adsm.open(config)) {
                PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
                FloatView y = adsm.allocFloats(N);
                FloatView x = adsm.allocFloats(N);
                y.set(0, 1f);
                x.set(0, 2f);
                adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(N), WriteSet.of(x.buffer()), y, x, 1f, N);
                if (check) {
                    AdsmException fault = assertThrows(AdsmException.class, adsm::adsmSync);
                    assertEquals(FaultKind.OUTSIDE_REACH, ((KernelFaultException) fault.getCause()).kind());
                } else {
                    adsm.adsmSync(); // unchecked: the wrong annotation goes unnoticed, as on real hardware
                    assertTrue(adsm.stats().kernelCycles() > 0);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void deviceDirtyTrackingInvalidatesOnlyTheBlocksTheKernelWrote(Protocol protocol) {
        int n = 4096; // 16 KiB: four 4 KiB blocks
        for (boolean track : new boolean[] {false, true}) {
            AdsmConfig config = AdsmConfig.defaults()
                    .withProtocol(protocol)
                    .withBlockSize(4096)
                    .withDeviceDirtyTracking(track);
            try (Adsm adsm = Adsm.open(config)) {
                PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
                FloatView y = adsm.allocFloats(n);
                FloatView x = adsm.allocFloats(n);
                for (int i = 0; i < n; i++) {
                    y.set(i, 1f);
                    x.set(i, 2f);
                }
                adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(256), y, x, 1f, 16); // writes y[0..15]: block 0
                adsm.adsmSync();
                long before = adsm.stats().bytesToHost();
                for (int i = 0; i < n; i++) {
                    assertEquals(i < 16 ? 3f : 1f, y.get(i), protocol + " track=" + track + " y[" + i + "]");
                }
                long fetched = adsm.stats().bytesToHost() - before;
                long atSync = before;
                long total = adsm.stats().bytesToHost();
                // batch and lazy's block is the whole object (§4.3): y comes back whole, x (unwritten) not at all
                long firstBlock = protocol == Protocol.ROLLING ? 4096 : 4 * 4096;
                if (track) {
                    assertEquals(firstBlock, total, protocol + ": only block 0 of y comes back");
                } else {
                    assertTrue(
                            total >= 4 * 4096,
                            protocol + ": every block of y comes back, got " + total + " (sync " + atSync + ", reads "
                                    + fetched + ")");
                }
            }
        }
    }
}
