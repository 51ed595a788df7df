package dev.gmac.samples.study;

import dev.gmac.api.TransferStats;

/**
 * What the transfer engine counted during one run (ADSM paper §5.1): bytes and transfers in each direction,
 * the host's read and write faults, rolling-update's eager evictions, and the cost model's transfer time.
 *
 * @param modelledSeconds setup latency plus bytes over bandwidth, summed over every transfer
 */
public record TransferCounts(
        long bytesToAccelerator,
        long bytesToHost,
        long transfersToAccelerator,
        long transfersToHost,
        long readFaults,
        long writeFaults,
        long evictions,
        double modelledSeconds) {

    /** A snapshot of the engine's counters. */
    public static TransferCounts of(TransferStats stats) {
        return new TransferCounts(
                stats.bytesToAccelerator(),
                stats.bytesToHost(),
                stats.transfersToAccelerator(),
                stats.transfersToHost(),
                stats.readFaults(),
                stats.writeFaults(),
                stats.evictions(),
                stats.modelledTransferSeconds());
    }

    /** Bytes in both directions. */
    public long bytes() {
        return bytesToAccelerator + bytesToHost;
    }

    /** Transfers in both directions. */
    public long transfers() {
        return transfersToAccelerator + transfersToHost;
    }

    /** Read plus write faults. */
    public long faults() {
        return readFaults + writeFaults;
    }
}
