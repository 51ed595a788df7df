package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The fast-path refresh of decision 0105: when it fires ({@link FastPathRefreshPolicy}, deterministic) and
 * that retargeting the accessors' call sites to fresh copies changes nothing an access reads, writes or counts.
 * Whether the JIT then compiles loops better is measured by {@code SequentialAccessBenchmark}, not here.
 */
class FastPathRefreshTest {
    private static final long MS = 1_000_000L;

    @Test
    void policyRefreshesOnlyTheOperationsThatMissedOnceMissesStop() {
        FastPathRefreshPolicy policy = new FastPathRefreshPolicy(4, 1000 * MS);
        assertEquals(0, policy.poll(0, new int[] {0, 0, 0, 0}), "no misses: nothing to refresh");
        assertEquals(0, policy.poll(100 * MS, new int[] {0, 5, 0, 2}), "misses during this period: wait");
        assertEquals(0, policy.poll(200 * MS, new int[] {0, 9, 0, 2}), "still missing: wait");
        assertEquals(0b1010, policy.poll(300 * MS, new int[] {0, 9, 0, 2}), "quiet for a period: ops 1 and 3");
        assertEquals(0, policy.poll(400 * MS, new int[] {0, 9, 0, 2}), "nothing new since the refresh");
    }

    @Test
    void policyKeepsTheMinimumIntervalBetweenRefreshes() {
        FastPathRefreshPolicy policy = new FastPathRefreshPolicy(2, 1000 * MS);
        policy.poll(0, new int[] {1, 0});
        assertEquals(0b01, policy.poll(100 * MS, new int[] {1, 0}));
        policy.poll(200 * MS, new int[] {1, 4});
        assertEquals(0, policy.poll(300 * MS, new int[] {1, 4}), "quiet, but only 200 ms after the last refresh");
        assertEquals(0, policy.poll(1000 * MS, new int[] {1, 4}), "900 ms after it");
        assertEquals(0b10, policy.poll(1100 * MS, new int[] {1, 4}), "1000 ms after it: op 1 only");
    }

    @Test
    void theIntervalDoublesAfterEachRefreshUpToTheCap() {
        FastPathRefreshPolicy policy = new FastPathRefreshPolicy(1, 1000 * MS);
        long now = 0;
        int misses = 0;
        long previous = 0;
        java.util.List<Long> gaps = new java.util.ArrayList<>();
        for (int refresh = 0; refresh < 10; refresh++) {
            misses++; // faults again, then quiet: refresh as soon as allowed
            policy.poll(now, new int[] {misses});
            while (policy.poll(now += 100 * MS, new int[] {misses}) == 0) {
                // wait
            }
            if (refresh > 0) {
                gaps.add((now - previous) / MS);
            }
            previous = now;
        }
        assertEquals(
                java.util.List.of(1000L, 2000L, 4000L, 8000L, 16000L, 32000L, 64000L, 64000L, 64000L),
                gaps,
                "1 s after the first refresh, then doubling to 64 s");
    }

    @Test
    void policyRejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new FastPathRefreshPolicy(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new FastPathRefreshPolicy(33, 0));
        assertThrows(IllegalArgumentException.class, () -> new FastPathRefreshPolicy(2, -1));
        FastPathRefreshPolicy policy = new FastPathRefreshPolicy(2, 0);
        assertThrows(IllegalArgumentException.class, () -> policy.poll(0, new int[3]));
    }

    @Test
    void refreshKeepsEveryAccessAndCountUnchanged() {
        CoherenceConfig config = CoherenceConfig.defaults().withBlockSize(64).withRollingIncrement(64);
        try (SharedMemoryManager manager = new SharedMemoryManager(new InMemoryAccelerator(), config)) {
            SharedObject object = manager.allocate(1024);
            HostAccessor host = manager.accessor(object);
            for (int i = 0; i < 128; i++) {
                host.putDouble(i, i + 0.5); // all 1024 bytes dirty
            }
            long faultsBefore = manager.stats().writeFaults() + manager.stats().readFaults();
            long generation = FastPathSites.generation();
            FastPathSites.refresh((1 << FastPathSites.OPS) - 1);
            // At least one new generation: the background refresher (on in the build) may add its own at any
            // time, so an exact count would depend on the machine's load.
            assertTrue(
                    FastPathSites.generation() > generation,
                    "the refresh defines fresh copies: generation " + generation + " -> " + FastPathSites.generation());
            for (int i = 0; i < 128; i++) {
                assertEquals(i + 0.5, host.getDouble(i), "a value written before the refresh reads back after it");
            }
            host.putByte(200, (byte) 7);
            host.putInt(64, 123);
            host.putLong(40, -5L);
            host.putFloat(100, 2.5f);
            FastPathSites.refresh(1 << FastPathSites.OP_GET_FLOAT | 1 << FastPathSites.OP_GET_BYTE);
            assertEquals(7, host.getByte(200));
            assertEquals(123, host.getInt(64));
            assertEquals(-5L, host.getLong(40));
            assertEquals(2.5f, host.getFloat(100));
            assertEquals(
                    faultsBefore,
                    manager.stats().writeFaults() + manager.stats().readFaults(),
                    "all 1024 bytes were dirty before the refresh: no access after it faults");
        }
    }

    @Test
    void refreshWhileAnotherThreadWritesLosesNothing() throws Exception {
        CoherenceConfig config = CoherenceConfig.defaults().withBlockSize(4096).withRollingIncrement(64);
        try (SharedMemoryManager manager = new SharedMemoryManager(new InMemoryAccelerator(), config)) {
            int n = 1 << 16;
            SharedObject object = manager.allocate(4L * n);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    HostAccessor host = manager.accessor(object);
                    for (int round = 1; round <= 20; round++) {
                        for (int i = 0; i < n; i++) {
                            host.putInt(i, round * n + i);
                        }
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            writer.start();
            for (int k = 0; k < 20 && writer.isAlive(); k++) {
                FastPathSites.refresh(1 << FastPathSites.OP_PUT_INT);
            }
            writer.join();
            if (failure.get() != null) {
                throw new AssertionError("writer failed", failure.get());
            }
            int[] expected = new int[n];
            int[] actual = new int[n];
            for (int i = 0; i < n; i++) {
                expected[i] = 20 * n + i;
            }
            manager.accessor(object).copyTo(0, actual, 0, n);
            assertArrayEquals(expected, actual, "the last round's values, every one");
        }
    }

    @Test
    void refresherDefinesFreshCopiesAfterMissesStop() throws InterruptedException {
        assertTrue(FastPathSites.refreshEnabled(), "the build runs with gmac.fastPathRefresh unset");
        CoherenceConfig config = CoherenceConfig.defaults().withBlockSize(64).withRollingIncrement(64);
        try (SharedMemoryManager manager = new SharedMemoryManager(new InMemoryAccelerator(), config)) {
            SharedObject object = manager.allocate(4096);
            HostAccessor host = manager.accessor(object);
            long generation = FastPathSites.generation();
            for (int i = 0; i < 1024; i++) {
                host.putFloat(i, i); // one miss per 64-byte block
            }
            // The refresher polls every 100 ms and refreshes at most once a second; give it ten.
            long deadline = System.nanoTime() + 10_000 * MS;
            while (FastPathSites.generation() == generation && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(FastPathSites.generation() > generation, "no refresh within 10 s of the last miss");
            for (int i = 0; i < 1024; i++) {
                assertEquals(i, host.getFloat(i));
            }
        }
    }
}
