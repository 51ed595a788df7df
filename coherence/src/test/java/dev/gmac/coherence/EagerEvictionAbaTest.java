package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.CopyCompletion;
import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The interleaving behind decision 0121, made deterministic: rolling-update's DMA thread has copied block X for an
 * eager eviction but not yet reported the copy complete when the host writes X again (taking the block back from
 * FLUSHING) and a later eviction makes X FLUSHING once more. The first eviction's completion must not publish X
 * clean: its copy holds the old value, and the second eviction's job would then find X clean and send nothing, so
 * the host's newer write would never reach the accelerator. (Found by {@code ConcurrentHostAccessTest}, which lost
 * a write in about one run of 400 rounds before the fix.)
 */
class EagerEvictionAbaTest {
    private static final int BLOCK = 64;
    private static final int INTS_PER_BLOCK = BLOCK / Integer.BYTES;

    /** Delegates to an in-memory accelerator; its first asynchronous copy to the device waits before completing. */
    private static final class GatedAccelerator implements Accelerator {
        final InMemoryAccelerator inner = new InMemoryAccelerator();
        final CountDownLatch copied = new CountDownLatch(1);
        final CountDownLatch complete = new CountDownLatch(1);
        private final AtomicBoolean gated = new AtomicBoolean(true);

        @Override
        public String name() {
            return "gated in-memory accelerator";
        }

        @Override
        public long allocate(long bytes) {
            return inner.allocate(bytes);
        }

        @Override
        public boolean zeroesAllocations() {
            return inner.zeroesAllocations();
        }

        @Override
        public void free(long deviceAddress) {
            inner.free(deviceAddress);
        }

        @Override
        public void copyToDevice(long deviceAddress, ByteBuffer src) {
            inner.copyToDevice(deviceAddress, src);
        }

        @Override
        public void copyToHost(long deviceAddress, ByteBuffer dst) {
            inner.copyToHost(deviceAddress, dst);
        }

        @Override
        public void copyDeviceToDevice(long dstAddress, long srcAddress, long bytes) {
            inner.copyDeviceToDevice(dstAddress, srcAddress, bytes);
        }

        @Override
        public void memset(long deviceAddress, int byteValue, long bytes) {
            inner.memset(deviceAddress, byteValue, bytes);
        }

        @Override
        public void copyToDeviceAsync(long deviceAddress, ByteBuffer src, CopyCompletion done) {
            inner.copyToDevice(deviceAddress, src);
            if (gated.getAndSet(false)) {
                copied.countDown();
                try {
                    if (!complete.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the test never let the first eviction complete");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            done.completed(null);
        }
    }

    @ParameterizedTest(name = "sub-block ranges {0}")
    @ValueSource(booleans = {false, true})
    void aWriteAndASecondEvictionDuringTheFirstEvictionsCopyReachTheAccelerator(boolean subBlock)
            throws InterruptedException {
        GatedAccelerator device = new GatedAccelerator();
        CoherenceConfig config = CoherenceConfig.defaults()
                .withProtocol(ProtocolKind.ROLLING)
                .withBlockSize(BLOCK)
                .withRollingIncrement(1) // one allocation: one dirty block allowed
                .withAsyncEviction(true)
                .withSubBlock(subBlock);
        try (SharedMemoryManager manager = new SharedMemoryManager(device, config)) {
            SharedObject object = manager.allocate(3 * BLOCK);
            HostAccessor host = manager.accessor(object);
            int x = 0;
            int y = INTS_PER_BLOCK;
            host.putInt(x, 1); // X dirty
            host.putInt(y, 2); // Y dirty: over the rolling size, X is evicted; the DMA thread copies X = 1
            assertTrue(device.copied.await(30, TimeUnit.SECONDS), "X was evicted eagerly");
            host.putInt(x, 3); // X taken back from FLUSHING: dirty again; Y is evicted (its job waits in the ring)
            host.putInt(y, 4); // Y taken back: dirty again; X, the oldest, is evicted a second time
            device.complete.countDown(); // the first eviction of X reports its copy (X = 1) complete
            manager.call(WriteScope.all(), () -> {});
            manager.sync();
            ByteBuffer onDevice = device.inner.view(object.deviceAddress(), 3 * BLOCK);
            assertEquals(3, onDevice.getInt(Integer.BYTES * x), "the host's second write to X");
            assertEquals(4, onDevice.getInt(Integer.BYTES * y), "the host's second write to Y");
            assertTrue(manager.stats().evictions() >= 3, "X, Y and X again were evicted eagerly");
        }
    }
}
