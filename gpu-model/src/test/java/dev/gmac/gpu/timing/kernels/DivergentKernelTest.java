package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's divergent kernel ({@code src/test/cuda/timing_divergence.cu}): under the timing model the SIMD
 * efficiency, and the warp and thread instruction counts behind it, equal those of the functional model run on
 * its own ({@link SoftwareGpu#launch}); the issue-slot breakdown counts every issued instruction once.
 */
class DivergentKernelTest {
    private static final String PTX = "/ptx/timing_divergence.ptx";
    private static final int N = 1000;
    private static final int BLOCK = 128;

    private static int[] work() {
        int[] work = new int[N];
        for (int i = 0; i < N; i++) {
            work[i] = (i * 7) % 13;
        }
        return work;
    }

    private static int[] expected() {
        int[] out = new int[N];
        int[] work = work();
        for (int t = 0; t < N; t++) {
            int x = t;
            for (int i = 0; i < work[t]; i++) {
                x = x * 1664525 + 1013904223;
            }
            out[t] = (x & 1) != 0 ? x ^ 0x5bd1e995 : (x >>> 3) + 7;
        }
        return out;
    }

    /** The functional model alone: the reference counts. */
    private static LaunchStats functionalOnly() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource(PTX);
            ByteBuffer b = ByteBuffer.allocate(4 * N).order(ByteOrder.LITTLE_ENDIAN);
            b.asIntBuffer().put(work());
            long dwork = gpu.malloc(4 * N);
            gpu.copyToDevice(dwork, b);
            long dout = gpu.malloc(4 * N);
            return gpu.launch(m, "divergent_lcg", Dim3.of((N + BLOCK - 1) / BLOCK), Dim3.of(BLOCK), 0, dwork, dout, N);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void simdEfficiencyEqualsTheFunctionalModelsCount(String preset) {
        LaunchStats reference = functionalOnly();
        try (TimedKernel k = new TimedKernel(preset, PTX)) {
            long dwork = k.upload(work());
            long dout = k.zeros(4 * N);
            TimedLaunch.Result r =
                    k.launch("divergent_lcg", Dim3.of((N + BLOCK - 1) / BLOCK), Dim3.of(BLOCK), dwork, dout, N);
            assertArrayEquals(expected(), k.ints(dout, N), preset);
            KernelTimingStats t = r.timing();
            assertTrue(reference.simdEfficiency() < 0.8, "the kernel diverges: " + reference.simdEfficiency());
            assertTrue(reference.divergentBranches() > 0);
            assertEquals(reference.warpInstructions(), t.warpInstructions(), preset);
            assertEquals(reference.threadInstructions(), t.threadInstructions(), preset);
            assertEquals(reference.simdEfficiency(), t.simdEfficiency(), 1e-12, preset);
            long issued = 0;
            for (int b = 0; b < IssueSlot.LANE_BUCKETS; b++) {
                issued += t.slots(b);
            }
            assertEquals(t.warpInstructions(), issued, preset + ": one lane-bucket slot per issued instruction");
            assertTrue(t.slots(IssueSlot.laneBucket(1, 32)) > 0, preset + ": some instructions run on few lanes");
        }
    }
}
