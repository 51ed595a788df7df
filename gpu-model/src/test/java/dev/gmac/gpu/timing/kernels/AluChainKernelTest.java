package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's dependent ALU chain as a CUDA kernel ({@code src/test/cuda/timing_alu_chain.cu}): one warp applies
 * 256 or 512 dependent fused multiply-adds; the 256 extra instructions cost exactly {@code core.alu.latency}
 * cycles each.
 */
class AluChainKernelTest {
    private static final String PTX = "/ptx/timing_alu_chain.ptx";

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void everyDependentInstructionWaitsForThePipelineLatency(String preset) {
        long[] cycles = new long[2];
        int[] steps = {256, 512};
        int latency = 0;
        for (int r = 0; r < 2; r++) {
            try (TimedKernel k = new TimedKernel(preset, PTX)) {
                latency = k.config.core().alu().latency();
                float[] x = new float[32];
                for (int i = 0; i < 32; i++) {
                    x[i] = i;
                }
                long data = k.upload(x);
                cycles[r] = k.cycles(
                        "alu_chain_" + steps[r],
                        Dim3.of(1),
                        Dim3.of(32),
                        data,
                        Float.floatToRawIntBits(0.5f),
                        Float.floatToRawIntBits(1f));
                float[] out = k.floats(data, 32);
                for (int i = 0; i < 32; i++) {
                    float expected = i;
                    for (int s = 0; s < steps[r]; s++) {
                        expected = Math.fma(expected, 0.5f, 1f);
                    }
                    assertEquals(expected, out[i], "lane " + i);
                }
            }
        }
        double perInstruction = (cycles[1] - cycles[0]) / 256.0;
        assertEquals(latency, perInstruction, 1e-9, preset + ": cycles per dependent FMA");
    }
}
