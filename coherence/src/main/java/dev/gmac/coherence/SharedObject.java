package dev.gmac.coherence;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One allocation in the shared address space (ADSM paper §4.2): an accelerator allocation, a host copy of
 * the same size in off-heap memory, and the coherence state of its fixed-size blocks (§4.3; one block for
 * batch- and lazy-update, which work at object granularity).
 *
 * <p>An object belongs to one {@link ExecutionContext} at a time ({@link #owner()}): the calls of that
 * context release and acquire it, and the context's instance of the object's protocol handles its faults.
 * Any thread may read and write it, ordered with the owner's calls by the program.
 *
 * <p>Host code reaches the host copy only through {@link HostAccessor}s; the object remembers them (weakly)
 * so that a transition that takes permission away can empty their cached windows.
 *
 * <h2>Writers</h2>
 *
 * <p>The object records which threads may hold a cached write window on it since the last release: none,
 * one thread, or "several". A thread joins before it computes a window with write permission (or writes in
 * bulk). Rolling-update evicts a dirty block only when the evicting thread is the sole writer (or there is
 * none): a block written through another thread's cached window could otherwise be marked read-only after
 * the eviction copied it but before that thread's store landed, losing the store. Joining is a CAS and the
 * evictor's check a volatile read that follows its state CAS, so the two sides form a Dekker handshake (see
 * {@link BlockTable}). A release resets the writers; the program's own synchronization orders every host
 * access before the release (release consistency, §3.3).
 */
public final class SharedObject {
    private static final Object SEVERAL = new Object() {
        @Override
        public String toString() {
            return "several threads";
        }
    };

    private static final VarHandle WRITERS;
    private static final VarHandle FREED;
    private static final VarHandle OWNER;
    private static final VarHandle PROTOCOL;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITERS = lookup.findVarHandle(SharedObject.class, "writers", Object.class);
            FREED = lookup.findVarHandle(SharedObject.class, "freed", boolean.class);
            OWNER = lookup.findVarHandle(SharedObject.class, "owner", ExecutionContext.class);
            PROTOCOL = lookup.findVarHandle(SharedObject.class, "protocol", CoherenceProtocol.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SharedMemoryManager manager;
    private final long id;
    private final long deviceAddress;
    private final long address;
    private final int byteSize;
    private final int blockSize;
    private final int blockCount;
    private final ByteBuffer host;
    private final ObjectHints hints;
    private final boolean tracksRanges;
    private volatile boolean readMostly;
    // The unit, in blocks, of the host's sequential write stream over this object (decision 0118): a hint read and
    // written racily by the write-fault slow path. Any value is safe: it only decides how many read-only blocks a
    // fault claims ahead, each by CAS, and an int is never torn.
    private int writeStreamUnit = 1;
    private final ObjectTraffic traffic = new ObjectTraffic();
    final BlockTable blocks;
    private final CopyOnWriteArrayList<WeakReference<HostAccessor>> accessors = new CopyOnWriteArrayList<>();

    @SuppressWarnings("unused") // accessed through WRITERS
    private volatile Object writers;

    @SuppressWarnings("unused") // accessed through FREED
    private volatile boolean freed;

    @SuppressWarnings("unused") // accessed through OWNER
    private volatile ExecutionContext owner;

    @SuppressWarnings("unused") // accessed through PROTOCOL
    private volatile CoherenceProtocol protocol;

    SharedObject(
            SharedMemoryManager manager,
            ExecutionContext owner,
            CoherenceProtocol protocol,
            long id,
            long deviceAddress,
            long address,
            int byteSize,
            int blockSize,
            ByteBuffer host,
            int initialState,
            ObjectHints hints) {
        this.manager = manager;
        OWNER.setVolatile(this, owner);
        PROTOCOL.setVolatile(this, protocol);
        this.id = id;
        this.deviceAddress = deviceAddress;
        this.address = address;
        this.byteSize = byteSize;
        this.blockSize = blockSize;
        this.blockCount = (int) (((long) byteSize + blockSize - 1) / blockSize);
        this.host = host.order(ByteOrder.LITTLE_ENDIAN);
        this.hints = hints;
        this.readMostly = hints.readMostly();
        this.tracksRanges = protocol.kind() == ProtocolKind.ROLLING
                && (hints.subBlock() != null
                        ? hints.subBlock()
                        : manager.config().subBlock());
        this.blocks = new BlockTable(blockCount, initialState, tracksRanges);
    }

    /** Allocation order within its manager, from 1. */
    public long id() {
        return id;
    }

    /** The accelerator address of the allocation. */
    public long deviceAddress() {
        return deviceAddress;
    }

    /**
     * The address the program sees: equal to {@link #deviceAddress()} (one address on both sides, §4.2),
     * except for a safe allocation, whose address is valid on the host only ({@code adsmSafeAlloc}).
     */
    public long address() {
        return address;
    }

    /** Whether the host address differs from the device address ({@code adsmSafeAlloc}). */
    public boolean isSafeAllocation() {
        return address != deviceAddress;
    }

    public long byteSize() {
        return byteSize;
    }

    public int blockSize() {
        return blockSize;
    }

    public int blockCount() {
        return blockCount;
    }

    /** The current state of block {@code block}. */
    public BlockState state(int block) {
        return BlockState.of(blocks.get(block));
    }

    /** What moved for this object so far (since the last reset of the statistics). */
    public ObjectTraffic.Snapshot traffic() {
        return traffic.snapshot(this);
    }

    ObjectTraffic counts() {
        return traffic;
    }

    /** The hints the object was allocated with. */
    public ObjectHints hints() {
        return hints;
    }

    /** Whether the object is advised read-mostly: a read fault then fetches its whole block. */
    /**
     * The size in blocks of the next unit of a sequential write stream (decision 0118): twice the last one when this
     * fault continues the stream (a write that starts a block whose predecessor is dirty to its end), at most {@code
     * cap}; one block, and the stream starts again, when it does not.
     */
    int nextWriteStreamUnit(boolean continuesStream, int cap) {
        int unit = continuesStream ? Math.min(cap, Math.max(1, writeStreamUnit) * 2) : 1;
        writeStreamUnit = unit;
        return unit;
    }

    public boolean readMostly() {
        return readMostly;
    }

    /** Advises (or stops advising) that the object is read far more than written. */
    public void adviseReadMostly(boolean value) {
        readMostly = value;
    }

    /** Whether the object tracks valid and dirty ranges inside its blocks (rolling-update, sub-block hint). */
    public boolean tracksRanges() {
        return tracksRanges;
    }

    /**
     * A description of block {@code block}'s sub-block ranges for tests and diagnostics: {@code "whole"}, or
     * the valid and dirty byte ranges relative to the block.
     */
    public String describeRanges(int block) {
        BlockRanges r = blocks.ranges(block);
        return r == null ? "whole" : "valid=" + (r.valid() == null ? "whole" : r.valid()) + " dirty=" + r.dirty();
    }

    /** The valid ranges of block {@code block} in state {@code state} with ranges {@code r}. */
    Ranges validOf(int block, int state, BlockRanges r) {
        if (r != null) {
            return r.valid() == null ? Ranges.of(0, blockLength(block)) : r.valid();
        }
        return BlockTable.readable(state) ? Ranges.of(0, blockLength(block)) : Ranges.EMPTY;
    }

    /** The dirty ranges of block {@code block} in state {@code state} with ranges {@code r}. */
    Ranges dirtyOf(int block, int state, BlockRanges r) {
        if (state != BlockTable.DIRTY && state != BlockTable.FLUSHING) {
            return Ranges.EMPTY;
        }
        return r == null || r.dirty() == null ? Ranges.of(0, blockLength(block)) : r.dirty();
    }

    /** Whether the whole host copy of block {@code block} is valid now (read-only, or dirty without gaps). */
    boolean hostValidWhole(int block) {
        int state = blocks.get(block);
        if (state == BlockTable.READ_ONLY) {
            return true;
        }
        if (state != BlockTable.DIRTY && state != BlockTable.FLUSHING) {
            return false;
        }
        BlockRanges r = blocks.ranges(block);
        return r == null || r.valid() == null;
    }

    /** The block that holds byte {@code offset}. */
    public int blockOf(long offset) {
        return (int) (offset / blockSize);
    }

    /** First byte of block {@code block}. */
    public long blockStart(int block) {
        return (long) block * blockSize;
    }

    /** Length of block {@code block} (the last one may be shorter). */
    public int blockLength(int block) {
        return (int) Math.min(blockSize, byteSize - blockStart(block));
    }

    public boolean isFreed() {
        return (boolean) FREED.getVolatile(this);
    }

    public SharedMemoryManager manager() {
        return manager;
    }

    /**
     * The execution context that owns the object: its calls release and acquire it (the context that
     * allocated it, or the one it was last handed to with {@link ExecutionContext#adopt}).
     */
    public ExecutionContext owner() {
        return (ExecutionContext) OWNER.getVolatile(this);
    }

    /** The protocol instance that handles the object: the owning context's instance of its protocol. */
    public CoherenceProtocol protocol() {
        return (CoherenceProtocol) PROTOCOL.getVolatile(this);
    }

    /**
     * Hands the object to {@code context}; the caller holds both contexts' call locks. The handler is
     * published before the owner (both volatile): a slow path that reads the new owner then reads a handler
     * of that owner. Operations that need the pair stable lock the owner and re-read it.
     */
    void moveTo(ExecutionContext context, CoherenceProtocol handler) {
        PROTOCOL.setVolatile(this, handler);
        OWNER.setVolatile(this, context);
    }

    @Override
    public String toString() {
        return "SharedObject#" + id + "[0x" + Long.toHexString(address) + ", " + byteSize + " bytes, " + blockCount
                + " block(s)]";
    }

    // ---- host copy ----------------------------------------------------------------------------------

    /** The whole host copy (little-endian); callers use absolute indexes only. */
    ByteBuffer host() {
        return host;
    }

    /** A view of host bytes [offset, offset + length). */
    ByteBuffer hostSlice(long offset, int length) {
        return host.slice((int) offset, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A view of the host copy of block {@code block}. */
    ByteBuffer hostBlock(int block) {
        return hostSlice(blockStart(block), blockLength(block));
    }

    // ---- lifecycle ----------------------------------------------------------------------------------

    void markFreed() {
        FREED.setVolatile(this, true);
        revokeWindows();
    }

    void checkLive() {
        if (isFreed()) {
            if (manager.isClosed()) {
                throw new CoherenceException(
                        CoherenceException.Kind.CLOSED, this + " is used after its runtime was closed");
            }
            throw new CoherenceException(CoherenceException.Kind.USE_AFTER_FREE, this + " is used after it was freed");
        }
    }

    // ---- writers ------------------------------------------------------------------------------------

    /** Records that {@code thread} may write this object through a cached window. */
    void joinWriters(Thread thread) {
        for (; ; ) {
            Object current = WRITERS.getVolatile(this);
            if (current == thread || current == SEVERAL) {
                return;
            }
            Object next = current == null ? thread : SEVERAL;
            if (WRITERS.compareAndSet(this, current, next)) {
                return;
            }
        }
    }

    /** Whether no thread other than {@code thread} may write this object through a cached window. */
    boolean writableOnlyBy(Thread thread) {
        Object current = WRITERS.getVolatile(this);
        return current == null || current == thread;
    }

    /** Forgets the writers: called at a release, after every window has been emptied. */
    void resetWriters() {
        WRITERS.setVolatile(this, null);
    }

    // ---- accessors and windows ----------------------------------------------------------------------

    void register(HostAccessor accessor) {
        accessors.removeIf(reference -> reference.get() == null);
        accessors.add(new WeakReference<>(accessor));
    }

    /** Empties the window of every accessor: their next access takes the slow path. */
    void revokeWindows() {
        for (WeakReference<HostAccessor> reference : accessors) {
            HostAccessor accessor = reference.get();
            if (accessor != null) {
                accessor.revokeWindow();
            }
        }
    }

    /** Most blocks one window scan looks at on each side of the faulting block. */
    private static final int WINDOW_SCAN_BLOCKS = 512;

    /**
     * The window for {@code thread} around block {@code block}: the run of readable blocks that contains it
     * and, when {@code write} (the thread has joined the writers), the run of dirty blocks that contains it.
     *
     * <p>{@code previous} is the accessor's current window. If it belongs to {@code thread} it is still valid
     * (every loss of permission empties the windows of all accessors of the object), so its runs are kept
     * and only extended past {@code block}: a sequence of faults on consecutive blocks costs O(1) each
     * instead of a rescan. Each scan looks at most {@link #WINDOW_SCAN_BLOCKS} blocks on a side.
     */
    Window windowAround(int block, long offset, Thread thread, boolean write, Window previous) {
        int state = blocks.get(block);
        BlockRanges r = blocks.ranges(block);
        if (r != null) {
            return partialWindow(block, state, r, offset, thread, write);
        }
        if (!BlockTable.readable(state)) {
            return Window.EMPTY;
        }
        // A window inside a block with sub-block ranges is not block-aligned and is never extended.
        boolean reuse = previous.owner == thread
                && previous.readHi > previous.readLo
                && blockAligned(previous.readLo)
                && blockAligned(previous.readHi);
        int lo;
        int hi;
        int prevLo = reuse ? blockOf(previous.readLo) : 0;
        int prevHi = reuse ? (int) ((previous.readHi + blockSize - 1) / blockSize) : 0;
        if (reuse && block >= prevLo && block < prevHi) {
            lo = prevLo;
            hi = prevHi;
        } else if (reuse && block == prevHi) {
            lo = prevLo;
            hi = scanUp(block, blockCount, false);
        } else if (reuse && block == prevLo - 1) {
            lo = scanDown(block, 0, false);
            hi = prevHi;
        } else {
            lo = scanDown(block, 0, false);
            hi = scanUp(block, blockCount, false);
        }
        long writeLo = 0;
        long writeHi = 0;
        if (write && blocks.get(block) == BlockTable.DIRTY) {
            boolean reuseWrite = reuse
                    && previous.writeHi > previous.writeLo
                    && blockAligned(previous.writeLo)
                    && blockAligned(previous.writeHi);
            int prevWlo = reuseWrite ? blockOf(previous.writeLo) : 0;
            int prevWhi = reuseWrite ? (int) ((previous.writeHi + blockSize - 1) / blockSize) : 0;
            int wlo;
            int whi;
            if (reuseWrite && block >= prevWlo && block < prevWhi) {
                wlo = prevWlo;
                whi = prevWhi;
            } else if (reuseWrite && block == prevWhi) {
                wlo = prevWlo;
                whi = scanUp(block, hi, true);
            } else if (reuseWrite && block == prevWlo - 1) {
                wlo = scanDown(block, lo, true);
                whi = prevWhi;
            } else {
                wlo = scanDown(block, lo, true);
                whi = scanUp(block, hi, true);
            }
            writeLo = blockStart(wlo);
            writeHi = Math.min(byteSize, blockStart(whi));
        } else if (!write
                && reuse
                && previous.writeHi > previous.writeLo
                && blockAligned(previous.writeLo)
                && blockAligned(previous.writeHi)
                && previous.writeLo >= blockStart(lo)
                && previous.writeHi <= Math.min(byteSize, blockStart(hi))) {
            // A read miss keeps the write permission the thread already had (still valid, see above).
            writeLo = previous.writeLo;
            writeHi = previous.writeHi;
        }
        return new Window(thread, blockStart(lo), Math.min(byteSize, blockStart(hi)), writeLo, writeHi);
    }

    /**
     * The window inside a block with sub-block ranges: the valid range that holds {@code offset} and, when
     * writing a dirty block, the dirty range that holds it. It does not reach into other blocks.
     */
    private Window partialWindow(int block, int state, BlockRanges r, long offset, Thread thread, boolean write) {
        long start = blockStart(block);
        int at = (int) (offset - start);
        Ranges valid = validOf(block, state, r);
        int i = valid.indexOf(at);
        if (i < 0) {
            return Window.EMPTY;
        }
        long writeLo = 0;
        long writeHi = 0;
        if (write && state == BlockTable.DIRTY) {
            Ranges dirty = dirtyOf(block, state, r);
            int j = dirty.indexOf(at);
            if (j >= 0) {
                writeLo = start + dirty.lo(j);
                writeHi = start + dirty.hi(j);
            }
        }
        return new Window(thread, start + valid.lo(i), start + valid.hi(i), writeLo, writeHi);
    }

    /** The first block of the run that ends at {@code block} (readable, or dirty when {@code dirty}). */
    private int scanDown(int block, int floor, boolean dirty) {
        int lo = block;
        while (lo > floor && block - lo < WINDOW_SCAN_BLOCKS && matches(lo - 1, dirty)) {
            lo--;
        }
        return lo;
    }

    /** One past the last block of the run that starts at {@code block}. */
    private int scanUp(int block, int ceiling, boolean dirty) {
        int hi = block + 1;
        while (hi < ceiling && hi - block < WINDOW_SCAN_BLOCKS && matches(hi, dirty)) {
            hi++;
        }
        return hi;
    }

    /** Whether byte {@code offset} is a block boundary (or the end of the object). */
    private boolean blockAligned(long offset) {
        return offset % blockSize == 0 || offset == byteSize;
    }

    /** Whether a whole neighbouring block extends a run (blocks with sub-block ranges end runs). */
    private boolean matches(int block, boolean dirty) {
        int state = blocks.get(block);
        if (blocks.ranges(block) != null) {
            return false;
        }
        return dirty ? state == BlockTable.DIRTY : BlockTable.readable(state);
    }
}
