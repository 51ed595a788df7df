package dev.gmac.coherence;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.AcceleratorException;
import dev.gmac.coherence.transfer.TransferEngine;
import java.util.ArrayList;
import java.util.List;

/**
 * What a call needs to undo a failed kernel, so that the host-visible data is what it was at the call.
 *
 * <p>Taken just before the release, for every object the kernel may write. A block whose host copy is valid
 * then (read-only or dirty) needs nothing: after a failure the host copy is made dirty again (it holds the
 * call's data; the accelerator copy may be half written). A block valid only on the accelerator (invalid)
 * is copied, on the accelerator, into a backup allocation (no bus traffic; counted as a device operation),
 * and copied back after a failure. Without kernel-fault recovery, or when the backup cannot be allocated,
 * invalid blocks are not protected and the failure message says so.
 */
final class KernelCheckpoint {
    private record Entry(
            SharedObject object,
            boolean[] validAtCall,
            BlockRanges[] rangesAtCall,
            long backup,
            List<long[]> invalidRuns) {}

    private final List<Entry> entries;
    private final List<SharedObject> unprotected;
    private final Accelerator accelerator;
    private final TransferEngine transfers;

    private KernelCheckpoint(
            List<Entry> entries, List<SharedObject> unprotected, Accelerator accelerator, TransferEngine transfers) {
        this.entries = entries;
        this.unprotected = unprotected;
        this.accelerator = accelerator;
        this.transfers = transfers;
    }

    static KernelCheckpoint capture(List<SharedObject> written, boolean backupInvalidBlocks, TransferEngine transfers) {
        Accelerator accelerator = transfers.accelerator();
        List<Entry> entries = new ArrayList<>();
        List<SharedObject> unprotected = new ArrayList<>();
        try {
            for (SharedObject object : written) {
                boolean[] valid = new boolean[object.blockCount()];
                BlockRanges[] partial = object.tracksRanges() ? new BlockRanges[valid.length] : null;
                List<long[]> runs = new ArrayList<>();
                long runStart = -1;
                for (int block = 0; block < valid.length; block++) {
                    // A block with sub-block ranges is backed up on the device like an invalid one (its gaps
                    // exist only there) and gets its ranges back after a failure.
                    valid[block] = object.hostValidWhole(block) && object.blocks.ranges(block) == null;
                    if (partial != null) {
                        partial[block] = object.blocks.ranges(block);
                    }
                    long start = object.blockStart(block);
                    if (!valid[block] && runStart < 0) {
                        runStart = start;
                    } else if (valid[block] && runStart >= 0) {
                        runs.add(new long[] {runStart, start});
                        runStart = -1;
                    }
                }
                if (runStart >= 0) {
                    runs.add(new long[] {runStart, object.byteSize()});
                }
                long backup = 0;
                if (!runs.isEmpty()) {
                    if (backupInvalidBlocks) {
                        try {
                            backup = accelerator.allocate(object.byteSize());
                        } catch (AcceleratorException e) {
                            unprotected.add(object);
                        }
                    } else {
                        unprotected.add(object);
                    }
                }
                entries.add(new Entry(object, valid, partial, backup, runs));
                if (backup != 0) {
                    for (long[] run : runs) {
                        transfers.deviceCopy(backup + run[0], object.deviceAddress() + run[0], run[1] - run[0]);
                    }
                }
            }
        } catch (RuntimeException e) {
            new KernelCheckpoint(entries, unprotected, accelerator, transfers).discard();
            throw e;
        }
        return new KernelCheckpoint(entries, unprotected, accelerator, transfers);
    }

    /** After a failed kernel: restore the accelerator copies of invalid blocks, re-dirty the valid ones. */
    void restore() {
        for (Entry entry : entries) {
            SharedObject object = entry.object();
            if (entry.backup() != 0) {
                for (long[] run : entry.invalidRuns()) {
                    transfers.deviceCopy(object.deviceAddress() + run[0], entry.backup() + run[0], run[1] - run[0]);
                }
            }
            object.protocol().kernelFailed(object, entry.validAtCall(), entry.rangesAtCall());
        }
    }

    /** Objects whose accelerator-only blocks could not be protected. */
    List<SharedObject> unprotected() {
        return unprotected;
    }

    /** Frees the backups. */
    void discard() {
        for (Entry entry : entries) {
            if (entry.backup() != 0) {
                try {
                    accelerator.free(entry.backup());
                } catch (AcceleratorException e) {
                    // nothing to recover: the backup is gone either way
                }
            }
        }
    }
}
