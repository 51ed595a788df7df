package dev.gmac.gpu.timing.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7's streaming kernel ({@code src/test/cuda/timing_stream.cu}): a grid-stride float4 sum over a few
 * megabytes, with every core full of warps, moves data at least at 90% of the preset's DRAM bandwidth (and never
 * above it).
 */
class StreamingKernelTest {
    private static final String PTX = "/ptx/timing_stream.ptx";
    private static final int BLOCK = 256;

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480"})
    void streamingReachesTheConfiguredDramBandwidthWithinTenPercent(String preset) {
        int ctas = residentCtas(preset);
        try (TimedKernel k = new TimedKernel(preset, PTX)) {
            TimingConfig c = k.config;
            // Enough data for about 60 000 cycles at the peak bandwidth: start-up and drain are about 1% of it.
            int count = (int) (60_000 * c.peakDramBytesPerCoreCycle() / 16);
            float[] in = new float[4 * count];
            for (int i = 0; i < in.length; i++) {
                in[i] = i % 5;
            }
            long din = k.upload(in);
            int threads = ctas * BLOCK;
            long dout = k.zeros(4L * threads);
            KernelTimingStats s = k.launch("stream_sum", Dim3.of(ctas), Dim3.of(BLOCK), din, dout, count)
                    .timing();

            float[] out = k.floats(dout, threads);
            for (int t = 0; t < threads; t += 97) {
                float acc = 0;
                for (int i = t; i < count; i += threads) {
                    acc += (in[4 * i] + in[4 * i + 1]) + (in[4 * i + 2] + in[4 * i + 3]);
                }
                assertEquals(acc, out[t], "thread " + t);
            }
            assertTrue(s.dramBytes() >= 16L * count, "every byte came from DRAM: " + s.dramBytes());
            double peak = c.peakDramBytesPerSecond() / 1e9;
            double achieved = s.dramGigabytesPerSecond();
            assertTrue(
                    achieved >= 0.9 * peak && achieved <= peak * (1 + 1e-9),
                    preset + ": " + achieved + " GB/s of " + peak + " GB/s (" + s.dramUtilisation() + ")");
        }
    }

    /** CTAs of the stream kernel that fit on the whole GPU at once, from a launch over no data. */
    private static int residentCtas(String preset) {
        try (TimedKernel k = new TimedKernel(preset, PTX)) {
            long out = k.zeros(4L * BLOCK);
            int perCore = k.launch("stream_sum", Dim3.of(1), Dim3.of(BLOCK), out, out, 0)
                    .timing()
                    .ctasPerCore();
            return perCore * k.config.core().count();
        }
    }
}
