package dev.gmac.coherence.transfer;

/**
 * The counters of a {@link TransferCounters} at one moment.
 *
 * @param bytesToAccelerator bytes copied host to accelerator (releases and eager evictions)
 * @param bytesToHost bytes copied accelerator to host (acquires and faults on invalid blocks)
 * @param transfersToAccelerator number of host-to-accelerator copies
 * @param transfersToHost number of accelerator-to-host copies
 * @param readFaults host reads that needed protocol action (a fetch)
 * @param writeFaults host writes that needed protocol action (a block became dirty)
 * @param evictions dirty blocks flushed eagerly by rolling-update when the rolling size was exceeded
 * @param implicitSyncs host accesses (or calls) that had to wait for an in-flight kernel
 * @param deviceOperations accelerator-side memsets and copies (bulk operations and kernel checkpoints)
 * @param deviceBytes bytes those accelerator-side operations touched (they cross no bus)
 * @param modelledSecondsToAccelerator modelled time of the host-to-accelerator transfers
 * @param modelledSecondsToHost modelled time of the accelerator-to-host transfers
 * @param realSecondsToAccelerator measured time of the host-to-accelerator copies
 * @param realSecondsToHost measured time of the accelerator-to-host copies
 */
public record TransferSnapshot(
        long bytesToAccelerator,
        long bytesToHost,
        long transfersToAccelerator,
        long transfersToHost,
        long readFaults,
        long writeFaults,
        long evictions,
        long implicitSyncs,
        long deviceOperations,
        long deviceBytes,
        double modelledSecondsToAccelerator,
        double modelledSecondsToHost,
        double realSecondsToAccelerator,
        double realSecondsToHost) {

    /** Nothing counted. */
    public static final TransferSnapshot ZERO = new TransferSnapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The field-by-field sum of this snapshot and {@code other} (the counts of two contexts together). */
    public TransferSnapshot plus(TransferSnapshot other) {
        return new TransferSnapshot(
                bytesToAccelerator + other.bytesToAccelerator,
                bytesToHost + other.bytesToHost,
                transfersToAccelerator + other.transfersToAccelerator,
                transfersToHost + other.transfersToHost,
                readFaults + other.readFaults,
                writeFaults + other.writeFaults,
                evictions + other.evictions,
                implicitSyncs + other.implicitSyncs,
                deviceOperations + other.deviceOperations,
                deviceBytes + other.deviceBytes,
                modelledSecondsToAccelerator + other.modelledSecondsToAccelerator,
                modelledSecondsToHost + other.modelledSecondsToHost,
                realSecondsToAccelerator + other.realSecondsToAccelerator,
                realSecondsToHost + other.realSecondsToHost);
    }

    /** Modelled time of all transfers, both directions. */
    public double modelledSeconds() {
        return modelledSecondsToAccelerator + modelledSecondsToHost;
    }

    /** Measured time of all transfers, both directions. */
    public double realSeconds() {
        return realSecondsToAccelerator + realSecondsToHost;
    }

    /** Bytes moved in both directions. */
    public long bytesMoved() {
        return bytesToAccelerator + bytesToHost;
    }
}
