package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferEngine;

/**
 * The state machine of lazy- and rolling-update (ADSM paper §4.3, Figure 6(b)), which detect host accesses:
 * blocks start read-only; the first host write to a read-only block is a write fault that makes it dirty;
 * at a call dirty blocks of the objects the kernel reaches are sent and every block of an object the kernel
 * may write becomes invalid; a host
 * read (write) of an invalid block fetches it and makes it read-only (dirty); at kernel return nothing
 * moves.
 *
 * <p>With a write-set annotation ({@link WriteScope}) the objects outside the set keep their host copies:
 * their dirty blocks are sent at the call and become read-only, and nothing else changes. Blocks that track
 * sub-block ranges ({@link BlockRanges}) send only their dirty ranges, and keep their valid ranges when the
 * kernel does not write them.
 */
abstract class DetectingProtocol extends AbstractProtocol {

    DetectingProtocol(TransferEngine transfers, CoherenceConfig config) {
        super(transfers, config);
    }

    @Override
    public BlockState initialState() {
        return BlockState.READ_ONLY;
    }

    @Override
    int stateAfterFetch() {
        return BlockTable.READ_ONLY;
    }

    @Override
    boolean hostWritesCostTransfers() {
        return true;
    }

    @Override
    public void release(SharedObject object, boolean written) {
        object.revokeWindows();
        for (int block = 0; block < object.blockCount(); block++) {
            int state = stableState(object, block);
            BlockRanges r = object.blocks.ranges(block);
            if (state == BlockTable.DIRTY) {
                sendDirty(object, block); // only the dirty ranges of a block that tracks them
                if (written) {
                    object.blocks.setRanges(block, null);
                    object.blocks.set(block, BlockTable.INVALID);
                } else {
                    publishClean(object, block, r);
                }
                becameClean(object, block);
            } else if (state == BlockTable.READ_ONLY && written) {
                object.blocks.set(block, BlockTable.INVALID);
            } else if (state == BlockTable.INVALID && r != null && written) {
                object.blocks.setRanges(block, null); // the kernel may overwrite what the host had valid
            }
        }
        object.resetWriters();
    }

    @Override
    public void acquire(SharedObject object, boolean written) {
        // Kernel return moves nothing: objects the kernel may have written are invalid since the call.
    }
}
