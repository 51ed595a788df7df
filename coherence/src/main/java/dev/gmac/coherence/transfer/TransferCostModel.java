package dev.gmac.coherence.transfer;

/**
 * Cost of one transfer over the interconnect: a fixed setup latency plus bytes over bandwidth, per
 * direction. Used to report a modelled transfer time beside the real (measured) one, so protocol
 * comparisons do not depend on how fast this machine copies memory.
 *
 * <h2>The PCIe 2.0 x16 preset ({@link #pcie2x16()})</h2>
 *
 * <p>The ADSM paper's evaluation machine attaches its GPU (a GT200, "G280") through a PCIe 2.0 16x bus
 * (§5). The preset's numbers, and where they come from:
 *
 * <ul>
 *   <li><b>Bandwidth 6.0 GB/s per direction.</b> PCIe 2.0 signals at 5 GT/s per lane with 8b/10b encoding,
 *       i.e. 500 MB/s per lane and direction, 8 GB/s for 16 lanes (the PCI-SIG PCIe 2.0 base
 *       specification). Measured host-device copies from page-locked memory reach less: NVIDIA's CUDA FAQ
 *       ("What are the peak transfer rates between the CPU and GPU?") reports "up to 6.0 GB/sec" on PCIe 2.0
 *       systems, which is the figure used here.
 *   <li><b>Setup latency 10 µs per transfer, both directions.</b> Measured on a GTX 280 (the same GT200 chip
 *       as the paper's card) over PCIe 2.0 with cudaMemcpy: "for small transfer sizes, there is a constant
 *       overhead of about 10 microseconds", the same for either direction with pinned memory (University
 *       of Virginia CUDA support pages, "Memory Transfer Overhead",
 *       https://www.cs.virginia.edu/~mwb7w/cuda_support/memory_transfer_overhead.html).
 * </ul>
 *
 * <p>Bandwidths are in bytes per second (10^9 bytes per GB), latencies in seconds.
 */
public record TransferCostModel(
        String name,
        double toAcceleratorLatencySeconds,
        double toAcceleratorBytesPerSecond,
        double toHostLatencySeconds,
        double toHostBytesPerSecond) {

    public TransferCostModel {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a cost model needs a name");
        }
        if (toAcceleratorLatencySeconds < 0 || toHostLatencySeconds < 0) {
            throw new IllegalArgumentException("latencies must be >= 0");
        }
        if (!(toAcceleratorBytesPerSecond > 0) || !(toHostBytesPerSecond > 0)) {
            throw new IllegalArgumentException("bandwidths must be > 0");
        }
    }

    /** PCIe 2.0 x16 with page-locked host memory: 10 µs setup, 6.0 GB/s, both directions (see above). */
    public static TransferCostModel pcie2x16() {
        return new TransferCostModel("pcie2-x16", 10e-6, 6.0e9, 10e-6, 6.0e9);
    }

    /** Modelled seconds for one transfer of {@code bytes} bytes in {@code direction}. */
    public double seconds(Direction direction, long bytes) {
        return direction == Direction.TO_ACCELERATOR
                ? toAcceleratorLatencySeconds + bytes / toAcceleratorBytesPerSecond
                : toHostLatencySeconds + bytes / toHostBytesPerSecond;
    }
}
