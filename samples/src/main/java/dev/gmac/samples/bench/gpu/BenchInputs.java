package dev.gmac.samples.bench.gpu;

import dev.gmac.gpu.SoftwareGpu;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * The input arrays of the software-GPU benchmarks: {@code n} floats of the pattern {@code ((i * 31 + seed) % 97) /
 * 97} in device memory, so that {@link FunctionalSimBench} and {@link TimingSimBench} simulate the same data.
 */
final class BenchInputs {
    private BenchInputs() {}

    /** Allocates {@code n} floats on {@code gpu}, fills them with the pattern for {@code seed}; the address. */
    static long upload(SoftwareGpu gpu, int n, int seed) {
        long p = gpu.malloc(4L * n);
        ByteBuffer buf = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        FloatBuffer f = buf.asFloatBuffer();
        for (int i = 0; i < n; i++) {
            f.put(i, ((i * 31 + seed) % 97) / 97f);
        }
        gpu.copyToDevice(p, buf);
        return p;
    }
}
