package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Temporal conflict detection's last-written-time tables (Fung thesis §6.4): the example of Fig 6.8, the
 * conservativeness of the minimum over sub-arrays, and the gap fix's pending marks in the exact interleaving that
 * tears a snapshot without them.
 */
class TcdTablesTest {
    private static TcdTables tables(boolean fix) {
        return new TcdTables(TmParams.DEFAULTS.withTcdFix(fix), 2, a -> (int) ((a >>> 8) & 1));
    }

    @Test
    void thesisFigure6_8() {
        // XC first reads 0x10 at T=1; XA writes 0x10 at T=7 (XC already holds the old value: fine); XC reads 0x30 at
        // T=10 (last written never); XB writes 0x20 at T=15; XC reads 0x20 at T=18 and gets 15 > 1: a conflict.
        // With 128-byte blocks the thesis's addresses are blocks 0x10, 0x20, 0x30 (scaled by 128 here).
        TcdTables t = tables(true);
        long first = 1;
        assertTrue(t.lastWritten(0x10 * 128) < first);
        t.stamp(0x10 * 128, 4, 7);
        assertTrue(t.lastWritten(0x30 * 128) < first, "0x30 never written");
        t.stamp(0x20 * 128, 4, 15);
        assertEquals(15, t.lastWritten(0x20 * 128));
        assertTrue(t.lastWritten(0x20 * 128) > first, "XC's read of 0x20 conflicts");
    }

    @Test
    void aliasingOnlyMakesTheTimeLater() {
        TcdTables t = tables(false);
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
        java.util.Map<Long, Long> last = new java.util.HashMap<>();
        for (long now = 1; now < 20000; now++) {
            long block = rnd.nextLong(1 << 14);
            t.stamp(block * 128, 4, now);
            last.put(block, now);
            long q = rnd.nextLong(1 << 14);
            Long want = last.get(q);
            if (want != null) {
                assertTrue(t.lastWritten(q * 128) >= want, "never earlier than the real last write");
            }
        }
    }

    /**
     * The interleaving of the gap: Y commits x (partition 0) and y (partition 1). Its write of x lands at T=10, a
     * read-only transaction reads x at T=11 (new value, last written 10: no conflict) and y at T=12 (old value),
     * and Y's write of y lands at T=13. Without the fix the reader sees no conflict and would commit silently with
     * a torn snapshot; with the fix y is pending from Y's passing validation until T=13, so the reader is flagged.
     */
    @Test
    void pendingMarksFlagAReadInsideAWriteBack() {
        long x = 0;
        long y = 256;
        for (boolean fix : new boolean[] {false, true}) {
            TcdTables t = tables(fix);
            t.pending(x, 4, true, 5); // Y passed validation at both commit units
            t.pending(y, 4, true, 5);
            t.stamp(x, 4, 10); // Y's write of x lands
            t.pending(x, 4, false, 10);
            long firstRead = 11;
            boolean flagged = t.lastWritten(x) >= firstRead;
            flagged |= t.lastWritten(y) >= firstRead; // the read of y at T=12
            t.stamp(y, 4, 13);
            t.pending(y, 4, false, 13);
            assertEquals(fix, flagged, fix ? "the fix flags the torn snapshot" : "the thesis's design misses it");
            assertTrue(t.lastWritten(y) == 13, "after the write-back y reports its write time");
        }
    }
}
