package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.ptx.StateSpace;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * Decision 0112: every device of the process has its own range of device addresses, so a pointer of one device is
 * never an address inside another's allocations, and the physical address (what the timing model maps) is the same
 * whatever range the device got.
 */
class DeviceAddressRangesTest {
    @Test
    void twoDevicesFirstAllocationsHaveDifferentAddressesAndTheSamePhysicalAddress() {
        try (SoftwareGpu a = new SoftwareGpu();
                SoftwareGpu b = new SoftwareGpu()) {
            long pa = a.malloc(64);
            long pb = b.malloc(64);
            assertNotEquals(pa, pb, "the first buffers of two devices");
            assertEquals(a.memory().base(), pa, "a device's first allocation starts its range");
            assertEquals(b.memory().base(), pb);
            assertEquals(
                    0, Math.floorMod(pa - pb, DeviceAddressRanges.RANGE_BYTES), "ranges start a whole range apart");
            assertEquals(StateSpace.GLOBAL_BASE, a.memory().physical(pa), "physical: as if the only device");
            assertEquals(StateSpace.GLOBAL_BASE, b.memory().physical(pb));
            assertTrue(a.memory().inRange(pa) && !a.memory().inRange(pb));
            assertTrue(a.isAnotherDevicesAddress(pb) && b.isAnotherDevicesAddress(pa));
            assertFalse(a.isAnotherDevicesAddress(pa + 8));
        }
    }

    @Test
    void anotherDevicesPointerIsRejectedByTheHostCopiesAndFaultsInAKernel() {
        try (TestDevice a = new TestDevice();
                TestDevice b = new TestDevice()) {
            long foreign = a.ints(1, 2, 3, 4);
            DeviceMemoryException copy = assertThrows(
                    DeviceMemoryException.class, () -> b.gpu().copyFromDevice(foreign, ByteBuffer.allocateDirect(4)));
            assertTrue(copy.getMessage().contains(Long.toHexString(foreign)), copy.getMessage());
            assertTrue(copy.getMessage().contains("another device"), copy.getMessage());
            PtxModule m = b.load(".visible .entry rd(.param .u64 p)\n{\n .reg .b32 %r1;\n .reg .b64 %rd1;\n"
                    + " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1];\n ret;\n}\n");
            b.zeros(64); // b has an allocation at the same offset of its own range
            KernelFaultException fault =
                    assertThrows(KernelFaultException.class, () -> b.launch(m, "rd", Dim3.of(1), Dim3.of(1), foreign));
            assertEquals(FaultKind.OUT_OF_BOUNDS, fault.kind());
            assertTrue(fault.getMessage().contains("another device"), fault.getMessage());
        }
    }

    @Test
    void aClosedDeviceGivesItsRangeBackAndTheLowestFreeRangeIsReused() {
        SoftwareGpu a = new SoftwareGpu();
        long base = a.memory().base();
        int held = DeviceAddressRanges.held();
        a.close();
        assertEquals(held - 1, DeviceAddressRanges.held(), "close returns the range");
        assertFalse(DeviceAddressRanges.isLive(base));
        try (SoftwareGpu b = new SoftwareGpu()) {
            assertTrue(b.memory().base() <= base, "the lowest free range comes first");
            assertTrue(DeviceAddressRanges.isLive(b.memory().base()));
        }
    }

    @Test
    void holdingEveryRangeIsATypedErrorAndClosingOneMakesRoom() {
        java.util.List<SoftwareGpu> held = new java.util.ArrayList<>();
        try {
            DeviceMemoryException full = null;
            while (full == null && held.size() <= DeviceAddressRanges.RANGES) {
                try {
                    held.add(new SoftwareGpu());
                } catch (DeviceMemoryException e) {
                    full = e;
                }
            }
            assertTrue(full != null, "the 4,096th device at once is refused");
            assertTrue(full.getMessage().contains("out of device address ranges"), full.getMessage());
            assertTrue(full.getMessage().contains("close()"), full.getMessage());
            held.remove(held.size() - 1).close();
            held.add(new SoftwareGpu()); // the range closed just now
        } finally {
            held.forEach(SoftwareGpu::close);
        }
    }

    @Test
    void hostMemoryTakesNoRange() {
        int held = DeviceAddressRanges.held();
        GlobalMemory[] hosts = new GlobalMemory[5000];
        for (int i = 0; i < hosts.length; i++) {
            hosts[i] = GlobalMemory.hostMemory(1 << 20);
        }
        assertEquals(held, DeviceAddressRanges.held(), "more host memories than ranges, none taken");
        assertEquals(StateSpace.GLOBAL_BASE, hosts[0].malloc(16));
        for (GlobalMemory h : hosts) {
            h.close();
        }
        assertEquals(held, DeviceAddressRanges.held());
    }

    @Test
    void manyDevicesAtOnceFitAndTheLimitIsLarge() {
        assertEquals(4095, DeviceAddressRanges.RANGES, "ranges of 2^48 bytes between 2^36 and 2^60");
        SoftwareGpu[] gpus = new SoftwareGpu[200];
        try {
            for (int i = 0; i < gpus.length; i++) {
                gpus[i] = new SoftwareGpu();
                gpus[i].malloc(16);
            }
            for (int i = 1; i < gpus.length; i++) {
                assertNotEquals(gpus[i - 1].memory().base(), gpus[i].memory().base());
            }
        } finally {
            for (SoftwareGpu g : gpus) {
                if (g != null) {
                    g.close();
                }
            }
        }
    }
}
