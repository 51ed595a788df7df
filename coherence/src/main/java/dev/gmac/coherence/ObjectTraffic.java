package dev.gmac.coherence;

import java.util.concurrent.atomic.LongAdder;

/**
 * What moved for one shared object (a row of the per-buffer table of {@code stats()}): bytes and transfers each
 * way, faults and eager evictions. Counted where the protocols move its blocks; {@link LongAdder}s, as the
 * runtime's own counters.
 */
public final class ObjectTraffic {
    final LongAdder bytesToAccelerator = new LongAdder();
    final LongAdder bytesToHost = new LongAdder();
    final LongAdder transfersToAccelerator = new LongAdder();
    final LongAdder transfersToHost = new LongAdder();
    final LongAdder readFaults = new LongAdder();
    final LongAdder writeFaults = new LongAdder();
    final LongAdder evictions = new LongAdder();

    /**
     * The counts now.
     *
     * @param id the object's allocation number
     * @param bytes its size
     * @param protocol its protocol
     * @param blockSize its block size
     */
    public record Snapshot(
            long id,
            long bytes,
            ProtocolKind protocol,
            int blockSize,
            long bytesToAccelerator,
            long bytesToHost,
            long transfersToAccelerator,
            long transfersToHost,
            long readFaults,
            long writeFaults,
            long evictions) {}

    Snapshot snapshot(SharedObject object) {
        return new Snapshot(
                object.id(),
                object.byteSize(),
                object.protocol().kind(),
                object.blockSize(),
                bytesToAccelerator.sum(),
                bytesToHost.sum(),
                transfersToAccelerator.sum(),
                transfersToHost.sum(),
                readFaults.sum(),
                writeFaults.sum(),
                evictions.sum());
    }

    void reset() {
        bytesToAccelerator.reset();
        bytesToHost.reset();
        transfersToAccelerator.reset();
        transfersToHost.reset();
        readFaults.reset();
        writeFaults.reset();
        evictions.reset();
    }
}
