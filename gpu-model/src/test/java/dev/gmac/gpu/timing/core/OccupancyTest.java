package dev.gmac.gpu.timing.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.config.CoreConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import org.junit.jupiter.api.Test;

/** CTA occupancy limits of each preset (Fung thesis §2.3.1). */
class OccupancyTest {
    private static Occupancy of(String preset, int threads, int regs, int shared) {
        CoreConfig core = TimingPresets.load(preset).core();
        return Occupancy.of(core, new KernelResources("k", 100, threads, regs, shared, 8), preset);
    }

    @Test
    void fx5800Limits() {
        assertEquals(new Occupancy(4, "threads"), of("fx5800", 256, 16, 0), "1024 threads / 256");
        assertEquals(new Occupancy(2, "registers"), of("fx5800", 256, 32, 0), "16384 / (256 x 32)");
        assertEquals(new Occupancy(2, "sharedMemory"), of("fx5800", 64, 8, 8 * 1024), "16 KB / 8 KB");
        assertEquals(new Occupancy(8, "ctaSlots"), of("fx5800", 32, 8, 0));
        assertEquals(new Occupancy(8, "ctaSlots"), of("fx5800", 1, 0, 0), "a 1-thread CTA still takes a CTA slot");
    }

    @Test
    void gtx480Limits() {
        assertEquals(new Occupancy(6, "threads"), of("gtx480", 256, 20, 0), "1536 / 256");
        assertEquals(new Occupancy(3, "registers"), of("gtx480", 256, 40, 0), "32768 / (256 x 40) = 3.2");
        assertEquals(new Occupancy(1, "sharedMemory"), of("gtx480", 128, 8, 10 * 1024));
        assertEquals(new Occupancy(8, "ctaSlots"), of("gtx480", 64, 8, 0));
    }

    @Test
    void apu8Limits() {
        assertEquals(new Occupancy(10, "threads"), of("apu8", 256, 16, 0), "40 wavefronts / 4 per work-group");
        assertEquals(new Occupancy(16, "ctaSlots"), of("apu8", 64, 16, 0));
        assertEquals(new Occupancy(4, "sharedMemory"), of("apu8", 64, 16, 16 * 1024));
        assertEquals(new Occupancy(2, "threads"), of("apu8", 1000, 16, 0), "1000 threads = 16 wavefronts");
    }

    @Test
    void threadsAndRegistersCountWholeWarps() {
        assertEquals(new Occupancy(4, "registers"), of("fx5800", 100, 32, 0), "100 threads occupy 4 warps = 128");
    }

    @Test
    void aCtaLargerThanACoreIsATypedErrorThatSaysWhatToChange() {
        TimingException e = assertThrows(TimingException.class, () -> of("fx5800", 2048, 8, 0));
        assertTrue(e.getMessage().contains("kernel k cannot run on preset fx5800"), e.getMessage());
        assertTrue(e.getMessage().contains("2048 threads per CTA"), e.getMessage());
        TimingException r = assertThrows(TimingException.class, () -> of("fx5800", 512, 64, 0));
        assertTrue(r.getMessage().contains("32768 registers per CTA (64 per thread) but a core has 16384"));
        TimingException s = assertThrows(TimingException.class, () -> of("gtx480", 64, 8, 32 * 1024));
        assertTrue(s.getMessage().contains("32768 bytes of shared memory"));
    }
}
