package dev.gmac.coherence.transfer;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.CopyCompletion;
import java.nio.ByteBuffer;

/**
 * Moves real bytes between host buffers and accelerator memory through the {@link Accelerator} SPI, and
 * counts each transfer in {@link TransferCounters} with its measured and modelled time.
 *
 * <p>One call is one transfer: the protocols decide the granularity (a whole object for batch- and
 * lazy-update, one block for rolling-update, ADSM paper §4.3). Thread-safe; it holds no state of its own
 * beyond the counters.
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
     * Copies {@code src.remaining()} bytes to the device at {@code deviceAddress}; one counted transfer, which the
     * caller (a host thread) waits for.
     */
    public void toAccelerator(long deviceAddress, ByteBuffer src) {
        int bytes = src.remaining();
        if (timeline != null) {
            timeline.transferStarts();
        }
        long start = System.nanoTime();
        accelerator.copyToDevice(deviceAddress, src);
        counters.transfer(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start);
        if (timeline != null) {
            timeline.synchronous(Direction.TO_ACCELERATOR, bytes);
        }
    }

    /**
     * As {@link #toAccelerator} for a background thread (the DMA engine's eager evictions): counted, but not
     * placed on the host's timeline (the eviction was, when it was queued).
     */
    public void toAcceleratorInBackground(long deviceAddress, ByteBuffer src) {
        int bytes = src.remaining();
        long start = System.nanoTime();
        accelerator.copyToDevice(deviceAddress, src);
        counters.transfer(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start);
    }

    /**
     * Copies {@code dst.remaining()} bytes from the device at {@code deviceAddress}; one counted transfer, which
     * the caller waits for.
     */
    public void toHost(long deviceAddress, ByteBuffer dst) {
        int bytes = dst.remaining();
        if (timeline != null) {
            timeline.transferStarts();
        }
        long start = System.nanoTime();
        accelerator.copyToHost(deviceAddress, dst);
        counters.transfer(Direction.TO_HOST, bytes, System.nanoTime() - start);
        if (timeline != null) {
            timeline.synchronous(Direction.TO_HOST, bytes);
        }
    }

    /**
     * Starts an asynchronous host-to-device copy through the SPI. The transfer is counted when it completes
     * (successfully or not: the bytes were offered to the bus), then {@code done} runs. Not placed on the
     * timeline (an eager eviction is placed when it is queued).
     */
    public void toAcceleratorAsync(long deviceAddress, ByteBuffer src, CopyCompletion done) {
        int bytes = src.remaining();
        long start = System.nanoTime();
        accelerator.copyToDeviceAsync(deviceAddress, src, failure -> {
            counters.transfer(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start);
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
