package dev.gmac.gpu.timing.config;

/**
 * One DRAM channel per memory partition (Fung thesis Tables 3.2, 4.4, 6.1). Timing parameters are in DRAM
 * command-clock cycles.
 *
 * @param schedulerLatency core cycles between an L2 miss and its arrival in the DRAM request queue
 * @param queue            request queue entries the scheduler chooses from
 * @param scheduler        the queue policy
 * @param banks            banks per channel
 * @param rowBytes         bytes per row of one bank
 * @param busBytes         bytes per data transfer
 * @param dataRate         data transfers per command clock (2 for DDR, 4 for GDDR5)
 * @param tCL              column access (CAS) latency
 * @param tRCD             row activate to column access
 * @param tRP              row precharge
 * @param tRAS             row activate to precharge
 * @param tRC              row activate to the next activate of the same bank
 */
public record DramConfig(
        int schedulerLatency,
        int queue,
        DramSchedulerPolicy scheduler,
        int banks,
        int rowBytes,
        int busBytes,
        int dataRate,
        int tCL,
        int tRCD,
        int tRP,
        int tRAS,
        int tRC) {

    /** Bytes the channel moves per DRAM command clock. */
    public int bytesPerCycle() {
        return busBytes * dataRate;
    }
}
