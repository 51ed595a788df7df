package dev.gmac.gpu.timing.config;

/**
 * Thread block prioritization of a SIMT core's warp schedulers (Fung thesis §3.6.2, Figure 3.13; digest §2.6): the
 * priority among warps of different CTAs, while warps of one CTA are always taken loose round-robin. Thread block
 * compaction synchronises a CTA's warps at divergent branches; other CTAs hide that latency, so which CTA issues
 * first matters.
 */
public enum BlockPriority {
    /** No block priority: the core's {@link SchedulerPolicy} orders all warps alike. */
    NONE("none"),
    /**
     * Age-based: warps of the oldest CTA (in dispatch order) first, which staggers CTAs so that their
     * synchronisations overlap (the thesis's default for TBC).
     */
    AGE("age"),
    /** Round-robin: the CTA with priority rotates every cycle, interleaving CTAs evenly. */
    RRB("rrb"),
    /**
     * Sticky round-robin: the CTA that issued keeps priority until none of its warps is ready, then the next CTA
     * takes it (the most robust policy: at least 95% of PDOM's performance on every benchmark of the thesis).
     */
    SRR("srr");

    private final String token;

    BlockPriority(String token) {
        this.token = token;
    }

    /** The spelling used in preset files. */
    public String token() {
        return token;
    }
}
