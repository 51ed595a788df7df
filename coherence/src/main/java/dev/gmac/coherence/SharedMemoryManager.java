package dev.gmac.coherence;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.AcceleratorException;
import dev.gmac.coherence.transfer.HostCosts;
import dev.gmac.coherence.transfer.RuntimeWork;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared memory manager of ADSM (the paper's "Shared Memory Manager", Gelado et al., ASPLOS 2010,
 * §4.1-§4.4): it allocates shared objects on the accelerator and the host, keeps the runtime's {@link
 * ExecutionContext}s (one per host thread, plus explicit ones), routes host accesses that miss their cached
 * window to the protocol of the object's owning context, and performs the bulk operations of §4.4. Kernel
 * calls and syncs belong to a context ({@link ExecutionContext#call}); the methods here that call, sync or
 * allocate without naming one use the calling thread's context ({@link #currentContext()}).
 *
 * <h2>Concurrency</h2>
 *
 * <p>Objects live in concurrent maps keyed by address; contexts in a copy-on-write list. Frees and bulk
 * operations take the call lock of each owning context (two contexts in id order), as do calls and syncs;
 * host accesses take no lock (they take the owner's lock only for an implicit sync). Kernels run on a pool
 * of accelerator threads, one kernel per context at a time; eager evictions on one DMA engine thread.
 */
public final class SharedMemoryManager implements AutoCloseable {
    /** Largest object: a host copy is one direct buffer. */
    public static final long MAX_OBJECT_BYTES = Integer.MAX_VALUE - 8;

    /** Host-only addresses of safe allocations start here (a typical mmap area of x86-64 Linux). */
    private static final long SAFE_ADDRESS_BASE = 0x7f00_0000_0000L;

    private static final AtomicInteger ACCELERATOR_THREADS = new AtomicInteger();

    private final Accelerator accelerator;
    private final CoherenceConfig config;
    private final HostCosts hostCosts;
    private final DmaEngine dma;
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicLong nextContextId = new AtomicLong();
    private final AtomicLong nextSafeAddress = new AtomicLong(SAFE_ADDRESS_BASE);
    private final ConcurrentSkipListMap<Long, SharedObject> byAddress = new ConcurrentSkipListMap<>();
    private final ConcurrentSkipListMap<Long, SharedObject> byDevice = new ConcurrentSkipListMap<>();
    private final CopyOnWriteArrayList<ExecutionContext> contexts = new CopyOnWriteArrayList<>();
    // Weak: a strong value would reach this manager through the context and keep it (and the thread-local
    // entry) alive for as long as the thread lives. The contexts list holds live contexts strongly.
    private final ThreadLocal<WeakReference<ExecutionContext>> current = new ThreadLocal<>();
    private final Object lifecycle = new Object();
    private TransferSnapshot retired = TransferSnapshot.ZERO; // guarded by lifecycle
    private TimelineSnapshot retiredTime = TimelineSnapshot.ZERO; // guarded by lifecycle
    // Retired contexts' timeline traces, at most RETIRED_TRACES of them (a server's thread churn must not grow
    // memory); past that, timelineTraces() reports an incomplete trace in their place. Guarded by lifecycle.
    private final List<dev.gmac.coherence.transfer.TimelineTrace> retiredTraces = new ArrayList<>();
    private boolean retiredTracesDropped;
    private static final int RETIRED_TRACES = 64;
    private ExecutorService acceleratorThreads; // guarded by lifecycle
    private volatile boolean closed;

    public SharedMemoryManager(Accelerator accelerator, CoherenceConfig config) {
        this(accelerator, config, HostCosts.gt200Era());
    }

    /** A manager whose contexts' timelines charge {@code hostCosts} for faults and launches. */
    public SharedMemoryManager(Accelerator accelerator, CoherenceConfig config, HostCosts hostCosts) {
        this.accelerator = accelerator;
        this.config = config;
        this.hostCosts = hostCosts;
        this.dma = new DmaEngine(config.dmaRingSize());
    }

    public HostCosts hostCosts() {
        return hostCosts;
    }

    public CoherenceConfig config() {
        return config;
    }

    /** The calling thread's context's instance of the runtime's protocol. */
    public CoherenceProtocol protocol() {
        return currentContext().protocol();
    }

    public Accelerator accelerator() {
        return accelerator;
    }

    DmaEngine dma() {
        return dma;
    }

    // ---- contexts -------------------------------------------------------------------------------------

    /**
     * The calling thread's own execution context, created on first use. Contexts of threads that have
     * ended are dropped (their counts kept) once they own nothing and have nothing to report.
     */
    public ExecutionContext currentContext() {
        WeakReference<ExecutionContext> reference = current.get();
        ExecutionContext context = reference == null ? null : reference.get();
        if (context == null) {
            checkOpen();
            Thread thread = Thread.currentThread();
            context = register(new ExecutionContext(
                    this, nextContextId.incrementAndGet(), "thread '" + thread.getName() + "'", thread));
            current.set(new WeakReference<>(context));
        }
        return context;
    }

    /** A new explicit execution context, usable from any thread (one kernel in flight at a time). */
    public ExecutionContext newContext(String name) {
        checkOpen();
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a context needs a name");
        }
        return register(new ExecutionContext(this, nextContextId.incrementAndGet(), "'" + name + "'", null));
    }

    private ExecutionContext register(ExecutionContext context) {
        synchronized (lifecycle) {
            for (ExecutionContext old : contexts) {
                if (old.threadEnded() && old.retirable()) {
                    retired = retired.plus(old.stats());
                    retiredTime = retiredTime.plus(old.timeline());
                    if (retiredTraces.size() < RETIRED_TRACES) {
                        retiredTraces.add(old.timelineTrace());
                    } else {
                        retiredTracesDropped = true;
                    }
                    contexts.remove(old);
                }
            }
            contexts.add(context);
        }
        return context;
    }

    /** The live contexts, in creation order. */
    public List<ExecutionContext> contexts() {
        return new ArrayList<>(contexts);
    }

    // ---- allocation -----------------------------------------------------------------------------------

    /** Allocates a shared object in the calling thread's context ({@code adsmAlloc}, §4.2). */
    public SharedObject allocate(long bytes) {
        return currentContext().allocate(bytes);
    }

    /**
     * Allocates a shared object whose host address is valid on the host only ({@code adsmSafeAlloc}, §4.2):
     * kernels need {@link SharedObject#deviceAddress()} ({@code adsmSafe}).
     */
    public SharedObject allocateSafe(long bytes) {
        return currentContext().allocateSafe(bytes);
    }

    SharedObject allocate(ExecutionContext owner, long bytes, boolean safe, ObjectHints hints) {
        checkOpen();
        owner.clock().enter();
        try {
            return allocateObject(owner, bytes, safe, hints);
        } finally {
            owner.clock().exit();
        }
    }

    private SharedObject allocateObject(ExecutionContext owner, long bytes, boolean safe, ObjectHints hints) {
        if (bytes <= 0 || bytes > MAX_OBJECT_BYTES) {
            throw new CoherenceException(
                    CoherenceException.Kind.INVALID_SIZE,
                    "cannot allocate " + bytes + " bytes: the size must be in [1, " + MAX_OBJECT_BYTES + "]");
        }
        long device;
        try {
            device = accelerator.allocate(bytes);
            if (!accelerator.zeroesAllocations()) {
                accelerator.memset(device, 0, bytes);
            }
        } catch (AcceleratorException e) {
            throw new CoherenceException(
                    e.kind() == AcceleratorException.Kind.OUT_OF_MEMORY
                            ? CoherenceException.Kind.OUT_OF_MEMORY
                            : CoherenceException.Kind.TRANSFER_FAILED,
                    "cannot allocate " + bytes + " bytes on the " + accelerator.name() + " accelerator: "
                            + e.getMessage(),
                    e);
        }
        ByteBuffer host;
        try {
            host = config.directHostMemory() ? accelerator.allocateHost((int) bytes) : ByteBuffer.allocate((int) bytes);
        } catch (OutOfMemoryError e) {
            accelerator.free(device);
            throw new CoherenceException(
                    CoherenceException.Kind.OUT_OF_MEMORY,
                    "cannot allocate the " + bytes + "-byte host copy: " + e.getMessage(),
                    e);
        }
        long address = safe ? nextSafeAddress.getAndAdd((bytes + 0xFFFF) & ~0xFFFFL) : device;
        ProtocolKind kind = hints.protocol() != null ? hints.protocol() : config.protocol();
        CoherenceProtocol protocol = owner.protocol(kind);
        int blockSize = kind == ProtocolKind.ROLLING && hints.blockSize() > 0
                ? hints.blockSize()
                : protocol.blockSizeFor(bytes);
        SharedObject object = new SharedObject(
                this,
                owner,
                protocol,
                nextId.incrementAndGet(),
                device,
                address,
                (int) bytes,
                blockSize,
                host,
                protocol.initialState().ordinal(),
                hints);
        owner.callLock.lock();
        try {
            protocol.allocated(object);
            owner.added(object);
        } finally {
            owner.callLock.unlock();
        }
        byAddress.put(address, object);
        byDevice.put(device, object);
        return object;
    }

    /**
     * Frees a shared object on both sides ({@code adsmFree}); waits first for a kernel of its owning context
     * that reaches it.
     */
    public void free(SharedObject object) {
        checkOpen();
        checkOwned(object);
        ExecutionContext owner = lockOwner(object);
        owner.clock().enter();
        try {
            if (object.isFreed()) {
                throw new CoherenceException(CoherenceException.Kind.DOUBLE_FREE, object + " was already freed");
            }
            owner.awaitKernelReachingLocked(object);
            dma.drain();
            object.protocol().freed(object);
            object.markFreed();
            owner.removed(object);
            byAddress.remove(object.address(), object);
            byDevice.remove(object.deviceAddress(), object);
            releaseHostCopy(object);
            try {
                accelerator.free(object.deviceAddress());
            } catch (AcceleratorException e) {
                throw new CoherenceException(
                        CoherenceException.Kind.TRANSFER_FAILED, "freeing " + object + " failed: " + e.getMessage(), e);
            }
        } finally {
            owner.clock().exit();
            owner.callLock.unlock();
        }
    }

    /**
     * Returns a freed object's host copy to the accelerator layer (at once: decision 0111). The object's
     * windows were emptied when it was marked freed, so its accessors take the slow path and fail there.
     */
    private void releaseHostCopy(SharedObject object) {
        if (config.directHostMemory()) {
            accelerator.freeHost(object.host());
        }
    }

    /** Locks the call lock of {@code object}'s owner, which may change while we wait; returns it locked. */
    private static ExecutionContext lockOwner(SharedObject object) {
        for (; ; ) {
            ExecutionContext owner = object.owner();
            owner.callLock.lock();
            if (object.owner() == owner) {
                return owner;
            }
            owner.callLock.unlock();
        }
    }

    /** Locks the owners of two objects (in context-id order); returns them, first the lower id. */
    private static ExecutionContext[] lockOwners(SharedObject a, SharedObject b) {
        for (; ; ) {
            ExecutionContext x = a.owner();
            ExecutionContext y = b.owner();
            if (x == y) {
                x.callLock.lock();
                if (a.owner() == x && b.owner() == x) {
                    return new ExecutionContext[] {x};
                }
                x.callLock.unlock();
                continue;
            }
            ExecutionContext first = x.id() < y.id() ? x : y;
            ExecutionContext second = first == x ? y : x;
            first.callLock.lock();
            second.callLock.lock();
            if (a.owner() == x && b.owner() == y) {
                return new ExecutionContext[] {first, second};
            }
            second.callLock.unlock();
            first.callLock.unlock();
        }
    }

    private static void unlock(ExecutionContext[] locked) {
        for (int i = locked.length - 1; i >= 0; i--) {
            locked[i].callLock.unlock();
        }
    }

    /** The live object whose host address range holds {@code address}. */
    public SharedObject lookup(long address) {
        SharedObject object = find(byAddress, address);
        if (object != null) {
            return object;
        }
        throw new CoherenceException(
                CoherenceException.Kind.FOREIGN_OBJECT,
                "0x" + Long.toHexString(address) + " is not inside a live shared object of this runtime");
    }

    /** The live object whose accelerator address range holds {@code deviceAddress}, or null. */
    public SharedObject findByDeviceAddress(long deviceAddress) {
        return find(byDevice, deviceAddress);
    }

    private static SharedObject find(ConcurrentSkipListMap<Long, SharedObject> map, long address) {
        Map.Entry<Long, SharedObject> entry = map.floorEntry(address);
        if (entry != null && address - entry.getKey() < entry.getValue().byteSize()) {
            return entry.getValue();
        }
        return null;
    }

    /** Live objects in address order. */
    public List<SharedObject> objects() {
        return new ArrayList<>(byAddress.values());
    }

    /** A new accessor (a cursor with its own window) over {@code object}. */
    public HostAccessor accessor(SharedObject object) {
        checkOwned(object);
        return new HostAccessor(object);
    }

    // ---- calls and syncs (of the calling thread's context) --------------------------------------------

    /** {@link ExecutionContext#call(WriteScope, KernelTask)} in the calling thread's context. */
    public void call(WriteScope writes, KernelTask kernel) {
        currentContext().call(writes, kernel);
    }

    /** {@link ExecutionContext#call(Reach, WriteScope, KernelTask)} in the calling thread's context. */
    public void call(Reach reach, WriteScope writes, KernelTask kernel) {
        currentContext().call(reach, writes, kernel);
    }

    /** {@link ExecutionContext#sync()} in the calling thread's context. */
    public void sync() {
        currentContext().sync();
    }

    /** Whether the calling thread's context has a kernel call that has not been synced. */
    public boolean kernelInFlight() {
        WeakReference<ExecutionContext> reference = current.get();
        ExecutionContext context = reference == null ? null : reference.get();
        return context != null && context.kernelInFlight();
    }

    Future<?> submitKernel(KernelTask kernel) {
        ExecutorService threads;
        synchronized (lifecycle) {
            if (acceleratorThreads == null) {
                acceleratorThreads = Executors.newCachedThreadPool(runnable -> {
                    Thread thread = new Thread(runnable, "gmac-accelerator-" + ACCELERATOR_THREADS.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
            }
            threads = acceleratorThreads;
        }
        return threads.submit(() -> {
            kernel.run();
            return null;
        });
    }

    static CoherenceException transferFailure(String what, Throwable failure) {
        if (failure instanceof CoherenceException coherence) {
            return coherence;
        }
        return new CoherenceException(
                CoherenceException.Kind.TRANSFER_FAILED, what + " failed: " + failure.getMessage(), failure);
    }

    // ---- host accesses (the accessors' slow paths) ----------------------------------------------------

    /**
     * An element access missed its window (a fault, or a new window): let the protocol handle it, then install a
     * window. Runtime work, but not bracketed by the timeline's CPU clock, which costs more than a fault: it is
     * timed on the wall clock ({@link RuntimeWork}, tens of nanoseconds) and left out of host compute; the fault
     * costs the timeline's per-fault figure instead (decision 0117).
     */
    void hostAccess(HostAccessor accessor, long offset, int size, boolean write) {
        RuntimeWork work = RuntimeWork.current();
        work.begin();
        try {
            hostAccessNow(accessor, offset, size, write);
        } finally {
            work.end();
        }
    }

    private void hostAccessNow(HostAccessor accessor, long offset, int size, boolean write) {
        SharedObject object = accessor.sharedObject();
        object.checkLive();
        object.owner().awaitKernelWriting(object);
        AbstractProtocol protocol = AbstractProtocol.of(object);
        int block = object.blockOf(offset);
        if (write) {
            if (protocol.signalWriteRange(object, block, offset, size, true)) {
                protocol.counters.writeFault();
                object.counts().writeFaults.increment();
            }
        } else if (protocol.signalReadRange(object, block, offset, size, true)) {
            protocol.counters.readFault();
            object.counts().readFaults.increment();
        }
        accessor.installWindow(object.windowAround(block, offset, Thread.currentThread(), write, accessor.window()));
    }

    /**
     * A bulk host operation: make each block accessible, then run its part (ADSM paper §4.4). The protocol's work is
     * runtime work ({@link RuntimeWork}, like an element access's slow path; its transfers are placed on the
     * timeline); the part, the copy between the host copy and the caller's array or channel (file I/O included), is
     * the program's host work: GMAC makes that copy on the host too, where explicit copies hand the array to the DMA
     * engine (decision 0117).
     *
     * <p>The operation knows its whole range, so the runtime acts on it as on one access (decision 0118): the
     * transfers of consecutive blocks form one run of the transfer engine (contiguous fetches are one DMA request),
     * consecutive blocks the protocol acts on count as one fault, and a read runs its part once over the whole range
     * after every block is valid.
     */
    void bulkAccess(HostAccessor accessor, long offset, long length, boolean write, BlockPart part) {
        RuntimeWork work = RuntimeWork.current();
        work.begin();
        try {
            bulkAccessNow(accessor, offset, length, write, part, work);
        } finally {
            work.end();
        }
    }

    /** Runs a bulk operation's part as host work (outside the runtime work around it). */
    private static void hostPart(BlockPart part, long start, long length, RuntimeWork work) throws IOException {
        work.end();
        try {
            part.apply(start, length);
        } finally {
            work.begin();
        }
    }

    private void bulkAccessNow(
            HostAccessor accessor, long offset, long length, boolean write, BlockPart part, RuntimeWork work) {
        SharedObject object = accessor.sharedObject();
        object.checkLive();
        object.owner().awaitKernelWriting(object);
        if (length == 0) {
            return;
        }
        AbstractProtocol protocol = AbstractProtocol.of(object);
        long end = offset + length;
        protocol.transfers.beginRun();
        try {
            boolean previousFaulted = false;
            for (int block = object.blockOf(offset); block <= object.blockOf(end - 1); block++) {
                long blockStart = object.blockStart(block);
                long start = Math.max(offset, blockStart);
                long stop = Math.min(end, blockStart + object.blockLength(block));
                boolean faulted;
                if (!write) {
                    faulted = protocol.signalReadRange(object, block, start, (int) (stop - start), false);
                    if (faulted && !previousFaulted) {
                        protocol.counters.readFault();
                        object.counts().readFaults.increment();
                    }
                    previousFaulted = faulted;
                    continue; // the part runs once, below
                }
                if (start == blockStart && stop == blockStart + object.blockLength(block)) {
                    CoherenceProtocol.Overwrite outcome = protocol.beginOverwrite(object, block);
                    faulted = outcome != CoherenceProtocol.Overwrite.HIT;
                    countWriteFault(protocol, object, faulted && !previousFaulted);
                    previousFaulted = faulted;
                    if (outcome == CoherenceProtocol.Overwrite.CLAIMED) {
                        boolean completed = false;
                        try {
                            hostPart(part, start, stop - start, work);
                            completed = true;
                        } finally {
                            protocol.endOverwrite(object, block, completed);
                        }
                        continue;
                    }
                } else {
                    faulted = protocol.signalWriteRange(object, block, start, (int) (stop - start), false);
                    countWriteFault(protocol, object, faulted && !previousFaulted);
                    previousFaulted = faulted;
                }
                // A write's part runs block by block, right after the block became writable: a block marked dirty
                // ahead of its write could be evicted before the write lands, and the write would be lost.
                hostPart(part, start, stop - start, work);
            }
            if (!write) {
                // Every block of the range is valid now (only a call invalidates, and this context's calls are
                // ordered with this operation by the program), so the copy out runs once, as the program's.
                hostPart(part, offset, length, work);
            }
            // Leave a window around the last block, so element accesses that follow a bulk one (a loop over
            // a freshly filled buffer) start on the fast path instead of missing once.
            int last = object.blockOf(end - 1);
            accessor.installWindow(
                    object.windowAround(last, end - 1, Thread.currentThread(), write, accessor.window()));
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } finally {
            protocol.transfers.endRun();
        }
    }

    private static void countWriteFault(AbstractProtocol protocol, SharedObject object, boolean count) {
        if (count) {
            protocol.counters.writeFault();
            object.counts().writeFaults.increment();
        }
    }

    // ---- bulk memory operations (§4.4) ----------------------------------------------------------------

    /**
     * Sets {@code length} bytes of {@code object} from {@code offset} to {@code byteValue}; waits first for a
     * kernel of the owning context that reaches the object.
     */
    public void memset(SharedObject object, long offset, int byteValue, long length) {
        checkOpen();
        checkOwned(object);
        object.checkLive();
        checkRange(object, offset, length);
        ExecutionContext owner = lockOwner(object);
        owner.clock().enter();
        try {
            object.checkLive();
            owner.awaitKernelReachingLocked(object);
            dma.drain();
            object.protocol().memset(object, offset, byteValue, length);
        } finally {
            owner.clock().exit();
            owner.callLock.unlock();
        }
    }

    /**
     * Copies {@code length} bytes between shared objects (of any contexts); the ranges must not overlap.
     * Waits first for kernels of the owning contexts that reach either object.
     */
    public void memcpy(SharedObject dst, long dstOffset, SharedObject src, long srcOffset, long length) {
        checkOpen();
        checkOwned(dst);
        checkOwned(src);
        dst.checkLive();
        src.checkLive();
        checkRange(dst, dstOffset, length);
        checkRange(src, srcOffset, length);
        if (dst == src && dstOffset < srcOffset + length && srcOffset < dstOffset + length && length > 0) {
            throw new CoherenceException(
                    CoherenceException.Kind.OVERLAPPING_COPY,
                    "memcpy ranges overlap in " + dst + ": [" + srcOffset + ", " + (srcOffset + length) + ") to ["
                            + dstOffset + ", " + (dstOffset + length) + ")");
        }
        ExecutionContext[] locked = lockOwners(dst, src);
        dst.owner().clock().enter();
        try {
            dst.checkLive();
            src.checkLive();
            dst.owner().awaitKernelReachingLocked(dst);
            src.owner().awaitKernelReachingLocked(src);
            dma.drain();
            BulkCopy.memcpy(dst, dstOffset, src, srcOffset, length);
        } finally {
            dst.owner().clock().exit();
            unlock(locked);
        }
    }

    /**
     * Makes host bytes {@code [offset, offset + length)} of {@code object} valid now, fetching what is not
     * (CUDA's {@code cudaMemPrefetchAsync} to the host, in ADSM terms): later reads there take no fault. Waits
     * first for a kernel of the owning context that reaches the object. Counted as transfers, not faults.
     */
    public void prefetchToHost(SharedObject object, long offset, long length) {
        prefetch(object, offset, length, false);
    }

    /**
     * Sends the dirty data of {@code [offset, offset + length)} of {@code object} now (the prefetch to the
     * device), so the next call that reaches the object has nothing there to send. The blocks become clean.
     */
    public void prefetchToDevice(SharedObject object, long offset, long length) {
        prefetch(object, offset, length, true);
    }

    private void prefetch(SharedObject object, long offset, long length, boolean toDevice) {
        checkOpen();
        checkOwned(object);
        object.checkLive();
        checkRange(object, offset, length);
        ExecutionContext owner = lockOwner(object);
        owner.clock().enter();
        try {
            object.checkLive();
            owner.awaitKernelReachingLocked(object);
            dma.drain();
            AbstractProtocol protocol = AbstractProtocol.of(object);
            protocol.transfers.beginRun(); // the range is known: contiguous blocks go as one DMA request
            try {
                if (toDevice) {
                    protocol.toAccelerator(object, offset, length);
                } else {
                    protocol.toHost(object, offset, length);
                }
            } finally {
                protocol.transfers.endRun();
            }
        } finally {
            owner.clock().exit();
            owner.callLock.unlock();
        }
    }

    /** Sends every dirty block of the calling thread's context to the accelerator now. */
    public void flushDirty() {
        currentContext().flushDirty();
    }

    /** Waits until every eager eviction started so far has reached the accelerator. */
    public void drainEvictions() {
        dma.drain();
    }

    // ---- statistics -------------------------------------------------------------------------------

    /** What every context of the runtime (live or retired) moved. */
    public TransferSnapshot stats() {
        synchronized (lifecycle) {
            TransferSnapshot sum = retired;
            for (ExecutionContext context : contexts) {
                sum = sum.plus(context.stats());
            }
            return sum;
        }
    }

    /**
     * The contexts' modelled end-to-end times together: contexts run side by side, so the end-to-end time is
     * the longest one and the break-down adds up.
     */
    public TimelineSnapshot timeline() {
        synchronized (lifecycle) {
            TimelineSnapshot sum = retiredTime;
            for (ExecutionContext context : contexts) {
                sum = sum.plus(context.timeline());
            }
            return sum;
        }
    }

    /**
     * The events behind {@link #timeline()}: one trace per live context in registration order, then the retired
     * contexts' in retirement order (decision 0122).
     */
    public List<dev.gmac.coherence.transfer.TimelineTrace> timelineTraces() {
        synchronized (lifecycle) {
            List<dev.gmac.coherence.transfer.TimelineTrace> traces = new ArrayList<>();
            for (ExecutionContext context : contexts) {
                traces.add(context.timelineTrace());
            }
            traces.addAll(retiredTraces);
            if (retiredTracesDropped) {
                traces.add(dev.gmac.coherence.transfer.TimelineTrace.incomplete());
            }
            return traces;
        }
    }

    /** What moved for each live object (the per-buffer table), in address order. */
    public List<ObjectTraffic.Snapshot> objectTraffic() {
        List<ObjectTraffic.Snapshot> rows = new ArrayList<>();
        for (SharedObject object : byAddress.values()) {
            rows.add(object.traffic());
        }
        return rows;
    }

    public void resetStats() {
        synchronized (lifecycle) {
            retired = TransferSnapshot.ZERO;
            retiredTime = TimelineSnapshot.ZERO;
            retiredTraces.clear();
            retiredTracesDropped = false;
            for (ExecutionContext context : contexts) {
                context.resetStats();
            }
        }
    }

    // ---- lifecycle ----------------------------------------------------------------------------------

    /**
     * Waits for every context's kernel in flight, frees every object and stops the threads.
     *
     * @throws CoherenceException ({@link CoherenceException.Kind#KERNEL_FAILED}) after closing, when a kernel
     *     failed and no sync reported it
     */
    @Override
    public void close() {
        CoherenceException unreported = null;
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (ExecutionContext context : contexts) {
            context.callLock.lock();
            try {
                CoherenceException failure = context.closeLocked();
                if (unreported == null) {
                    unreported = failure;
                }
            } finally {
                context.callLock.unlock();
            }
        }
        dma.close();
        for (SharedObject object : objects()) {
            object.markFreed();
            object.owner().removed(object);
            byAddress.remove(object.address(), object);
            byDevice.remove(object.deviceAddress(), object);
            releaseHostCopy(object);
            try {
                accelerator.free(object.deviceAddress());
            } catch (AcceleratorException e) {
                // closing frees what it can
            }
        }
        synchronized (lifecycle) {
            if (acceleratorThreads != null) {
                acceleratorThreads.shutdown();
            }
        }
        if (unreported != null) {
            throw unreported;
        }
    }

    public boolean isClosed() {
        return closed;
    }

    void checkOpen() {
        if (closed) {
            throw new CoherenceException(CoherenceException.Kind.CLOSED, "the shared memory manager is closed");
        }
    }

    void checkOwned(SharedObject object) {
        if (object == null) {
            throw new CoherenceException(CoherenceException.Kind.FOREIGN_OBJECT, "null is not a shared object");
        }
        if (object.manager() != this) {
            throw new CoherenceException(
                    CoherenceException.Kind.FOREIGN_OBJECT, object + " belongs to another runtime");
        }
    }

    private static void checkRange(SharedObject object, long offset, long length) {
        if (offset < 0 || length < 0 || offset > object.byteSize() - length) {
            throw new CoherenceException(
                    CoherenceException.Kind.OUT_OF_RANGE,
                    "bytes [" + offset + ", " + offset + " + " + length + ") outside [0, " + object.byteSize() + ") of "
                            + object);
        }
    }
}
