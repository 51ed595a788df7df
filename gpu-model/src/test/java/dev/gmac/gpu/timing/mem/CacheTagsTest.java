package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CacheTagsTest {
    @Test
    void leastRecentlyUsedLineIsEvicted() {
        CacheTags c = new CacheTags(4, 2);
        // lines 0, 4, 8 all map to set 0
        c.fill(0, false);
        c.fill(4, false);
        assertTrue(c.access(0), "0 becomes most recent");
        c.fill(8, false);
        assertTrue(c.contains(0));
        assertFalse(c.contains(4), "4 was least recently used");
        assertTrue(c.contains(8));
        assertFalse(c.access(4));
    }

    @Test
    void dirtyVictimsAreReturnedForWriteBack() {
        CacheTags c = new CacheTags(1, 2);
        assertEquals(CacheTags.NO_WRITEBACK, c.fill(1, true));
        assertEquals(CacheTags.NO_WRITEBACK, c.fill(2, false));
        c.access(2);
        assertEquals(1, c.fill(3, false), "dirty line 1 was LRU");
        assertTrue(c.markDirty(2));
        c.access(3);
        assertEquals(2, c.fill(5, false));
        assertFalse(c.markDirty(99));
    }

    @Test
    void invalidateDropsWithoutWriteBackAndSetsDoNotInterfere() {
        CacheTags c = new CacheTags(2, 1);
        c.fill(0, true);
        c.fill(1, false);
        assertTrue(c.invalidate(0));
        assertFalse(c.contains(0));
        assertTrue(c.contains(1));
        assertEquals(CacheTags.NO_WRITEBACK, c.fill(2, false));
        c.invalidateAll();
        assertFalse(c.contains(1));
        assertFalse(c.contains(2));
    }
}
