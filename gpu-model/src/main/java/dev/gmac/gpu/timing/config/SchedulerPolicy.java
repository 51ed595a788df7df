package dev.gmac.gpu.timing.config;

/**
 * The warp scheduling policy of a SIMT core (Fung thesis §2.3.3 and Tables 3.2, 4.4, 6.1; GPGPU architecture
 * slides, Part 2 "Issue").
 */
public enum SchedulerPolicy {
    /** Loose round-robin: the search for a ready warp starts after the warp that issued last. */
    LRR("lrr"),
    /** Greedy-then-oldest: keep issuing from the same warp until it stalls, then take the oldest ready warp. */
    GTO("gto");

    private final String token;

    SchedulerPolicy(String token) {
        this.token = token;
    }

    /** The spelling used in preset files. */
    public String token() {
        return token;
    }
}
