package dev.gmac.samples.divergence;

/**
 * How large the workloads' inputs are: {@link #TEST} for the checks that run every workload under every
 * divergence model on the functional engine, {@link #STUDY} for the timed runs of {@code gmac divergence-study}
 * (enough CTAs per core that other CTAs can hide a CTA's synchronisation, thesis §3.6.2).
 */
public enum InputSize {
    /** Small inputs: a few CTAs. */
    TEST,
    /** The study's inputs. */
    STUDY;

    /** {@code small} for {@link #TEST}, {@code large} otherwise. */
    public int pick(int small, int large) {
        return this == TEST ? small : large;
    }
}
