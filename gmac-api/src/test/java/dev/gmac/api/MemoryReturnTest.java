package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.alloc.DirectArena;
import org.junit.jupiter.api.Test;

/**
 * adsmFree and close() return host and device memory at once (issue 14: off-heap memory came back only at
 * garbage collection, 6.3 GB resident for a loop with 128 KiB live). Both copies come from the process's
 * {@link DirectArena}, so churn reuses the same memory instead of reserving more. The resident-set figures
 * are measured by {@code gmac memory-soak} (docs/performance.md), not here.
 */
class MemoryReturnTest {
    private static final long MIB = 1 << 20;

    @Test
    void allocFreeChurnReusesTheSameMemory() {
        DirectArena arena = DirectArena.shared();
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults())) {
            long before = arena.reservedBytes();
            for (int cycle = 0; cycle < 2000; cycle++) {
                SharedBuffer buffer = adsm.adsmAlloc(MIB);
                buffer.putFloat(0, cycle);
                buffer.putFloat(MIB / 4 - 1, cycle);
                adsm.adsmFree(buffer);
            }
            long grown = arena.reservedBytes() - before;
            // 2000 MiB churned; the arena may hold the quarantine (64 MiB) and a chunk or two more.
            assertTrue(grown <= 128 * MIB, "reserved grew by " + grown / MIB + " MiB for 1 MiB live");
        }
    }

    @Test
    void closeReturnsEverythingAndAReopenedRuntimeReusesIt() {
        DirectArena arena = DirectArena.shared();
        long inUse = arena.bytesInUse();
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults())) {
            for (int i = 0; i < 8; i++) {
                adsm.adsmAlloc(4 * MIB).putByte(0, (byte) 1);
            }
            assertTrue(arena.bytesInUse() >= inUse + 2 * 32 * MIB, "host and device copies come from the arena");
        }
        assertEquals(inUse, arena.bytesInUse(), "close() gave back every host and device copy");
    }

    @Test
    void aFreedBufferCannotBeUsedEvenThoughItsMemoryIsReused() {
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults())) {
            SharedBuffer freed = adsm.adsmAlloc(4096);
            freed.putInt(0, 17);
            adsm.adsmFree(freed);
            for (int i = 0; i < 200; i++) {
                adsm.adsmFree(adsm.adsmAlloc(4096));
            }
            SharedBuffer fresh = adsm.adsmAlloc(4096);
            assertEquals(0, fresh.getInt(0), "reused memory is zeroed");
            AdsmException e = assertThrows(AdsmException.class, () -> freed.getInt(0));
            assertEquals(AdsmException.Reason.USE_AFTER_FREE, e.reason());
            assertThrows(AdsmException.class, () -> freed.copyFrom(new int[] {1}));
        }
    }
}
