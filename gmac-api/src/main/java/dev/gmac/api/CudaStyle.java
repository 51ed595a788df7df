package dev.gmac.api;

import dev.gmac.coherence.transfer.ExecutionTimeline;
import dev.gmac.coherence.transfer.HostCosts;
import dev.gmac.coherence.transfer.TransferCounters;
import dev.gmac.coherence.transfer.TransferEngine;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The explicit-copy baseline: what a careful CUDA programmer writes (separate host and device buffers,
 * hand-placed {@code cudaMemcpy} and {@code cudaMemset}, ADSM paper §2.2, Figure 3), with every copy counted
 * by the same transfer engine and cost model as the ADSM protocols, so a study compares like with like.
 *
 * <p>Launches are asynchronous on one stream: a launch, copy, memset or free first waits for the previous
 * launch (CUDA's default-stream order); {@link #sync()} waits explicitly. A kernel fault is reported, once,
 * by the next operation that waits, as an {@link AdsmException} with the fault's message.
 */
public final class CudaStyle implements AutoCloseable {
    private final SoftwareGpu gpu;
    private final TransferCounters counters;
    private final ExecutionTimeline timeline;
    private final TransferEngine transfers;
    private final KernelTiming timing;
    private final java.util.concurrent.atomic.LongAdder kernelCycles = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder kernels = new java.util.concurrent.atomic.LongAdder();
    private double pendingStart; // guarded by this: when the launch in flight starts on the modelled GPU
    private final Map<String, PtxModule> modules = new HashMap<>();
    private ExecutorService stream; // guarded by this
    private Future<KernelTiming.Outcome> pending; // guarded by this
    private LaunchStats lastLaunch; // guarded by this

    private CudaStyle(AdsmConfig config) {
        this.timing = KernelTiming.of(config.timing());
        this.gpu = new SoftwareGpu(timing.gpuConfig(config.gpu()));
        this.counters = new TransferCounters(config.costModel());
        this.timeline = new ExecutionTimeline(counters, HostCosts.gt200Era());
        this.transfers = new TransferEngine(new SoftwareGpuAccelerator(gpu), counters, timeline);
    }

    /** A baseline on a new software GPU; of {@code config} only the cost model and GPU config matter. */
    public static CudaStyle open(AdsmConfig config) {
        return new CudaStyle(config);
    }

    public SoftwareGpu gpu() {
        return gpu;
    }

    private static final class Buffer implements DeviceBuffer {
        final CudaStyle owner;
        final long address;
        final long byteSize;
        boolean freed; // guarded by owner

        Buffer(CudaStyle owner, long address, long byteSize) {
            this.owner = owner;
            this.address = address;
            this.byteSize = byteSize;
        }

        @Override
        public long address() {
            return address;
        }

        @Override
        public long byteSize() {
            return byteSize;
        }

        @Override
        public String toString() {
            return "DeviceBuffer[0x" + Long.toHexString(address) + ", " + byteSize + " bytes]";
        }
    }

    /** {@code cudaMalloc}: zero-filled device memory. */
    public synchronized DeviceBuffer malloc(long bytes) {
        if (bytes <= 0) {
            throw new AdsmException(AdsmException.Reason.INVALID_SIZE, "cannot allocate " + bytes + " bytes");
        }
        timeline.enter(); // runtime work, not host compute
        try {
            return new Buffer(this, gpu.malloc(bytes), bytes);
        } catch (dev.gmac.gpu.DeviceMemoryException e) {
            throw new AdsmException(AdsmException.Reason.OUT_OF_MEMORY, e.getMessage(), e);
        } finally {
            timeline.exit();
        }
    }

    /** {@code cudaFree}; waits for the launch in flight. */
    public synchronized void free(DeviceBuffer buffer) {
        Buffer b = own(buffer);
        timeline.enter();
        try {
            awaitLaunch();
            if (b.freed) {
                throw new AdsmException(AdsmException.Reason.DOUBLE_FREE, b + " was already freed");
            }
            b.freed = true;
            gpu.free(b.address);
        } finally {
            timeline.exit();
        }
    }

    private Buffer own(DeviceBuffer buffer) {
        if (buffer instanceof Buffer b && b.owner == this) {
            return b;
        }
        throw new AdsmException(
                AdsmException.Reason.FOREIGN_BUFFER,
                buffer == null ? "null is not a device buffer" : buffer + " was not allocated by this baseline");
    }

    private Buffer live(DeviceBuffer buffer, long byteOffset, long bytes) {
        Buffer b = own(buffer);
        if (b.freed) {
            throw new AdsmException(AdsmException.Reason.USE_AFTER_FREE, b + " is used after it was freed");
        }
        if (byteOffset < 0 || bytes < 0 || byteOffset > b.byteSize - bytes) {
            throw new AdsmException(
                    AdsmException.Reason.OUT_OF_RANGE,
                    "bytes [" + byteOffset + ", " + byteOffset + " + " + bytes + ") outside " + b);
        }
        return b;
    }

    /** {@code cudaMemcpy} host to device of {@code count} bytes: one counted transfer. */
    public synchronized void copyToDevice(DeviceBuffer dst, long dstByteOffset, byte[] src, int srcOffset, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        Buffer b = live(dst, dstByteOffset, (long) count * 1);
        ByteBuffer staging = ByteBuffer.allocate(count * 1).order(ByteOrder.LITTLE_ENDIAN);
        staging.put(0, src, srcOffset, count);
        sendStaged(b.address + dstByteOffset, staging);
    }

    /** {@code cudaMemcpy} device to host of {@code count} bytes: one counted transfer. */
    public synchronized void copyToHost(DeviceBuffer src, long srcByteOffset, byte[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        Buffer b = live(src, srcByteOffset, (long) count * 1);
        ByteBuffer staging = ByteBuffer.allocate(count * 1).order(ByteOrder.LITTLE_ENDIAN);
        fetchStaged(b.address + srcByteOffset, staging);
        staging.get(0, dst, dstOffset, count);
    }

    /** {@code cudaMemcpy} host to device of {@code count} ints: one counted transfer. */
    public synchronized void copyToDevice(DeviceBuffer dst, long dstByteOffset, int[] src, int srcOffset, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        Buffer b = live(dst, dstByteOffset, (long) count * 4);
        ByteBuffer staging = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        staging.asIntBuffer().put(src, srcOffset, count);
        sendStaged(b.address + dstByteOffset, staging);
    }

    /** {@code cudaMemcpy} device to host of {@code count} ints: one counted transfer. */
    public synchronized void copyToHost(DeviceBuffer src, long srcByteOffset, int[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        Buffer b = live(src, srcByteOffset, (long) count * 4);
        ByteBuffer staging = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        fetchStaged(b.address + srcByteOffset, staging);
        staging.asIntBuffer().get(dst, dstOffset, count);
    }

    /** {@code cudaMemcpy} host to device of {@code count} longs: one counted transfer. */
    public synchronized void copyToDevice(DeviceBuffer dst, long dstByteOffset, long[] src, int srcOffset, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        Buffer b = live(dst, dstByteOffset, (long) count * 8);
        ByteBuffer staging = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        staging.asLongBuffer().put(src, srcOffset, count);
        sendStaged(b.address + dstByteOffset, staging);
    }

    /** {@code cudaMemcpy} device to host of {@code count} longs: one counted transfer. */
    public synchronized void copyToHost(DeviceBuffer src, long srcByteOffset, long[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        Buffer b = live(src, srcByteOffset, (long) count * 8);
        ByteBuffer staging = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        fetchStaged(b.address + srcByteOffset, staging);
        staging.asLongBuffer().get(dst, dstOffset, count);
    }

    /** {@code cudaMemcpy} host to device of {@code count} floats: one counted transfer. */
    public synchronized void copyToDevice(DeviceBuffer dst, long dstByteOffset, float[] src, int srcOffset, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        Buffer b = live(dst, dstByteOffset, (long) count * 4);
        ByteBuffer staging = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        staging.asFloatBuffer().put(src, srcOffset, count);
        sendStaged(b.address + dstByteOffset, staging);
    }

    /** {@code cudaMemcpy} device to host of {@code count} floats: one counted transfer. */
    public synchronized void copyToHost(DeviceBuffer src, long srcByteOffset, float[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        Buffer b = live(src, srcByteOffset, (long) count * 4);
        ByteBuffer staging = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        fetchStaged(b.address + srcByteOffset, staging);
        staging.asFloatBuffer().get(dst, dstOffset, count);
    }

    /** {@code cudaMemcpy} host to device of {@code count} doubles: one counted transfer. */
    public synchronized void copyToDevice(
            DeviceBuffer dst, long dstByteOffset, double[] src, int srcOffset, int count) {
        Objects.checkFromIndexSize(srcOffset, count, src.length);
        Buffer b = live(dst, dstByteOffset, (long) count * 8);
        ByteBuffer staging = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        staging.asDoubleBuffer().put(src, srcOffset, count);
        sendStaged(b.address + dstByteOffset, staging);
    }

    /** {@code cudaMemcpy} device to host of {@code count} doubles: one counted transfer. */
    public synchronized void copyToHost(DeviceBuffer src, long srcByteOffset, double[] dst, int dstOffset, int count) {
        Objects.checkFromIndexSize(dstOffset, count, dst.length);
        Buffer b = live(src, srcByteOffset, (long) count * 8);
        ByteBuffer staging = ByteBuffer.allocate(count * 8).order(ByteOrder.LITTLE_ENDIAN);
        fetchStaged(b.address + srcByteOffset, staging);
        staging.asDoubleBuffer().get(dst, dstOffset, count);
    }

    /** {@code cudaMemset}: on the device, no bytes over the bus (counted as a device operation). */
    public synchronized void memset(DeviceBuffer buffer, long byteOffset, int value, long bytes) {
        Buffer b = live(buffer, byteOffset, bytes);
        timeline.enter();
        try {
            awaitLaunch();
            transfers.deviceMemset(b.address + byteOffset, value, bytes);
        } finally {
            timeline.exit();
        }
    }

    /** One synchronous copy to the device (after the launch in flight), on the timeline. */
    private void sendStaged(long address, ByteBuffer staging) {
        timeline.enter();
        try {
            awaitLaunch();
            transfers.toAccelerator(address, staging);
        } finally {
            timeline.exit();
        }
    }

    /** One synchronous copy to the host (after the launch in flight), on the timeline. */
    private void fetchStaged(long address, ByteBuffer staging) {
        timeline.enter();
        try {
            awaitLaunch();
            transfers.toHost(address, staging);
        } finally {
            timeline.exit();
        }
    }

    /** A kernel of a PTX module (loaded once per text). */
    public synchronized PtxKernel kernel(String ptxText, String name) {
        timeline.enter(); // loading is runtime work, not host compute
        try {
            PtxModule module = modules.computeIfAbsent(ptxText, gpu::load);
            KernelSignature signature = module.kernel(name)
                    .orElseThrow(() -> new AdsmException(
                            AdsmException.Reason.UNKNOWN_KERNEL,
                            "no kernel named '" + name + "' in the module; it has "
                                    + module.kernels().stream()
                                            .map(KernelSignature::name)
                                            .toList()));
            return new PtxKernel(module, signature, null);
        } finally {
            timeline.exit();
        }
    }

    public PtxKernel kernelResource(String classpathResource, String name) {
        return kernel(Adsm.readResource(classpathResource), name);
    }

    /** Starts {@code kernel} (after the previous launch); device buffers pass their address. */
    public synchronized void launch(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        if (kernel.module().owner() != gpu) {
            throw new AdsmException(
                    AdsmException.Reason.FOREIGN_BUFFER, "kernel " + kernel.name() + " was loaded by another runtime");
        }
        timeline.enter(); // preparing the launch is runtime work, as in Adsm
        try {
            long[] raw = KernelArguments.convert(kernel, args, (index, argument) -> {
                if (argument instanceof DeviceBuffer buffer) {
                    return live(buffer, 0, 0).address;
                }
                if (argument instanceof SharedBuffer) {
                    throw new AdsmException(
                            AdsmException.Reason.FOREIGN_BUFFER,
                            "argument " + index + ": a shared buffer in a CUDA-style launch");
                }
                return null;
            });
            for (int i = 0; i < raw.length; i++) {
                if (!(args[i] instanceof DeviceBuffer)
                        && kernel.params().get(i).byteSize() == 8
                        && kernel.access().isDereferenced(i)) {
                    KernelArguments.rejectForeignAddress(kernel, i, raw[i], gpu);
                }
            }
            awaitLaunch();
            try {
                gpu.prepare(kernel.module(), kernel.name(), grid.toGpu(), block.toGpu(), 0, raw);
            } catch (IllegalArgumentException e) {
                throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, e.getMessage(), e);
            }
            if (stream == null) {
                stream = Executors.newSingleThreadExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "gmac-cuda-stream");
                    thread.setDaemon(true);
                    return thread;
                });
            }
            pendingStart = timeline.launched();
            pending = stream.submit(
                    () -> timing.run(gpu, kernel.module(), kernel.name(), grid.toGpu(), block.toGpu(), 0, raw));
        } finally {
            timeline.exit();
        }
    }

    /** {@code cudaDeviceSynchronize}: waits for the launch in flight; reports its fault. */
    public synchronized void sync() {
        timeline.enter();
        try {
            awaitLaunch();
        } finally {
            timeline.exit();
        }
    }

    /** Statistics of the last kernel that completed, or null. */
    public synchronized LaunchStats lastLaunchStats() {
        return lastLaunch;
    }

    private void awaitLaunch() {
        Future<KernelTiming.Outcome> launch = pending;
        if (launch == null) {
            return;
        }
        pending = null;
        boolean interrupted = false;
        try {
            for (; ; ) {
                try {
                    KernelTiming.Outcome outcome = launch.get();
                    lastLaunch = outcome.functional();
                    kernelCycles.add(outcome.cycles());
                    kernels.increment();
                    timeline.kernelEnded(pendingStart, outcome.seconds());
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    throw new AdsmException(
                            AdsmException.Reason.KERNEL_FAULT,
                            cause.getMessage() != null ? cause.getMessage() : cause.toString(),
                            cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What the baseline moved, and its modelled end-to-end time on the same model as the ADSM runtime's. */
    public synchronized TransferStats stats() {
        return new TransferStatsSnapshot(
                counters.snapshot(),
                timeline.snapshot(),
                java.util.List.of(),
                kernelCycles.sum(),
                kernels.sum(),
                java.util.List.of(timeline.trace()));
    }

    public synchronized void resetStats() {
        counters.reset();
        timeline.reset();
        kernelCycles.reset();
        kernels.reset();
    }

    /** Waits for the launch in flight (ignoring a fault) and frees the device. */
    @Override
    public synchronized void close() {
        try {
            awaitLaunch();
        } catch (AdsmException e) {
            // closing: the fault has nobody to go to
        } finally {
            if (stream != null) {
                stream.shutdown();
            }
            gpu.close();
        }
    }
}
