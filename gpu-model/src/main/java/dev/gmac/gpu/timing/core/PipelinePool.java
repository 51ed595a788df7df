package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.config.PipelineConfig;

/**
 * The ALU or SFU pipelines of one core (Fung thesis §2.3.3): each takes a new warp instruction every initiation
 * interval, {@code ceil(warpSize / width)} cycles, because a warp wider than the SIMD datapath passes through it
 * in several beats (a 32-wide warp on 8 lanes occupies 4 cycles); the result is ready {@code latency} cycles
 * after issue.
 */
public final class PipelinePool {
    private final long[] freeAt;
    private final int initiationInterval;
    private final int latency;

    /** The pipelines described by {@code config} for warps of {@code warpSize} lanes. */
    public PipelinePool(PipelineConfig config, int warpSize) {
        this.freeAt = new long[config.units()];
        this.initiationInterval = config.initiationInterval(warpSize);
        this.latency = Math.max(config.latency(), 1);
    }

    /** The first cycle at which some pipeline accepts an instruction. */
    public long earliestFree() {
        long t = Long.MAX_VALUE;
        for (long f : freeAt) {
            t = Math.min(t, f);
        }
        return t;
    }

    /** Issues into a free pipeline at {@code cycle}; returns the cycle the result is ready. */
    public long issue(long cycle) {
        for (int i = 0; i < freeAt.length; i++) {
            if (freeAt[i] <= cycle) {
                freeAt[i] = cycle + initiationInterval;
                return cycle + latency;
            }
        }
        throw new IllegalStateException("no pipeline free at cycle " + cycle);
    }

    /** Cycles one warp instruction occupies a pipeline. */
    public int initiationInterval() {
        return initiationInterval;
    }

    /** Cycles from issue to a usable result. */
    public int latency() {
        return latency;
    }
}
