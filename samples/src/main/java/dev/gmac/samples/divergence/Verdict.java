package dev.gmac.samples.divergence;

/**
 * The outcome of one workload run checked against its Java reference: whether every output matched, the first
 * mismatch in words (empty when none), the number of mismatching outputs, and a digest of the raw outputs, which
 * two runs of the same inputs share exactly when they computed bit-identical results.
 */
public record Verdict(boolean correct, int mismatches, String firstMismatch, long digest) {
    /** A verdict from the outputs' comparison. */
    public static Verdict of(Check check) {
        return new Verdict(check.mismatches() == 0, check.mismatches(), check.first(), check.digest());
    }
}
