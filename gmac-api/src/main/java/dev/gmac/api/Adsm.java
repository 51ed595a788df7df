package dev.gmac.api;

import dev.gmac.coherence.CoherenceException;
import dev.gmac.coherence.ExecutionContext;
import dev.gmac.coherence.KernelTask;
import dev.gmac.coherence.Reach;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.WriteScope;
import dev.gmac.gpu.AccessGuard;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.cfg.ParamAccess;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.PtxModule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An ADSM runtime (ADSM paper, Gelado et al., ASPLOS 2010, Table 1 and §3-§4) over the software GPU: shared
 * buffers that host code and kernels address with one pointer, asynchronous kernel calls, and a coherence
 * protocol (batch-, lazy- or rolling-update, §4.3) that moves data under release consistency: shared
 * buffers are released at {@link #adsmCall} and acquired at {@link #adsmSync} (§3.3). No explicit copies.
 *
 * <pre>{@code
 * try (Adsm adsm = Adsm.open()) {
 *     SharedBuffer x = adsm.adsmAlloc(4L * n), y = adsm.adsmAlloc(4L * n);
 *     for (int i = 0; i < n; i++) { x.putFloat(i, i); y.putFloat(i, 1); }
 *     PtxKernel saxpy = adsm.kernelResource("/ptx/saxpy.ptx", "saxpy");
 *     adsm.adsmCall(saxpy, Dim3.of((n + 255) / 256), Dim3.of(256), n, 2.0f, x, y);
 *     adsm.adsmSync();
 *     float first = y.getFloat(0);
 * }
 * }</pre>
 *
 * <p>Thread-safe. Every host thread has its own execution context ({@link #context()}, GMAC's per-thread
 * mode): the buffers a thread allocates belong to its context, its calls release and acquire only those (and
 * only what the kernel reaches), and two threads' calls never interfere; see {@link AdsmContext} for the
 * sharing rules. Within a context one kernel runs at a time (a call while one is in flight first waits for
 * it). Misuse throws {@link AdsmException}.
 */
public final class Adsm implements AutoCloseable {
    private final AdsmConfig config;
    private final SoftwareGpu gpu;
    private final SharedMemoryManager manager;
    private final Map<String, PtxModule> modules = new HashMap<>();
    private volatile LaunchStats lastLaunch;
    private final KernelTiming timing;
    private final java.util.concurrent.atomic.LongAdder kernelCycles = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder kernels = new java.util.concurrent.atomic.LongAdder();

    private Adsm(AdsmConfig config) {
        this.config = config;
        this.timing = KernelTiming.of(config.timing());
        this.gpu = new SoftwareGpu(timing.gpuConfig(config.gpu()));
        this.manager = new SharedMemoryManager(new SoftwareGpuAccelerator(gpu), config.toCoherence());
    }

    /** A runtime configured from system properties and the environment ({@link AdsmConfig#fromEnvironment()}). */
    public static Adsm open() {
        return open(AdsmConfig.fromEnvironment());
    }

    public static Adsm open(AdsmConfig config) {
        return new Adsm(config);
    }

    public AdsmConfig config() {
        return config;
    }

    /** The software GPU underneath (for inspection; do not free shared buffers through it). */
    public SoftwareGpu gpu() {
        return gpu;
    }

    // ---- contexts -------------------------------------------------------------------------------------

    /** The calling thread's own execution context (created on first use). */
    public AdsmContext context() {
        checkOpen();
        try {
            return new AdsmContext(this, manager.currentContext());
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /** A new explicit execution context, usable from any thread. */
    public AdsmContext newContext(String name) {
        if (name == null || name.isBlank()) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "a context needs a non-blank name");
        }
        try {
            return new AdsmContext(this, manager.newContext(name));
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    // ---- shared-data allocation and release ----------------------------------------------------------

    /**
     * Allocates a shared buffer of {@code bytes} bytes in the calling thread's context, zero-filled; its
     * address is valid on both sides.
     */
    public SharedBuffer adsmAlloc(long bytes) {
        checkOpen();
        return context().adsmAlloc(bytes);
    }

    /**
     * Allocates a shared buffer in the calling thread's context with per-buffer hints: its own protocol, block
     * size, sub-block tracking, fetch granularity, read-mostly ({@link AllocHints}).
     */
    public SharedBuffer adsmAlloc(long bytes, AllocHints hints) {
        checkOpen();
        return context().adsmAlloc(bytes, hints);
    }

    /**
     * Allocates a shared buffer whose {@link SharedBuffer#address()} is valid on the host only (§4.2: for
     * systems where the accelerator's address range may collide with the host's); pass {@link
     * #adsmSafe(SharedBuffer)} to kernels.
     */
    public SharedBuffer adsmSafeAlloc(long bytes) {
        return context().adsmSafeAlloc(bytes);
    }

    /** A shared buffer of {@code n} floats in the calling thread's context, zero-filled, seen as floats. */
    public FloatView allocFloats(long n) {
        return context().allocFloats(n);
    }

    /** A shared buffer of {@code n} ints in the calling thread's context, zero-filled, seen as ints. */
    public IntView allocInts(long n) {
        return context().allocInts(n);
    }

    /** A shared buffer of {@code n} longs in the calling thread's context, zero-filled, seen as longs. */
    public LongView allocLongs(long n) {
        return context().allocLongs(n);
    }

    /** A shared buffer of {@code n} doubles in the calling thread's context, zero-filled, seen as doubles. */
    public DoubleView allocDoubles(long n) {
        return context().allocDoubles(n);
    }

    /** Bytes for {@code n} elements of {@code size} bytes, or an INVALID_SIZE naming the element type. */
    static long elementBytes(long n, int size, String type) {
        if (n <= 0 || n > Long.MAX_VALUE / size) {
            throw new AdsmException(
                    AdsmException.Reason.INVALID_SIZE,
                    "cannot allocate " + n + " " + type + "s: the count must be > 0");
        }
        return n * size;
    }

    SharedBuffer allocate(AdsmContext context, long bytes, boolean safe, AllocHints hints) {
        if (hints == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the hints must not be null");
        }
        ExecutionContext target = context.context();
        target.enterRuntime(); // allocating (and zero-filling) is runtime work
        try {
            return new SharedBufferImpl(
                    this, safe ? target.allocateSafe(bytes) : target.allocate(bytes, hints.toObjectHints()));
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        } finally {
            target.exitRuntime();
        }
    }

    // ---- prefetch and advice (Unified-Memory habits in ADSM terms) ------------------------------------

    /**
     * Fetches bytes {@code [offset, offset + bytes)} of {@code buffer} to the host now (what is not valid there
     * yet), so reading them later takes no fault: {@code cudaMemPrefetchAsync} to the CPU. Waits for a kernel of
     * the owning context that reaches the buffer.
     */
    public void prefetchToHost(SharedBuffer buffer, long offset, long bytes) {
        SharedObject object = own(buffer);
        try {
            manager.prefetchToHost(object, offset, bytes);
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /**
     * Sends the host's changes to bytes {@code [offset, offset + bytes)} of {@code buffer} now, so the next call
     * that reaches the buffer has nothing there left to send: {@code cudaMemPrefetchAsync} to the device.
     */
    public void prefetchToDevice(SharedBuffer buffer, long offset, long bytes) {
        SharedObject object = own(buffer);
        try {
            manager.prefetchToDevice(object, offset, bytes);
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /**
     * Advises that {@code buffer} is read far more than written ({@code cudaMemAdviseSetReadMostly}): a read
     * fault then fetches its whole block instead of what is read. Its host copy already stays valid across
     * calls that do not write it.
     */
    public void adviseReadMostly(SharedBuffer buffer, boolean readMostly) {
        own(buffer).adviseReadMostly(readMostly);
    }

    /** The accelerator address of {@code buffer} (§4.2). */
    public long adsmSafe(SharedBuffer buffer) {
        SharedObject object = own(buffer);
        if (object.isFreed()) {
            throw new AdsmException(AdsmException.Reason.USE_AFTER_FREE, buffer + " is used after it was freed");
        }
        return object.deviceAddress();
    }

    /** The accelerator address that corresponds to host address {@code address} inside a shared buffer. */
    public long adsmSafe(long address) {
        try {
            SharedObject object = manager.lookup(address);
            return object.deviceAddress() + (address - object.address());
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /** Frees a shared buffer on both sides; waits for a kernel in flight first. */
    public void adsmFree(SharedBuffer buffer) {
        SharedObject object = own(buffer);
        ExecutionContext clock = manager.currentContext();
        clock.enterRuntime();
        try {
            manager.free(object);
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        } finally {
            clock.exitRuntime();
        }
    }

    SharedObject own(SharedBuffer buffer) {
        if (buffer instanceof SharedBufferImpl impl && impl.owner() == this) {
            return impl.object();
        }
        throw new AdsmException(
                AdsmException.Reason.FOREIGN_BUFFER,
                buffer == null ? "null is not a shared buffer" : buffer + " was not allocated by this Adsm runtime");
    }

    // ---- kernels ------------------------------------------------------------------------------------

    /**
     * The kernel {@code kernelName} of a PTX module (modules are loaded once per text).
     *
     * @throws dev.gmac.gpu.ptx.PtxSyntaxException when the text does not parse (line:column)
     * @throws dev.gmac.gpu.ptx.UnsupportedPtxException when the engine cannot run it (opcode, line)
     * @throws AdsmException when the module has no such kernel
     */
    public PtxKernel kernel(String ptxText, String kernelName) {
        return kernel(ptxText, kernelName, null);
    }

    private PtxKernel kernel(String ptxText, String kernelName, Path ptxFile) {
        checkOpen();
        ExecutionContext clock = manager.currentContext();
        clock.enterRuntime(); // loading a kernel is runtime work, not the program's host compute
        try {
            return kernelNow(ptxText, kernelName, ptxFile);
        } finally {
            clock.exitRuntime();
        }
    }

    private PtxKernel kernelNow(String ptxText, String kernelName, Path ptxFile) {
        if (ptxText == null || kernelName == null) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    ptxText == null ? "the PTX text must not be null" : "the kernel name must not be null");
        }
        PtxModule module = module(ptxText);
        KernelSignature signature = module.kernel(kernelName)
                .orElseThrow(() -> new AdsmException(
                        AdsmException.Reason.UNKNOWN_KERNEL,
                        "no kernel named '" + kernelName + "' in the module; it has "
                                + module.kernels().stream()
                                        .map(KernelSignature::name)
                                        .toList()));
        return new PtxKernel(module, signature, CudaParamNames.find(ptxText, signature, ptxFile));
    }

    private PtxModule module(String ptxText) {
        checkOpen();
        ExecutionContext context = manager.currentContext();
        context.enterRuntime(); // loading is runtime work, not the program's host compute
        try {
            synchronized (modules) {
                return modules.computeIfAbsent(ptxText, gpu::load);
            }
        } finally {
            context.exitRuntime();
        }
    }

    /** {@link #kernel(String, String)} for PTX text on the class path, e.g. {@code "/ptx/saxpy.ptx"}. */
    public PtxKernel kernelResource(String classpathResource, String kernelName) {
        if (classpathResource == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the resource name must not be null");
        }
        return kernel(readResource(classpathResource), kernelName);
    }

    /**
     * Kernel {@code kernelName} of the PTX file {@code ptxFile}. Parameters get the names of the CUDA source
     * when it can be found: through the PTX's line information ({@code nvcc -lineinfo} or {@code -G}), or as
     * {@code NAME.cu} beside the file or in a {@code cuda} or {@code src/main/cuda} directory above it.
     */
    public PtxKernel kernel(Path ptxFile, String kernelName) {
        return kernel(readPtx(ptxFile), kernelName, ptxFile);
    }

    /** The only kernel of the PTX file {@code ptxFile} (an error names them when there are several). */
    public PtxKernel kernel(Path ptxFile) {
        String text = readPtx(ptxFile);
        PtxModule module = module(text);
        if (module.kernels().size() != 1) {
            throw new AdsmException(
                    AdsmException.Reason.UNKNOWN_KERNEL,
                    ptxFile + " has " + module.kernels().size() + " kernels, "
                            + module.kernels().stream()
                                    .map(KernelSignature::name)
                                    .toList()
                            + ": name the one to call with kernel(path, name)");
        }
        return kernel(text, module.kernels().get(0).name(), ptxFile);
    }

    private static String readPtx(Path ptxFile) {
        if (ptxFile == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the PTX file must not be null");
        }
        try {
            return Files.readString(ptxFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AdsmException(
                    AdsmException.Reason.UNKNOWN_KERNEL, "cannot read PTX file " + ptxFile + ": " + e.getMessage(), e);
        }
    }

    static String readResource(String classpathResource) {
        InputStream in = Adsm.class.getResourceAsStream(classpathResource);
        if (in == null && Thread.currentThread().getContextClassLoader() != null) {
            String path = classpathResource.startsWith("/") ? classpathResource.substring(1) : classpathResource;
            in = Thread.currentThread().getContextClassLoader().getResourceAsStream(path);
        }
        if (in == null) {
            throw new AdsmException(AdsmException.Reason.UNKNOWN_KERNEL, "no class-path resource " + classpathResource);
        }
        try (InputStream stream = in) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AdsmException(
                    AdsmException.Reason.UNKNOWN_KERNEL, "cannot read " + classpathResource + ": " + e.getMessage(), e);
        }
    }

    /**
     * Starts {@code kernel} on the accelerator in the calling thread's context and returns without waiting.
     * The call releases the buffers the kernel can reach: its {@link SharedBuffer} arguments, raw pointer
     * arguments that point into a buffer of this runtime, and what {@link CallOptions#reaches} names (under
     * batch-update, every buffer of the context). Arguments are checked against the kernel's {@code .param}
     * types; a shared buffer passes its address.
     */
    public void adsmCall(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        context().adsmCall(kernel, grid, block, args);
    }

    /** {@link #adsmCall(PtxKernel, Dim3, Dim3, Object...)} annotated with the buffers the kernel may write. */
    public void adsmCall(PtxKernel kernel, Dim3 grid, Dim3 block, WriteSet writes, Object... args) {
        context().adsmCall(kernel, grid, block, writes, args);
    }

    /** The fluent form: {@code call(...).writes(out).reaches(table).dynamicSharedBytes(n).launch()}. */
    public CallOptions call(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        return new CallOptions(this, null, kernel, grid, block, args);
    }

    void launch(
            AdsmContext context,
            PtxKernel kernel,
            Dim3 grid,
            Dim3 block,
            WriteSet writes,
            List<SharedBuffer> alsoReaches,
            boolean reachesWholeContext,
            int dynamicSharedBytes,
            Object[] args) {
        // Preparing a call (arguments, reach, write set, launch checks) is runtime work, not host compute.
        ExecutionContext clock = (context != null ? context : context()).context();
        clock.enterRuntime();
        try {
            launchNow(context, kernel, grid, block, writes, alsoReaches, reachesWholeContext, dynamicSharedBytes, args);
        } finally {
            clock.exitRuntime();
        }
    }

    private void launchNow(
            AdsmContext context,
            PtxKernel kernel,
            Dim3 grid,
            Dim3 block,
            WriteSet writes,
            List<SharedBuffer> alsoReaches,
            boolean reachesWholeContext,
            int dynamicSharedBytes,
            Object[] args) {
        if (kernel == null || grid == null || block == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "kernel, grid and block must not be null");
        }
        if (args == null) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    "the argument array must not be null (a kernel without parameters takes none)");
        }
        if (kernel.module().owner() != gpu) {
            throw new AdsmException(
                    AdsmException.Reason.FOREIGN_BUFFER, "kernel " + kernel.name() + " was loaded by another runtime");
        }
        AdsmContext caller = context != null ? context : context();
        Set<SharedObject> reached = Collections.newSetFromMap(new IdentityHashMap<>());
        SharedObject[] argObjects = new SharedObject[args.length];
        long[] raw = KernelArguments.convert(kernel, args, (index, argument) -> {
            SharedObject object = bufferArgument(index, argument);
            if (object == null) {
                return null;
            }
            reached.add(object);
            argObjects[index] = object;
            long offset = argument instanceof BufferSlice slice ? slice.byteOffset() : 0;
            return object.deviceAddress() + offset;
        });
        for (int i = 0; i < raw.length; i++) {
            if (bufferArgument(i, args[i]) == null && kernel.params().get(i).byteSize() == 8) {
                SharedObject pointee = manager.findByDeviceAddress(raw[i]);
                if (pointee != null) {
                    reached.add(pointee);
                    argObjects[i] = pointee;
                } else if (raw[i] != 0 && kernel.access().isDereferenced(i)) {
                    KernelArguments.rejectForeignAddress(kernel, i, raw[i], gpu);
                    throw new AdsmException(
                            AdsmException.Reason.BAD_ARGUMENT,
                            "kernel " + kernel.name() + ", parameter " + i + " (" + kernel.paramName(i)
                                    + ") is a pointer the kernel dereferences, but 0x" + Long.toHexString(raw[i])
                                    + " is not inside a live buffer of this runtime: pass a SharedBuffer or a"
                                    + " BufferSlice (buffer.slice(offset, bytes))");
                }
            }
        }
        if (alsoReaches != null) {
            for (SharedBuffer buffer : alsoReaches) {
                reached.add(own(buffer));
            }
        }
        WriteScope scope;
        if (writes == null) {
            scope = inferredWrites(kernel, argObjects);
        } else {
            List<SharedObject> objects = new ArrayList<>();
            for (SharedBuffer buffer : writes.buffers()) {
                SharedObject object = own(buffer);
                objects.add(object);
                reached.add(object);
            }
            scope = WriteScope.of(objects);
        }
        try {
            gpu.prepare(kernel.module(), kernel.name(), grid.toGpu(), block.toGpu(), dynamicSharedBytes, raw);
        } catch (IllegalArgumentException e) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, e.getMessage(), e);
        }
        Reach reach = reachesWholeContext ? Reach.wholeContext() : Reach.of(new ArrayList<>(reached));
        try {
            caller.context()
                    .call(
                            reach,
                            scope,
                            new Launch(
                                    kernel,
                                    grid,
                                    block,
                                    dynamicSharedBytes,
                                    raw,
                                    config.checkReach() || config.deviceDirtyTracking()
                                            ? new CallGuard(
                                                    manager,
                                                    caller.context(),
                                                    reach,
                                                    scope,
                                                    config.checkReach(),
                                                    config.deviceDirtyTracking())
                                            : null));
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /**
     * The write set of an unannotated call, from the kernel's code (ADSM paper §4.3's "pointer analysis in the
     * compiler"): a buffer is written only if it is passed to a parameter the kernel may store through. When the
     * kernel stores through a pointer the analysis cannot tie to a parameter, or calls a device function, every
     * buffer it reaches may be written. Batch-update ignores inferred scopes.
     */
    private WriteScope inferredWrites(PtxKernel kernel, SharedObject[] argObjects) {
        if (!config.inferWriteSets()) {
            return WriteScope.all();
        }
        ParamAccess access = kernel.access();
        if (!access.isAnalysed() || access.writesThroughUnknownPointers()) {
            return WriteScope.all();
        }
        List<SharedObject> written = new ArrayList<>();
        for (int i = 0; i < argObjects.length; i++) {
            if (argObjects[i] != null && access.mayWriteThrough(i)) {
                written.add(argObjects[i]);
            }
        }
        return WriteScope.inferred(written);
    }

    /** One kernel call's work on the accelerator thread: the launch, timed when the runtime has a preset. */
    private final class Launch implements KernelTask {
        private final PtxKernel kernel;
        private final Dim3 grid;
        private final Dim3 block;
        private final int dynamicSharedBytes;
        private final long[] raw;
        private final CallGuard guard;
        private volatile double seconds;

        Launch(PtxKernel kernel, Dim3 grid, Dim3 block, int dynamicSharedBytes, long[] raw, CallGuard guard) {
            this.kernel = kernel;
            this.grid = grid;
            this.block = block;
            this.dynamicSharedBytes = dynamicSharedBytes;
            this.raw = raw;
            this.guard = guard;
        }

        @Override
        public boolean tracksDeviceWrites() {
            return guard != null && guard.tracksWrites();
        }

        @Override
        public java.util.BitSet writtenBlocks(SharedObject object) {
            return guard.writtenBlocks(object);
        }

        @Override
        public void run() throws Exception {
            KernelTiming.Outcome outcome = guard == null
                    ? timing.run(
                            gpu, kernel.module(), kernel.name(), grid.toGpu(), block.toGpu(), dynamicSharedBytes, raw)
                    : AccessGuard.during(
                            guard,
                            () -> timing.run(
                                    gpu,
                                    kernel.module(),
                                    kernel.name(),
                                    grid.toGpu(),
                                    block.toGpu(),
                                    dynamicSharedBytes,
                                    raw));
            lastLaunch = outcome.functional();
            kernelCycles.add(outcome.cycles());
            kernels.increment();
            seconds = outcome.seconds();
        }

        @Override
        public double modelledSeconds() {
            return seconds;
        }
    }

    /**
     * The buffer a kernel argument passes (a {@link SharedBuffer}, a {@link BufferSlice} or a typed view), live
     * and of this runtime; null for other arguments.
     */
    private SharedObject bufferArgument(int index, Object argument) {
        SharedBuffer buffer;
        if (argument instanceof SharedBuffer b) {
            buffer = b;
        } else if (argument instanceof BufferSlice slice) {
            buffer = slice.buffer();
        } else if (argument instanceof FloatView view) {
            buffer = view.buffer();
        } else if (argument instanceof IntView view) {
            buffer = view.buffer();
        } else if (argument instanceof LongView view) {
            buffer = view.buffer();
        } else if (argument instanceof DoubleView view) {
            buffer = view.buffer();
        } else if (argument instanceof ByteView view) {
            buffer = view.buffer();
        } else {
            return null;
        }
        SharedObject object = own(buffer);
        if (object.isFreed()) {
            throw new AdsmException(
                    manager.isClosed() ? AdsmException.Reason.CLOSED : AdsmException.Reason.USE_AFTER_FREE,
                    "argument " + index + ": " + buffer + " was freed");
        }
        if (object.isSafeAllocation() && !(argument instanceof BufferSlice)) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    "argument " + index + ": " + buffer + " comes from adsmSafeAlloc, so its address is valid on the "
                            + "host only; pass adsm.adsmSafe(buffer) or a slice of it");
        }
        return object;
    }

    /**
     * Waits for the kernel in flight and acquires the shared buffers (§3.3). If the kernel faulted, the host
     * sees the data of the call and this throws an {@link AdsmException} ({@link
     * AdsmException.Reason#KERNEL_FAULT}) with the fault's message.
     */
    public void adsmSync() {
        context().adsmSync();
    }

    /** Statistics of the last kernel that completed, or null. */
    public LaunchStats lastLaunchStats() {
        return lastLaunch;
    }

    // ---- bulk memory operations (§4.4) ----------------------------------------------------------------

    /** Sets {@code bytes} bytes of {@code buffer} from byte {@code offset}; on the accelerator when that is cheaper. */
    public void memset(SharedBuffer buffer, long offset, int byteValue, long bytes) {
        SharedObject object = own(buffer);
        try {
            manager.memset(object, offset, byteValue, bytes);
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /** Copies {@code bytes} bytes between shared buffers (ranges must not overlap); on the accelerator when cheaper. */
    public void memcpy(SharedBuffer dst, long dstOffset, SharedBuffer src, long srcOffset, long bytes) {
        SharedObject to = own(dst);
        SharedObject from = own(src);
        try {
            manager.memcpy(to, dstOffset, from, srcOffset, bytes);
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    // ---- statistics -------------------------------------------------------------------------------

    /**
     * What the runtime moved, and its modelled time: every context's transfers, the end-to-end time and its
     * break-down (the longest context's end, every category summed; ADSM paper Figure 10), the kernels' cycles
     * under the timing preset, and a row per live buffer.
     */
    public TransferStats stats() {
        return new TransferStatsSnapshot(
                manager.stats(),
                manager.timeline(),
                manager.objectTraffic(),
                kernelCycles.sum(),
                kernels.sum(),
                manager.timelineTraces());
    }

    public void resetStats() {
        manager.resetStats();
        kernelCycles.reset();
        kernels.reset();
    }

    /** The timing preset kernels run under, or null when they are not timed. */
    public String timingPreset() {
        return timing.preset();
    }

    /** The coherence runtime underneath (for tests and tools). */
    public SharedMemoryManager sharedMemory() {
        return manager;
    }

    /** Waits for a kernel in flight, frees every shared buffer and the device. */
    @Override
    /**
     * Waits for kernels in flight, frees every shared buffer (host and device copies, at once) and the device.
     *
     * @throws AdsmException ({@link AdsmException.Reason#KERNEL_FAULT}) after closing, when a kernel faulted
     *     and no {@code adsmSync} reported it
     */
    public void close() {
        CoherenceException unreported = null;
        try {
            manager.close();
        } catch (CoherenceException e) {
            unreported = e;
        } finally {
            gpu.close();
        }
        if (unreported != null) {
            throw AdsmErrors.from(unreported);
        }
    }

    private void checkOpen() {
        if (manager.isClosed()) {
            throw new AdsmException(AdsmException.Reason.CLOSED, "the ADSM runtime is closed");
        }
    }
}
