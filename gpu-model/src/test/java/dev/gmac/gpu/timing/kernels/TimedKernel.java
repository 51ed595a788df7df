package dev.gmac.gpu.timing.kernels;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One software GPU under one timing simulator, with a test kernel module loaded: the fixture of the issue 7
 * microbenchmark tests. The simulator keeps its L2 and DRAM state across launches, so a test can warm them.
 */
final class TimedKernel implements AutoCloseable {
    final TimingConfig config;
    final TimingSimulator sim;
    final SoftwareGpu gpu;
    final PtxModule module;

    /** A fresh GPU configured by {@code preset}, with {@code ptxResource} (e.g. {@code /ptx/timing_stream.ptx}). */
    TimedKernel(String preset, String ptxResource) {
        this(preset, ptxResource, 0);
    }

    /** As {@link #TimedKernel(String, String)}, with the functional model's seed. */
    TimedKernel(String preset, String ptxResource, long seed) {
        this.config = TimingPresets.load(preset);
        this.sim = new TimingSimulator(config);
        this.gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).seed(seed).build());
        this.module = gpu.loadResource(ptxResource);
    }

    TimedLaunch.Result launch(String kernel, Dim3 grid, Dim3 block, long... args) {
        return TimedLaunch.run(gpu, sim, module, kernel, grid, block, 0, args);
    }

    /** Cycles of one launch. */
    long cycles(String kernel, Dim3 grid, Dim3 block, long... args) {
        return launch(kernel, grid, block, args).timing().cycles();
    }

    long upload(int[] values) {
        ByteBuffer b = buffer(4L * values.length);
        for (int v : values) {
            b.putInt(v);
        }
        return copy(b);
    }

    long upload(float[] values) {
        ByteBuffer b = buffer(4L * values.length);
        for (float v : values) {
            b.putFloat(v);
        }
        return copy(b);
    }

    long zeros(long bytes) {
        long p = gpu.malloc(bytes);
        gpu.memset(p, 0, bytes);
        return p;
    }

    /** Writes the 64-bit {@code value} at device address {@code address}. */
    void putLong(long address, long value) {
        ByteBuffer b = buffer(8).putLong(value);
        b.flip();
        gpu.copyToDevice(address, b);
    }

    long getLong(long address) {
        ByteBuffer b = buffer(8);
        gpu.copyFromDevice(address, b);
        return b.getLong(0);
    }

    int[] ints(long address, int count) {
        ByteBuffer b = buffer(4L * count);
        gpu.copyFromDevice(address, b);
        int[] out = new int[count];
        b.asIntBuffer().get(out);
        return out;
    }

    float[] floats(long address, int count) {
        ByteBuffer b = buffer(4L * count);
        gpu.copyFromDevice(address, b);
        float[] out = new float[count];
        b.asFloatBuffer().get(out);
        return out;
    }

    private static ByteBuffer buffer(long bytes) {
        return ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private long copy(ByteBuffer b) {
        b.flip();
        long p = gpu.malloc(Math.max(4, b.remaining()));
        gpu.copyToDevice(p, b);
        return p;
    }

    @Override
    public void close() {
        gpu.close();
    }
}
