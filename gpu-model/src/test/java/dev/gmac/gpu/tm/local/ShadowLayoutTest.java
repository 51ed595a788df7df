package dev.gmac.gpu.tm.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * The shadow-memory layout of Villegas et al., Euro-Par 2016 Workshops, §3 Fig 4(b) and §4 "Storage Overhead": "when
 * a memory access is issued to a location k, a backup value is stored at word position N+k, and the work-item ID
 * (owner) is stored at word position 2N+k/4, byte k%4"; "As the physical amount of local memory is 64KB, the maximum
 * value of N is 29126 bytes and N/4 is 7282 bytes. This represents and overhead of ~56%".
 */
class ShadowLayoutTest {
    @Test
    void backupsAndOwnersSitAtThePapersPositions() {
        ShadowLayout l = ShadowLayout.of(100 * 4);
        assertEquals(100, l.words());
        assertEquals((100 + 7) * 4, l.backupOffset(7), "backup of k at word N + k");
        assertEquals((200 + 1) * 4 + 3, l.ownerOffset(7), "owner of k at word 2N + k/4, byte k % 4");
        assertEquals((200 + 1) * 4, l.ownerWordOffset(7));
        assertEquals((200 + 25) * 4, l.footprintBytes(), "N + N + N/4 words");
    }

    @Test
    void aPartialWordStillGetsABackupAndAnOwner() {
        ShadowLayout l = ShadowLayout.of(10);
        assertEquals(3, l.words());
        assertEquals(1, l.ownerWords());
        assertEquals((3 + 3 + 1) * 4, l.footprintBytes());
    }

    @Test
    void aKernelCanUseAtMost29124BytesOf64KiBAndTheShadowTakes56Percent() {
        int n = ShadowLayout.largestKernelBytes(64 * 1024);
        // the paper's 29126 is not a whole number of words; the largest whole-word N is 7281 words
        assertEquals(29124, n);
        ShadowLayout l = ShadowLayout.of(n);
        assertEquals(7281 / 4 + 1, l.ownerWords());
        assertEquals(65532, l.footprintBytes());
        double overhead = (double) (l.footprintBytes() - n) / l.footprintBytes();
        assertEquals(0.556, overhead, 0.001, "about 56% of the local memory is shadow memory");
        assertEquals(true, ShadowLayout.of(n + 4).footprintBytes() > 64 * 1024);
    }

    @Test
    void negativeSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ShadowLayout.of(-1));
    }
}
