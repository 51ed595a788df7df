package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Device {@code malloc}/{@code free}: blocks never overlap, however fragmented the heap gets. */
class DeviceHeapTest {
    @Test
    void fragmentedHeapNeverHandsOutOverlappingBlocks() {
        DeviceHeap heap = new DeviceHeap(new GlobalMemory(1L << 26), 1L << 16);
        Random random = new Random(7);
        TreeMap<Long, Long> live = new TreeMap<>(); // address -> requested size
        // Fragment: 64 blocks, free every other one, so the free map holds many ranges (nodes with two children).
        List<Long> first = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            long p = heap.malloc(32);
            assertTrue(p != 0);
            first.add(p);
            live.put(p, 32L);
        }
        for (int i = 0; i < first.size(); i += 2) {
            assertTrue(heap.free(first.get(i)));
            live.remove(first.get(i));
        }
        for (int step = 0; step < 4000; step++) {
            if (live.isEmpty() || random.nextInt(3) != 0) {
                long size = 1 + random.nextInt(96);
                long p = heap.malloc(size);
                if (p == 0) {
                    continue;
                }
                assertEquals(0, p % 16, "16-byte aligned");
                Map.Entry<Long, Long> below = live.floorEntry(p + size - 1);
                assertTrue(
                        below == null || below.getKey() + below.getValue() <= p,
                        "step " + step + ": new [" + p + "+" + size + ") overlaps ["
                                + (below == null ? 0 : below.getKey()) + "+" + (below == null ? 0 : below.getValue())
                                + ")");
                live.put(p, size);
            } else {
                List<Long> addresses = new ArrayList<>(live.keySet());
                long p = addresses.get(random.nextInt(addresses.size()));
                assertTrue(heap.free(p));
                live.remove(p);
            }
        }
        for (long p : new ArrayList<>(live.keySet())) {
            assertTrue(heap.free(p));
        }
        assertEquals(0, heap.malloc(heap.capacity() + 1), "more than the heap");
        assertTrue(heap.malloc(heap.capacity()) != 0, "everything freed coalesces back into one range");
        heap.release();
    }
}
