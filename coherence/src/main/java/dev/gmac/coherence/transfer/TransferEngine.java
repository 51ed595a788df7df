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

    public TransferEngine(Accelerator accelerator, TransferCounters counters) {
        this.accelerator = accelerator;
        this.counters = counters;
    }

    public Accelerator accelerator() {
        return accelerator;
    }

    public TransferCounters counters() {
        return counters;
    }

    /** Copies {@code src.remaining()} bytes to the device at {@code deviceAddress}; one counted transfer. */
    public void toAccelerator(long deviceAddress, ByteBuffer src) {
        int bytes = src.remaining();
        long start = System.nanoTime();
        accelerator.copyToDevice(deviceAddress, src);
        counters.transfer(Direction.TO_ACCELERATOR, bytes, System.nanoTime() - start);
    }

    /** Copies {@code dst.remaining()} bytes from the device at {@code deviceAddress}; one counted transfer. */
    public void toHost(long deviceAddress, ByteBuffer dst) {
        int bytes = dst.remaining();
        long start = System.nanoTime();
        accelerator.copyToHost(deviceAddress, dst);
        counters.transfer(Direction.TO_HOST, bytes, System.nanoTime() - start);
    }

    /**
     * Starts an asynchronous host-to-device copy through the SPI. The transfer is counted when it completes
     * (successfully or not: the bytes were offered to the bus), then {@code done} runs.
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
