package dev.gmac.gpu.timing.config;

/**
 * One SIMT core (streaming multiprocessor, compute unit): its resource limits, front end and pipelines (Fung
 * thesis §2.3.3 and Tables 3.2, 4.4, 6.1; GPGPU architecture slides, Part 2).
 *
 * @param count          cores in the GPU
 * @param warpSize       threads per warp (wavefront)
 * @param maxThreads     resident threads per core
 * @param maxCtas        resident CTAs per core
 * @param registers      32-bit registers per core
 * @param sharedBytes    shared memory per core
 * @param schedulers     warp schedulers per core; warp slot {@code w} belongs to scheduler {@code w % schedulers}
 * @param scheduler      the policy of every scheduler
 * @param blockPriority  the priority among CTAs; with {@link BlockPriority#NONE} the scheduler policy alone decides
 * @param scoreboard     per-register or per-warp dependence tracking
 * @param ibufferEntries decoded instructions a warp may hold ahead of issue
 * @param fetchLatency   cycles to fetch and decode one instruction (the I-cache always hits)
 * @param branchLatency  cycles from issuing a branch until its outcome is known to fetch (no prediction)
 * @param barrierLatency cycles from the last arrival at a barrier until the waiting warps may issue
 * @param alu            the ALU pipelines
 * @param sfu            the special-function pipelines
 * @param ldstWidth      lanes whose addresses the load/store unit handles per cycle
 */
public record CoreConfig(
        int count,
        int warpSize,
        int maxThreads,
        int maxCtas,
        int registers,
        int sharedBytes,
        int schedulers,
        SchedulerPolicy scheduler,
        BlockPriority blockPriority,
        ScoreboardMode scoreboard,
        int ibufferEntries,
        int fetchLatency,
        int branchLatency,
        int barrierLatency,
        PipelineConfig alu,
        PipelineConfig sfu,
        int ldstWidth) {

    /** Resident warps per core. */
    public int maxWarps() {
        return maxThreads / warpSize;
    }

    /** Cycles the load/store unit needs to take one warp instruction, before any serialisation. */
    public int ldstIssueCycles() {
        return (warpSize + ldstWidth - 1) / ldstWidth;
    }
}
