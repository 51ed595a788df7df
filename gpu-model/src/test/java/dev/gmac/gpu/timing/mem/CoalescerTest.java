package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Coalescing into 128-byte segments (Fung thesis §2.3.3; slides test T7). */
class CoalescerTest {
    private static final long BASE = 1L << 32;

    private static int segments(Coalescer c, int lanes, long stride, int bytes, long offset) {
        long[] a = new long[lanes];
        for (int i = 0; i < lanes; i++) {
            a[i] = BASE + offset + i * stride;
        }
        return c.coalesce(a, lanes, bytes);
    }

    @Test
    void stridedWordAccessesTouchStrideTimesWarpBytesOverTheLine() {
        Coalescer c = new Coalescer(32, 128);
        assertEquals(1, segments(c, 32, 4, 4, 0), "unit stride: 32 x 4 B = one 128 B segment");
        assertEquals(2, segments(c, 32, 8, 4, 0));
        assertEquals(4, segments(c, 32, 16, 4, 0));
        assertEquals(8, segments(c, 32, 32, 4, 0));
        assertEquals(16, segments(c, 32, 64, 4, 0));
        assertEquals(32, segments(c, 32, 128, 4, 0), "one lane per line: fully uncoalesced");
        assertEquals(32, segments(c, 32, 4096, 4, 0));
    }

    @Test
    void misalignedUnitStrideSpansTwoSegmentsAndWideAccessesNeedMore() {
        Coalescer c = new Coalescer(32, 128);
        assertEquals(2, segments(c, 32, 4, 4, 64));
        assertEquals(2, segments(c, 32, 8, 8, 0), "32 x 8 B = 256 B");
        assertEquals(4, segments(c, 32, 16, 16, 0), "32 x 16 B vectors = 512 B");
    }

    @Test
    void sameAddressIsOneSegmentOfOneWordAndBytesCountDistinctAddresses() {
        Coalescer c = new Coalescer(32, 128);
        assertEquals(1, segments(c, 32, 0, 4, 0));
        assertEquals(32, c.lanes(0));
        assertEquals(4, c.bytes(0));
        segments(c, 32, 4, 4, 0);
        assertEquals(128, c.bytes(0));
    }

    @Test
    void transposeWriteFromTheSlidesTouchesEightSegments() {
        // Slides T7: width 16, warp 0 = (tx 0..15, ty 0..1) writes odata[16 tx + ty] (4-byte floats).
        Coalescer c = new Coalescer(32, 128);
        long[] a = new long[32];
        for (int t = 0; t < 32; t++) {
            int tx = t % 16;
            int ty = t / 16;
            a[t] = BASE + 4L * (16 * tx + ty);
        }
        assertEquals(8, c.coalesce(a, 32, 4));
        for (int t = 0; t < 32; t++) {
            a[t] = BASE + 4L * ((t % 16) + 16 * (t / 16));
        }
        assertEquals(1, c.coalesce(a, 32, 4), "the read idata[tx + 16 ty] is one segment");
    }

    @Test
    void partialWarpsAndOtherLineSizes() {
        Coalescer c = new Coalescer(64, 64);
        assertEquals(0, c.coalesce(new long[64], 0, 4));
        assertEquals(4, segments(c, 64, 4, 4, 0), "64 lanes x 4 B on 64 B lines");
        assertEquals(1, segments(c, 8, 4, 4, 0));
    }
}
