package dev.gmac.samples.divergence;

/**
 * The thesis's two benchmark sets (Fung thesis §3.1, Table 3.1): a workload is divergent (DIVG) when its SIMD
 * efficiency under per-warp PDOM stacks is below 76%, coherent (COHE) otherwise. Thread block compaction should
 * speed up the first and leave the second alone.
 */
public enum WorkloadSet {
    /** Control flow diverges heavily within warps (SIMD efficiency below 76% under PDOM). */
    DIVERGENT("DIVG"),
    /** Threads of a warp mostly follow the same path. */
    COHERENT("COHE");

    private final String label;

    WorkloadSet(String label) {
        this.label = label;
    }

    /** The thesis's abbreviation. */
    public String label() {
        return label;
    }
}
