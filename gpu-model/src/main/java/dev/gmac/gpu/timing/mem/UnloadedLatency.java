package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.config.DramConfig;
import dev.gmac.gpu.timing.config.TimingConfig;

/**
 * The latency of one load on an otherwise idle GPU, in core cycles, as the configuration implies it. This is
 * what a pointer chase measures (issue 7's validation), and the figure the presets are calibrated to (the
 * thesis's 460-cycle minimum L2/DRAM latency of the FX5800 configuration, Table 4.4; 330 cycles of minimum L2
 * latency plus a 200-cycle DRAM scheduler latency on the GTX 480 configuration, Table 6.1).
 *
 * <p>Measured from the load/store unit handling the segment to the data being usable: an L1 hit takes {@code
 * l1.latency}; an L2 hit {@code l2.hit.latency}; a DRAM access adds {@code dram.scheduler.latency}, the bank
 * timing and the line's burst on the data bus.
 */
public final class UnloadedLatency {
    /** The state of the DRAM bank a miss finds. */
    public enum Bank {
        /** The row is already open. */
        ROW_HIT,
        /** No row is open: activate, then read. */
        CLOSED,
        /** Another row is open: precharge, activate, then read. */
        ROW_CONFLICT
    }

    private UnloadedLatency() {}

    /** Core cycles of an L1 hit. */
    public static double l1Hit(TimingConfig c) {
        return c.l1().latency();
    }

    /** Core cycles of an L2 hit. */
    public static double l2Hit(TimingConfig c) {
        return c.memory().l2HitLatency();
    }

    /** Core cycles of a load that misses L2 and finds its DRAM bank in state {@code bank}. */
    public static double dram(TimingConfig c, Bank bank) {
        DramConfig d = c.dram();
        double dramCycle = c.clocks().coreMhz() / c.clocks().dramMhz();
        int cycles = d.tCL();
        if (bank != Bank.ROW_HIT) {
            cycles += d.tRCD();
        }
        if (bank == Bank.ROW_CONFLICT) {
            cycles += d.tRP();
        }
        double burst = (double) c.memory().lineBytes() / d.bytesPerCycle();
        return l2Hit(c) + d.schedulerLatency() + (cycles + burst) * dramCycle;
    }
}
