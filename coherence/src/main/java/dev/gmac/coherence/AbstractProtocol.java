package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferCounters;
import dev.gmac.coherence.transfer.TransferEngine;
import java.nio.ByteBuffer;

/**
 * What the three protocols share: the block transfers, the CAS transitions of the fault handlers, and the
 * bulk memory operations of ADSM paper §4.4, all written against block states so that each protocol only
 * says how its states move at a call and a return.
 *
 * <p>Memcpy between shared objects, which may belong to different contexts (so to different protocol
 * instances), is {@link BulkCopy}.
 *
 * <p>Hooks: {@link #becameDirty} and {@link #becameClean} tell rolling-update's dirty-block queue about
 * blocks entering and leaving {@link BlockState#DIRTY}; {@link #stateAfterFetch()} is read-only for the
 * detecting protocols and dirty for batch-update (whose host copy is always the one the program owns).
 */
abstract class AbstractProtocol implements CoherenceProtocol {
    protected final TransferEngine transfers;
    protected final TransferCounters counters;
    protected final CoherenceConfig config;

    AbstractProtocol(TransferEngine transfers, CoherenceConfig config) {
        this.transfers = transfers;
        this.counters = transfers.counters();
        this.config = config;
    }

    /** State of a block after a host fault fetched it for a read. */
    abstract int stateAfterFetch();

    /** Whether a block the host makes dirty costs a transfer at the next call (false for batch-update). */
    abstract boolean hostWritesCostTransfers();

    /** Block {@code block} just became dirty; {@code mayEvict} when this may trigger an eager eviction. */
    void becameDirty(SharedObject object, int block, boolean mayEvict) {}

    /** Block {@code block} just stopped being dirty by a program-ordered operation. */
    void becameClean(SharedObject object, int block) {}

    @Override
    public int dirtyBlocks() {
        return 0;
    }

    @Override
    public void drainAsyncTransfers() {}

    @Override
    public void kernelStarting() {}

    @Override
    public void kernelReturned() {}

    @Override
    public void allocated(SharedObject object) {}

    @Override
    public void freed(SharedObject object) {}

    @Override
    public void attached(SharedObject object) {}

    @Override
    public void detached(SharedObject object) {}

    /** The protocol instance that handles {@code object} now (that of its owning context). */
    static AbstractProtocol of(SharedObject object) {
        return (AbstractProtocol) object.protocol();
    }

    @Override
    public void close() {}

    // ---- transfers ----------------------------------------------------------------------------------

    /** One transfer: the host copy of the block to the accelerator. */
    final void send(SharedObject object, int block) {
        boolean counted =
                transfers.toAccelerator(object.deviceAddress() + object.blockStart(block), object.hostBlock(block));
        countSent(object, counted ? 1 : 0, object.blockLength(block));
    }

    static void countSent(SharedObject object, long transfers, long bytes) {
        object.counts().transfersToAccelerator.add(transfers);
        object.counts().bytesToAccelerator.add(bytes);
    }

    static void countFetched(SharedObject object, long transfers, long bytes) {
        object.counts().transfersToHost.add(transfers);
        object.counts().bytesToHost.add(bytes);
    }

    /** One transfer per range: the host copy of those bytes of the block to the accelerator. */
    final void send(SharedObject object, int block, Ranges ranges) {
        long start = object.blockStart(block);
        int counted = 0;
        for (int i = 0; i < ranges.count(); i++) {
            if (transfers.toAccelerator(
                    object.deviceAddress() + start + ranges.lo(i),
                    object.hostSlice(start + ranges.lo(i), ranges.hi(i) - ranges.lo(i)))) {
                counted++;
            }
        }
        countSent(object, counted, ranges.bytes());
    }

    /** Sends what is dirty in a dirty block: every range, or the whole block when it has none. */
    final void sendDirty(SharedObject object, int block) {
        BlockRanges r = object.blocks.ranges(block);
        if (r == null || r.dirty() == null) {
            send(object, block);
        } else {
            send(object, block, r.dirty());
        }
    }

    /** One transfer: the accelerator copy of the block to the host. */
    final void fetch(SharedObject object, int block) {
        boolean counted = transfers.toHost(object.deviceAddress() + object.blockStart(block), object.hostBlock(block));
        countFetched(object, counted ? 1 : 0, object.blockLength(block));
    }

    /** One transfer per range: the accelerator copy of those bytes of the block to the host. */
    final void fetch(SharedObject object, int block, Ranges ranges) {
        long start = object.blockStart(block);
        int counted = 0;
        for (int i = 0; i < ranges.count(); i++) {
            if (transfers.toHost(
                    object.deviceAddress() + start + ranges.lo(i),
                    object.hostSlice(start + ranges.lo(i), ranges.hi(i) - ranges.lo(i)))) {
                counted++;
            }
        }
        countFetched(object, counted, ranges.bytes());
    }

    /**
     * After the dirty data of a block was sent (or the block was claimed for that): its state and ranges once
     * clean. Read-only when the whole host copy is valid, else invalid with its valid ranges kept.
     */
    static void publishClean(SharedObject object, int block, BlockRanges r) {
        if (r == null || r.valid() == null) {
            object.blocks.setRanges(block, null);
            object.blocks.set(block, BlockTable.READ_ONLY);
        } else {
            object.blocks.setRanges(block, new BlockRanges(r.valid(), null));
            object.blocks.set(block, BlockTable.INVALID);
        }
    }

    /** Waits while another thread holds the block in a transient state; returns the stable state. */
    static int stableState(SharedObject object, int block) {
        for (int round = 0; ; round++) {
            int state = object.blocks.get(block);
            if (state != BlockTable.FETCHING && state != BlockTable.FLUSHING) {
                return state;
            }
            Backoff.pause(round);
        }
    }

    // ---- fault handling -----------------------------------------------------------------------------

    /**
     * A host read of bytes {@code [offset, offset + length)} of block {@code block} found no window; {@code
     * element} for an element access (the protocol may fetch more than asked), false for a bulk range (fetch at
     * least that range). The default makes the whole block readable ({@link #signalRead}).
     */
    boolean signalReadRange(SharedObject object, int block, long offset, int length, boolean element) {
        return signalRead(object, block);
    }

    /**
     * A host write of bytes {@code [offset, offset + length)} of block {@code block} found no window. The default
     * makes the whole block dirty ({@link #signalWrite}).
     */
    boolean signalWriteRange(SharedObject object, int block, long offset, int length, boolean element) {
        return signalWrite(object, block);
    }

    @Override
    public boolean signalRead(SharedObject object, int block) {
        BlockTable blocks = object.blocks;
        for (int round = 0; ; round++) {
            int state = blocks.get(block);
            if (BlockTable.readable(state)) {
                return false;
            }
            if (state == BlockTable.INVALID) {
                if (blocks.cas(block, BlockTable.INVALID, BlockTable.FETCHING)) {
                    fetchClaimed(object, block);
                    int after = stateAfterFetch();
                    blocks.set(block, after); // volatile write publishes the fetched bytes
                    if (after == BlockTable.DIRTY) {
                        becameDirty(object, block, true);
                    }
                    return true;
                }
            } else {
                Backoff.pause(round); // FETCHING: another thread fetches it
            }
        }
    }

    @Override
    public boolean signalWrite(SharedObject object, int block) {
        object.joinWriters(Thread.currentThread()); // before reading any state: see SharedObject
        BlockTable blocks = object.blocks;
        for (int round = 0; ; round++) {
            int state = blocks.get(block);
            if (state == BlockTable.DIRTY) {
                return false;
            } else if (state == BlockTable.READ_ONLY || state == BlockTable.FLUSHING) {
                // FLUSHING -> DIRTY overtakes an eager eviction: the DMA engine's copy may miss this write,
                // but the block is dirty again and goes to the accelerator at the next call; the engine's
                // completion CAS (FLUSHING -> READ_ONLY) then fails and leaves it dirty.
                if (blocks.cas(block, state, BlockTable.DIRTY)) {
                    becameDirty(object, block, true);
                    return true;
                }
            } else if (state == BlockTable.INVALID) {
                if (blocks.cas(block, BlockTable.INVALID, BlockTable.FETCHING)) {
                    fetchClaimed(object, block);
                    blocks.set(block, BlockTable.DIRTY);
                    becameDirty(object, block, true);
                    return true;
                }
            } else {
                Backoff.pause(round);
            }
        }
    }

    @Override
    public Overwrite beginOverwrite(SharedObject object, int block) {
        object.joinWriters(Thread.currentThread());
        BlockTable blocks = object.blocks;
        for (int round = 0; ; round++) {
            int state = blocks.get(block);
            if (blocks.ranges(block) != null && (state == BlockTable.DIRTY || state == BlockTable.FLUSHING)) {
                // Sub-block ranges: the whole block becomes valid and dirty (the caller overwrites all of it).
                if (blocks.cas(block, state, BlockTable.FETCHING)) {
                    blocks.setRanges(block, null);
                    blocks.set(block, BlockTable.DIRTY);
                    if (state != BlockTable.DIRTY) {
                        becameDirty(object, block, true);
                    }
                    return Overwrite.FAULT;
                }
            } else if (state == BlockTable.DIRTY) {
                return Overwrite.HIT;
            } else if (state == BlockTable.READ_ONLY || state == BlockTable.FLUSHING) {
                if (blocks.cas(block, state, BlockTable.DIRTY)) {
                    becameDirty(object, block, true);
                    return Overwrite.FAULT;
                }
            } else if (state == BlockTable.INVALID) {
                if (blocks.cas(block, BlockTable.INVALID, BlockTable.FETCHING)) {
                    return Overwrite.CLAIMED;
                }
            } else {
                Backoff.pause(round);
            }
        }
    }

    @Override
    public void endOverwrite(SharedObject object, int block, boolean completed) {
        object.blocks.setRanges(block, null); // all of it written, or a half-written host copy valid nowhere
        if (completed) {
            object.blocks.set(block, BlockTable.DIRTY);
            becameDirty(object, block, true);
        } else {
            object.blocks.set(block, BlockTable.INVALID);
        }
    }

    /** Fetches a block this thread has moved to FETCHING; on failure puts it back to INVALID. */
    private void fetchClaimed(SharedObject object, int block) {
        try {
            fetch(object, block);
        } catch (RuntimeException e) {
            object.blocks.set(block, BlockTable.INVALID);
            throw new CoherenceException(
                    CoherenceException.Kind.TRANSFER_FAILED,
                    "fetching block " + block + " of " + object + " failed: " + e.getMessage(),
                    e);
        }
    }

    @Override
    public void unchangedByKernel(SharedObject object, boolean[] validAtCall, java.util.BitSet written) {
        // The host copy of such a block is the call's data (the host cannot touch an object a kernel in flight
        // may write, and the release sent its dirty bytes), and the accelerator copy still equals it.
        int after = stateAfterFetch();
        for (int block = 0; block < validAtCall.length; block++) {
            if (validAtCall[block]
                    && !written.get(block)
                    && object.blocks.ranges(block) == null
                    && object.blocks.cas(block, BlockTable.INVALID, after)) {
                if (after == BlockTable.DIRTY) {
                    becameDirty(object, block, false);
                }
            }
        }
    }

    @Override
    public void kernelFailed(SharedObject object, boolean[] validAtCall, BlockRanges[] rangesAtCall) {
        for (int block = 0; block < validAtCall.length; block++) {
            BlockRanges partial = rangesAtCall == null ? null : rangesAtCall[block];
            if (validAtCall[block] && partial == null) {
                if (object.blocks.cas(block, BlockTable.INVALID, BlockTable.DIRTY)) {
                    becameDirty(object, block, true);
                }
            } else if (partial != null && object.blocks.cas(block, BlockTable.INVALID, BlockTable.FETCHING)) {
                // The accelerator copy was restored from the backup; the host still holds the call's data in the
                // valid ranges, of which the dirty ones never reached the restored copy.
                object.blocks.setRanges(block, partial);
                object.blocks.set(block, partial.dirty() != null ? BlockTable.DIRTY : BlockTable.INVALID);
                if (partial.dirty() != null) {
                    becameDirty(object, block, true);
                }
            }
        }
    }

    @Override
    public void toHost(SharedObject object, long offset, long length) {
        if (length <= 0) {
            return;
        }
        long end = offset + length;
        for (int block = object.blockOf(offset); block <= object.blockOf(end - 1); block++) {
            long start = Math.max(offset, object.blockStart(block));
            long stop = Math.min(end, object.blockStart(block) + object.blockLength(block));
            signalReadRange(object, block, start, (int) (stop - start), false);
        }
    }

    /** Sends the dirty data of blocks in {@code [offset, offset + length)} now; they become clean. */
    void toAccelerator(SharedObject object, long offset, long length) {
        if (length <= 0) {
            return;
        }
        boolean changed = false;
        for (int block = object.blockOf(offset); block <= object.blockOf(offset + length - 1); block++) {
            changed |= sendIfDirty(object, block);
        }
        if (changed) {
            object.revokeWindows();
        }
    }

    // ---- bulk memory operations (§4.4) --------------------------------------------------------------

    /**
     * Sets the range without any bus transfer: invalid blocks are set on the accelerator only, dirty blocks
     * on the host only, read-only blocks on both sides (so they stay read-only). Block states do not change.
     */
    @Override
    public void memset(SharedObject object, long offset, int byteValue, long length) {
        if (length <= 0) {
            return;
        }
        long end = offset + length;
        long runStart = -1;
        long runEnd = -1;
        for (int block = object.blockOf(offset); block <= object.blockOf(end - 1); block++) {
            long start = Math.max(offset, object.blockStart(block));
            long stop = Math.min(end, object.blockStart(block) + object.blockLength(block));
            int state = stableState(object, block);
            BlockRanges r = object.blocks.ranges(block);
            if (state == BlockTable.INVALID || state == BlockTable.READ_ONLY) {
                if (runEnd == start) {
                    runEnd = stop;
                } else {
                    deviceMemset(object, runStart, runEnd, byteValue);
                    runStart = start;
                    runEnd = stop;
                }
            }
            if (r == null) {
                if (state == BlockTable.READ_ONLY || state == BlockTable.DIRTY) {
                    fill(object.host(), (int) start, (int) (stop - start), (byte) byteValue);
                }
            } else {
                memsetPartial(object, block, state, r, start, stop, (byte) byteValue);
            }
        }
        deviceMemset(object, runStart, runEnd, byteValue);
    }

    /**
     * memset over a block with sub-block ranges: an invalid one is set on the accelerator (above) and in its
     * valid ranges on the host, so they stay valid; in a dirty one the range is set on the host and becomes
     * valid and dirty.
     */
    private void memsetPartial(
            SharedObject object, int block, int state, BlockRanges r, long start, long stop, byte value) {
        long blockStart = object.blockStart(block);
        int lo = (int) (start - blockStart);
        int hi = (int) (stop - blockStart);
        if (state == BlockTable.INVALID) {
            Ranges valid = r.valid().within(lo, hi);
            for (int i = 0; i < valid.count(); i++) {
                fill(object.host(), (int) blockStart + valid.lo(i), valid.hi(i) - valid.lo(i), value);
            }
            return;
        }
        fill(object.host(), (int) start, hi - lo, value);
        object.blocks.setRanges(
                block,
                dirtyRanges(
                        object,
                        block,
                        r.valid() == null ? null : r.valid().with(lo, hi),
                        r.dirty().with(lo, hi)));
    }

    /**
     * The ranges of a dirty block with valid ranges {@code valid} (null: whole) and dirty ranges {@code dirty}:
     * null when both cover the whole block.
     */
    static BlockRanges dirtyRanges(SharedObject object, int block, Ranges valid, Ranges dirty) {
        int length = object.blockLength(block);
        Ranges v = valid == null || valid.coversWhole(length) ? null : valid;
        if (v == null && dirty.coversWhole(length)) {
            return null;
        }
        return new BlockRanges(v, dirty);
    }

    private void deviceMemset(SharedObject object, long start, long end, int byteValue) {
        if (start >= 0 && end > start) {
            transfers.deviceMemset(object.deviceAddress() + start, byteValue, end - start);
        }
    }

    private static void fill(ByteBuffer host, int start, int length, byte value) {
        byte[] pattern = new byte[Math.min(length, 4096)];
        java.util.Arrays.fill(pattern, value);
        for (int done = 0; done < length; done += pattern.length) {
            host.put(start + done, pattern, 0, Math.min(pattern.length, length - done));
        }
    }

    @Override
    public void flushDirty(SharedObject object) {
        boolean changed = false;
        for (int block = 0; block < object.blockCount(); block++) {
            changed |= sendIfDirty(object, block);
        }
        if (changed) {
            object.revokeWindows();
        }
    }

    /**
     * Sends what is dirty in a dirty block and makes it clean (read-only, or invalid with its valid ranges
     * when the host copy has gaps); returns whether it was dirty. The caller holds the owning context's lock.
     */
    boolean sendIfDirty(SharedObject object, int block) {
        if (stableState(object, block) != BlockTable.DIRTY) {
            return false;
        }
        sendDirty(object, block);
        publishClean(object, block, object.blocks.ranges(block));
        becameClean(object, block);
        return true;
    }
}
