package dev.gmac.gpu.timing;

import dev.gmac.gpu.timing.core.Occupancy;

/**
 * What an {@link Agent} may do to the simulated GPU during a run: look at the time and the cores, and start CTAs
 * (or single wavefronts, as CTAs of one warp) of any kernel on a chosen core, mid-run. Implemented by the {@link
 * TimingSimulator} for the duration of one run.
 */
public interface GpuControl {
    /** The current core cycle. */
    long cycle();

    /** SIMT cores of the GPU. */
    int coreCount();

    /** True when {@code core} has room now for one more CTA of {@code kernel} (CTA slot, warps, registers, shared memory). */
    boolean canStartCta(int core, TimedKernel kernel);

    /** Places CTA {@code ctaId} of {@code kernel} on {@code core}; its warps may fetch from {@code cycle}. */
    void startCta(int core, TimedKernel kernel, int ctaId, long cycle);

    /** How many CTAs of {@code kernel} one core holds at most, and what limits it. */
    Occupancy occupancy(TimedKernel kernel);

    /** Wakes the core at {@code cycle} (after an agent changed something a core waits for). */
    void wake(int core, long cycle);
}
