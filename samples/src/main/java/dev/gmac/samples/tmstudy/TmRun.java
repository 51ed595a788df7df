package dev.gmac.samples.tmstudy;

/**
 * One point of the TM study: a workload on a timing preset in a mode (a TM model, {@code cgl}, or {@value
 * TmWorkload#FGL}) with a concurrency limit in transaction warps per core (0: none; only the Kilo TM models are run
 * with limits).
 */
public record TmRun(String preset, String workload, String mode, int limit) {
    /** A label for progress lines and messages, e.g. {@code gtx480 HT-H kilotm/2}. */
    public String label() {
        return preset + " " + workload + " " + mode + (TmStudy.limited(mode) ? "/" + limitLabel() : "");
    }

    /** The limit as the thesis writes it: a number, or NL for none. */
    public String limitLabel() {
        return limit == 0 ? "NL" : Integer.toString(limit);
    }
}
