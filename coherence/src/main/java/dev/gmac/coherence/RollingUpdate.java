package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferEngine;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Rolling-update (ADSM paper §4.3): the detecting state machine per fixed-size block, with at most
 * "rolling size" blocks dirty at once. The rolling size grows by a fixed number of blocks (default 2) on
 * every allocation (and shrinks by as much on every free, so it keeps tracking the live objects). When a
 * write makes a block dirty and the limit is exceeded, the oldest dirty block is flushed to the accelerator
 * <em>asynchronously</em>, by the {@link DmaEngine} thread, and becomes read-only; a read of an invalid
 * block fetches only that block.
 *
 * <h2>Which block is evicted</h2>
 *
 * <p>The oldest dirty block (in the order blocks became dirty) whose object no other thread may be writing
 * through a cached window ({@link SharedObject#writableOnlyBy}); never the block whose fault triggered the
 * eviction (its write has not landed yet). If no block qualifies the limit is exceeded until a later fault
 * can evict, or the next call sends everything. So an object that several threads write at once is not
 * evicted eagerly: see {@link SharedObject} for why that would lose writes.
 *
 * <h2>Concurrency</h2>
 *
 * <p>Block states change by CAS ({@link BlockTable}). The queue of dirty blocks (oldest first) and the
 * rolling size are guarded by {@link #lock}, taken on the slow path only: when a block becomes dirty or
 * clean, and to pick a victim. An eviction is DIRTY -> FLUSHING (CAS), then a second check of the writers
 * (the Dekker handshake with a joining writer; on losing it the CAS is undone), then the request is queued;
 * the DMA thread copies and CASes FLUSHING -> READ_ONLY, which fails harmlessly if a write made the block
 * dirty again meanwhile.
 */
public final class RollingUpdate extends DetectingProtocol {

    private record DirtyBlock(SharedObject object, int block) {}

    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashSet<DirtyBlock> dirty = new LinkedHashSet<>(); // guarded by lock
    private int rollingSize; // guarded by lock
    private boolean kernelRunning; // guarded by lock: no eager evictions while a kernel may read any object
    private final DmaEngine dma;
    private final Consumer<Throwable> asyncFailures;

    /**
     * @param dma the runtime's DMA engine (shared by its contexts)
     * @param asyncFailures where failures of eager transfers go (the context reports them at its next call
     *     or sync); the block stays dirty, so no data is lost
     */
    RollingUpdate(TransferEngine transfers, CoherenceConfig config, DmaEngine dma, Consumer<Throwable> asyncFailures) {
        super(transfers, config);
        this.asyncFailures = asyncFailures;
        this.dma = dma;
    }

    @Override
    public ProtocolKind kind() {
        return ProtocolKind.ROLLING;
    }

    @Override
    public int blockSizeFor(long objectBytes) {
        return config.blockSize();
    }

    /** The current rolling size (most blocks dirty at once). */
    public int rollingSize() {
        lock.lock();
        try {
            return rollingSize;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int dirtyBlocks() {
        lock.lock();
        try {
            return dirty.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void allocated(SharedObject object) {
        lock.lock();
        try {
            rollingSize += config.rollingIncrement();
        } finally {
            lock.unlock();
        }
    }

    /** Frees shrink the rolling size; dirty blocks beyond the smaller size are evicted as on a fault. */
    @Override
    public void freed(SharedObject object) {
        detached(object);
    }

    /**
     * An object handed over from another context: it counts towards this context's rolling size, and its
     * dirty blocks join the queue (as the newest); blocks beyond the rolling size are evicted as on a fault.
     */
    @Override
    public void attached(SharedObject object) {
        List<DirtyBlock> inline;
        lock.lock();
        try {
            rollingSize += config.rollingIncrement();
            for (int block = 0; block < object.blockCount(); block++) {
                if (object.blocks.get(block) == BlockTable.DIRTY) {
                    dirty.add(new DirtyBlock(object, block));
                }
            }
            inline = evictWhileOver(null);
        } finally {
            lock.unlock();
        }
        flushInline(inline);
    }

    /** An object leaves this context (freed or handed over): the rolling size shrinks, its blocks leave the queue. */
    @Override
    public void detached(SharedObject object) {
        List<DirtyBlock> inline;
        lock.lock();
        try {
            rollingSize = Math.max(0, rollingSize - config.rollingIncrement());
            dirty.removeIf(entry -> entry.object() == object);
            inline = evictWhileOver(null);
        } finally {
            lock.unlock();
        }
        flushInline(inline);
    }

    @Override
    void becameDirty(SharedObject object, int block, boolean mayEvict) {
        List<DirtyBlock> inline = null;
        lock.lock();
        try {
            DirtyBlock added = new DirtyBlock(object, block);
            dirty.add(added);
            if (mayEvict) {
                inline = evictWhileOver(added);
            }
        } finally {
            lock.unlock();
        }
        flushInline(inline);
    }

    /**
     * Evicts oldest blocks (never {@code keep}) until no more than the rolling size are dirty, or none can
     * be evicted. Queues them on the DMA engine, or returns them for the caller to flush after unlocking.
     */
    private List<DirtyBlock> evictWhileOver(DirtyBlock keep) {
        List<DirtyBlock> inline = null;
        Thread self = Thread.currentThread();
        while (!kernelRunning && dirty.size() > rollingSize) {
            DirtyBlock victim = evictOldest(keep, self);
            if (victim == null) {
                break;
            }
            if (config.asyncEviction()) {
                dma.submit(this::flush, asyncFailures, victim.object(), victim.block());
            } else {
                if (inline == null) {
                    inline = new ArrayList<>(2);
                }
                inline.add(victim);
            }
        }
        return inline;
    }

    private void flushInline(List<DirtyBlock> inline) {
        if (inline != null) {
            for (DirtyBlock victim : inline) {
                try {
                    flush(victim.object(), victim.block());
                } catch (RuntimeException e) {
                    asyncFailures.accept(e);
                }
            }
        }
    }

    /** Picks, marks FLUSHING and dequeues the oldest evictable dirty block other than {@code keep}. */
    private DirtyBlock evictOldest(DirtyBlock keep, Thread self) {
        Iterator<DirtyBlock> it = dirty.iterator();
        while (it.hasNext()) {
            DirtyBlock candidate = it.next();
            if (candidate.equals(keep)) {
                continue;
            }
            SharedObject object = candidate.object();
            if (object.isFreed()) {
                it.remove();
                continue;
            }
            if (!object.writableOnlyBy(self)) {
                continue;
            }
            if (!object.blocks.cas(candidate.block(), BlockTable.DIRTY, BlockTable.FLUSHING)) {
                if (object.blocks.get(candidate.block()) != BlockTable.DIRTY) {
                    it.remove(); // left DIRTY without telling us; cannot be counted as dirty
                }
                continue;
            }
            // Dekker: our CAS above is ordered before this read; a thread joining the writers CASes the
            // writer field before it reads states. Either we see it here, or it sees FLUSHING.
            if (!object.writableOnlyBy(self)) {
                object.blocks.cas(candidate.block(), BlockTable.FLUSHING, BlockTable.DIRTY);
                continue;
            }
            it.remove();
            object.revokeWindows(); // our own cached write windows over the block
            counters.eviction();
            return candidate;
        }
        return null;
    }

    /** The DMA job: copy the block, then FLUSHING -> READ_ONLY (unless a write made it dirty again). */
    private void flush(SharedObject object, int block) {
        transfers.toAcceleratorAsync(
                object.deviceAddress() + object.blockStart(block), object.hostBlock(block), failure -> {
                    if (failure == null) {
                        object.blocks.cas(block, BlockTable.FLUSHING, BlockTable.READ_ONLY);
                    } else {
                        object.blocks.cas(block, BlockTable.FLUSHING, BlockTable.DIRTY);
                        asyncFailures.accept(failure);
                    }
                });
    }

    @Override
    void becameClean(SharedObject object, int block) {
        lock.lock();
        try {
            dirty.remove(new DirtyBlock(object, block));
        } finally {
            lock.unlock();
        }
    }

    /**
     * Pauses eager evictions from the release until the kernel returns: with a write-set annotation the host
     * may write objects outside the set while the kernel runs, and flushing them would change what the
     * kernel reads (release consistency promises it the data of the call). Then drains what is queued.
     */
    @Override
    public void kernelStarting() {
        lock.lock();
        try {
            kernelRunning = true;
        } finally {
            lock.unlock();
        }
        dma.drain();
    }

    /** Resumes eager evictions, and evicts down to the rolling size what piled up meanwhile. */
    @Override
    public void kernelReturned() {
        List<DirtyBlock> inline;
        lock.lock();
        try {
            kernelRunning = false;
            inline = evictWhileOver(null);
        } finally {
            lock.unlock();
        }
        flushInline(inline);
    }

    @Override
    public void drainAsyncTransfers() {
        dma.drain();
    }
}
