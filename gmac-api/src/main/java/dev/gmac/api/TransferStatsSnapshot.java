package dev.gmac.api;

import dev.gmac.coherence.ObjectTraffic;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TimelineTrace;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.util.List;

/** A {@link TransferStats} snapshot backed by the transfer engine's counters and the contexts' timelines. */
record TransferStatsSnapshot(
        TransferSnapshot counters,
        TimelineSnapshot time,
        List<ObjectTraffic.Snapshot> buffers,
        long kernelCycles,
        long kernels,
        List<TimelineTrace> timelineTraces)
        implements TransferStats {

    TransferStatsSnapshot {
        buffers = List.copyOf(buffers);
        timelineTraces = List.copyOf(timelineTraces);
    }

    @Override
    public long bytesToAccelerator() {
        return counters.bytesToAccelerator();
    }

    @Override
    public long bytesToHost() {
        return counters.bytesToHost();
    }

    @Override
    public long transfersToAccelerator() {
        return counters.transfersToAccelerator();
    }

    @Override
    public long transfersToHost() {
        return counters.transfersToHost();
    }

    @Override
    public long readFaults() {
        return counters.readFaults();
    }

    @Override
    public long writeFaults() {
        return counters.writeFaults();
    }

    @Override
    public long evictions() {
        return counters.evictions();
    }

    @Override
    public long implicitSyncs() {
        return counters.implicitSyncs();
    }

    @Override
    public double modelledTransferSeconds() {
        return counters.modelledSeconds();
    }

    @Override
    public double realTransferSeconds() {
        return counters.realSeconds();
    }

    @Override
    public long deviceOperations() {
        return counters.deviceOperations();
    }

    @Override
    public String toString() {
        return String.format(
                "TransferStats[toAccelerator=%d B in %d, toHost=%d B in %d, faults r/w=%d/%d, evictions=%d,"
                        + " implicitSyncs=%d, modelled=%.6f s, real=%.6f s]",
                bytesToAccelerator(),
                transfersToAccelerator(),
                bytesToHost(),
                transfersToHost(),
                readFaults(),
                writeFaults(),
                evictions(),
                implicitSyncs(),
                modelledTransferSeconds(),
                realTransferSeconds());
    }
}
