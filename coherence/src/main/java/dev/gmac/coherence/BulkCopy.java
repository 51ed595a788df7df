package dev.gmac.coherence;

import dev.gmac.coherence.CoherenceProtocol.Overwrite;

/**
 * {@code memcpy} between shared objects (ADSM paper §4.4: GMAC's interposed memcpy uses the accelerator's
 * copy for shared data). The two objects may belong to different execution contexts, so every block
 * transition goes through the protocol instance of the object it changes ({@link AbstractProtocol#of}).
 *
 * <p>Copies on the accelerator when that moves no more bytes than copying on the host (ties go to the
 * accelerator). Accelerator side: dirty source blocks, and dirty destination blocks the copy covers only in
 * part, are sent first (they become read-only); then the accelerator copies; every destination block it
 * touches becomes invalid. Host side: invalid source blocks, and invalid destination blocks covered in part,
 * are fetched; the host copies; destination blocks become dirty, which costs their transfer at the next call
 * unless they were dirty already (and never for batch-update, which sends everything anyway).
 *
 * <p>The caller holds the call locks of both owning contexts and has drained the DMA engine.
 */
final class BulkCopy {
    private BulkCopy() {}

    static void memcpy(SharedObject dst, long dstOffset, SharedObject src, long srcOffset, long length) {
        if (length <= 0) {
            return;
        }
        AbstractProtocol dstProtocol = AbstractProtocol.of(dst);
        long deviceBytes = 0;
        long hostBytes = 0;
        for (int block = src.blockOf(srcOffset); block <= src.blockOf(srcOffset + length - 1); block++) {
            int state = AbstractProtocol.stableState(src, block);
            if (state == BlockTable.DIRTY) {
                deviceBytes += src.blockLength(block);
            } else if (state == BlockTable.INVALID) {
                hostBytes += src.blockLength(block);
            }
        }
        long dstEnd = dstOffset + length;
        for (int block = dst.blockOf(dstOffset); block <= dst.blockOf(dstEnd - 1); block++) {
            int state = AbstractProtocol.stableState(dst, block);
            boolean whole = coversWhole(dst, block, dstOffset, dstEnd);
            if (!whole && state == BlockTable.DIRTY) {
                deviceBytes += dst.blockLength(block);
            }
            if (!whole && state == BlockTable.INVALID) {
                hostBytes += dst.blockLength(block);
            }
            if (state != BlockTable.DIRTY && dstProtocol.hostWritesCostTransfers()) {
                hostBytes += dst.blockLength(block);
            }
        }
        if (deviceBytes <= hostBytes) {
            onAccelerator(dst, dstOffset, src, srcOffset, length);
        } else {
            onHost(dst, dstOffset, src, srcOffset, length);
        }
    }

    private static boolean coversWhole(SharedObject object, int block, long start, long end) {
        long blockStart = object.blockStart(block);
        return start <= blockStart && end >= blockStart + object.blockLength(block);
    }

    private static void onAccelerator(SharedObject dst, long dstOffset, SharedObject src, long srcOffset, long length) {
        AbstractProtocol srcProtocol = AbstractProtocol.of(src);
        AbstractProtocol dstProtocol = AbstractProtocol.of(dst);
        boolean srcChanged = false;
        for (int block = src.blockOf(srcOffset); block <= src.blockOf(srcOffset + length - 1); block++) {
            srcChanged |= srcProtocol.sendIfDirty(src, block);
        }
        if (srcChanged) {
            src.revokeWindows();
        }
        long dstEnd = dstOffset + length;
        for (int block = dst.blockOf(dstOffset); block <= dst.blockOf(dstEnd - 1); block++) {
            if (!coversWhole(dst, block, dstOffset, dstEnd)) {
                dstProtocol.sendIfDirty(dst, block);
            }
        }
        dstProtocol.transfers.deviceCopy(dst.deviceAddress() + dstOffset, src.deviceAddress() + srcOffset, length);
        for (int block = dst.blockOf(dstOffset); block <= dst.blockOf(dstEnd - 1); block++) {
            int state = AbstractProtocol.stableState(dst, block);
            dst.blocks.setRanges(block, null);
            dst.blocks.set(block, BlockTable.INVALID);
            if (state == BlockTable.DIRTY) {
                dstProtocol.becameClean(dst, block);
            }
        }
        dst.revokeWindows();
    }

    private static void onHost(SharedObject dst, long dstOffset, SharedObject src, long srcOffset, long length) {
        AbstractProtocol srcProtocol = AbstractProtocol.of(src);
        AbstractProtocol dstProtocol = AbstractProtocol.of(dst);
        long dstEnd = dstOffset + length;
        for (int block = dst.blockOf(dstOffset); block <= dst.blockOf(dstEnd - 1); block++) {
            long start = Math.max(dstOffset, dst.blockStart(block));
            long stop = Math.min(dstEnd, dst.blockStart(block) + dst.blockLength(block));
            long from = srcOffset + (start - dstOffset);
            srcProtocol.toHost(src, from, stop - start);
            boolean claimed = false;
            if (coversWhole(dst, block, dstOffset, dstEnd)) {
                claimed = dstProtocol.beginOverwrite(dst, block) == Overwrite.CLAIMED;
            } else {
                dstProtocol.signalWriteRange(dst, block, start, (int) (stop - start), false);
            }
            boolean completed = false;
            try {
                dst.host().put((int) start, src.host(), (int) from, (int) (stop - start));
                completed = true;
            } finally {
                if (claimed) {
                    dstProtocol.endOverwrite(dst, block, completed);
                }
            }
        }
    }
}
