package dev.gmac.coherence.transfer;

import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Everything the runtime counts about data movement. Safe to update from any thread; see the package
 * documentation for what a snapshot taken during transfers means.
 */
public final class TransferCounters {
    private final TransferCostModel costModel;
    private final LongAdder bytesToAccelerator = new LongAdder();
    private final LongAdder bytesToHost = new LongAdder();
    private final LongAdder transfersToAccelerator = new LongAdder();
    private final LongAdder transfersToHost = new LongAdder();
    private final LongAdder readFaults = new LongAdder();
    private final LongAdder writeFaults = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder implicitSyncs = new LongAdder();
    private final LongAdder deviceOperations = new LongAdder();
    private final LongAdder deviceBytes = new LongAdder();
    private final DoubleAdder modelledToAccelerator = new DoubleAdder();
    private final DoubleAdder modelledToHost = new DoubleAdder();
    private final LongAdder realNanosToAccelerator = new LongAdder();
    private final LongAdder realNanosToHost = new LongAdder();

    public TransferCounters(TransferCostModel costModel) {
        this.costModel = costModel;
    }

    public TransferCostModel costModel() {
        return costModel;
    }

    /** Counts one transfer of {@code bytes} bytes that took {@code realNanos} of measured time. */
    public void transfer(Direction direction, long bytes, long realNanos) {
        double modelled = costModel.seconds(direction, bytes);
        if (direction == Direction.TO_ACCELERATOR) {
            bytesToAccelerator.add(bytes);
            transfersToAccelerator.increment();
            modelledToAccelerator.add(modelled);
            realNanosToAccelerator.add(realNanos);
        } else {
            bytesToHost.add(bytes);
            transfersToHost.increment();
            modelledToHost.add(modelled);
            realNanosToHost.add(realNanos);
        }
    }

    /**
     * Counts {@code bytes} more of the transfer counted last in {@code direction} by this thread's run of
     * contiguous transfers ({@link TransferEngine#beginRun}): one DMA request, so no new transfer and no second
     * setup latency, only the bytes' time.
     */
    public void continued(Direction direction, long bytes, long realNanos) {
        double modelled = costModel.seconds(direction, bytes) - costModel.seconds(direction, 0);
        if (direction == Direction.TO_ACCELERATOR) {
            bytesToAccelerator.add(bytes);
            modelledToAccelerator.add(modelled);
            realNanosToAccelerator.add(realNanos);
        } else {
            bytesToHost.add(bytes);
            modelledToHost.add(modelled);
            realNanosToHost.add(realNanos);
        }
    }

    public void readFault() {
        readFaults.increment();
    }

    public void writeFault() {
        writeFaults.increment();
    }

    public void eviction() {
        evictions.increment();
    }

    /** Read plus write faults so far. */
    public long faults() {
        return readFaults.sum() + writeFaults.sum();
    }

    public void implicitSync() {
        implicitSyncs.increment();
    }

    /** Counts one accelerator-side memset or copy touching {@code bytes} bytes. */
    public void deviceOperation(long bytes) {
        deviceOperations.increment();
        deviceBytes.add(bytes);
    }

    public TransferSnapshot snapshot() {
        return new TransferSnapshot(
                bytesToAccelerator.sum(),
                bytesToHost.sum(),
                transfersToAccelerator.sum(),
                transfersToHost.sum(),
                readFaults.sum(),
                writeFaults.sum(),
                evictions.sum(),
                implicitSyncs.sum(),
                deviceOperations.sum(),
                deviceBytes.sum(),
                modelledToAccelerator.sum(),
                modelledToHost.sum(),
                realNanosToAccelerator.sum() / 1e9,
                realNanosToHost.sum() / 1e9);
    }

    /** Starts a new count. Not atomic with respect to transfers running at the same moment. */
    public void reset() {
        bytesToAccelerator.reset();
        bytesToHost.reset();
        transfersToAccelerator.reset();
        transfersToHost.reset();
        readFaults.reset();
        writeFaults.reset();
        evictions.reset();
        implicitSyncs.reset();
        deviceOperations.reset();
        deviceBytes.reset();
        modelledToAccelerator.reset();
        modelledToHost.reset();
        realNanosToAccelerator.reset();
        realNanosToHost.reset();
    }
}
