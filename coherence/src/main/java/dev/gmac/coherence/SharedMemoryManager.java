package dev.gmac.coherence;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.AcceleratorException;
import dev.gmac.coherence.transfer.TransferCounters;
import dev.gmac.coherence.transfer.TransferEngine;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The shared memory manager of ADSM (the paper's "Shared Memory Manager", Gelado et al., ASPLOS 2010,
 * §4.1-§4.4): it allocates shared objects on the accelerator and the host, runs kernel calls on an
 * accelerator thread under release consistency (release at the call, acquire at the sync, §3.3), routes
 * host accesses that miss their cached window to the coherence protocol, and performs the bulk operations
 * of §4.4.
 *
 * <h2>Calls and syncs</h2>
 *
 * <p>{@link #call} releases (the protocol sends what the kernel needs), then hands the kernel to the
 * accelerator thread and returns: the call is asynchronous. {@link #sync} waits for the kernel and acquires.
 * One kernel is in flight at a time: a call while one runs first waits for it. A host access to an object
 * the kernel in flight may write waits for it too (an implicit sync, counted), or in strict mode throws.
 * Device-side bulk operations and frees wait for any kernel in flight, since the kernel may read any
 * object.
 *
 * <p>A failed kernel (its task threw) is undone as far as the host can see ({@link KernelCheckpoint}) and
 * reported as a {@link CoherenceException.Kind#KERNEL_FAILED} with the failure's message by the next {@link
 * #sync} (or the next {@link #call}, if the program calls again without syncing).
 *
 * <h2>Concurrency</h2>
 *
 * <p>Calls, syncs, frees and bulk operations hold {@link #callLock}; host accesses do not (they take the
 * lock only for an implicit sync). {@link #inFlight} is volatile: an accessor's slow path reads it to decide
 * whether to wait. Objects live in a concurrent map keyed by address.
 */
public final class SharedMemoryManager implements AutoCloseable {
    /** Largest object: a host copy is one direct buffer. */
    public static final long MAX_OBJECT_BYTES = Integer.MAX_VALUE - 8;

    /** Host-only addresses of safe allocations start here (a typical mmap area of x86-64 Linux). */
    private static final long SAFE_ADDRESS_BASE = 0x7f00_0000_0000L;

    private static final AtomicInteger ACCELERATOR_THREADS = new AtomicInteger();

    private final Accelerator accelerator;
    private final CoherenceConfig config;
    private final TransferCounters counters;
    private final TransferEngine transfers;
    private final CoherenceProtocol protocol;
    private final AtomicLong nextId = new AtomicLong();
    private final AtomicLong nextSafeAddress = new AtomicLong(SAFE_ADDRESS_BASE);
    private final ConcurrentSkipListMap<Long, SharedObject> byAddress = new ConcurrentSkipListMap<>();
    private final ReentrantLock callLock = new ReentrantLock();
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();
    private volatile InFlightCall inFlight;
    private volatile boolean closed;
    private CoherenceException pendingFailure; // guarded by callLock
    private ExecutorService acceleratorThread; // guarded by callLock

    public SharedMemoryManager(Accelerator accelerator, CoherenceConfig config) {
        this.accelerator = accelerator;
        this.config = config;
        this.counters = new TransferCounters(config.costModel());
        this.transfers = new TransferEngine(accelerator, counters);
        this.protocol = switch (config.protocol()) {
            case BATCH -> new BatchUpdate(transfers, config);
            case LAZY -> new LazyUpdate(transfers, config);
            case ROLLING -> new RollingUpdate(transfers, config, this::recordAsyncFailure);
        };
    }

    public CoherenceConfig config() {
        return config;
    }

    public CoherenceProtocol protocol() {
        return protocol;
    }

    public Accelerator accelerator() {
        return accelerator;
    }

    // ---- allocation -----------------------------------------------------------------------------------

    /** Allocates a shared object whose host address equals its device address ({@code adsmAlloc}, §4.2). */
    public SharedObject allocate(long bytes) {
        return allocate(bytes, false);
    }

    /**
     * Allocates a shared object whose host address is valid on the host only ({@code adsmSafeAlloc}, §4.2):
     * kernels need {@link SharedObject#deviceAddress()} ({@code adsmSafe}).
     */
    public SharedObject allocateSafe(long bytes) {
        return allocate(bytes, true);
    }

    private SharedObject allocate(long bytes, boolean safe) {
        checkOpen();
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
            host = config.directHostMemory()
                    ? ByteBuffer.allocateDirect((int) bytes)
                    : ByteBuffer.allocate((int) bytes);
        } catch (OutOfMemoryError e) {
            accelerator.free(device);
            throw new CoherenceException(
                    CoherenceException.Kind.OUT_OF_MEMORY,
                    "cannot allocate the " + bytes + "-byte host copy: " + e.getMessage(),
                    e);
        }
        long address = safe ? nextSafeAddress.getAndAdd((bytes + 0xFFFF) & ~0xFFFFL) : device;
        SharedObject object = new SharedObject(
                this,
                nextId.incrementAndGet(),
                device,
                address,
                (int) bytes,
                protocol.blockSizeFor(bytes),
                host,
                protocol.initialState().ordinal());
        protocol.allocated(object);
        byAddress.put(address, object);
        return object;
    }

    /** Frees a shared object on both sides ({@code adsmFree}); waits for a kernel in flight first. */
    public void free(SharedObject object) {
        checkOpen();
        checkOwned(object);
        callLock.lock();
        try {
            if (object.isFreed()) {
                throw new CoherenceException(CoherenceException.Kind.DOUBLE_FREE, object + " was already freed");
            }
            if (inFlight != null) {
                syncLocked(true);
            }
            protocol.drainAsyncTransfers();
            protocol.freed(object);
            object.markFreed();
            byAddress.remove(object.address(), object);
            try {
                accelerator.free(object.deviceAddress());
            } catch (AcceleratorException e) {
                throw new CoherenceException(
                        CoherenceException.Kind.TRANSFER_FAILED, "freeing " + object + " failed: " + e.getMessage(), e);
            }
        } finally {
            callLock.unlock();
        }
    }

    /** The live object whose host address range holds {@code address}. */
    public SharedObject lookup(long address) {
        Map.Entry<Long, SharedObject> entry = byAddress.floorEntry(address);
        if (entry != null && address - entry.getKey() < entry.getValue().byteSize()) {
            return entry.getValue();
        }
        throw new CoherenceException(
                CoherenceException.Kind.FOREIGN_OBJECT,
                "0x" + Long.toHexString(address) + " is not inside a live shared object of this runtime");
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

    // ---- calls and syncs ------------------------------------------------------------------------------

    /**
     * Releases the shared objects and starts {@code kernel} on the accelerator thread; returns at once.
     *
     * @param writes the objects the kernel may write ({@link WriteScope#all()} unless annotated)
     */
    public void call(WriteScope writes, KernelTask kernel) {
        checkOpen();
        for (SharedObject object : writes.objects()) {
            checkOwned(object);
            object.checkLive();
        }
        callLock.lock();
        try {
            if (inFlight != null) {
                syncLocked(true);
            }
            throwPendingFailure();
            protocol.drainAsyncTransfers();
            throwAsyncFailure();
            List<SharedObject> objects = objects();
            Set<SharedObject> written = Collections.newSetFromMap(new IdentityHashMap<>());
            List<SharedObject> writtenList = new ArrayList<>();
            for (SharedObject object : objects) {
                if (writes.covers(object)) {
                    written.add(object);
                    writtenList.add(object);
                }
            }
            KernelCheckpoint checkpoint =
                    KernelCheckpoint.capture(writtenList, config.kernelFaultRecovery(), transfers);
            try {
                protocol.release(objects, writes);
            } catch (RuntimeException e) {
                checkpoint.discard();
                protocol.kernelReturned();
                throw transferFailure("releasing the shared objects", e);
            }
            Future<?> done = executor().submit(() -> {
                kernel.run();
                return null;
            });
            inFlight = new InFlightCall(writes, written, writtenList, checkpoint, done);
        } finally {
            callLock.unlock();
        }
    }

    /** Waits for the kernel in flight (if any) and acquires; reports a failed kernel. */
    public void sync() {
        checkOpen();
        callLock.lock();
        try {
            syncLocked(false);
        } finally {
            callLock.unlock();
        }
    }

    /** Whether a kernel call has not been synced yet. */
    public boolean kernelInFlight() {
        return inFlight != null;
    }

    private void syncLocked(boolean implicit) {
        InFlightCall call = inFlight;
        if (call != null) {
            if (implicit) {
                counters.implicitSync();
            }
            Throwable failure = call.await();
            inFlight = null;
            try {
                if (failure == null) {
                    protocol.acquire(call.writtenList, call.writes);
                } else {
                    call.checkpoint.restore(protocol);
                    pendingFailure = kernelFailure(failure, call.checkpoint);
                }
            } finally {
                call.checkpoint.discard();
                protocol.kernelReturned();
            }
        }
        if (!implicit) {
            throwPendingFailure();
            throwAsyncFailure();
        }
    }

    private static CoherenceException kernelFailure(Throwable failure, KernelCheckpoint checkpoint) {
        String message = failure.getMessage() != null ? failure.getMessage() : failure.toString();
        if (!checkpoint.unprotected().isEmpty()) {
            message += " (accelerator-only data of " + checkpoint.unprotected() + " may be partially written: "
                    + "kernel-fault recovery was off or had no device memory for a backup)";
        }
        return new CoherenceException(CoherenceException.Kind.KERNEL_FAILED, message, failure);
    }

    private void throwPendingFailure() {
        CoherenceException failure = pendingFailure;
        if (failure != null) {
            pendingFailure = null;
            throw failure;
        }
    }

    private void throwAsyncFailure() {
        Throwable failure = asyncFailure.getAndSet(null);
        if (failure != null) {
            throw transferFailure("an eager eviction", failure);
        }
    }

    private static CoherenceException transferFailure(String what, Throwable failure) {
        if (failure instanceof CoherenceException coherence) {
            return coherence;
        }
        return new CoherenceException(
                CoherenceException.Kind.TRANSFER_FAILED, what + " failed: " + failure.getMessage(), failure);
    }

    private void recordAsyncFailure(Throwable failure) {
        asyncFailure.compareAndSet(null, failure);
    }

    private ExecutorService executor() {
        if (acceleratorThread == null) {
            acceleratorThread = Executors.newSingleThreadExecutor(runnable -> {
                Thread thread = new Thread(runnable, "gmac-accelerator-" + ACCELERATOR_THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
        return acceleratorThread;
    }

    /** Waits for the kernel in flight when it may write {@code object} (an implicit sync). */
    private void awaitKernel(SharedObject object) {
        InFlightCall call = inFlight;
        if (call == null || !call.written.contains(object)) {
            return;
        }
        if (config.strict()) {
            throw new CoherenceException(
                    CoherenceException.Kind.ACCESS_DURING_KERNEL,
                    "host access to " + object + " while a kernel that may write it is in flight "
                            + "(strict mode): call sync first");
        }
        callLock.lock();
        try {
            if (inFlight == call) {
                syncLocked(true);
            }
        } finally {
            callLock.unlock();
        }
    }

    /** Waits for any kernel in flight (it may read any object); the caller holds the call lock. */
    private void awaitAnyKernelLocked() {
        if (inFlight != null) {
            syncLocked(true);
        }
    }

    // ---- host accesses (the accessors' slow paths) ----------------------------------------------------

    /** An element access missed its window: let the protocol handle the fault, then install a window. */
    void hostAccess(HostAccessor accessor, long offset, int size, boolean write) {
        SharedObject object = accessor.sharedObject();
        object.checkLive();
        awaitKernel(object);
        int block = object.blockOf(offset);
        if (write) {
            if (protocol.signalWrite(object, block)) {
                counters.writeFault();
            }
        } else if (protocol.signalRead(object, block)) {
            counters.readFault();
        }
        accessor.installWindow(object.windowAround(block, Thread.currentThread(), write, accessor.window()));
    }

    /** A bulk host operation: make each block accessible, then run its part (ADSM paper §4.4). */
    void bulkAccess(HostAccessor accessor, long offset, long length, boolean write, BlockPart part) {
        SharedObject object = accessor.sharedObject();
        object.checkLive();
        awaitKernel(object);
        if (length == 0) {
            return;
        }
        long end = offset + length;
        try {
            for (int block = object.blockOf(offset); block <= object.blockOf(end - 1); block++) {
                long blockStart = object.blockStart(block);
                long start = Math.max(offset, blockStart);
                long stop = Math.min(end, blockStart + object.blockLength(block));
                if (!write) {
                    if (protocol.signalRead(object, block)) {
                        counters.readFault();
                    }
                } else if (start == blockStart && stop == blockStart + object.blockLength(block)) {
                    CoherenceProtocol.Overwrite outcome = protocol.beginOverwrite(object, block);
                    if (outcome != CoherenceProtocol.Overwrite.HIT) {
                        counters.writeFault();
                    }
                    if (outcome == CoherenceProtocol.Overwrite.CLAIMED) {
                        boolean completed = false;
                        try {
                            part.apply(start, stop - start);
                            completed = true;
                        } finally {
                            protocol.endOverwrite(object, block, completed);
                        }
                        continue;
                    }
                } else if (protocol.signalWrite(object, block)) {
                    counters.writeFault();
                }
                part.apply(start, stop - start);
            }
            // Leave a window around the last block, so element accesses that follow a bulk one (a loop over
            // a freshly filled buffer) start on the fast path instead of missing once.
            int last = object.blockOf(end - 1);
            accessor.installWindow(object.windowAround(last, Thread.currentThread(), write, accessor.window()));
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    // ---- bulk memory operations (§4.4) ----------------------------------------------------------------

    /** Sets {@code length} bytes of {@code object} from {@code offset} to {@code byteValue}. */
    public void memset(SharedObject object, long offset, int byteValue, long length) {
        checkOpen();
        checkOwned(object);
        object.checkLive();
        checkRange(object, offset, length);
        callLock.lock();
        try {
            awaitAnyKernelLocked();
            protocol.drainAsyncTransfers();
            protocol.memset(object, offset, byteValue, length);
        } finally {
            callLock.unlock();
        }
    }

    /** Copies {@code length} bytes between shared objects; the ranges must not overlap. */
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
        callLock.lock();
        try {
            awaitAnyKernelLocked();
            protocol.drainAsyncTransfers();
            protocol.memcpy(dst, dstOffset, src, srcOffset, length);
        } finally {
            callLock.unlock();
        }
    }

    /** Sends every dirty block of every object to the accelerator now (the SPI's "flush dirty"). */
    public void flushDirty() {
        checkOpen();
        callLock.lock();
        try {
            awaitAnyKernelLocked();
            protocol.drainAsyncTransfers();
            protocol.flushDirty(objects());
        } finally {
            callLock.unlock();
        }
    }

    /** Waits until every eager eviction started so far has reached the accelerator. */
    public void drainEvictions() {
        protocol.drainAsyncTransfers();
    }

    // ---- statistics -------------------------------------------------------------------------------

    public TransferSnapshot stats() {
        return counters.snapshot();
    }

    public void resetStats() {
        counters.reset();
    }

    // ---- lifecycle ----------------------------------------------------------------------------------

    /** Waits for a kernel in flight (ignoring its failure), frees every object and stops the threads. */
    @Override
    public void close() {
        callLock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            InFlightCall call = inFlight;
            if (call != null) {
                call.await();
                call.checkpoint.discard();
                inFlight = null;
                protocol.kernelReturned();
            }
            protocol.close();
            for (SharedObject object : objects()) {
                object.markFreed();
                byAddress.remove(object.address(), object);
                try {
                    accelerator.free(object.deviceAddress());
                } catch (AcceleratorException e) {
                    // closing frees what it can
                }
            }
            if (acceleratorThread != null) {
                acceleratorThread.shutdown();
            }
        } finally {
            callLock.unlock();
        }
    }

    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new CoherenceException(CoherenceException.Kind.CLOSED, "the shared memory manager is closed");
        }
    }

    private void checkOwned(SharedObject object) {
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

    /** A kernel call that has not been synced. */
    private static final class InFlightCall {
        final WriteScope writes;
        final Set<SharedObject> written;
        final List<SharedObject> writtenList;
        final KernelCheckpoint checkpoint;
        private final Future<?> done;

        InFlightCall(
                WriteScope writes,
                Set<SharedObject> written,
                List<SharedObject> writtenList,
                KernelCheckpoint checkpoint,
                Future<?> done) {
            this.writes = writes;
            this.written = written;
            this.writtenList = writtenList;
            this.checkpoint = checkpoint;
            this.done = done;
        }

        /** Waits for the kernel (not interruptibly; the interrupt is kept); returns its failure or null. */
        Throwable await() {
            boolean interrupted = false;
            try {
                for (; ; ) {
                    try {
                        done.get();
                        return null;
                    } catch (ExecutionException e) {
                        return e.getCause();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
