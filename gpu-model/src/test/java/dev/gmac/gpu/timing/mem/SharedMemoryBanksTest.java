package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Bank conflict degrees (Fung thesis §2.3.3: 32 banks; slides test T6). */
class SharedMemoryBanksTest {
    private final SharedMemoryBanks banks = new SharedMemoryBanks(32, 4, 64);

    private int degree(int lanes, int strideWords, int bytes) {
        long[] a = new long[lanes];
        for (int i = 0; i < lanes; i++) {
            a[i] = 4L * strideWords * i;
        }
        return banks.conflictDegree(a, lanes, bytes);
    }

    @Test
    void wordStrideSGivesAnSWayConflictUpToTheBankCount() {
        assertEquals(1, degree(32, 1, 4), "A[tid] is conflict-free");
        assertEquals(2, degree(32, 2, 4), "A[2*tid] is 2-way");
        assertEquals(4, degree(32, 4, 4));
        assertEquals(8, degree(32, 8, 4));
        assertEquals(16, degree(32, 16, 4));
        assertEquals(32, degree(32, 32, 4));
        assertEquals(1, degree(32, 3, 4), "odd strides are conflict-free");
        assertEquals(32, degree(32, 64, 4), "at most one word per lane");
    }

    @Test
    void broadcastOfOneWordIsFree() {
        assertEquals(1, degree(32, 0, 4));
        long[] a = new long[32];
        for (int i = 0; i < 32; i++) {
            a[i] = 4L * (i % 2) * 32; // two words, both in bank 0
        }
        assertEquals(2, banks.conflictDegree(a, 32, 4));
    }

    @Test
    void sixtyFourBitAccessesAndWideWarpsNeedTwoPasses() {
        assertEquals(2, degree(32, 2, 8), "32 lanes x 8 B cover 64 words over 32 banks");
        assertEquals(2, degree(64, 1, 4), "a 64-lane wavefront needs two passes conflict-free");
        assertEquals(4, degree(64, 2, 4));
    }

    @Test
    void transposeTilePaddingFromTheSlides() {
        // 16x16 tile read by column, warp = (tx 0..15, ty k..k+1), element tile[tx][ty] at word tx*pitch + ty.
        for (int pitch : new int[] {16, 17}) {
            long[] a = new long[32];
            for (int t = 0; t < 32; t++) {
                int tx = t % 16;
                int ty = 4 + t / 16;
                a[t] = 4L * (tx * pitch + ty);
            }
            assertEquals(pitch == 16 ? 8 : 2, banks.conflictDegree(a, 32, 4), "pitch " + pitch);
        }
    }

    @Test
    void noActiveLanesNeedNoPass() {
        assertEquals(0, banks.conflictDegree(new long[32], 0, 4));
    }
}
