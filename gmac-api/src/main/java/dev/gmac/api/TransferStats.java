package dev.gmac.api;

/**
 * What an {@link Adsm} runtime (or a {@link CudaStyle} baseline) moved between host and accelerator, counted
 * by the transfer engine since it was opened or since the last {@code resetStats()}. A snapshot.
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
}
