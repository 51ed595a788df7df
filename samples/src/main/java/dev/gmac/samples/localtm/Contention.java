package dev.gmac.samples.localtm;

/**
 * The two inputs of every GPU-LocalTM workload (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory
 * for GPU Local Memory", Euro-Par 2016 Workshops, §5: "two different inputs to test different levels of
 * contention").
 */
public enum Contention {
    /** High contention: few shared words, many work-items on each. */
    HC,
    /** Low contention: the work-items of a wavefront mostly touch different words. */
    LC;

    /** The label of tables and files ({@code HC}, {@code LC}). */
    public String label() {
        return name();
    }
}
