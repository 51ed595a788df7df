package dev.gmac.coherence.transfer;

/** Direction of a transfer over the host-accelerator interconnect. */
public enum Direction {
    /** Host memory to accelerator memory (a release, an eager eviction). */
    TO_ACCELERATOR,
    /** Accelerator memory to host memory (an acquire, a fault on an invalid block). */
    TO_HOST
}
