package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The normal build's share of the fuzzing harness (issue 16): 3,000 mutants of our committed PTX, seed 16. Only
 * typed errors ({@link PtxException}) may escape {@link PtxModule#load}, and no load may take longer than the
 * bound. Where nvcc is installed, a small sample is also compared with {@code ptxas}. The long run is {@link
 * PtxFuzz#main} (see {@code docs/ptx-fuzzing.md}).
 */
class PtxFuzzTest {
    /** The time bound of issue 16 for one case. */
    private static final long BOUND_MILLIS = 5_000;

    @Test
    void threeThousandMutantsGiveOnlyTypedErrorsWithinTheTimeBound() {
        PtxFuzz fuzz = new PtxFuzz(CommittedPtx.all(), 16, null);
        PtxFuzz.Summary s = fuzz.run(0, 3_000, 2, BOUND_MILLIS, 30_000, false);
        assertEquals(3_000, s.cases);
        assertEquals(List.of(), describe(s.untyped), "untyped exceptions escaped the front end");
        assertEquals(List.of(), describe(s.slow), "cases past " + BOUND_MILLIS + " ms");
        int accepted = s.verdicts.getOrDefault(PtxFuzz.Verdict.ACCEPT, 0);
        int syntax = s.verdicts.getOrDefault(PtxFuzz.Verdict.REJECT_SYNTAX, 0);
        assertTrue(accepted > 300 && syntax > 300, "the mutants exercise both outcomes: " + s.verdicts);
    }

    /** Mutants compared with ptxas in the normal build: each costs a ptxas process (about 0.1 s; 60 take 8 s on two cores). */
    private static final int PTXAS_SAMPLE = 60;

    @Test
    void whereNvccIsInstalledASampleOfMutantsAgreesWithPtxas(@TempDir Path scratch) {
        Path exe = PtxasOracle.onPath();
        assumeTrue(exe != null, "ptxas is not on the PATH: the comparison needs nvcc, the build does not");
        PtxFuzz fuzz = new PtxFuzz(CommittedPtx.all(), 16, new PtxasOracle(exe, scratch, null));
        PtxFuzz.Summary s = fuzz.run(0, PTXAS_SAMPLE, 2, BOUND_MILLIS, 60_000, false);
        // mutants of seeds holding this project's extension instructions are not NVIDIA PTX: ptxas is no oracle there
        int judgeable = PTXAS_SAMPLE - s.ptxasNotNvidia;
        assertTrue(
                judgeable >= PTXAS_SAMPLE / 2,
                "most of the sample is NVIDIA PTX: " + judgeable + " of " + PTXAS_SAMPLE);
        assertTrue(
                s.ptxasCompared >= judgeable * 9 / 10,
                "ptxas judged too few mutants: " + s.ptxasCompared + " of " + judgeable + " (timeouts "
                        + s.ptxasTimeouts + ", crashes " + s.ptxasCrashes + ")");
        List<PtxFuzz.Outcome> ours = s.disagreements.stream()
                .filter(o -> o.disagreement() == PtxFuzz.Disagreement.FRONT_END)
                .toList();
        assertEquals(List.of(), describe(ours), "front-end disagreements with ptxas (decided ones set aside)");
        assertTrue(s.bothAccept > 0 && s.bothReject > 0, "the sample exercises both verdicts: " + s.verdicts);
    }

    @Test
    void aCaseIsTheSameMutantOnEveryRun() {
        PtxFuzz a = new PtxFuzz(CommittedPtx.all(), 3, null);
        PtxFuzz b = new PtxFuzz(CommittedPtx.all(), 3, null);
        String[] fa = new String[1];
        String[] fb = new String[1];
        assertEquals(a.mutant(41, fa), b.mutant(41, fb));
        assertEquals(fa[0], fb[0]);
    }

    private static List<String> describe(List<PtxFuzz.Outcome> outcomes) {
        return outcomes.stream()
                .map(o -> "case " + o.index() + " (" + o.seedFile() + ", " + o.mutations() + "): " + o.ours() + " "
                        + o.ourMessage() + (o.ptxasAccepts() == null ? "" : "; ptxas: " + o.ptxasMessage()))
                .toList();
    }
}
