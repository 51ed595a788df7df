package dev.gmac.gpu.timing;

import dev.gmac.gpu.timing.core.Occupancy;

/**
 * What an {@link Agent} may do to the simulated GPU during a run: look at the time and the cores, start CTAs (or
 * single wavefronts, as CTAs of one warp) of any kernel on a chosen core, mid-run, and restart wavefronts that
 * yielded (Orr et al., ISCA 2014, §6). Implemented by the {@link TimingSimulator} for the duration of one run.
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

    /**
     * The core on which the wavefront that yielded with save area {@code saveArea} waits to be restarted (its
     * local data share stays there: Orr et al., ISCA 2014, §6), or -1 when no yielded wavefront has that area.
     */
    int yieldedCore(long saveArea);

    /** True when the yielded wavefront of {@code saveArea} can be restarted now (its core has room for it). */
    boolean canResume(long saveArea);

    /**
     * Restarts the yielded wavefront of {@code saveArea} on its core; its context is restored from memory and it
     * may issue from {@code cycle} plus the restore time.
     *
     * @throws IllegalStateException when it cannot be restarted now ({@link #canResume})
     */
    void resume(long saveArea, long cycle);
}
