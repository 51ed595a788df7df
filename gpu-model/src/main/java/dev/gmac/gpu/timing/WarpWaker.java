package dev.gmac.gpu.timing;

/**
 * How a functional model tells the timing model that a waiting warp slot may issue again: a CTA barrier released
 * it, or a transactional-memory model decided for it. The functional model owns the barrier (one implementation
 * for both models); the timing model adds the barrier's release latency.
 */
@FunctionalInterface
public interface WarpWaker {
    /** Warp slot {@code warp} of the CTA in hardware slot {@code ctaSlot} may issue again. */
    void wake(int ctaSlot, int warp, boolean barrier);

    /**
     * The divergence model gave warp slot {@code warp} a new issue group (a compacted or dynamic warp, Fung thesis
     * §3.3.2) that the hardware forms {@code delayCycles} cycles after the synchronisation that triggered it; the
     * default wakes it as {@link #wake} does.
     */
    default void formed(int ctaSlot, int warp, int delayCycles) {
        wake(ctaSlot, warp, false);
    }
}
