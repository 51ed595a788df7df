package dev.gmac.gpu;

import dev.gmac.gpu.exec.DeviceAddressRanges;
import dev.gmac.gpu.exec.GlobalMemory;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.PtxModule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A simulated pre-Volta SIMT GPU that runs the PTX nvcc emits: device global memory with an allocator, module
 * loading, and synchronous kernel launches on the functional model (grid → CTAs → 32-lane warps with a
 * per-warp PDOM reconvergence stack; Fung thesis §2.1; GPGPU architecture slides, Parts 1-2).
 *
 * <p>Device addresses are 64-bit, never 0 and never below 2^32, so that truncation bugs fault. Host copies
 * and {@link #deviceView} work from any thread; launches on one device may run from several threads (each
 * launch has its own state; device memory is shared, atomics are atomic).
 */
public final class SoftwareGpu implements AutoCloseable {
    private final GpuConfig config;
    private final GlobalMemory memory;
    private final LaunchIds launchIds = new LaunchIds();

    /** A device with {@link GpuConfig#defaults()}. */
    public SoftwareGpu() {
        this(GpuConfig.defaults());
    }

    /** A device with {@code config}. Cheap: memory is reserved only by {@link #malloc}. */
    public SoftwareGpu(GpuConfig config) {
        this.config = config;
        this.memory = new GlobalMemory(config.globalMemoryBytes());
    }

    /** The configuration. */
    public GpuConfig config() {
        return config;
    }

    /** The device memory (for the execution engine and for adapters that need zero-copy access). */
    public GlobalMemory memory() {
        return memory;
    }

    /**
     * True when {@code address} lies in the device address range of another device of this process (every device
     * has its own range, decision 0112): a pointer of another device, never valid here.
     */
    public boolean isAnotherDevicesAddress(long address) {
        return !memory.inRange(address) && DeviceAddressRanges.isLive(address);
    }

    /** Allocates {@code bytes} of zeroed device memory, 256-byte aligned. */
    public long malloc(long bytes) {
        return memory.malloc(bytes);
    }

    /**
     * Allocates {@code bytes} of zeroed device memory, 256-byte aligned, named {@code name} in fault messages: an
     * access outside every allocation names the nearest one and the signed offset, as in {@code "512 bytes before
     * buffer a"}.
     */
    public long malloc(long bytes, String name) {
        return memory.malloc(bytes, name == null ? null : "buffer " + name);
    }

    /** Names the allocation that starts at {@code devicePtr} for fault messages (null: unnamed). */
    public void name(long devicePtr, String name) {
        memory.label(devicePtr, name == null ? null : "buffer " + name);
    }

    /** Frees an allocation. */
    public void free(long devicePtr) {
        memory.free(devicePtr);
    }

    /** The size of the allocation that starts at {@code devicePtr}. */
    public long allocationSize(long devicePtr) {
        return memory.allocationSize(devicePtr);
    }

    /** Copies {@code src.remaining()} bytes to {@code dst}; the position of {@code src} is unchanged. */
    public void copyToDevice(long dst, ByteBuffer src) {
        memory.copyIn(dst, src);
    }

    /** Fills {@code dst.remaining()} bytes from device memory; the position of {@code dst} is unchanged. */
    public void copyFromDevice(long src, ByteBuffer dst) {
        memory.copyOut(src, dst);
    }

    /** Copies {@code bytes} between device ranges. */
    public void copyDeviceToDevice(long dst, long src, long bytes) {
        memory.copy(dst, src, bytes);
    }

    /** Sets {@code bytes} bytes at {@code dst} to {@code byteValue}. */
    public void memset(long dst, int byteValue, long bytes) {
        memory.memset(dst, byteValue, bytes);
    }

    /** A little-endian direct buffer aliasing {@code bytes} of device memory at {@code devicePtr}. */
    public ByteBuffer deviceView(long devicePtr, int bytes) {
        return memory.view(devicePtr, bytes, "deviceView");
    }

    /**
     * Parses and lowers a PTX module and allocates its {@code .global} variables on this device.
     *
     * @throws dev.gmac.gpu.ptx.PtxSyntaxException when the text does not parse (line:column)
     * @throws dev.gmac.gpu.ptx.UnsupportedPtxException when it uses something the engine cannot run
     */
    public PtxModule load(String ptxText) {
        return PtxModule.load(
                ptxText,
                new PtxModule.GlobalVariableAllocator() {
                    @Override
                    public long allocate(String name, long bytes, int align) {
                        return memory.malloc(bytes, "module variable " + name);
                    }

                    @Override
                    public void write(long address, byte[] bytes) {
                        memory.copyIn(address, ByteBuffer.wrap(bytes));
                    }
                },
                this);
    }

    /** Loads a PTX module from the class path, e.g. {@code "/ptx/saxpy.ptx"}. */
    public PtxModule loadResource(String classpathResource) {
        try (InputStream in = SoftwareGpu.class.getResourceAsStream(classpathResource)) {
            if (in == null) {
                throw new IllegalArgumentException("no class-path resource " + classpathResource);
            }
            return load(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + classpathResource + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs {@code kernel} to completion.
     *
     * @param args one raw value per {@code .param}, in order (integers as their value, pointers as device
     *     addresses, f32 as {@code Float.floatToRawIntBits}, f64 as {@code Double.doubleToRawLongBits}),
     *     truncated to the parameter's width (a by-value {@code .b8} array parameter wider than 8 bytes gets
     *     the value in its first 8 bytes and zeros after)
     * @throws IllegalArgumentException for an unknown kernel, a wrong argument count, a module of another
     *     device, or a bad shape
     * @throws KernelFaultException when the kernel faults
     */
    public LaunchStats launch(
            PtxModule module, String kernel, Dim3 grid, Dim3 block, int dynamicSharedBytes, long... args) {
        return prepare(module, kernel, grid, block, dynamicSharedBytes, LaunchOptions.DEFAULTS, args)
                .run();
    }

    /** As {@link #launch(PtxModule, String, Dim3, Dim3, int, long...)} with per-launch {@code options}. */
    public LaunchStats launch(
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            LaunchOptions options,
            long... args) {
        return prepare(module, kernel, grid, block, dynamicSharedBytes, options, args)
                .run();
    }

    /**
     * Prepares a launch without running it, for models that drive execution instruction by instruction (a
     * timing model, golden tests of the SIMT stack). {@link KernelLaunch#run()} runs it to completion.
     */
    public KernelLaunch prepare(
            PtxModule module, String kernel, Dim3 grid, Dim3 block, int dynamicSharedBytes, long... args) {
        return prepare(module, kernel, grid, block, dynamicSharedBytes, LaunchOptions.DEFAULTS, args);
    }

    /** As {@link #prepare(PtxModule, String, Dim3, Dim3, int, long...)} with per-launch {@code options}. */
    public KernelLaunch prepare(
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            LaunchOptions options,
            long... args) {
        if (module.owner() != this) {
            throw new IllegalArgumentException("the module was loaded on another SoftwareGpu");
        }
        KernelSignature sig = module.kernel(kernel)
                .orElseThrow(() -> new IllegalArgumentException("no kernel named '" + kernel
                        + "' in the module; it has "
                        + module.kernels().stream().map(KernelSignature::name).toList()));
        if (args.length != sig.params().size()) {
            throw new IllegalArgumentException(
                    "kernel " + kernel + " takes " + sig.params().size() + " arguments, got " + args.length);
        }
        if (!grid.isShape() || !block.isShape()) {
            throw new IllegalArgumentException(
                    "grid and block extents must be >= 1, got grid " + grid + " block " + block);
        }
        if (block.count() > 1024) {
            throw new IllegalArgumentException("a block holds at most 1024 threads, got " + block.count());
        }
        if (block.z() > 64) {
            throw new IllegalArgumentException("block z extent is limited to 64, got " + block.z());
        }
        if (grid.y() > 65535 || grid.z() > 65535) {
            throw new IllegalArgumentException("grid y and z extents are limited to 65535, got " + grid);
        }
        if (dynamicSharedBytes < 0) {
            throw new IllegalArgumentException("dynamic shared memory must be >= 0, got " + dynamicSharedBytes);
        }
        return new KernelLaunch(
                config, memory, module, kernel, grid, block, dynamicSharedBytes, args, launchIds.next(), options);
    }

    /** Frees all device memory; the device cannot be used afterwards. */
    @Override
    public void close() {
        memory.close();
    }
}
