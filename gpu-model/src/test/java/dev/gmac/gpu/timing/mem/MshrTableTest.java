package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.event.EventQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MshrTableTest {
    private final MemorySystem pool = new MemorySystem(TimingPresets.load("gtx480"), new EventQueue());

    @Test
    void mergesUpToTheLimitAndReleasesWaitersInArrivalOrder() {
        MshrTable m = new MshrTable(2, 3);
        MemoryRequest a = pool.obtain();
        MemoryRequest b = pool.obtain();
        MemoryRequest c = pool.obtain();
        m.allocate(100, a);
        int e = m.find(100);
        assertTrue(e >= 0);
        assertTrue(m.canMerge(e));
        m.merge(e, b);
        m.merge(e, c);
        assertFalse(m.canMerge(e), "first miss plus two merged = 3");
        MemoryRequest chain = m.release(100);
        assertSame(a, chain);
        assertSame(b, chain.next);
        assertSame(c, chain.next.next);
        assertNull(chain.next.next.next);
        assertEquals(-1, m.find(100));
        assertNull(m.release(100));
    }

    @Test
    void boundedTableFillsUp() {
        MshrTable m = new MshrTable(2, 8);
        m.allocate(1, pool.obtain());
        assertFalse(m.isFull());
        m.allocate(2, pool.obtain());
        assertTrue(m.isFull());
        m.release(1);
        assertFalse(m.isFull());
        assertEquals(1, m.size());
    }

    @Test
    void unboundedTableGrowsAndDeletionKeepsCollidingLinesFindable() {
        MshrTable m = new MshrTable(MshrTable.UNBOUNDED, Integer.MAX_VALUE);
        Random r = new Random(3);
        List<Long> live = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            long line = r.nextInt(20_000) * 64L;
            if (m.find(line) >= 0) {
                continue;
            }
            m.allocate(line, pool.obtain());
            live.add(line);
            if (r.nextInt(3) == 0) {
                long gone = live.remove(r.nextInt(live.size()));
                m.release(gone);
            }
        }
        assertEquals(live.size(), m.size());
        for (long line : live) {
            assertTrue(m.find(line) >= 0, "line " + line);
        }
    }
}
