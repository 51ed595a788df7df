package dev.gmac.api;

import dev.gmac.coherence.CoherenceException;
import dev.gmac.coherence.ExecutionContext;

/**
 * An execution context of an {@link Adsm} runtime: it owns shared buffers and makes kernel calls. As in GMAC,
 * every host thread has its own ({@link Adsm#context()}, which {@link Adsm}'s own {@code adsmAlloc}, {@code
 * adsmCall} and {@code adsmSync} use), and objects belong to the context that allocated them (ADSM paper,
 * Gelado et al., ASPLOS 2010, §3.2-§4.1). {@link Adsm#newContext} makes an explicit one, for work that moves
 * between threads (a task on a pool, a pipeline stage).
 *
 * <p>The sharing rules (docs/adsm.md, "Contexts"):
 *
 * <ul>
 *   <li>A call releases only buffers its context owns, and of those only the ones the kernel can reach (its
 *       buffer arguments and what the call names; batch-update releases every buffer of the context); its
 *       sync acquires only what the call released. A call that reaches a buffer of another context is an
 *       {@link AdsmException} ({@link AdsmException.Reason#OTHER_CONTEXT}).
 *   <li>Contexts do not see each other's calls: a call, a sync or a host access in one never waits for
 *       another's kernel, and their kernels run side by side.
 *   <li>Any thread may read and write any buffer, ordered with the owning context's calls by the program's
 *       own synchronization.
 *   <li>Handing a buffer to another context is explicit: {@link #adopt}.
 * </ul>
 *
 * <p>Thread-safe: several threads may use one context; its calls are then ordered by the context (one
 * kernel in flight; a call while one runs first waits for it).
 */
public final class AdsmContext {
    private final Adsm adsm;
    private final ExecutionContext context;

    AdsmContext(Adsm adsm, ExecutionContext context) {
        this.adsm = adsm;
        this.context = context;
    }

    /** The runtime this context belongs to. */
    public Adsm runtime() {
        return adsm;
    }

    /** The context's name: {@code thread 'NAME'} for a thread's own context, or the explicit name. */
    public String name() {
        return context.name();
    }

    ExecutionContext context() {
        return context;
    }

    /** Allocates a shared buffer owned by this context (zero-filled; its address is valid on both sides). */
    public SharedBuffer adsmAlloc(long bytes) {
        return adsm.allocate(this, bytes, false, AllocHints.defaults());
    }

    /** A shared buffer owned by this context, with per-buffer hints ({@link AllocHints}). */
    public SharedBuffer adsmAlloc(long bytes, AllocHints hints) {
        return adsm.allocate(this, bytes, false, hints);
    }

    /** A shared buffer of {@code n} floats owned by this context, zero-filled, seen as floats. */
    public FloatView allocFloats(long n) {
        return adsmAlloc(Adsm.elementBytes(n, Float.BYTES, "float")).asFloats();
    }

    /** A shared buffer of {@code n} ints owned by this context, zero-filled, seen as ints. */
    public IntView allocInts(long n) {
        return adsmAlloc(Adsm.elementBytes(n, Integer.BYTES, "int")).asInts();
    }

    /** A shared buffer of {@code n} longs owned by this context, zero-filled, seen as longs. */
    public LongView allocLongs(long n) {
        return adsmAlloc(Adsm.elementBytes(n, Long.BYTES, "long")).asLongs();
    }

    /** A shared buffer of {@code n} doubles owned by this context, zero-filled, seen as doubles. */
    public DoubleView allocDoubles(long n) {
        return adsmAlloc(Adsm.elementBytes(n, Double.BYTES, "double")).asDoubles();
    }

    /** {@link Adsm#adsmSafeAlloc(long)} in this context. */
    public SharedBuffer adsmSafeAlloc(long bytes) {
        return adsm.allocate(this, bytes, true, AllocHints.defaults());
    }

    /**
     * Releases the buffers the kernel can reach and starts it on the accelerator; returns without waiting.
     * See {@link Adsm#adsmCall(PtxKernel, Dim3, Dim3, Object...)}.
     */
    public void adsmCall(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        adsm.launch(this, kernel, grid, block, null, null, false, 0, args);
    }

    /** {@link #adsmCall(PtxKernel, Dim3, Dim3, Object...)} annotated with the buffers the kernel may write. */
    public void adsmCall(PtxKernel kernel, Dim3 grid, Dim3 block, WriteSet writes, Object... args) {
        if (writes == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the write set must not be null");
        }
        adsm.launch(this, kernel, grid, block, writes, null, false, 0, args);
    }

    /** The fluent form of a call in this context. */
    public CallOptions call(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        return new CallOptions(adsm, this, kernel, grid, block, args);
    }

    /** Waits for this context's kernel in flight and acquires what its call released (§3.3). */
    public void adsmSync() {
        try {
            context.sync();
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /** Whether this context has a call that has not been synced. */
    public boolean kernelInFlight() {
        return context.kernelInFlight();
    }

    /**
     * Takes ownership of {@code buffer} from the context that owns it: from now on this context's calls
     * release and acquire it. Waits first for a kernel of the old owner that reaches the buffer. The program
     * must order the hand-over with the old owner's use of the buffer.
     */
    public void adopt(SharedBuffer buffer) {
        try {
            context.adopt(adsm.own(buffer));
        } catch (CoherenceException e) {
            throw AdsmErrors.from(e);
        }
    }

    /** Whether this context owns {@code buffer}. */
    public boolean owns(SharedBuffer buffer) {
        return context.owns(adsm.own(buffer));
    }

    /**
     * What this context's calls, faults and bulk operations moved, and its timeline (the runtime's {@link
     * Adsm#stats()} sums all contexts and has the kernel cycles).
     */
    public TransferStats stats() {
        java.util.List<dev.gmac.coherence.ObjectTraffic.Snapshot> rows = new java.util.ArrayList<>();
        for (dev.gmac.coherence.SharedObject object : context.objects()) {
            rows.add(object.traffic());
        }
        return new TransferStatsSnapshot(
                context.stats(), context.timeline(), rows, 0, 0, java.util.List.of(context.timelineTrace()));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AdsmContext that && that.context == context;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(context);
    }

    @Override
    public String toString() {
        return "AdsmContext[" + context.name() + "]";
    }
}
