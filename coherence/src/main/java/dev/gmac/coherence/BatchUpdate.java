package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferEngine;

/**
 * Batch-update (ADSM paper §4.3, Figure 6(a)): a pure write-invalidate protocol without access detection.
 * At a call every object of the calling context goes to the accelerator, whole, whether or not the kernel
 * reaches it ("the CPU invalidates all shared objects, whether or not they are accessed by the accelerator"),
 * and the host copies of the objects the kernel may
 * write become invalid; at the sync each of those comes back, whole, and the host copy is again the one the
 * program owns (dirty). The host never faults; a host access while the kernel runs waits for it (an
 * implicit sync), which is when the invalid state matters.
 *
 * <p>With a write-set annotation, objects outside the set are still sent at the call (batch-update does not
 * know what the host changed) but stay valid on the host and are not fetched back.
 */
public final class BatchUpdate extends AbstractProtocol {

    public BatchUpdate(TransferEngine transfers, CoherenceConfig config) {
        super(transfers, config);
    }

    @Override
    public ProtocolKind kind() {
        return ProtocolKind.BATCH;
    }

    @Override
    public int blockSizeFor(long objectBytes) {
        return (int) objectBytes;
    }

    @Override
    public BlockState initialState() {
        return BlockState.DIRTY;
    }

    @Override
    int stateAfterFetch() {
        return BlockTable.DIRTY;
    }

    @Override
    boolean hostWritesCostTransfers() {
        return false;
    }

    /** Batch-update releases every object of the calling context, whether or not the kernel reaches it. */
    @Override
    public boolean releasesWholeContext() {
        return true;
    }

    @Override
    public void release(SharedObject object, boolean written) {
        if (written) {
            object.revokeWindows();
        }
        for (int block = 0; block < object.blockCount(); block++) {
            if (stableState(object, block) != BlockTable.INVALID) {
                // Invalid only after an accelerator-side memcpy into it: the accelerator copy is the data.
                send(object, block);
            }
            if (written) {
                object.blocks.set(block, BlockTable.INVALID);
            }
        }
        object.resetWriters();
    }

    @Override
    public void acquire(SharedObject object, boolean written) {
        if (!written) {
            return;
        }
        for (int block = 0; block < object.blockCount(); block++) {
            if (stableState(object, block) == BlockTable.INVALID) {
                fetch(object, block);
                object.blocks.set(block, BlockTable.DIRTY);
            }
        }
    }

    /** Batch-update has no read-only state: flushing sends every object and leaves it dirty. */
    @Override
    public void flushDirty(SharedObject object) {
        for (int block = 0; block < object.blockCount(); block++) {
            if (stableState(object, block) == BlockTable.DIRTY) {
                send(object, block);
            }
        }
    }
}
