package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.mem.UnloadedLatency;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's pointer chase as a CUDA kernel ({@code src/test/cuda/timing_pointer_chase.cu}): one thread follows a
 * chain of pointers laid out to miss every cache (DRAM), to hit the L2 or to hit the L1; the cycles per hop,
 * measured as (cycles of 64 hops - cycles of 32 hops) / 32, must equal the configured latency within 5%. The
 * presets with 64-lane wavefronts ({@code apu8}) cannot run PTX (the engine's warps are 32 lanes); the trace
 * version in {@code MicrobenchmarkValidationTest} covers them.
 */
class PointerChaseKernelTest {
    private static final String PTX = "/ptx/timing_pointer_chase.ptx";
    private static final Dim3 ONE = Dim3.of(1);

    /**
     * Lays out a circular chain of {@code nodes} pointers {@code stride} bytes apart in a fresh allocation (node
     * {@code i} holds the address of node {@code i + 1}) and returns the address of node 0.
     */
    private static long chain(TimedKernel k, int nodes, long stride) {
        long base = k.zeros(nodes * stride);
        for (int i = 0; i < nodes; i++) {
            k.putLong(base + i * stride, base + ((i + 1) % nodes) * stride);
        }
        return base;
    }

    /** Cycles of a {@code hops}-hop chase from {@code start}; checks that it ended on the right node. */
    private static long chase(TimedKernel k, int hops, long start, int nodes, long stride, long end) {
        KernelTimingStats s =
                k.launch("pointer_chase_" + hops, ONE, ONE, start, end).timing();
        assertEquals(start + (long) (hops % nodes) * stride, k.getLong(end), "the chase ends on node hops % nodes");
        return s.cycles();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void throughDramEveryHopCostsTheConfiguredRowConflictLatency(String preset) {
        double[] perRun = new double[2];
        int[] hops = {32, 64};
        TimingConfig c = null;
        for (int r = 0; r < 2; r++) {
            // A fresh GPU for each length, so both start from the same cold caches and closed DRAM rows.
            try (TimedKernel k = new TimedKernel(preset, PTX)) {
                c = k.config;
                // Same partition and bank, next row, for every node: each hop misses L1 and L2 and finds
                // another row open in its bank.
                long stride = (long) c.dram().rowBytes()
                        * c.dram().banks()
                        * c.memory().partitions();
                int nodes = 65;
                long start = chain(k, nodes, stride);
                perRun[r] = chase(k, hops[r], start, nodes, stride, k.zeros(8));
            }
        }
        double perHop = (perRun[1] - perRun[0]) / 32;
        double expected = UnloadedLatency.dram(c, UnloadedLatency.Bank.ROW_CONFLICT);
        assertEquals(expected, perHop, 0.05 * expected, preset + ": cycles per DRAM hop");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void throughTheL2EveryHopCostsTheConfiguredL2HitLatency(String preset) {
        try (TimedKernel k = new TimedKernel(preset, PTX)) {
            // 64 nodes on 64 different lines. Every kernel starts with a cold L1 and visits each node at most
            // once, so every hop misses the L1 (where it caches global data at all); after one warming pass the
            // L2 holds them all.
            long stride = k.config.memory().lineBytes();
            int nodes = 64;
            long start = chain(k, nodes, stride);
            long end = k.zeros(8);
            chase(k, 64, start, nodes, stride, end);
            long shortRun = chase(k, 32, start, nodes, stride, end);
            long longRun = chase(k, 64, start, nodes, stride, end);
            double perHop = (longRun - shortRun) / 32.0;
            double expected = UnloadedLatency.l2Hit(k.config);
            assertEquals(expected, perHop, 0.05 * expected, preset + ": cycles per L2 hop");
        }
    }

    @Test
    void inTheL1EveryHopCostsTheConfiguredL1Latency() {
        // fx5800-tbc is the preset whose L1 caches global data. A chain of 8 lines: the first 8 hops of each run
        // miss (the same in both runs), the rest hit.
        long[] perRun = new long[2];
        int[] hops = {32, 64};
        TimingConfig c = null;
        for (int r = 0; r < 2; r++) {
            try (TimedKernel k = new TimedKernel("fx5800-tbc", PTX)) {
                c = k.config;
                long stride = c.memory().lineBytes();
                long start = chain(k, 8, stride);
                perRun[r] = chase(k, hops[r], start, 8, stride, k.zeros(8));
            }
        }
        double perHop = (perRun[1] - perRun[0]) / 32.0;
        double expected = UnloadedLatency.l1Hit(c);
        assertEquals(expected, perHop, 0.05 * expected, "cycles per L1 hop");
    }
}
