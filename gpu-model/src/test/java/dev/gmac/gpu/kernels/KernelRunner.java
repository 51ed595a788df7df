package dev.gmac.gpu.kernels;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Runs one of our committed PTX modules ({@code /ptx/<name>.ptx}, compiled from {@code gpu-model/src/main/cuda})
 * on a fresh {@link SoftwareGpu} and moves Java arrays to and from device memory, so each kernel test reads as
 * "upload, launch, download, compare with the Java reference".
 *
 * <p>Every allocation is zero-filled; {@link #close()} frees the whole device.
 */
public final class KernelRunner implements AutoCloseable {
    private final SoftwareGpu gpu;
    private final PtxModule module;

    /** Loads {@code /ptx/<moduleName>.ptx} on a GPU with the default configuration. */
    public KernelRunner(String moduleName) {
        this(moduleName, dev.gmac.gpu.TestHardware.config());
    }

    /** Loads {@code /ptx/<moduleName>.ptx} on a GPU with the given configuration. */
    public KernelRunner(String moduleName, GpuConfig config) {
        this.gpu = new SoftwareGpu(config);
        try {
            this.module = gpu.loadResource("/ptx/" + moduleName + ".ptx");
        } catch (RuntimeException e) {
            gpu.close();
            throw e;
        }
    }

    public SoftwareGpu gpu() {
        return gpu;
    }

    public PtxModule module() {
        return module;
    }

    /** Launches {@code kernel} with no dynamic shared memory. */
    public LaunchStats launch(String kernel, Dim3 grid, Dim3 block, long... args) {
        return gpu.launch(module, kernel, grid, block, 0, args);
    }

    /** Launches {@code kernel} with {@code sharedBytes} of dynamic shared memory. */
    public LaunchStats launchWithShared(String kernel, Dim3 grid, Dim3 block, int sharedBytes, long... args) {
        return gpu.launch(module, kernel, grid, block, sharedBytes, args);
    }

    /** The number of CTAs of {@code blockSize} threads needed to cover {@code n} elements. */
    public static int blocksFor(int n, int blockSize) {
        return (n + blockSize - 1) / blockSize;
    }

    /** The raw argument for an f32 kernel parameter. */
    public static long f32(float v) {
        return Float.floatToRawIntBits(v) & 0xffff_ffffL;
    }

    /** The raw argument for an f64 kernel parameter. */
    public static long f64(double v) {
        return Double.doubleToRawLongBits(v);
    }

    // ---- allocation and upload ------------------------------------------------------------------------------

    /** Allocates {@code bytes} of zeroed device memory. */
    public long allocate(long bytes) {
        long ptr = gpu.malloc(Math.max(bytes, 1));
        gpu.memset(ptr, 0, Math.max(bytes, 1));
        return ptr;
    }

    public long upload(byte[] data) {
        ByteBuffer b = buffer(data.length);
        b.put(data).flip();
        return copyIn(b);
    }

    public long upload(short[] data) {
        ByteBuffer b = buffer(data.length * 2L);
        b.asShortBuffer().put(data);
        return copyIn(b);
    }

    public long upload(int[] data) {
        ByteBuffer b = buffer(data.length * 4L);
        b.asIntBuffer().put(data);
        return copyIn(b);
    }

    public long upload(long[] data) {
        ByteBuffer b = buffer(data.length * 8L);
        b.asLongBuffer().put(data);
        return copyIn(b);
    }

    public long upload(float[] data) {
        ByteBuffer b = buffer(data.length * 4L);
        b.asFloatBuffer().put(data);
        return copyIn(b);
    }

    public long upload(double[] data) {
        ByteBuffer b = buffer(data.length * 8L);
        b.asDoubleBuffer().put(data);
        return copyIn(b);
    }

    // ---- download ---------------------------------------------------------------------------------------------

    public byte[] downloadBytes(long ptr, int count) {
        byte[] out = new byte[count];
        copyOut(ptr, count).get(out);
        return out;
    }

    public short[] downloadShorts(long ptr, int count) {
        short[] out = new short[count];
        copyOut(ptr, count * 2L).asShortBuffer().get(out);
        return out;
    }

    public int[] downloadInts(long ptr, int count) {
        int[] out = new int[count];
        copyOut(ptr, count * 4L).asIntBuffer().get(out);
        return out;
    }

    public long[] downloadLongs(long ptr, int count) {
        long[] out = new long[count];
        copyOut(ptr, count * 8L).asLongBuffer().get(out);
        return out;
    }

    public float[] downloadFloats(long ptr, int count) {
        float[] out = new float[count];
        copyOut(ptr, count * 4L).asFloatBuffer().get(out);
        return out;
    }

    public double[] downloadDoubles(long ptr, int count) {
        double[] out = new double[count];
        copyOut(ptr, count * 8L).asDoubleBuffer().get(out);
        return out;
    }

    @Override
    public void close() {
        gpu.close();
    }

    private static ByteBuffer buffer(long bytes) {
        return ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private long copyIn(ByteBuffer b) {
        long ptr = allocate(b.capacity());
        if (b.capacity() > 0) {
            b.position(0).limit(b.capacity());
            gpu.copyToDevice(ptr, b);
        }
        return ptr;
    }

    private ByteBuffer copyOut(long ptr, long bytes) {
        ByteBuffer b = buffer(bytes);
        if (bytes > 0) {
            gpu.copyFromDevice(ptr, b);
        }
        return b;
    }
}
