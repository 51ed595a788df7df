package dev.gmac.coherence.transfer;

/**
 * The arithmetic of the modelled end-to-end time (ADSM paper, Gelado et al., ASPLOS 2010, §5: execution time,
 * Figures 7 and 10): the host thread's clock, when each engine is next free (host-to-accelerator DMA,
 * accelerator-to-host DMA, the GPU), and the time spent in each of Figure 10's categories. It measures nothing:
 * {@link ExecutionTimeline} feeds it what it measured on the host thread, and {@link TimelineTrace#replay} feeds it
 * a recorded run again with the host compute of another measurement (decision 0122). Both must give the same
 * figures for the same inputs, so the rules live here once. Not thread-safe; its owner synchronizes.
 */
final class TimelineModel {
    private double now; // the host thread's modelled clock
    private double toAcceleratorFree;
    private double toHostFree;
    private double gpuFree;
    private double cpu;
    private double copy;
    private double signal;
    private double launch;
    private double gpuWait;
    private double kernels;
    private double toAcceleratorBusy;
    private double toHostBusy;
    private double evictions;
    private double evictionsWaited;

    /** The host computed for {@code seconds}. */
    void host(double seconds) {
        now += seconds;
        cpu += seconds;
    }

    /** The host handled faults costing {@code seconds} in all ({@link HostCosts}). */
    void faults(double seconds) {
        now += seconds;
        signal += seconds;
    }

    /**
     * A transfer the host waits for, taking {@code seconds} on the engine of {@code direction}: it starts when both
     * the host and the engine are free.
     */
    void synchronous(Direction direction, double seconds) {
        double start;
        if (direction == Direction.TO_ACCELERATOR) {
            start = Math.max(now, toAcceleratorFree);
            toAcceleratorFree = start + seconds;
            toAcceleratorBusy += seconds;
        } else {
            start = Math.max(now, toHostFree);
            toHostFree = start + seconds;
            toHostBusy += seconds;
        }
        copy += start + seconds - now;
        now = start + seconds;
    }

    /** An eager eviction taking {@code seconds} on the host-to-accelerator engine, queued now; the host goes on. */
    void eviction(double seconds) {
        double start = Math.max(now, toAcceleratorFree);
        toAcceleratorFree = start + seconds;
        toAcceleratorBusy += seconds;
        evictions += seconds;
    }

    /** The host waits until every queued eviction is done. */
    void awaitEvictions() {
        if (toAcceleratorFree > now) {
            evictionsWaited += Math.min(evictions, toAcceleratorFree - now);
            copy += toAcceleratorFree - now;
            now = toAcceleratorFree;
        }
    }

    /** The host pays a launch of {@code cost} seconds; returns when the kernel starts on the GPU. */
    double launched(double cost) {
        now += cost;
        launch += cost;
        return Math.max(now, gpuFree);
    }

    /** The host waits for a kernel that started at {@code start} and ran {@code seconds}. */
    void kernelEnded(double start, double seconds) {
        double end = start + seconds;
        gpuFree = Math.max(gpuFree, end);
        kernels += seconds;
        if (end > now) {
            gpuWait += end - now;
            now = end;
        }
    }

    /**
     * The figures now; {@code pendingFaults}: the cost of faults not yet on the clock (they count towards the end),
     * {@code bookkeeping}: the runtime work left out of host compute (reported, never on the clock).
     */
    TimelineSnapshot snapshot(double pendingFaults, double bookkeeping) {
        double end = Math.max(Math.max(now + pendingFaults, toAcceleratorFree), Math.max(toHostFree, gpuFree));
        return new TimelineSnapshot(
                end,
                cpu,
                copy,
                signal + pendingFaults,
                launch,
                gpuWait,
                kernels,
                toAcceleratorBusy,
                toHostBusy,
                Math.max(0, evictions - evictionsWaited),
                bookkeeping);
    }
}
