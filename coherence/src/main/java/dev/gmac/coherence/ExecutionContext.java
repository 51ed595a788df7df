package dev.gmac.coherence;

import dev.gmac.coherence.transfer.ExecutionTimeline;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TransferCounters;
import dev.gmac.coherence.transfer.TransferEngine;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An execution context: the unit that owns shared objects and makes kernel calls. GMAC gives every host
 * thread its own context, and objects belong to one (ADSM paper, Gelado et al., ASPLOS 2010, §4.1: the kernel
 * scheduler and the per-thread accelerator contexts; the objects "explicitly assigned to the method", §3.2).
 * Here each host thread gets a context the first time it uses a runtime ({@link
 * SharedMemoryManager#currentContext()}), and a program may create explicit ones ({@link
 * SharedMemoryManager#newContext}) for work that moves between threads.
 *
 * <h2>What a context isolates</h2>
 *
 * <ul>
 *   <li>A call releases only objects this context owns, and of those only what the kernel can reach ({@link
 *       Reach}; batch-update releases all of the context's objects); a sync acquires only what its call
 *       released. Another context's calls never touch this context's objects, and its kernels run beside
 *       this one's: two threads on one runtime never see each other's calls.
 *   <li>One kernel of the context is in flight at a time: a call while one runs first waits for it (an
 *       implicit sync). A host access (by any thread) to an object the context's kernel in flight may write
 *       waits for that kernel, or throws in strict mode.
 *   <li>Each context has its own protocol instances: rolling-update's rolling size grows with the context's
 *       allocations and its dirty-block queue holds only the context's blocks.
 *   <li>Transfers are counted per context; the runtime's statistics are the sum over its contexts.
 * </ul>
 *
 * <p>Handing an object to another context is explicit: {@link #adopt} (after waiting for a kernel of the old
 * owner that reaches it). Any thread may read and write any object; the program orders those accesses with
 * the owner's calls (release consistency, §3.3), as it would order them with {@code cudaMemcpy}.
 *
 * <h2>Concurrency</h2>
 *
 * <p>{@link #callLock} guards the call in flight, the pending failure and every protocol operation that
 * changes the states of the context's objects as a whole (release, acquire, memset, memcpy, flush, free,
 * hand-over); an operation on objects of two contexts takes both locks in context-id order. {@link
 * #inFlight} is volatile: an accessor's slow path (on any thread) reads it without the lock, and takes the
 * lock only to wait for the kernel. The owned-object map is concurrent.
 */
public final class ExecutionContext {
    private final SharedMemoryManager manager;
    private final long id;
    private final String name;
    private final WeakReference<Thread> thread;
    private final TransferCounters counters;
    private final ExecutionTimeline timeline;
    private final TransferEngine transfers;
    private final EnumMap<ProtocolKind, AbstractProtocol> protocols = new EnumMap<>(ProtocolKind.class);
    final ReentrantLock callLock = new ReentrantLock();
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();
    private final ConcurrentSkipListMap<Long, SharedObject> owned = new ConcurrentSkipListMap<>();
    private volatile InFlightCall inFlight;
    private CoherenceException pendingFailure; // guarded by callLock

    ExecutionContext(SharedMemoryManager manager, long id, String name, Thread thread) {
        this.manager = manager;
        this.id = id;
        this.name = name;
        this.thread = thread == null ? null : new WeakReference<>(thread);
        CoherenceConfig config = manager.config();
        this.counters = new TransferCounters(config.costModel());
        this.timeline = new ExecutionTimeline(counters, manager.hostCosts());
        this.transfers = new TransferEngine(manager.accelerator(), counters, timeline);
        protocols.put(ProtocolKind.BATCH, new BatchUpdate(transfers, config));
        protocols.put(ProtocolKind.LAZY, new LazyUpdate(transfers, config));
        protocols.put(
                ProtocolKind.ROLLING, new RollingUpdate(transfers, config, manager.dma(), this::recordAsyncFailure));
    }

    /** Creation order within the runtime, from 1. */
    public long id() {
        return id;
    }

    /** A name for messages: the thread's for a thread's own context, the given one for explicit ones. */
    public String name() {
        return name;
    }

    public SharedMemoryManager manager() {
        return manager;
    }

    /** Whether this is a host thread's own context (rather than one made with {@code newContext}). */
    public boolean isThreadContext() {
        return thread != null;
    }

    /** Whether this is a thread's context whose thread has ended. */
    boolean threadEnded() {
        if (thread == null) {
            return false;
        }
        Thread t = thread.get();
        return t == null || !t.isAlive();
    }

    /** Whether the context owns nothing and has nothing in flight or to report (it can be dropped). */
    boolean retirable() {
        if (!callLock.tryLock()) {
            return false;
        }
        try {
            return owned.isEmpty() && inFlight == null && pendingFailure == null && asyncFailure.get() == null;
        } finally {
            callLock.unlock();
        }
    }

    /** This context's instance of the runtime's default protocol. */
    public CoherenceProtocol protocol() {
        return protocol(manager.config().protocol());
    }

    /** This context's instance of {@code kind}. */
    public CoherenceProtocol protocol(ProtocolKind kind) {
        return protocols.get(kind);
    }

    TransferEngine transfers() {
        return transfers;
    }

    /** The live objects this context owns, in allocation order. */
    public List<SharedObject> objects() {
        return new ArrayList<>(owned.values());
    }

    /** Whether this context owns {@code object}. */
    public boolean owns(SharedObject object) {
        return object.owner() == this;
    }

    @Override
    public String toString() {
        return "context " + name;
    }

    // ---- allocation ---------------------------------------------------------------------------------

    /** Allocates a shared object owned by this context ({@code adsmAlloc}). */
    public SharedObject allocate(long bytes) {
        return manager.allocate(this, bytes, false, ObjectHints.defaults());
    }

    /** Allocates a shared object owned by this context, with per-object hints (protocol, block size, ...). */
    public SharedObject allocate(long bytes, ObjectHints hints) {
        if (hints == null) {
            throw new IllegalArgumentException("hints must not be null");
        }
        return manager.allocate(this, bytes, false, hints);
    }

    /** Allocates a safe shared object owned by this context ({@code adsmSafeAlloc}). */
    public SharedObject allocateSafe(long bytes) {
        return manager.allocate(this, bytes, true, ObjectHints.defaults());
    }

    void added(SharedObject object) {
        owned.put(object.id(), object);
    }

    void removed(SharedObject object) {
        owned.remove(object.id(), object);
    }

    // ---- calls and syncs ------------------------------------------------------------------------------

    /** A call whose kernel may reach every object of the context (the paper's unannotated call, §3.3). */
    public void call(WriteScope writes, KernelTask kernel) {
        call(Reach.wholeContext(), writes, kernel);
    }

    /**
     * Releases the objects the kernel can reach and starts {@code kernel} on an accelerator thread; returns
     * at once.
     *
     * @param reach the objects the kernel may access; every one must be owned by this context
     * @param writes the objects the kernel may write ({@link WriteScope#all()} unless annotated or inferred)
     */
    public void call(Reach reach, WriteScope writes, KernelTask kernel) {
        manager.checkOpen();
        for (SharedObject object : reach.objects()) {
            checkReachable(object);
        }
        for (SharedObject object : writes.objects()) {
            manager.checkOwned(object);
            object.checkLive();
        }
        callLock.lock();
        timeline.enter();
        try {
            if (inFlight != null) {
                syncLocked(true);
            }
            throwPendingFailure();
            manager.dma().drain();
            throwAsyncFailure();
            for (SharedObject object : reach.objects()) {
                checkReachable(object); // still ours, still live, now that we hold the lock
            }
            Set<SharedObject> released = identitySet();
            List<SharedObject> releasedList = new ArrayList<>();
            for (SharedObject object : owned.values()) {
                if (reach.isWholeContext()
                        || reach.objects().contains(object)
                        || object.protocol().releasesWholeContext()) {
                    released.add(object);
                    releasedList.add(object);
                }
            }
            Set<SharedObject> written = identitySet();
            List<SharedObject> writtenList = new ArrayList<>();
            for (SharedObject object : releasedList) {
                boolean writes0 = object.protocol().releasesWholeContext()
                        ? writes.coversUnlessInferred(object)
                        : writes.covers(object);
                if (writes0) {
                    written.add(object);
                    writtenList.add(object);
                }
            }
            KernelCheckpoint checkpoint =
                    KernelCheckpoint.capture(writtenList, manager.config().kernelFaultRecovery(), transfers);
            Map<SharedObject, boolean[]> validAtCall = kernel.tracksDeviceWrites() ? hostValid(writtenList) : null;
            for (AbstractProtocol protocol : protocols.values()) {
                protocol.kernelStarting();
            }
            try {
                for (SharedObject object : releasedList) {
                    transfers.beginRun(); // contiguous dirty blocks go as one DMA request (decision 0118)
                    try {
                        object.protocol().release(object, written.contains(object));
                    } finally {
                        transfers.endRun();
                    }
                }
            } catch (RuntimeException e) {
                checkpoint.discard();
                kernelReturned();
                throw SharedMemoryManager.transferFailure("releasing the shared objects", e);
            }
            timeline.awaitEvictions(); // the kernel reads what eager evictions were still sending
            double start = timeline.launched();
            Future<?> done = manager.submitKernel(kernel);
            inFlight = new InFlightCall(
                    releasedList, released, written, writtenList, checkpoint, done, kernel, start, validAtCall);
        } finally {
            timeline.exit();
            callLock.unlock();
        }
    }

    private void checkReachable(SharedObject object) {
        manager.checkOwned(object);
        object.checkLive();
        if (object.owner() != this) {
            throw new CoherenceException(
                    CoherenceException.Kind.OTHER_CONTEXT,
                    object + " belongs to " + object.owner() + ", not to " + this + ", which makes the call: hand it"
                            + " over first (adopt), or make the call from its context");
        }
    }

    /** Which blocks of each object are wholly valid on the host, for device-side dirty tracking. */
    private static Map<SharedObject, boolean[]> hostValid(List<SharedObject> objects) {
        Map<SharedObject, boolean[]> valid = new IdentityHashMap<>();
        for (SharedObject object : objects) {
            boolean[] whole = new boolean[object.blockCount()];
            for (int block = 0; block < whole.length; block++) {
                AbstractProtocol.stableState(object, block);
                whole[block] = object.hostValidWhole(block);
            }
            valid.put(object, whole);
        }
        return valid;
    }

    private static Set<SharedObject> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** Waits for this context's kernel in flight (if any) and acquires; reports a failed kernel. */
    public void sync() {
        manager.checkOpen();
        callLock.lock();
        timeline.enter();
        try {
            syncLocked(false);
        } finally {
            timeline.exit();
            callLock.unlock();
        }
    }

    /** Whether a kernel call of this context has not been synced yet. */
    public boolean kernelInFlight() {
        return inFlight != null;
    }

    /** The caller holds {@link #callLock}. */
    void syncLocked(boolean implicit) {
        InFlightCall call = inFlight;
        if (call != null) {
            if (implicit) {
                counters.implicitSync();
            }
            timeline.enter(); // an implicit sync may come from a host access, between runtime operations
            try {
                Throwable failure = call.await();
                inFlight = null;
                timeline.kernelEnded(call.start, failure == null ? call.kernel.modelledSeconds() : 0);
                try {
                    if (failure == null) {
                        if (call.validAtCall != null) {
                            for (Map.Entry<SharedObject, boolean[]> entry : call.validAtCall.entrySet()) {
                                java.util.BitSet wrote = call.kernel.writtenBlocks(entry.getKey());
                                if (wrote != null && !entry.getKey().isFreed()) {
                                    entry.getKey()
                                            .protocol()
                                            .unchangedByKernel(entry.getKey(), entry.getValue(), wrote);
                                }
                            }
                        }
                        for (SharedObject object : call.releasedList) {
                            if (!object.isFreed()) {
                                transfers.beginRun();
                                try {
                                    object.protocol().acquire(object, call.written.contains(object));
                                } finally {
                                    transfers.endRun();
                                }
                            }
                        }
                    } else {
                        call.checkpoint.restore();
                        pendingFailure = kernelFailure(failure, call.checkpoint);
                    }
                } finally {
                    call.checkpoint.discard();
                    kernelReturned();
                }
            } finally {
                timeline.exit();
            }
        }
        if (!implicit) {
            throwPendingFailure();
            throwAsyncFailure();
        }
    }

    private void kernelReturned() {
        for (AbstractProtocol protocol : protocols.values()) {
            protocol.kernelReturned();
        }
    }

    /**
     * Waits for the kernel in flight when it may write {@code object} (an implicit sync); called on host
     * accesses by any thread, without the lock.
     */
    void awaitKernelWriting(SharedObject object) {
        InFlightCall call = inFlight;
        if (call == null || !call.written.contains(object)) {
            return;
        }
        if (manager.config().strict()) {
            throw new CoherenceException(
                    CoherenceException.Kind.ACCESS_DURING_KERNEL,
                    "host access to " + object + " while a kernel of " + this + " that may write it is in flight "
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

    /** Waits for the kernel in flight if it reaches {@code object}; the caller holds {@link #callLock}. */
    void awaitKernelReachingLocked(SharedObject object) {
        InFlightCall call = inFlight;
        if (call != null && call.released.contains(object)) {
            syncLocked(true);
        }
    }

    /** Waits for the kernel in flight, whatever it reaches; the caller holds {@link #callLock}. */
    void awaitAnyKernelLocked() {
        if (inFlight != null) {
            syncLocked(true);
        }
    }

    /**
     * At close: waits for a kernel in flight without acquiring (the objects are about to go); returns its
     * failure, or the failure of an earlier kernel nobody synced, or null.
     */
    CoherenceException closeLocked() {
        InFlightCall call = inFlight;
        CoherenceException failure = pendingFailure;
        pendingFailure = null;
        if (call != null) {
            Throwable thrown = call.await();
            call.checkpoint.discard();
            inFlight = null;
            kernelReturned();
            if (thrown != null && failure == null) {
                failure = kernelFailure(thrown, call.checkpoint);
            }
        }
        return failure;
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
            throw SharedMemoryManager.transferFailure("an eager eviction", failure);
        }
    }

    private void recordAsyncFailure(Throwable failure) {
        asyncFailure.compareAndSet(null, failure);
    }

    // ---- hand-over ----------------------------------------------------------------------------------

    /**
     * Takes ownership of {@code object} from the context that owns it: from now on this context's calls
     * release and acquire it, and its dirty blocks count towards this context's rolling size. Waits first for
     * a kernel of the old owner that reaches the object. The program must order the hand-over with the old
     * owner's use of the object (as it orders any host access with the calls).
     */
    public void adopt(SharedObject object) {
        manager.checkOpen();
        manager.checkOwned(object);
        for (; ; ) {
            object.checkLive();
            ExecutionContext from = object.owner();
            if (from == this) {
                return;
            }
            ExecutionContext first = from.id < id ? from : this;
            ExecutionContext second = first == this ? from : this;
            first.callLock.lock();
            second.callLock.lock();
            try {
                if (object.owner() != from) {
                    continue; // handed elsewhere meanwhile: start again
                }
                object.checkLive();
                from.awaitKernelReachingLocked(object);
                manager.dma().drain();
                ProtocolKind kind = object.protocol().kind();
                from.protocols.get(kind).detached(object);
                from.removed(object);
                object.moveTo(this, protocols.get(kind));
                added(object);
                protocols.get(kind).attached(object);
                return;
            } finally {
                second.callLock.unlock();
                first.callLock.unlock();
            }
        }
    }

    // ---- bulk ---------------------------------------------------------------------------------------

    /** Sends every dirty block of this context's objects to the accelerator now. */
    public void flushDirty() {
        manager.checkOpen();
        callLock.lock();
        timeline.enter();
        try {
            awaitAnyKernelLocked();
            manager.dma().drain();
            for (SharedObject object : owned.values()) {
                transfers.beginRun();
                try {
                    object.protocol().flushDirty(object);
                } finally {
                    transfers.endRun();
                }
            }
        } finally {
            timeline.exit();
            callLock.unlock();
        }
    }

    // ---- statistics ---------------------------------------------------------------------------------

    /** What this context's calls, faults and bulk operations moved. */
    public TransferSnapshot stats() {
        return counters.snapshot();
    }

    /** This context's modelled end-to-end time and its break-down (ADSM paper, Figure 10). */
    public TimelineSnapshot timeline() {
        return timeline.snapshot();
    }

    /** The events behind {@link #timeline()}, for a replay (decision 0122). */
    public dev.gmac.coherence.transfer.TimelineTrace timelineTrace() {
        return timeline.trace();
    }

    ExecutionTimeline clock() {
        return timeline;
    }

    /**
     * Brackets runtime work done outside this module on the host thread (loading a kernel, say), so its time
     * does not count as host compute on the timeline: call before it...
     */
    public void enterRuntime() {
        timeline.enter();
    }

    /** ... and after it. */
    public void exitRuntime() {
        timeline.exit();
    }

    public void resetStats() {
        counters.reset();
        timeline.reset();
        for (SharedObject object : owned.values()) {
            object.counts().reset();
        }
    }

    TransferCounters counters() {
        return counters;
    }

    /** A kernel call that has not been synced. */
    private static final class InFlightCall {
        final List<SharedObject> releasedList;
        final Set<SharedObject> released;
        final Set<SharedObject> written;
        final List<SharedObject> writtenList;
        final KernelCheckpoint checkpoint;
        final KernelTask kernel;
        final double start;
        /** Blocks wholly valid on the host at the call, per object the kernel may write; null untracked. */
        final Map<SharedObject, boolean[]> validAtCall;

        private final Future<?> done;

        InFlightCall(
                List<SharedObject> releasedList,
                Set<SharedObject> released,
                Set<SharedObject> written,
                List<SharedObject> writtenList,
                KernelCheckpoint checkpoint,
                Future<?> done,
                KernelTask kernel,
                double start,
                Map<SharedObject, boolean[]> validAtCall) {
            this.releasedList = releasedList;
            this.released = released;
            this.written = written;
            this.writtenList = writtenList;
            this.checkpoint = checkpoint;
            this.done = done;
            this.kernel = kernel;
            this.start = start;
            this.validAtCall = validAtCall;
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
