package dev.gmac.coherence.transfer;

/**
 * The modelled end-to-end time of one execution context, and where the host's time went (the categories of
 * the ADSM paper's Figure 10, §5.1). Every field is in seconds. {@code cpu} is measured (the host thread's CPU
 * time between runtime operations on this machine, less the runtime's own bookkeeping: decision 0117); everything
 * else is modelled: transfers by the {@link
 * TransferCostModel}, kernels by the timing model (0 without one), faults and launches by {@link HostCosts}.
 *
 * @param endToEnd when the context's last piece of work ended (host, kernels and transfers overlap)
 * @param cpu host compute between runtime operations (measured)
 * @param copy time the host waited for transfers: its own fetches and sends, and eager evictions still
 *     draining when a call needed them done
 * @param signal access faults times the fault cost
 * @param launch kernel calls times the launch cost
 * @param gpuWait time the host waited for kernels (at syncs and implicit syncs)
 * @param kernels time the GPU spent running the context's kernels
 * @param toAccelerator time the host-to-accelerator engine was busy (including eager evictions)
 * @param toHost time the accelerator-to-host engine was busy
 * @param evictionsOverlapped eager-eviction time that the host did not wait for (overlapped with host work)
 * @param bookkeeping host CPU time the runtime spent in work that is not part of the program (accessor slow paths,
 *     the timeline's clock reads), measured and left out of {@code cpu} and of the end-to-end time (decision 0117)
 */
public record TimelineSnapshot(
        double endToEnd,
        double cpu,
        double copy,
        double signal,
        double launch,
        double gpuWait,
        double kernels,
        double toAccelerator,
        double toHost,
        double evictionsOverlapped,
        double bookkeeping) {

    /** Nothing measured. */
    public static final TimelineSnapshot ZERO = new TimelineSnapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** The modelled part of the end-to-end time: everything but the measured host compute. */
    public double modelledWithoutCpu() {
        return copy + signal + launch + gpuWait;
    }

    /**
     * Two contexts' timelines together: they run side by side, so the end-to-end time is the longer one and
     * every category adds up.
     */
    public TimelineSnapshot plus(TimelineSnapshot other) {
        return new TimelineSnapshot(
                Math.max(endToEnd, other.endToEnd),
                cpu + other.cpu,
                copy + other.copy,
                signal + other.signal,
                launch + other.launch,
                gpuWait + other.gpuWait,
                kernels + other.kernels,
                toAccelerator + other.toAccelerator,
                toHost + other.toHost,
                evictionsOverlapped + other.evictionsOverlapped,
                bookkeeping + other.bookkeeping);
    }
}
