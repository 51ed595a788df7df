package dev.gmac.samples.divergence;

/** One timed run of the study: a workload under a model and L2, its check and its statistics. */
public record DivergenceRun(
        DivergenceWorkload workload, StudyModel model, L2Variant l2, Verdict verdict, RunTotals totals) {
    /** The workload's name. */
    public String name() {
        return workload.name();
    }

    /** True when the outputs matched the reference. */
    public boolean correct() {
        return verdict.correct();
    }
}
