package dev.gmac.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LaunchIdsTest {
    @Test
    void idsStartAtTheGivenValueAndIncrease() {
        LaunchIds ids = new LaunchIds(7);
        assertEquals(6, ids.lastIssued());
        assertEquals(7, ids.next());
        assertEquals(8, ids.next());
        assertEquals(8, ids.lastIssued());
    }

    @Test
    void concurrentCallersNeverShareAnId() throws InterruptedException {
        LaunchIds ids = new LaunchIds();
        ConcurrentHashMap<Long, Boolean> seen = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            pool.execute(() -> {
                for (int i = 0; i < 10_000; i++) {
                    if (seen.putIfAbsent(ids.next(), Boolean.TRUE) != null) {
                        throw new AssertionError("duplicate launch id");
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        assertEquals(40_000, seen.size());
        assertEquals(40_000, ids.lastIssued());
    }

    @Test
    void exhaustionIsReported() {
        LaunchIds ids = new LaunchIds(Long.MAX_VALUE);
        assertThrows(IllegalStateException.class, ids::next);
    }
}
