package dev.gmac.coherence;

/**
 * A coherence protocol: the state machine that keeps the host and accelerator copies of shared objects
 * consistent under release consistency (ADSM paper §3.3 and §4.3), in the shape GMAC's memory manager
 * converged on: signal read, signal write, release at a kernel call, acquire at a kernel return, flush
 * dirty data, bring data to the host, and the memset/memcpy helpers of §4.4.
 *
 * <p>Each {@link ExecutionContext} has its own instance of each protocol (rolling-update's dirty-block queue
 * and rolling size belong to one context), and each shared object is handled by the instance of the
 * context that owns it. The context and the {@link SharedMemoryManager} call these methods; they check
 * liveness, wait for kernels in flight, hold the owning context's call lock around {@link #release},
 * {@link #acquire}, {@link #memset} and the bulk copies, and drain the DMA engine before them. {@link
 * #signalRead} and {@link #signalWrite} run on host threads without any lock, possibly several at once on
 * the same block: implementations make every transition a CAS on the block's state.
 *
 * <p>Implementations: {@link BatchUpdate}, {@link LazyUpdate}, {@link RollingUpdate}.
 */
public interface CoherenceProtocol {

    ProtocolKind kind();

    /** Block size for an object of {@code objectBytes} bytes (the object size for object granularity). */
    int blockSizeFor(long objectBytes);

    /**
     * Whether a call releases every object of its context under this protocol, whether or not the kernel
     * reaches it (batch-update, as the paper defines it), instead of only the objects the kernel reaches.
     */
    default boolean releasesWholeContext() {
        return false;
    }

    /** The state every block of a new object starts in. */
    BlockState initialState();

    /** A new object exists (its blocks are in {@link #initialState()}). */
    void allocated(SharedObject object);

    /** An object is about to be freed (no DMA is pending on it). */
    void freed(SharedObject object);

    /** An object of another context was handed to this protocol's context (its blocks keep their states). */
    void attached(SharedObject object);

    /** An object is being handed to another context (no DMA is pending on it): forget it. */
    void detached(SharedObject object);

    /**
     * A host read reached block {@code block} and found no window: make the block readable.
     *
     * @return whether this was a fault (the protocol had to act), for the read-fault count
     */
    boolean signalRead(SharedObject object, int block);

    /**
     * A host write reached block {@code block} and found no window: make the block writable (dirty), fetching
     * it first if it is invalid. The calling thread joins the object's writers first.
     *
     * @return whether this was a fault (the protocol had to act), for the write-fault count
     */
    boolean signalWrite(SharedObject object, int block);

    /**
     * A bulk operation is about to overwrite the whole of block {@code block}: like {@link #signalWrite},
     * but an invalid block need not be fetched. The calling thread joins the object's writers first.
     *
     * @return {@link Overwrite#CLAIMED} when the caller now owns the block and must call {@link
     *     #endOverwrite} after writing it; otherwise whether it was a fault
     */
    Overwrite beginOverwrite(SharedObject object, int block);

    /**
     * Ends a claimed overwrite: {@code completed} makes the block dirty; otherwise it goes back to invalid
     * (the accelerator copy is still right, the host copy is half written).
     */
    void endOverwrite(SharedObject object, int block, boolean completed);

    /**
     * A kernel call of this protocol's context is about to release its objects. From here until {@link
     * #kernelReturned()} the kernel may read the accelerator copy of any object it reaches, so the protocol
     * must not change accelerator copies on its own (rolling-update defers eager evictions).
     */
    void kernelStarting();

    /**
     * Release of one object at a kernel call that reaches it: send what the kernel needs and take away host
     * permissions it must lose.
     *
     * @param written whether the kernel may write the object
     */
    void release(SharedObject object, boolean written);

    /** Acquire of one released object at kernel return (not called when the kernel failed). */
    void acquire(SharedObject object, boolean written);

    /** The call announced by {@link #kernelStarting()} is over (acquired, or failed and recovered). */
    void kernelReturned();

    /**
     * At the sync of a call whose accelerator tracked its writes: the blocks of {@code object} that were wholly
     * valid on the host at the call ({@code validAtCall}) and that the kernel did not write ({@code written})
     * become valid again instead of staying invalid (device-side dirty tracking, decision 0116).
     */
    void unchangedByKernel(SharedObject object, boolean[] validAtCall, java.util.BitSet written);

    /**
     * The kernel of a call failed. Put the host copies that were valid at the call back into use (they hold
     * the call's data; the accelerator copies may be half written): mark them dirty.
     *
     * @param validAtCall per block, whether the whole host copy was valid when the call released it
     * @param rangesAtCall per block, its sub-block ranges at the call (null: none; the whole array may be null)
     */
    void kernelFailed(SharedObject object, boolean[] validAtCall, BlockRanges[] rangesAtCall);

    /** Sends every dirty block of {@code object} to the accelerator now; they become read-only. */
    void flushDirty(SharedObject object);

    /** Makes host bytes [offset, offset + length) of {@code object} valid (fetches invalid blocks). */
    void toHost(SharedObject object, long offset, long length);

    /** memset over a shared object, on the accelerator where that moves fewer bytes (§4.4). */
    void memset(SharedObject object, long offset, int byteValue, long length);

    /** Waits until every asynchronous transfer the protocol started (eager evictions) has finished. */
    void drainAsyncTransfers();

    /** Number of blocks now dirty that the protocol tracks (rolling-update's rolling window), for tests. */
    int dirtyBlocks();

    /** Stops background work. */
    void close();

    /** Outcome of {@link #beginOverwrite}. */
    enum Overwrite {
        /** The block was already writable. */
        HIT,
        /** The block became writable (a read-only block became dirty). */
        FAULT,
        /** The caller owns the (invalid) block and must call {@link #endOverwrite}. */
        CLAIMED
    }
}
