package dev.gmac.gpu.timing;

/**
 * What one kernel launch asks of the hardware: the grid size and the per-CTA resources that limit how many CTAs
 * a core holds at once (Fung thesis §2.3.1: CTAs are dispatched whole to a core while its registers, warp slots
 * and shared memory allow).
 *
 * @param name               kernel name, for statistics
 * @param ctaCount           CTAs in the grid
 * @param threadsPerCta      threads per CTA
 * @param registersPerThread 32-bit registers each thread allocates
 * @param sharedBytesPerCta  shared memory per CTA (static plus dynamic)
 * @param registerSlots      size of the register id space of {@link dev.gmac.gpu.exec.IssueRecord} (general registers plus
 *                           predicates), for the scoreboard
 */
public record KernelResources(
        String name,
        int ctaCount,
        int threadsPerCta,
        int registersPerThread,
        int sharedBytesPerCta,
        int registerSlots) {

    /** Checks that every count is in range. */
    public KernelResources {
        if (ctaCount < 1) {
            throw new IllegalArgumentException("ctaCount must be >= 1, got " + ctaCount);
        }
        if (threadsPerCta < 1) {
            throw new IllegalArgumentException("threadsPerCta must be >= 1, got " + threadsPerCta);
        }
        if (registersPerThread < 0 || sharedBytesPerCta < 0) {
            throw new IllegalArgumentException("registersPerThread and sharedBytesPerCta must be >= 0");
        }
        if (registerSlots < 1) {
            throw new IllegalArgumentException("registerSlots must be >= 1, got " + registerSlots);
        }
    }

    /** Warps per CTA for warps of {@code warpSize} lanes. */
    public int warpsPerCta(int warpSize) {
        return (threadsPerCta + warpSize - 1) / warpSize;
    }
}
