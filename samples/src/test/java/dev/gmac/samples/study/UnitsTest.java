package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void formatsBytesInIecUnits() {
        assertEquals("0 B", Units.bytes(0));
        assertEquals("1023 B", Units.bytes(1023));
        assertEquals("4 KiB", Units.bytes(4096));
        assertEquals("1.50 KiB", Units.bytes(1536));
        assertEquals("32 MiB", Units.bytes(32L << 20));
        assertEquals("12.5 MiB", Units.bytes(25L << 19));
        assertEquals("4KiB", Units.compact(4096));
    }

    @Test
    void formatsSecondsInReadableUnits() {
        assertEquals("1.500 s", Units.seconds(1.5));
        assertEquals("2.500 ms", Units.seconds(0.0025));
        assertEquals("10.7 us", Units.seconds(10.7e-6));
    }
}
