package dev.gmac.api;

import dev.gmac.coherence.ObjectTraffic;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import java.util.List;

/**
 * What an {@link Adsm} runtime (or a {@link CudaStyle} baseline) moved between host and accelerator, counted
 * by the transfer engine since it was opened or since the last {@code resetStats()}, and its modelled end-to-end
 * time (ADSM paper, Gelado et al., ASPLOS 2010, §5: Figures 7 and 10). A snapshot.
 */
public interface TransferStats {
    long bytesToAccelerator();

    long bytesToHost();

    long transfersToAccelerator();

    long transfersToHost();

    /** Host reads that needed the protocol to act (a fetch). */
    long readFaults();

    /** Host writes that needed the protocol to act (a block made dirty). */
    long writeFaults();

    /** Rolling-update's eager flushes of dirty blocks. */
    long evictions();

    /** Host accesses or calls that had to wait for a kernel in flight. */
    long implicitSyncs();

    /** Modelled transfer time (setup latency + bytes / bandwidth per transfer, from the cost model). */
    double modelledTransferSeconds();

    /** Measured time spent copying (this machine's memory copies, not a bus). */
    double realTransferSeconds();

    /** Accelerator-side memsets and copies (they cross no bus). */
    long deviceOperations();

    /**
     * The modelled end-to-end time and where the host's time went: measured host compute ({@code cpu}), waits
     * for transfers ({@code copy}), fault handling ({@code signal}), launches, waits for kernels ({@code
     * gpuWait}); with the busy time of the GPU and of each transfer direction, and how much eager-eviction time
     * overlapped host work. Kernels take 0 s unless the runtime has a timing preset ({@link
     * AdsmConfig#withTiming}).
     */
    TimelineSnapshot time();

    /**
     * The events behind {@link #time()}, one trace per execution context (live contexts, then retired ones), for a
     * replay with another measurement of the host compute ({@link dev.gmac.coherence.transfer.HostWorkBaseline},
     * decision 0122); empty where none was recorded.
     */
    default List<dev.gmac.coherence.transfer.TimelineTrace> timelineTraces() {
        return List.of();
    }

    /** One row per live buffer: its bytes and transfers each way, faults and evictions (empty for a baseline). */
    List<ObjectTraffic.Snapshot> buffers();

    /** Cycles of the timed kernels (0 without a timing preset). */
    long kernelCycles();

    /** Kernels run. */
    long kernels();
}
