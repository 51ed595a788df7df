package dev.gmac.coherence;

import dev.gmac.coherence.transfer.Direction;
import dev.gmac.coherence.transfer.TransferCostModel;
import dev.gmac.coherence.transfer.TransferEngine;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
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

    /**
     * An entry of the dirty queue: a block, or a unit of {@code count} consecutive blocks that a sequential write
     * stream made dirty together (decision 0118), evicted as one DMA request. Identified by its object and first
     * block.
     */
    private record DirtyBlock(SharedObject object, int block, int count) {
        DirtyBlock(SharedObject object, int block) {
            this(object, block, 1);
        }

        boolean holds(SharedObject o, int b) {
            return object == o && b >= block && b < block + count;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof DirtyBlock d && d.object == object && d.block == block;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(object) * 31 + block;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    // Oldest first; each entry maps to itself, so a unit is found by its first block. Guarded by lock.
    private final LinkedHashMap<DirtyBlock, DirtyBlock> dirty = new LinkedHashMap<>();
    private int units; // entries of more than one block; guarded by lock
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

    /**
     * The entries of the dirty queue: blocks, and units of a write stream (decision 0118). The rolling size bounds
     * this number (except while a kernel runs or no entry can be evicted), as it bounds dirty blocks in the paper.
     */
    public int dirtyUnits() {
        lock.lock();
        try {
            return dirty.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int dirtyBlocks() {
        lock.lock();
        try {
            int blocks = 0;
            for (DirtyBlock entry : dirty.values()) {
                blocks += entry.count();
            }
            return blocks;
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
                    add(new DirtyBlock(object, block));
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
            for (Iterator<DirtyBlock> it = dirty.values().iterator(); it.hasNext(); ) {
                DirtyBlock entry = it.next();
                if (entry.object() == object) {
                    removed(entry);
                    it.remove();
                }
            }
            inline = evictWhileOver(null);
        } finally {
            lock.unlock();
        }
        flushInline(inline);
    }

    @Override
    void becameDirty(SharedObject object, int block, boolean mayEvict) {
        becameDirty(object, block, 1, mayEvict);
    }

    /** {@code count} consecutive blocks from {@code block} became dirty together: one entry of the queue. */
    private void becameDirty(SharedObject object, int block, int count, boolean mayEvict) {
        List<DirtyBlock> inline = null;
        lock.lock();
        try {
            DirtyBlock added = new DirtyBlock(object, block, count);
            add(added);
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
                if (victim.count() == 1) {
                    dma.submit(this::flush, asyncFailures, victim.object(), victim.block());
                } else {
                    int count = victim.count();
                    dma.submit(
                            (object, block) -> flushUnit(object, block, count),
                            asyncFailures,
                            victim.object(),
                            victim.block());
                }
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
                    flushUnit(victim.object(), victim.block(), victim.count());
                } catch (RuntimeException e) {
                    asyncFailures.accept(e);
                }
            }
        }
    }

    /** Picks, marks FLUSHING and dequeues the oldest evictable dirty block other than {@code keep}. */
    private DirtyBlock evictOldest(DirtyBlock keep, Thread self) {
        Iterator<DirtyBlock> it = dirty.values().iterator();
        while (it.hasNext()) {
            DirtyBlock candidate = it.next();
            if (candidate.equals(keep)) {
                continue;
            }
            SharedObject object = candidate.object();
            if (object.isFreed()) {
                removed(candidate);
                it.remove();
                continue;
            }
            if (!object.writableOnlyBy(self)) {
                continue;
            }
            int first = candidate.block();
            int end = first + candidate.count();
            boolean[] claimed = new boolean[candidate.count()];
            boolean any = false;
            boolean stillDirty = false;
            for (int block = first; block < end; block++) {
                if (object.blocks.cas(block, BlockTable.DIRTY, BlockTable.FLUSHING)) {
                    claimed[block - first] = true;
                    any = true;
                } else if (object.blocks.get(block) == BlockTable.DIRTY) {
                    stillDirty = true; // changing under a CAS: try again at the next eviction
                }
            }
            if (!any) {
                if (!stillDirty) {
                    removed(candidate);
                    it.remove(); // left DIRTY without telling us; cannot be counted as dirty
                }
                continue;
            }
            // Dekker: our CASes above are ordered before this read; a thread joining the writers CASes the
            // writer field before it reads states. Either we see it here, or it sees FLUSHING.
            if (!object.writableOnlyBy(self)) {
                for (int block = first; block < end; block++) {
                    if (claimed[block - first]) {
                        undoEviction(object, block);
                    }
                }
                continue;
            }
            removed(candidate);
            it.remove();
            object.revokeWindows(); // our own cached write windows over the blocks
            counters.eviction();
            object.counts().evictions.increment();
            queuedOnTimeline(object, first, claimed);
            return candidate;
        }
        return null;
    }

    /**
     * Gives a block this thread marked FLUSHING back as DIRTY (the eviction lost the writers' handshake). A host
     * thread may hold it FETCHING meanwhile; it gives it back as FLUSHING or DIRTY, so wait for that: a FLUSHING
     * block that no DMA job will flush would stall the next release.
     */
    private static void undoEviction(SharedObject object, int block) {
        for (int round = 0; ; round++) {
            if (object.blocks.cas(block, BlockTable.FLUSHING, BlockTable.DIRTY)
                    || object.blocks.get(block) != BlockTable.FETCHING) {
                return;
            }
            Backoff.pause(round);
        }
    }

    /**
     * Places an eviction on the context's timeline when it is decided (the DMA engine overlaps it): the claimed
     * blocks of a unit from {@code first}, whose dirty ranges go as one transfer where they are contiguous.
     */
    private void queuedOnTimeline(SharedObject object, int first, boolean[] claimed) {
        long transfersNeeded = 0;
        long bytes = 0;
        long previousEnd = -1;
        for (int i = 0; i < claimed.length; i++) {
            if (!claimed[i]) {
                continue;
            }
            int block = first + i;
            long start = object.blockStart(block);
            BlockRanges r = object.blocks.ranges(block);
            Ranges dirty = r == null || r.dirty() == null ? Ranges.of(0, object.blockLength(block)) : r.dirty();
            for (int j = 0; j < dirty.count(); j++) {
                if (start + dirty.lo(j) != previousEnd) {
                    transfersNeeded++;
                }
                previousEnd = start + dirty.hi(j);
                bytes += dirty.hi(j) - dirty.lo(j);
            }
        }
        countSent(object, transfersNeeded, bytes);
        if (transfers.timeline() != null) {
            transfers.timeline().eviction(transfersNeeded, bytes);
        }
    }

    /**
     * The DMA job of a unit: flushes the blocks from {@code first} this eviction claimed (those still FLUSHING) in
     * one run of the transfer engine, so contiguous dirty bytes go as one DMA request.
     */
    private void flushUnit(SharedObject object, int first, int count) {
        transfers.beginRun();
        try {
            for (int block = first; block < first + count; block++) {
                flush(object, block);
            }
        } finally {
            transfers.endRun();
        }
    }

    /**
     * The DMA job: copy the block (only its dirty ranges when it tracks them), then FLUSHING -> READ_ONLY (or,
     * when the host copy has gaps, invalid with its valid ranges), unless a write made it dirty again.
     */
    private void flush(SharedObject object, int block) {
        // Two evictions of one block can be queued (a host write re-dirtied it in between). The first job sends the
        // newest ranges and publishes the block clean; the second must then send nothing: with the clean ranges it
        // would send the whole block, host bytes that were never fetched included. A host thread holding the block
        // (FETCHING) gives it back as FLUSHING or DIRTY: wait for that.
        // The word found here (state and eviction count, BlockTable) is what the completion publishes clean from: a
        // host write that takes the block back during the copy and a later eviction that makes it FLUSHING again
        // change the count, so this job then leaves the block to the later one (decision 0121).
        int word;
        for (int round = 0; ; round++) {
            word = object.blocks.word(block);
            int state = BlockTable.stateOf(word);
            if (state == BlockTable.FLUSHING) {
                break;
            }
            if (state != BlockTable.FETCHING) {
                return;
            }
            Backoff.pause(round);
        }
        BlockRanges r = object.blocks.ranges(block);
        if (r == null || r.dirty() == null) {
            flushAsync(object, block, object.blockStart(block), object.blockLength(block), r, word);
            return;
        }
        Ranges dirty = r.dirty();
        long start = object.blockStart(block);
        try {
            for (int i = 0; i < dirty.count() - 1; i++) {
                transfers.toAcceleratorInBackground(
                        object.deviceAddress() + start + dirty.lo(i),
                        object.hostSlice(start + dirty.lo(i), dirty.hi(i) - dirty.lo(i)));
            }
        } catch (RuntimeException e) {
            object.blocks.cas(block, BlockTable.FLUSHING, BlockTable.DIRTY);
            asyncFailures.accept(e);
            return;
        }
        int last = dirty.count() - 1;
        flushAsync(object, block, start + dirty.lo(last), dirty.hi(last) - dirty.lo(last), r, word);
    }

    private void flushAsync(SharedObject object, int block, long offset, int length, BlockRanges r, int word) {
        transfers.toAcceleratorAsync(object.deviceAddress() + offset, object.hostSlice(offset, length), failure -> {
            if (failure != null) {
                object.blocks.cas(block, BlockTable.FLUSHING, BlockTable.DIRTY);
                asyncFailures.accept(failure);
            } else if (r == null) {
                object.blocks.casWord(block, word, BlockTable.READ_ONLY);
            } else if (object.blocks.casWord(block, word, BlockTable.FETCHING)) {
                // Our word, so no later eviction happened (decision 0121). Ranges other than the ones this flush
                // sent would be a host write published under the same eviction: leave the block dirty, so the next
                // call sends it, rather than publish ours and drop that write's ranges.
                if (object.blocks.ranges(block) != r) {
                    object.blocks.set(block, BlockTable.DIRTY);
                } else {
                    publishClean(object, block, r);
                }
            }
        });
    }

    // ---- sub-block ranges (decision 0113) -----------------------------------------------------------

    @Override
    public boolean signalRead(SharedObject object, int block) {
        return object.tracksRanges()
                ? signalReadRange(object, block, object.blockStart(block), object.blockLength(block), false)
                : super.signalRead(object, block);
    }

    /**
     * The whole-block write fault (the caller may write any part of the block): for a block that tracks
     * ranges, fetch what is not valid, then the whole block is dirty.
     */
    @Override
    public boolean signalWrite(SharedObject object, int block) {
        if (!object.tracksRanges()) {
            return super.signalWrite(object, block);
        }
        boolean fetched = signalRead(object, block);
        return signalWriteRange(object, block, object.blockStart(block), object.blockLength(block), false) || fetched;
    }

    /**
     * A read outside the block's valid ranges fetches what {@link #readExtent} asks for, minus what is valid
     * already (never over dirty bytes), and adds it to the valid ranges. The block is claimed (FETCHING) while
     * its ranges change; other threads wait.
     */
    @Override
    boolean signalReadRange(SharedObject object, int block, long offset, int length, boolean element) {
        if (!object.tracksRanges()) {
            return super.signalRead(object, block);
        }
        BlockTable blocks = object.blocks;
        int blockLength = object.blockLength(block);
        int lo = (int) (offset - object.blockStart(block));
        int hi = lo + length;
        for (int round = 0; ; round++) {
            int state = blocks.get(block);
            if (state == BlockTable.READ_ONLY) {
                return false;
            }
            if (state == BlockTable.FETCHING) {
                Backoff.pause(round);
                continue;
            }
            if (object.validOf(block, state, blocks.ranges(block)).contains(lo, hi)) {
                return false;
            }
            if (!blocks.cas(block, state, BlockTable.FETCHING)) {
                continue;
            }
            BlockRanges r = blocks.ranges(block); // again: the ranges may have changed before our claim
            Ranges valid = object.validOf(block, state, r);
            int[] extent = readExtent(object, block, lo, hi, element, valid, blockLength);
            Ranges newValid = valid.with(extent[0], extent[1]);
            if (newValid.count() > Ranges.MAX_RANGES) {
                newValid = Ranges.of(0, blockLength); // too scattered: make the block whole
            }
            fetchClaimed(object, block, state, r, fetchSpans(missing(valid, newValid), state));
            publishAfterFetch(object, block, state, newValid, object.dirtyOf(block, state, r));
            return true;
        }
    }

    /**
     * A write outside the block's dirty ranges makes {@code [offset, offset + length)} valid and dirty without
     * fetching it (it is being written). A write that continues a dirty range (or a block whose predecessor is
     * dirty to its end) marks the rest of the block too, fetching what of it is not valid first, so a
     * sequential fill takes one or two faults per block instead of one per element.
     */
    @Override
    boolean signalWriteRange(SharedObject object, int block, long offset, int length, boolean element) {
        if (!object.tracksRanges()) {
            return super.signalWrite(object, block);
        }
        object.joinWriters(Thread.currentThread()); // before reading any state: see SharedObject
        BlockTable blocks = object.blocks;
        int blockLength = object.blockLength(block);
        int lo = (int) (offset - object.blockStart(block));
        int hi = lo + length;
        for (int round = 0; ; round++) {
            int state = blocks.get(block);
            if (state == BlockTable.FETCHING) {
                Backoff.pause(round);
                continue;
            }
            if (state == BlockTable.DIRTY
                    && object.dirtyOf(block, state, blocks.ranges(block)).contains(lo, hi)) {
                return false;
            }
            if (!blocks.cas(block, state, BlockTable.FETCHING)) {
                continue;
            }
            BlockRanges r = blocks.ranges(block);
            Ranges valid = object.validOf(block, state, r);
            Ranges dirty = object.dirtyOf(block, state, r);
            int end = hi;
            boolean runInBlock = element && dirty.endsAt(lo);
            boolean runIntoBlock = element && !runInBlock && lo == 0 && neighbourDirtyToEnd(object, block);
            if (runInBlock || runIntoBlock) {
                end = blockLength; // a run of writes: claim the rest of the block
            }
            Ranges fetch = valid.gapsIn(hi, end); // never the bytes being written
            Ranges newDirty = dirty.with(lo, end);
            Ranges newValid = valid.with(lo, end);
            if (newDirty.count() > Ranges.MAX_RANGES || newValid.count() > Ranges.MAX_RANGES) {
                fetch = valid.with(lo, hi).gapsIn(0, blockLength); // too scattered: whole (but not what we write)
                newValid = Ranges.of(0, blockLength);
                newDirty = newDirty.hull();
            }
            fetchClaimed(object, block, state, r, fetch);
            blocks.setRanges(block, dirtyRanges(object, block, newValid, newDirty));
            blocks.set(block, BlockTable.DIRTY);
            int ahead = 0;
            if (element && !runInBlock) {
                int unit = object.nextWriteStreamUnit(runIntoBlock, streamUnitCap(object));
                ahead = runIntoBlock ? claimAhead(object, block, unit - 1) : 0;
            }
            if (state != BlockTable.DIRTY) {
                becameDirty(object, block, 1 + ahead, true);
            } else if (ahead > 0) {
                becameDirty(object, block + 1, ahead, true);
            }
            return true;
        }
    }

    /**
     * The largest unit of a write stream, in blocks: the runtime's default block size ({@link
     * CoherenceConfig#DEFAULT_BLOCK_SIZE}, the paper's best block size in Figure 9), so a stream over small blocks
     * is evicted in units of that size, and objects with blocks at least that large never claim ahead.
     */
    private static int streamUnitCap(SharedObject object) {
        return Math.max(1, CoherenceConfig.DEFAULT_BLOCK_SIZE / object.blockSize());
    }

    /**
     * A sequential write stream reached a new block: claims up to {@code count} following blocks dirty with it
     * (decision 0118), as one unit of the dirty queue, so the stream costs one fault per unit and its eviction one
     * transfer. Only whole read-only blocks are claimed (their host copy is valid, so sending them is correct and
     * nothing is fetched), each by CAS; the first that is not ends the unit. Returns how many were claimed.
     */
    private static int claimAhead(SharedObject object, int block, int count) {
        BlockTable blocks = object.blocks;
        int last = Math.min(object.blockCount() - 1, block + count);
        int claimed = 0;
        for (int next = block + 1; next <= last; next++) {
            if (blocks.ranges(next) != null || !blocks.cas(next, BlockTable.READ_ONLY, BlockTable.DIRTY)) {
                break;
            }
            claimed++;
        }
        return claimed;
    }

    /**
     * What a read fault fetches: a bulk range exactly; for an element, the whole block when the object is
     * read-mostly, the aligned fetch-granularity window around it when the hint sets one, the rest of the
     * block when the read continues a valid range (or starts a block whose predecessor is valid to its end),
     * and otherwise the element alone.
     */
    private static int[] readExtent(
            SharedObject object, int block, int lo, int hi, boolean element, Ranges valid, int blockLength) {
        if (!element) {
            return new int[] {lo, hi};
        }
        if (object.readMostly()) {
            return new int[] {0, blockLength};
        }
        int granule = object.hints().fetchGranularity();
        if (granule > 0) {
            return new int[] {
                lo / granule * granule, (int) Math.min(blockLength, ((long) hi + granule - 1) / granule * granule)
            };
        }
        if (valid.endsAt(lo) || (lo == 0 && neighbourValidToEnd(object, block))) {
            return new int[] {lo, blockLength};
        }
        if (valid.startsAt(hi)) {
            return new int[] {0, hi};
        }
        return new int[] {lo, hi};
    }

    private static boolean neighbourValidToEnd(SharedObject object, int block) {
        if (block == 0) {
            return false;
        }
        int previous = block - 1;
        int state = object.blocks.get(previous);
        return object.validOf(previous, state, object.blocks.ranges(previous)).endsAt(object.blockLength(previous));
    }

    private static boolean neighbourDirtyToEnd(SharedObject object, int block) {
        if (block == 0) {
            return false;
        }
        int previous = block - 1;
        int state = object.blocks.get(previous);
        return object.dirtyOf(previous, state, object.blocks.ranges(previous)).endsAt(object.blockLength(previous));
    }

    /**
     * What to fetch for the {@code gaps} of a block in state {@code state}: in an invalid block (no dirty bytes, so
     * every valid byte equals the accelerator's copy) two gaps go as one transfer when reading the valid bytes
     * between them again costs less, under the cost model, than the second transfer's setup (decision 0123). A
     * bulk read of an object whose scattered elements were read before then takes one DMA request, not one per
     * gap. In a dirty block every gap goes alone: a dirty byte between two gaps must not be overwritten.
     */
    private Ranges fetchSpans(Ranges gaps, int state) {
        if (state != BlockTable.INVALID || gaps.count() < 2) {
            return gaps;
        }
        TransferCostModel costs = counters.costModel();
        double setup = costs.seconds(Direction.TO_HOST, 0);
        Ranges spans = Ranges.EMPTY;
        int lo = gaps.lo(0);
        int hi = gaps.hi(0);
        for (int i = 1; i < gaps.count(); i++) {
            int between = gaps.lo(i) - hi;
            if (costs.seconds(Direction.TO_HOST, between) - setup < setup) {
                hi = gaps.hi(i);
            } else {
                spans = spans.with(lo, hi);
                lo = gaps.lo(i);
                hi = gaps.hi(i);
            }
        }
        return spans.with(lo, hi);
    }

    /** The ranges of {@code grown} that {@code valid} does not cover. */
    private static Ranges missing(Ranges valid, Ranges grown) {
        Ranges gaps = Ranges.EMPTY;
        for (int i = 0; i < grown.count(); i++) {
            gaps = gaps.with(valid.gapsIn(grown.lo(i), grown.hi(i)));
        }
        return gaps;
    }

    /** Fetches {@code ranges} of a block this thread has claimed; on failure puts the block back as it was. */
    private void fetchClaimed(SharedObject object, int block, int state, BlockRanges r, Ranges ranges) {
        try {
            fetch(object, block, ranges);
        } catch (RuntimeException e) {
            object.blocks.setRanges(block, r);
            object.blocks.set(block, state);
            throw new CoherenceException(
                    CoherenceException.Kind.TRANSFER_FAILED,
                    "fetching block " + block + " of " + object + " failed: " + e.getMessage(),
                    e);
        }
    }

    /** Publishes a claimed block after a fetch made {@code valid} valid; its dirty ranges are unchanged. */
    private void publishAfterFetch(SharedObject object, int block, int before, Ranges valid, Ranges dirty) {
        BlockTable blocks = object.blocks;
        if (before == BlockTable.INVALID) {
            if (valid.coversWhole(object.blockLength(block))) {
                blocks.setRanges(block, null);
                blocks.set(block, BlockTable.READ_ONLY);
            } else {
                blocks.setRanges(block, new BlockRanges(valid, null));
                blocks.set(block, BlockTable.INVALID);
            }
            return;
        }
        // DIRTY, or FLUSHING whose eviction our claim cut short: dirty again, the data goes at the next call.
        blocks.setRanges(block, dirtyRanges(object, block, valid, dirty));
        blocks.set(block, BlockTable.DIRTY);
        if (before == BlockTable.FLUSHING) {
            becameDirty(object, block, true);
        }
    }

    /** The block left the dirty set: its entry leaves the queue; the rest of its unit stays, as the newest. */
    @Override
    void becameClean(SharedObject object, int block) {
        lock.lock();
        try {
            DirtyBlock unit = dirty.remove(new DirtyBlock(object, block));
            if (unit == null && units > 0) {
                for (DirtyBlock entry : dirty.values()) {
                    if (entry.holds(object, block)) {
                        unit = entry;
                        break;
                    }
                }
                if (unit != null) {
                    dirty.remove(unit);
                }
            }
            if (unit == null || !removed(unit)) {
                return;
            }
            if (block > unit.block()) {
                add(new DirtyBlock(object, unit.block(), block - unit.block()));
            }
            int end = unit.block() + unit.count();
            if (block + 1 < end) {
                add(new DirtyBlock(object, block + 1, end - block - 1));
            }
        } finally {
            lock.unlock();
        }
    }

    /** Queues an entry as the newest (an entry with the same first block keeps its place and takes the new size). */
    private void add(DirtyBlock entry) {
        DirtyBlock before = dirty.put(entry, entry);
        if (before != null) {
            removed(before);
        }
        if (entry.count() > 1) {
            units++;
        }
    }

    /** Keeps the count of units when {@code entry} leaves the queue; returns whether it was a unit. */
    private boolean removed(DirtyBlock entry) {
        if (entry.count() > 1) {
            units--;
            return true;
        }
        return false;
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
