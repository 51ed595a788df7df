package dev.gmac.gpu.timing.config;

/**
 * A pool of identical SIMD execution pipelines (ALU or SFU) in one core.
 *
 * @param units   pipelines of this kind per core
 * @param width   lanes per pipeline: a warp instruction occupies a pipeline for {@code ceil(warpSize / width)}
 *                cycles, its initiation interval (Fung thesis §2.3.3: 32-wide warps on 8-wide SIMD take 4)
 * @param latency cycles from issue until dependent instructions may issue
 */
public record PipelineConfig(int units, int width, int latency) {
    /** Cycles a warp instruction occupies one pipeline before the next may enter it. */
    public int initiationInterval(int warpSize) {
        return (warpSize + width - 1) / width;
    }
}
