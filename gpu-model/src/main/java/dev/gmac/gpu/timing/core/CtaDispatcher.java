package dev.gmac.gpu.timing.core;

/**
 * The GPU's CTA launch unit (Fung thesis §2.3.1): at kernel start it fills the cores round-robin, one CTA per
 * core per round, up to the occupancy limit; afterwards each finished CTA is replaced by the next one in grid
 * order on the core that freed it, from the following cycle.
 */
public final class CtaDispatcher {
    private final int ctaCount;
    private final int ctasPerCore;
    private int next;
    private int finished;

    /** Dispatches {@code ctaCount} CTAs, at most {@code ctasPerCore} resident per core. */
    public CtaDispatcher(int ctaCount, int ctasPerCore) {
        this.ctaCount = ctaCount;
        this.ctasPerCore = ctasPerCore;
    }

    /** Places the first CTAs at {@code cycle}. */
    public void start(SimtCore[] cores, long cycle) {
        for (int round = 0; round < ctasPerCore && next < ctaCount; round++) {
            for (SimtCore core : cores) {
                if (next == ctaCount) {
                    break;
                }
                core.launchCta(next++, cycle);
            }
        }
    }

    /** A CTA on {@code core} finished in {@code cycle}. */
    public void ctaFinished(SimtCore core, long cycle) {
        finished++;
        if (next < ctaCount) {
            core.launchCta(next++, cycle + 1);
        }
    }

    /** True once every CTA of the grid has finished. */
    public boolean allFinished() {
        return finished == ctaCount;
    }

    /** CTAs not yet finished. */
    public int unfinished() {
        return ctaCount - finished;
    }
}
