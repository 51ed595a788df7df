package dev.gmac.gpu.timing.event;

import dev.gmac.gpu.timing.config.ClockConfig;

/**
 * Simulated time. The SIMT cores count whole core cycles; the memory system counts ticks, a fixed fraction of a
 * core cycle ({@value #TICKS_PER_CORE_CYCLE} ticks per core cycle), so the interconnect, L2 and DRAM clock
 * domains (Fung thesis Tables 3.2, 4.4, 6.1: e.g. 1300/650/800 MHz) keep their exact ratios without
 * accumulating rounding error: a DRAM cycle of the FX5800 configuration is 1.625 core cycles, 6656 ticks.
 */
public final class TimeBase {
    /** log2 of {@link #TICKS_PER_CORE_CYCLE}. */
    public static final int CYCLE_SHIFT = 12;
    /** Ticks per core cycle. */
    public static final long TICKS_PER_CORE_CYCLE = 1L << CYCLE_SHIFT;

    private final long icntTicks;
    private final long l2Ticks;
    private final long dramTicks;

    /** The tick lengths of the clock domains of {@code clocks}. */
    public TimeBase(ClockConfig clocks) {
        this.icntTicks = ticksPerCycle(clocks.coreMhz(), clocks.icntMhz());
        this.l2Ticks = ticksPerCycle(clocks.coreMhz(), clocks.l2Mhz());
        this.dramTicks = ticksPerCycle(clocks.coreMhz(), clocks.dramMhz());
    }

    private static long ticksPerCycle(double coreMhz, double domainMhz) {
        return Math.max(1, Math.round(TICKS_PER_CORE_CYCLE * coreMhz / domainMhz));
    }

    /** The first tick of core cycle {@code cycle}. */
    public static long cycleToTick(long cycle) {
        return cycle << CYCLE_SHIFT;
    }

    /** The first core cycle that starts at or after {@code tick}. */
    public static long tickToCycleCeil(long tick) {
        return (tick + TICKS_PER_CORE_CYCLE - 1) >> CYCLE_SHIFT;
    }

    /** Ticks per interconnect cycle. */
    public long icntCycle() {
        return icntTicks;
    }

    /** Ticks per L2 cycle. */
    public long l2Cycle() {
        return l2Ticks;
    }

    /** Ticks per DRAM command cycle. */
    public long dramCycle() {
        return dramTicks;
    }
}
