package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A software GPU plus helpers for the engine's unit tests: hand-written PTX with the standard nvcc header,
 * and typed upload/download of small arrays.
 */
public final class TestDevice implements AutoCloseable {
    /** The module header nvcc 13 emits. */
    public static final String HEADER = ".version 9.0\n.target sm_75\n.address_size 64\n";

    private final SoftwareGpu gpu;

    public TestDevice() {
        this(dev.gmac.gpu.TestHardware.config());
    }

    public TestDevice(GpuConfig config) {
        this.gpu = new SoftwareGpu(config);
    }

    public SoftwareGpu gpu() {
        return gpu;
    }

    /** Loads {@code body} after {@link #HEADER}. */
    public PtxModule load(String body) {
        return gpu.load(HEADER + body);
    }

    public LaunchStats launch(PtxModule m, String kernel, Dim3 grid, Dim3 block, long... args) {
        return gpu.launch(m, kernel, grid, block, 0, args);
    }

    public long ints(int... values) {
        long p = gpu.malloc(Math.max(4L * values.length, 4));
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        gpu.copyToDevice(p, b);
        return p;
    }

    public long longs(long... values) {
        long p = gpu.malloc(Math.max(8L * values.length, 8));
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values);
        gpu.copyToDevice(p, b);
        return p;
    }

    public long floats(float... values) {
        long p = gpu.malloc(Math.max(4L * values.length, 4));
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        gpu.copyToDevice(p, b);
        return p;
    }

    public long doubles(double... values) {
        long p = gpu.malloc(Math.max(8L * values.length, 8));
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asDoubleBuffer().put(values);
        gpu.copyToDevice(p, b);
        return p;
    }

    /** A zeroed allocation of {@code bytes}. */
    public long zeros(long bytes) {
        return gpu.malloc(bytes);
    }

    public int[] readInts(long ptr, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(ptr, b);
        int[] out = new int[n];
        b.asIntBuffer().get(out);
        return out;
    }

    public long[] readLongs(long ptr, int n) {
        ByteBuffer b = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(ptr, b);
        long[] out = new long[n];
        b.asLongBuffer().get(out);
        return out;
    }

    public float[] readFloats(long ptr, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(ptr, b);
        float[] out = new float[n];
        b.asFloatBuffer().get(out);
        return out;
    }

    public double[] readDoubles(long ptr, int n) {
        ByteBuffer b = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(ptr, b);
        double[] out = new double[n];
        b.asDoubleBuffer().get(out);
        return out;
    }

    @Override
    public void close() {
        gpu.close();
    }
}
