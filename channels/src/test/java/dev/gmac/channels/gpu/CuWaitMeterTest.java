package dev.gmac.channels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The per-compute-unit "blocked on the aggregator" count (Orr et al., ISCA 2014, Table 5; decision 0214). */
class CuWaitMeterTest {
    /**
     * Four units over three cycles. Cycle 5: unit 0 waits for a wavefront assigned to start at 7; one restartable
     * wavefront of unit 0 adds nothing (unit 0 already counts); two ready wavefronts fit on units 1-3 except 1, so
     * units 2 and 3 wait: 3 blocked. Cycle 6: unit 0 still waits; a restartable wavefront of unit 1; five ready
     * wavefronts, but only unit 3 has room: 3 blocked. Cycle 7: unit 0's wavefront starts at 7, so it no longer
     * waits; nothing else waits: 0 blocked. Total 6 of 12 unit cycles.
     */
    @Test
    void countsUnitsWithRoomAndWaitingWorkOncePerCycle() {
        CuWaitMeter m = new CuWaitMeter(4);
        m.assigned(0, 7);
        m.begin(5);
        m.restartWaits(0);
        m.dispatchWaits(2, k -> k != 1);
        m.end();
        assertEquals(3, m.blockedCuCycles());
        m.begin(6);
        m.restartWaits(1);
        m.dispatchWaits(5, k -> k == 3);
        m.end();
        assertEquals(6, m.blockedCuCycles());
        m.begin(7);
        m.end();
        assertEquals(6, m.blockedCuCycles());
        assertEquals(12, m.cuCycles());
        assertEquals(7, m.cycle());
    }

    @Test
    void readyWorkBlocksNoMoreUnitsThanItHasWavefronts() {
        CuWaitMeter m = new CuWaitMeter(8);
        m.begin(0);
        m.dispatchWaits(1, k -> true);
        m.dispatchWaits(0, k -> true);
        m.end();
        assertEquals(1, m.blockedCuCycles());
        assertEquals(8, m.cuCycles());
    }

    @Test
    void aGpuNeedsAUnit() {
        assertThrows(IllegalArgumentException.class, () -> new CuWaitMeter(0));
    }
}
