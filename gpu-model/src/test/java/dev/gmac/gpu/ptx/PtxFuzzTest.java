package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The normal build's share of the fuzzing harness (issue 16): 3,000 mutants of our committed PTX, seed 16. Only
 * typed errors ({@link PtxException}) may escape {@link PtxModule#load}, and no load may take longer than the
 * bound. The long run, with ptxas, is {@link PtxFuzz#main} (see {@code docs/ptx-fuzzing.md}).
 */
class PtxFuzzTest {
    /** The time bound of issue 16 for one case. */
    private static final long BOUND_MILLIS = 5_000;

    @Test
    void threeThousandMutantsGiveOnlyTypedErrorsWithinTheTimeBound() {
        PtxFuzz fuzz = new PtxFuzz(CommittedPtx.all(), 16, null, null);
        PtxFuzz.Summary s = fuzz.run(0, 3_000, 2, BOUND_MILLIS, 30_000, false);
        assertEquals(3_000, s.cases);
        assertEquals(List.of(), describe(s.untyped), "untyped exceptions escaped the front end");
        assertEquals(List.of(), describe(s.slow), "cases past " + BOUND_MILLIS + " ms");
        int accepted = s.verdicts.getOrDefault(PtxFuzz.Verdict.ACCEPT, 0);
        int syntax = s.verdicts.getOrDefault(PtxFuzz.Verdict.REJECT_SYNTAX, 0);
        assertTrue(accepted > 300 && syntax > 300, "the mutants exercise both outcomes: " + s.verdicts);
    }

    @Test
    void aCaseIsTheSameMutantOnEveryRun() {
        PtxFuzz a = new PtxFuzz(CommittedPtx.all(), 3, null, null);
        PtxFuzz b = new PtxFuzz(CommittedPtx.all(), 3, null, null);
        String[] fa = new String[1];
        String[] fb = new String[1];
        assertEquals(a.mutant(41, fa), b.mutant(41, fb));
        assertEquals(fa[0], fb[0]);
    }

    private static List<String> describe(List<PtxFuzz.Outcome> outcomes) {
        return outcomes.stream()
                .map(o -> "case " + o.index() + " (" + o.seedFile() + ", " + o.mutations() + "): " + o.ours() + " "
                        + o.ourMessage())
                .toList();
    }
}
