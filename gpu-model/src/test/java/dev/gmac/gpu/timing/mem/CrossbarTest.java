package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CrossbarTest {
    @Test
    void packetsCutThroughAndSerialiseOnPorts() {
        Crossbar x = new Crossbar(2, 2, 32, 10, 50);
        assertEquals(1, x.flits(8));
        assertEquals(4, x.flits(128));
        assertEquals(5, x.flits(136));
        long head = x.inject(0, 4, 0);
        assertEquals(50, head);
        assertEquals(90, x.eject(1, 4, head), "latency plus four flits");
        long head2 = x.inject(0, 1, 0);
        assertEquals(40 + 50, head2, "waits for the input port");
        assertEquals(90 + 10, x.eject(1, 1, head2), "and for the output port");
        assertEquals(60, x.eject(0, 1, x.inject(1, 1, 0)), "other ports are free");
    }
}
