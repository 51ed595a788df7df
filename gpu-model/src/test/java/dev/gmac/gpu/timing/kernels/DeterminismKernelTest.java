package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's determinism check on a CUDA kernel ({@code src/test/cuda/timing_mixed.cu}) that races global atomics
 * across CTAs and uses shared atomics, barriers, divergence and the SFU: the same inputs and seed give the same
 * results and the same cycle count and statistics, launch after launch.
 */
class DeterminismKernelTest {
    private static final String PTX = "/ptx/timing_mixed.ptx";
    private static final int N = 20_000;
    private static final int BINS = 64;

    /** The results and timing statistics of one run on a fresh GPU, and where that GPU's address range starts. */
    record Run(int[] bins, float[] roots, Map<String, Object> timing, long base) {}

    private static Run run(String preset, long dataSeed) {
        int[] data = new Random(dataSeed).ints(N, 0, 1 << 20).toArray();
        try (TimedKernel k = new TimedKernel(preset, PTX, 42)) {
            long ddata = k.upload(data);
            long dbins = k.zeros(4 * BINS);
            long droots = k.zeros(4L * N);
            KernelTimingStats s = k.launch("mixed_histogram", Dim3.of(40), Dim3.of(192), ddata, N, dbins, droots)
                    .timing();
            int[] bins = k.ints(dbins, BINS);
            float[] roots = k.floats(droots, N);
            int[] expected = new int[BINS];
            for (int i = 0; i < N; i++) {
                expected[data[i] % BINS]++;
                float root = (data[i] & 1) != 0 ? (float) Math.sqrt((float) data[i]) : 0f;
                assertEquals(root, roots[i], "roots[" + i + "]");
            }
            assertArrayEquals(expected, bins, preset + ": histogram");
            assertTrue(s.cycles() > 0);
            return new Run(bins, roots, s.toMap(), k.gpu.memory().base());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void sameInputsAndSeedGiveTheSameCyclesAndStatistics(String preset) {
        Run first = run(preset, 1);
        Run second = run(preset, 1);
        assertEquals(first.timing(), second.timing(), preset);
        assertArrayEquals(first.bins(), second.bins());
        assertArrayEquals(first.roots(), second.roots());
        Run other = run(preset, 2);
        assertNotEquals(first.timing(), other.timing(), "other inputs, other statistics");
    }

    /**
     * Decision 0112: every device of the process has its own range of device addresses, and the timing model maps
     * physical addresses (the device's address minus the start of its range) to partitions, DRAM banks and rows and
     * cache sets, so the same launch takes the same cycles and statistics with no other device alive or with 50.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gtx480", "fx5800"})
    void cyclesAndStatisticsDoNotDependOnOtherDevicesOfTheProcess(String preset) {
        Run alone = run(preset, 1);
        List<SoftwareGpu> others = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                SoftwareGpu g = new SoftwareGpu();
                g.malloc(4096);
                others.add(g);
            }
            Run crowded = run(preset, 1);
            assertNotEquals(alone.base(), crowded.base(), "the second run's GPU got another address range");
            assertEquals(alone.timing(), crowded.timing(), preset);
            assertArrayEquals(alone.bins(), crowded.bins());
        } finally {
            others.forEach(SoftwareGpu::close);
        }
    }
}
