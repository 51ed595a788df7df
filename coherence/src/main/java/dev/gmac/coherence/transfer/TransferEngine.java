package dev.gmac.coherence.transfer;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.CopyCompletion;
import java.nio.ByteBuffer;

/**
 * Moves real bytes between host buffers and accelerator memory through the {@link Accelerator} SPI, and
 * counts each transfer in {@link TransferCounters} with its measured and modelled time.
 *
 * <p>One call is one transfer: the protocols decide the granularity (a whole object for batch- and
 * lazy-update, one block for rolling-update, ADSM paper §4.3); except inside a <em>run</em> ({@link #beginRun}):
 * there a synchronous transfer that continues the previous one of the run (same direction, the next device
 * address) is part of the same DMA request, as a runtime that knows a whole range at once issues it (a bulk
 * host operation, the release of a call; decision 0118): it adds its bytes and their time, but no transfer and
 * no setup latency. Thread-safe; the only state beyond the counters is each thread's open run.
 */
public final class TransferEngine {
    private final Accelerator accelerator;
    private final TransferCounters counters;
    private final ExecutionTimeline timeline;

    /** An engine without a timeline (transfers are counted, not placed in time). */
    public TransferEngine(Accelerator accelerator, TransferCounters counters) {
        this(accelerator, counters, null);
    }

    /**
     * An engine whose synchronous transfers are placed on {@code timeline} (the host waits for them); null for
     * none.
     */
    public TransferEngine(Accelerator accelerator, TransferCounters counters, ExecutionTimeline timeline) {
        this.accelerator = accelerator;
        this.counters = counters;
        this.timeline = timeline;
    }

    /** A thread's run of contiguous synchronous transfers (decision 0118); confined to the thread. */
    private static final class Run {
        int depth;
        Direction direction;
        long end = -1;
    }

    private final ThreadLocal<Run> runs = ThreadLocal.withInitial(Run::new);

    /**
     * Opens a run on this thread (runs nest; the outermost {@link #endRun} closes it): until then, a synchronous
     * transfer that starts where the previous one of the run ended, in the same direction, continues it as one
     * DMA request. For operations that know their whole range before they move it: a bulk host access, the
     * release of an object at a call.
     */
    public void beginRun() {
        Run run = runs.get();
        if (run.depth++ == 0) {
            run.end = -1;
        }
    }

    /** Closes the run {@link #beginRun} opened. */
    public void endRun() {
        Run run = runs.get();
        if (run.depth > 0 && --run.depth == 0) {
            run.end = -1;
        }
    }

    /** Whether a transfer continues this thread's open run; records it as the run's last. */
    private boolean continuesRun(Direction direction, long deviceAddress, int bytes) {
        Run run = runs.get();
        if (run.depth == 0) {
            return false;
        }
        boolean continued = run.direction == direction && run.end == deviceAddress;
        run.direction = direction;
        run.end = deviceAddress + bytes;
        return continued;
    }

    /** The timeline synchronous transfers go on, or null. */
    public ExecutionTimeline timeline() {
        return timeline;
    }

    public Accelerator accelerator() {
        return accelerator;
    }

    public TransferCounters counters() {
        return counters;
    }

    /**
     * Copies {@code src.remaining()} bytes to the device at {@code deviceAddress}; one counted transfer (or the
     * continuation of this thread's run, see {@link #beginRun}), which the caller (a host thread) waits for.
     *
     * @return whether it was counted as a new transfer (false: it continued the run's previous one)
     */
    public boolean toAccelerator(long deviceAddress, ByteBuffer src) {
        return synchronousCopy(Direction.TO_ACCELERATOR, deviceAddress, src);
    }

    private boolean synchronousCopy(Direction direction, long deviceAddress, ByteBuffer buffer) {
        int bytes = buffer.remaining();
        boolean continued = continuesRun(direction, deviceAddress, bytes);
        if (timeline != null) {
            timeline.transferStarts();
        }
        long start = System.nanoTime();
        if (direction == Direction.TO_ACCELERATOR) {
            accelerator.copyToDevice(deviceAddress, buffer);
        } else {
            accelerator.copyToHost(deviceAddress, buffer);
        }
        count(direction, bytes, System.nanoTime() - start, continued);
        if (timeline != null) {
            timeline.synchronous(direction, bytes, continued);
        }
        return !continued;
    }

    /**
     * As {@link #toAccelerator} for a background thread (the DMA engine's eager evictions): counted, but not
     * placed on the host's timeline (the eviction was, when it was queued).
     */
    public void toAcceleratorInBackground(long deviceAddress, ByteBuffer src) {
        int bytes = src.remaining();
        boolean continued = continuesRun(Direction.TO_ACCELERATOR, deviceAddress, bytes);
        long start = System.nanoTime();
        accelerator.copyToDevice(deviceAddress, src);
        count(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start, continued);
    }

    private void count(Direction direction, int bytes, long nanos, boolean continued) {
        if (continued) {
            counters.continued(direction, bytes, nanos);
        } else {
            counters.transfer(direction, bytes, nanos);
        }
    }

    /**
     * Copies {@code dst.remaining()} bytes from the device at {@code deviceAddress}; one counted transfer (or the
     * continuation of this thread's run, see {@link #beginRun}), which the caller waits for.
     *
     * @return whether it was counted as a new transfer (false: it continued the run's previous one)
     */
    public boolean toHost(long deviceAddress, ByteBuffer dst) {
        return synchronousCopy(Direction.TO_HOST, deviceAddress, dst);
    }

    /**
     * Starts an asynchronous host-to-device copy through the SPI. The transfer is counted when it completes
     * (successfully or not: the bytes were offered to the bus), then {@code done} runs. Not placed on the
     * timeline (an eager eviction is placed when it is queued).
     */
    public void toAcceleratorAsync(long deviceAddress, ByteBuffer src, CopyCompletion done) {
        int bytes = src.remaining();
        boolean continued = continuesRun(Direction.TO_ACCELERATOR, deviceAddress, bytes);
        long start = System.nanoTime();
        accelerator.copyToDeviceAsync(deviceAddress, src, failure -> {
            count(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start, continued);
            done.completed(failure);
        });
    }

    /** Accelerator-side memset: crosses no bus, counted as a device operation. */
    public void deviceMemset(long deviceAddress, int byteValue, long bytes) {
        accelerator.memset(deviceAddress, byteValue, bytes);
        counters.deviceOperation(bytes);
    }

    /** Accelerator-side copy: crosses no bus, counted as a device operation. */
    public void deviceCopy(long dstAddress, long srcAddress, long bytes) {
        accelerator.copyDeviceToDevice(dstAddress, srcAddress, bytes);
        counters.deviceOperation(bytes);
    }
}
