package dev.gmac.gpu.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The public API contract of the software GPU: device memory, module loading, launches and statistics. */
class SoftwareGpuApiTest {
    private static final String INC = ".version 9.0\n.target sm_75\n.address_size 64\n"
            + ".visible .entry inc(.param .u64 p, .param .u32 n)\n{\n .reg .pred %p1;\n .reg .b32 %r<6>;\n"
            + " .reg .b64 %rd<4>;\n mov.u32 %r1, %tid.x;\n mov.u32 %r2, %ctaid.x;\n mov.u32 %r3, %ntid.x;\n"
            + " mad.lo.s32 %r1, %r2, %r3, %r1;\n ld.param.u32 %r4, [n];\n setp.ge.s32 %p1, %r1, %r4;\n"
            + " @%p1 bra END;\n ld.param.u64 %rd1, [p];\n mul.wide.s32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
            + " ld.global.u32 %r5, [%rd3];\n add.s32 %r5, %r5, 1;\n st.global.u32 [%rd3], %r5;\nEND:\n ret;\n}\n";

    @Test
    void mallocGivesAlignedHighAddresses() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            long a = gpu.malloc(1);
            long b = gpu.malloc(1000);
            assertTrue(a >= (1L << 32) && b >= (1L << 32), "never below 2^32");
            assertEquals(0, a % 256);
            assertEquals(0, b % 256);
            assertTrue(a != b);
            assertEquals(1000, gpu.allocationSize(b));
            ByteBuffer z = ByteBuffer.allocate(1000);
            gpu.copyFromDevice(b, z);
            assertEquals(ByteBuffer.allocate(1000), z.rewind(), "zeroed");
        }
    }

    @Test
    void deviceMemoryErrors() {
        GpuConfig small = GpuConfig.builder().globalMemoryBytes(4096).build();
        try (SoftwareGpu gpu = new SoftwareGpu(small)) {
            assertThrows(DeviceMemoryException.class, () -> gpu.malloc(0));
            assertThrows(DeviceMemoryException.class, () -> gpu.malloc(-5));
            long a = gpu.malloc(4000);
            DeviceMemoryException oom = assertThrows(DeviceMemoryException.class, () -> gpu.malloc(200));
            assertTrue(oom.getMessage().contains("out of device memory"), oom.getMessage());
            gpu.free(a);
            DeviceMemoryException twice = assertThrows(DeviceMemoryException.class, () -> gpu.free(a));
            assertTrue(twice.getMessage().contains(Long.toHexString(a)), twice.getMessage());
            assertThrows(DeviceMemoryException.class, () -> gpu.free(12345));
            long b = gpu.malloc(4096);
            DeviceMemoryException range = assertThrows(
                    DeviceMemoryException.class, () -> gpu.copyToDevice(b + 4090, ByteBuffer.allocate(16)));
            assertTrue(range.getMessage().contains(Long.toHexString(b + 4090)), range.getMessage());
            assertThrows(DeviceMemoryException.class, () -> gpu.deviceView(b + 1, 4096));
        }
    }

    @Test
    void copiesLeaveBufferPositionsAlone() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            long a = gpu.malloc(64);
            long b = gpu.malloc(64);
            ByteBuffer src = ByteBuffer.allocate(16);
            for (int i = 0; i < 16; i++) {
                src.put(i, (byte) (i + 1));
            }
            src.position(4);
            gpu.copyToDevice(a + 8, src);
            assertEquals(4, src.position());
            gpu.copyDeviceToDevice(b, a, 64);
            gpu.memset(b, 0x7F, 4);
            ByteBuffer dst = ByteBuffer.allocate(24);
            dst.position(0);
            gpu.copyFromDevice(b, dst);
            assertEquals(0, dst.position());
            byte[] got = new byte[24];
            dst.get(got);
            assertArrayEquals(
                    new byte[] {
                        0x7F, 0x7F, 0x7F, 0x7F, 0, 0, 0, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0, 0, 0, 0
                    },
                    got);
            // overlapping device-to-device copy behaves like memmove
            gpu.copyDeviceToDevice(b + 2, b, 20);
            ByteBuffer o = ByteBuffer.allocate(8);
            gpu.copyFromDevice(b, o);
            assertArrayEquals(new byte[] {0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0}, o.array());
        }
    }

    @Test
    void deviceViewAliasesDeviceMemoryBothWays() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.load(INC);
            long p = gpu.malloc(4 * 100);
            ByteBuffer view = gpu.deviceView(p, 400);
            assertEquals(ByteOrder.LITTLE_ENDIAN, view.order());
            assertTrue(view.isDirect());
            for (int i = 0; i < 100; i++) {
                view.putInt(4 * i, i);
            }
            gpu.launch(m, "inc", Dim3.of(4), Dim3.of(32), 0, p, 100);
            for (int i = 0; i < 100; i++) {
                assertEquals(i + 1, view.getInt(4 * i), "kernel writes are visible through the view");
            }
        }
    }

    @Test
    void launchValidatesItsArguments() {
        try (SoftwareGpu gpu = new SoftwareGpu();
                SoftwareGpu other = new SoftwareGpu()) {
            PtxModule m = gpu.load(INC);
            assertEquals(List.of("inc"), m.kernels().stream().map(k -> k.name()).toList());
            assertThrows(IllegalArgumentException.class, () -> gpu.launch(m, "nope", Dim3.of(1), Dim3.of(1), 0, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> gpu.launch(m, "inc", Dim3.of(1), Dim3.of(1), 0, 0));
            assertThrows(
                    IllegalArgumentException.class, () -> gpu.launch(m, "inc", Dim3.of(1), Dim3.of(2048), 0, 0, 0));
            assertThrows(
                    IllegalArgumentException.class, () -> gpu.launch(m, "inc", new Dim3(0, 1, 1), Dim3.of(1), 0, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> other.launch(m, "inc", Dim3.of(1), Dim3.of(1), 0, 0, 0));
            assertThrows(IllegalArgumentException.class, () -> Dim3.of(0));
            assertThrows(IllegalArgumentException.class, () -> Dim3.of(2, -1));
        }
    }

    @Test
    void launchStatisticsAndTheirMap() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/exec_spinlock.ptx");
            PtxModule inc = gpu.load(INC);
            long p = gpu.malloc(4 * 100);
            LaunchStats s = gpu.launch(inc, "inc", Dim3.of(4), Dim3.of(32), 0, p, 100);
            // threads below n run 14 instructions; the 28 threads past n run 8 (up to the branch, then ret);
            // warp 3 (threads 96..127) runs the body with 4 lanes, so every warp issues 14
            assertEquals(4 * 14, s.warpInstructions());
            assertEquals(100L * 14 + 28L * 8, s.threadInstructions());
            assertEquals(1, s.divergentBranches(), "only warp 3 (threads 96..127) diverges at i < n");
            assertEquals("inc", s.kernel());
            LaunchStats t = gpu.launch(m, "spin_done_flag", Dim3.of(1), Dim3.of(2), 0, gpu.malloc(4), gpu.malloc(4));
            assertTrue(t.launchId() > s.launchId(), "launch ids increase");
            assertEquals(
                    List.of(
                            "launchId",
                            "kernel",
                            "warpInstructions",
                            "threadInstructions",
                            "simdEfficiency",
                            "divergentBranches",
                            "maxStackDepth",
                            "atomics",
                            "barriers",
                            "fences",
                            "warpSize",
                            "divergence"),
                    List.copyOf(s.toMap().keySet()));
            assertEquals(s.simdEfficiency(), (double) s.toMap().get("simdEfficiency"));
        }
    }

    @Test
    void configDefaultsAndBuilder() {
        GpuConfig d = GpuConfig.defaults();
        assertEquals(1L << 30, d.globalMemoryBytes());
        assertEquals(0, d.seed());
        assertEquals(32, d.warpSize());
        GpuConfig c = GpuConfig.builder()
                .seed(7)
                .watchdogWarpSteps(99)
                .globalMemoryBytes(1 << 20)
                .build();
        assertEquals(7, c.seed());
        assertEquals(99, c.watchdogWarpSteps());
        assertEquals(c.seed(), c.toBuilder().build().seed());
        assertThrows(IllegalArgumentException.class, () -> GpuConfig.builder().watchdogWarpSteps(0));
    }

    @Test
    void closedDeviceRefusesWork() {
        SoftwareGpu gpu = new SoftwareGpu();
        long p = gpu.malloc(16);
        gpu.close();
        assertThrows(DeviceMemoryException.class, () -> gpu.malloc(16));
        assertThrows(DeviceMemoryException.class, () -> gpu.copyFromDevice(p, ByteBuffer.allocate(4)));
    }
}
