package dev.gmac.samples.study;

import dev.gmac.api.TransferStats;
import dev.gmac.coherence.transfer.Direction;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TransferCostModel;

/**
 * What the transfer engine counted during one run (ADSM paper §5.1): bytes and transfers in each direction,
 * the host's read and write faults, rolling-update's eager evictions, and the cost model's transfer time.
 *
 * @param modelledSeconds setup latency plus bytes over bandwidth, summed over every transfer
 * @param modelledSecondsToAccelerator the part of {@code modelledSeconds} spent host to accelerator
 * @param modelledSecondsToHost the part spent accelerator to host
 * @param time the run's modelled end-to-end time and its break-down (ADSM paper Figure 10; {@link
 *     TimelineSnapshot}): measured host compute, modelled transfers, faults, launches and kernels (kernels are
 *     0 when the run has no timing preset)
 * @param kernelCycles the kernels' cycles under the timing preset (0 without one)
 */
public record TransferCounts(
        long bytesToAccelerator,
        long bytesToHost,
        long transfersToAccelerator,
        long transfersToHost,
        long readFaults,
        long writeFaults,
        long evictions,
        double modelledSeconds,
        double modelledSecondsToAccelerator,
        double modelledSecondsToHost,
        TimelineSnapshot time,
        long kernelCycles) {

    /**
     * A snapshot of the engine's counters. The cost model is linear (a setup latency per transfer plus bytes over
     * bandwidth), so each direction's share of the modelled time follows from its transfer and byte counts.
     */
    public static TransferCounts of(TransferStats stats, TransferCostModel model) {
        return new TransferCounts(
                stats.bytesToAccelerator(),
                stats.bytesToHost(),
                stats.transfersToAccelerator(),
                stats.transfersToHost(),
                stats.readFaults(),
                stats.writeFaults(),
                stats.evictions(),
                stats.modelledTransferSeconds(),
                modelled(model, Direction.TO_ACCELERATOR, stats.transfersToAccelerator(), stats.bytesToAccelerator()),
                modelled(model, Direction.TO_HOST, stats.transfersToHost(), stats.bytesToHost()),
                stats.time(),
                stats.kernelCycles());
    }

    private static double modelled(TransferCostModel model, Direction direction, long transfers, long bytes) {
        if (transfers == 0) {
            return 0;
        }
        // latency * transfers + bytes / bandwidth, written with the model's own per-transfer formula.
        double latency = model.seconds(direction, 0);
        return latency * transfers + (model.seconds(direction, bytes) - latency);
    }

    /** These counts with the end-to-end time {@code other} (the same run, another host-compute figure). */
    public TransferCounts withTime(TimelineSnapshot other) {
        return new TransferCounts(
                bytesToAccelerator,
                bytesToHost,
                transfersToAccelerator,
                transfersToHost,
                readFaults,
                writeFaults,
                evictions,
                modelledSeconds,
                modelledSecondsToAccelerator,
                modelledSecondsToHost,
                other,
                kernelCycles);
    }

    /** The modelled end-to-end time, in seconds (host compute included). */
    public double endToEndSeconds() {
        return time.endToEnd();
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
