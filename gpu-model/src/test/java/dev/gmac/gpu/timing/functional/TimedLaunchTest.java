package dev.gmac.gpu.timing.functional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.MemoryStall;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Real PTX kernels (nvcc output, committed) run by the functional engine under the timing model. */
class TimedLaunchTest {

    private static SoftwareGpu gpu(TimingSimulator sim) {
        return new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
    }

    private static long upload(SoftwareGpu gpu, float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        b.flip();
        long p = gpu.malloc(Math.max(4, b.remaining()));
        gpu.copyToDevice(p, b);
        return p;
    }

    private static long upload(SoftwareGpu gpu, int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        b.flip();
        long p = gpu.malloc(Math.max(4, b.remaining()));
        gpu.copyToDevice(p, b);
        return p;
    }

    private static float[] floats(SoftwareGpu gpu, long p, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(p, b);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = b.getFloat(4 * i);
        }
        return out;
    }

    @Test
    void vectorAddComputesTheSameResultsAndCountsAsTheFunctionalModel() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("gtx480"));
        try (SoftwareGpu gpu = gpu(sim)) {
            PtxModule m = gpu.loadResource("/ptx/vector_add.ptx");
            int n = 5000;
            float[] a = new float[n];
            float[] b = new float[n];
            float[] expected = new float[n];
            Random r = new Random(5);
            for (int i = 0; i < n; i++) {
                a[i] = r.nextFloat();
                b[i] = r.nextFloat();
                expected[i] = a[i] + b[i];
            }
            long da = upload(gpu, a);
            long db = upload(gpu, b);
            long dc = gpu.malloc(4L * n);
            TimedLaunch.Result res = TimedLaunch.run(
                    gpu, sim, m, "vector_add", Dim3.of((n + 255) / 256), Dim3.of(256), 0, da, db, dc, n);
            assertArrayEquals(expected, floats(gpu, dc, n));
            assertEquals(res.functional().warpInstructions(), res.timing().warpInstructions());
            assertEquals(res.functional().threadInstructions(), res.timing().threadInstructions());
            assertEquals(res.functional().simdEfficiency(), res.timing().simdEfficiency(), 1e-12);
            assertTrue(res.timing().cycles() > 330 + 200, "at least one DRAM round trip");
            assertEquals(
                    2 * 157 + 157,
                    res.timing().cores().stream()
                            .mapToLong(c -> c.globalSegments())
                            .sum(),
                    "157 warps: two coalesced loads and one store each");
        }
    }

    @Test
    void tiledMatmulIsCorrectAndItsSharedAccessesAreConflictFree() {
        for (String preset : new String[] {"fx5800", "gtx480", "fx5800-tbc"}) {
            TimingSimulator sim = new TimingSimulator(TimingPresets.load(preset));
            try (SoftwareGpu gpu = gpu(sim)) {
                PtxModule mod = gpu.loadResource("/ptx/matmul_tiled.ptx");
                int n = 64;
                float[] a = new float[n * n];
                float[] b = new float[n * n];
                Random r = new Random(9);
                for (int i = 0; i < n * n; i++) {
                    a[i] = r.nextInt(7) - 3;
                    b[i] = r.nextInt(7) - 3;
                }
                float[] expected = new float[n * n];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        float acc = 0;
                        for (int k = 0; k < n; k++) {
                            acc += a[i * n + k] * b[k * n + j];
                        }
                        expected[i * n + j] = acc;
                    }
                }
                long da = upload(gpu, a);
                long db = upload(gpu, b);
                long dc = gpu.malloc(4L * n * n);
                TimedLaunch.Result res = TimedLaunch.run(
                        gpu,
                        sim,
                        mod,
                        "matmul_tiled",
                        Dim3.of(n / 16, n / 16),
                        Dim3.of(16, 16),
                        0,
                        da,
                        db,
                        dc,
                        n,
                        n,
                        n);
                assertArrayEquals(expected, floats(gpu, dc, n * n), preset);
                assertEquals(res.functional().warpInstructions(), res.timing().warpInstructions(), preset);
                assertEquals(0, res.timing().memoryStall(MemoryStall.BANK_CONFLICT), preset);
                assertTrue(res.timing().cores().get(0).sharedAccesses() > 0, preset);
                assertTrue(res.timing().slots(IssueSlot.laneBucket(32, 32))
                        > 0.9 * res.timing().warpInstructions());
            }
        }
    }

    @Test
    void divergentKernelSimdEfficiencyEqualsTheFunctionalCount() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("fx5800"));
        try (SoftwareGpu gpu = gpu(sim)) {
            PtxModule m = gpu.loadResource("/ptx/simt_foo.ptx");
            int[] foo = new int[64];
            int[] bar = new int[64];
            for (int i = 0; i < 64; i++) {
                foo[i] = i % 3 == 0 ? 20 : 1;
                bar[i] = i;
            }
            long dfoo = upload(gpu, foo);
            long dbar = upload(gpu, bar);
            long dv = gpu.malloc(4 * 64);
            long dw = gpu.malloc(4 * 64);
            TimedLaunch.Result res =
                    TimedLaunch.run(gpu, sim, m, "simt_foo", Dim3.of(1), Dim3.of(64), 0, dfoo, dbar, dv, dw);
            assertTrue(res.functional().simdEfficiency() < 1.0, "the kernel diverges");
            assertEquals(res.functional().simdEfficiency(), res.timing().simdEfficiency(), 1e-12);
            assertEquals(res.functional().warpInstructions(), res.timing().warpInstructions());
        }
    }

    @Test
    void sameKernelAndInputsGiveTheSameCycles() {
        assertEquals(matmulTiming(), matmulTiming());
    }

    private static Map<String, Object> matmulTiming() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("gtx480"));
        try (SoftwareGpu gpu = gpu(sim)) {
            PtxModule mod = gpu.loadResource("/ptx/matmul_tiled.ptx");
            int n = 48;
            float[] a = new float[n * n];
            java.util.Arrays.fill(a, 1f);
            long da = upload(gpu, a);
            long dc = gpu.malloc(4L * n * n);
            return TimedLaunch.run(
                            gpu, sim, mod, "matmul_tiled", Dim3.of(3, 3), Dim3.of(16, 16), 0, da, da, dc, n, n, n)
                    .timing()
                    .toMap();
        }
    }

    @Test
    void apu8RunsSixtyFourLaneWavefrontsWithTheResultsOfThirtyTwoLaneWarps() {
        TimingSimulator wide = new TimingSimulator(TimingPresets.load("apu8"));
        int n = 1000;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = 3 - i;
        }
        float[] narrow;
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/vector_add.ptx");
            long c = gpu.malloc(4L * n);
            gpu.launch(m, "vector_add", Dim3.of(8), Dim3.of(128), 0, upload(gpu, a), upload(gpu, b), c, n);
            narrow = floats(gpu, c, n);
        }
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/vector_add.ptx");
            long c = gpu.malloc(4L * n);
            TimedLaunch.Result r = TimedLaunch.run(
                    gpu, wide, m, "vector_add", Dim3.of(8), Dim3.of(128), 0, upload(gpu, a), upload(gpu, b), c, n);
            assertArrayEquals(narrow, floats(gpu, c, n));
            assertEquals(64, r.functional().warpSize());
            assertEquals(64, r.timing().toMap().get("warpSize"));
            assertTrue(r.timing().cycles() > 0);
        }
    }

    @Test
    void aWarpSizeThatIsNotThePresetsIsATypedError() {
        TimingSimulator wide = new TimingSimulator(TimingPresets.load("apu8"));
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/vector_add.ptx");
            TimingException e = assertThrows(
                    TimingException.class,
                    () -> TimedLaunch.run(
                            gpu,
                            wide,
                            0,
                            TimedLaunch.DEFAULT_CYCLE_LIMIT,
                            m,
                            "vector_add",
                            Dim3.of(1),
                            Dim3.of(32),
                            0,
                            dev.gmac.gpu.LaunchOptions.DEFAULTS.withWarpSize(32),
                            0L,
                            0L,
                            0L,
                            0));
            assertTrue(e.getMessage().contains("64-lane warps"), e.getMessage());
        }
    }
}
