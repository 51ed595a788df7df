package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.stats.MemoryStall;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's shared-memory bank conflicts as a CUDA kernel ({@code src/test/cuda/timing_shared_banks.cu}): 32
 * warps of one CTA read one word per lane at word stride N (an N-way conflict on 32 banks) 128 times per round;
 * the cost of the extra rounds at stride N is N times the cost at stride 1, within 5%.
 */
class SharedBankConflictKernelTest {
    private static final String PTX = "/ptx/timing_shared_banks.ptx";
    private static final int WARPS = 32;
    private static final int LOADS_PER_ROUND = 128;

    private static KernelTimingStats run(String preset, int stride, int rounds) {
        try (TimedKernel k = new TimedKernel(preset, PTX)) {
            long out = k.upload(new float[] {-1f});
            KernelTimingStats s = k.launch(
                            "shared_bank_conflicts", Dim3.of(1), Dim3.of(32 * WARPS), out, stride, rounds)
                    .timing();
            assertEquals(0f, k.floats(out, 1)[0], "thread 0 read word 0 and stored it");
            return s;
        }
    }

    /** Cycles of {@code 2 * rounds} minus {@code rounds} rounds: the loads alone, start-up cancelled. */
    private static long roundsCost(String preset, int stride) {
        return run(preset, stride, 8).cycles() - run(preset, stride, 4).cycles();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void anNWayConflictCostsNTimesTheConflictFreeAccess(String preset) {
        long conflictFree = roundsCost(preset, 1);
        for (int n : new int[] {2, 4, 8, 16, 32}) {
            double ratio = roundsCost(preset, n) / (double) conflictFree;
            assertEquals(n, ratio, 0.05 * n, preset + ": " + n + "-way conflict");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "gtx480"})
    void everyConflictingLoadCountsItsExtraPasses(String preset) {
        for (int n : new int[] {1, 4, 32}) {
            KernelTimingStats s = run(preset, n, 2);
            long loads = (long) WARPS * 2 * LOADS_PER_ROUND;
            assertEquals((n - 1) * loads, s.memoryStall(MemoryStall.BANK_CONFLICT), preset + ": stride " + n);
        }
    }
}
