package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * Several host threads write at once under rolling-update with asynchronous evictions on the DMA engine
 * thread: each thread writes its own object (so it is the sole writer and its blocks are evicted eagerly
 * while it keeps writing) and its own half of an object they share. After a call, the accelerator must hold
 * every write: no store lost to an eviction. The jcstress tests in stress-tests check the individual races;
 * this checks the whole runtime under real contention.
 */
class ConcurrentHostAccessTest {
    private static final int THREADS = 4;
    private static final int BLOCK = 64;
    private static final int OWN_BYTES = 64 * BLOCK;

    @Test
    void concurrentWritersLoseNoUpdateToEagerEvictions() throws Exception {
        for (int round = 0; round < 20; round++) {
            InMemoryAccelerator device = new InMemoryAccelerator();
            CoherenceConfig config = CoherenceConfig.defaults()
                    .withProtocol(ProtocolKind.ROLLING)
                    .withBlockSize(BLOCK)
                    .withRollingIncrement(1);
            try (SharedMemoryManager manager = new SharedMemoryManager(device, config)) {
                SharedObject shared = manager.allocate(THREADS * OWN_BYTES);
                List<SharedObject> own = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    own.add(manager.allocate(OWN_BYTES));
                }
                CyclicBarrier start = new CyclicBarrier(THREADS);
                List<Thread> threads = new ArrayList<>();
                List<Throwable> failures = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int id = t;
                    Thread thread = new Thread(() -> {
                        try {
                            HostAccessor mine = manager.accessor(own.get(id));
                            HostAccessor common = manager.accessor(shared);
                            start.await();
                            for (int pass = 0; pass < 3; pass++) {
                                for (int i = 0; i < OWN_BYTES / 4; i++) {
                                    mine.putInt(i, id * 1_000_000 + pass * 100_000 + i);
                                    common.putInt(id * (OWN_BYTES / 4) + i, id * 1_000_000 + pass * 100_000 + i);
                                }
                            }
                        } catch (Throwable e) {
                            synchronized (failures) {
                                failures.add(e);
                            }
                        }
                    });
                    threads.add(thread);
                    thread.start();
                }
                for (Thread thread : threads) {
                    thread.join();
                }
                assertTrue(failures.isEmpty(), failures.toString());
                manager.call(WriteScope.all(), () -> {});
                manager.sync();
                for (int t = 0; t < THREADS; t++) {
                    ByteBuffer mine = device.view(own.get(t).deviceAddress(), OWN_BYTES);
                    ByteBuffer common = device.view(shared.deviceAddress() + (long) t * OWN_BYTES, OWN_BYTES);
                    for (int i = 0; i < OWN_BYTES / 4; i++) {
                        int expected = t * 1_000_000 + 2 * 100_000 + i;
                        assertEquals(expected, mine.getInt(4 * i), "own object of thread " + t + ", int " + i);
                        assertEquals(expected, common.getInt(4 * i), "shared object, thread " + t + ", int " + i);
                    }
                }
                assertTrue(manager.stats().evictions() > 0, "the sole writers' blocks were evicted eagerly");
            }
        }
    }
}
