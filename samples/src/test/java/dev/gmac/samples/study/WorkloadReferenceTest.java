package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.workload.PetriNet;
import dev.gmac.samples.study.workload.RysIntegrals;
import dev.gmac.samples.study.workload.Stencil3d;
import dev.gmac.samples.study.workload.SumOfAbsoluteDifferences;
import dev.gmac.samples.study.workload.Tpacf;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The Java references are what every run is checked against, so they are checked here on their own: against
 * physical or combinatorial facts their inputs guarantee, and for determinism.
 */
class WorkloadReferenceTest {
    private static final long SEED = 7;

    @Test
    void referencesAreDeterministicAndDependOnTheSeed() {
        for (Workload w : Workloads.all()) {
            Outputs a = w.problem(Scale.TEST, SEED).reference();
            Outputs b = w.problem(Scale.TEST, SEED).reference();
            assertTrue(a.firstMismatch(b, 0).isEmpty(), w.name() + " is not deterministic");
            Outputs other = w.problem(Scale.TEST, SEED + 1).reference();
            if (!w.name().equals("stencil")) { // the stencil's inputs are a fixed source, only its phase is seeded
                assertTrue(a.firstMismatch(other, 0).isPresent(), w.name() + " ignores its seed");
            }
        }
    }

    @Test
    void fullScaleInputsAreValid() {
        // Building the paper-sized problems checks their parameters (divisibility, frame shapes) without running.
        for (Workload w : Workloads.all()) {
            assertTrue(w.problem(Scale.FULL, SEED).size().length() > 0, w.name());
        }
        for (int side : Stencil3d.sweepSides(Scale.FULL)) {
            assertTrue(new Stencil3d()
                    .problem(Stencil3d.sweepParams(Scale.FULL, side), SEED)
                    .size()
                    .startsWith(side + "^3"));
        }
        assertTrue(
                new Tpacf().problem(Tpacf.sweepParams(Scale.FULL), SEED).size().length() > 0);
    }

    @Test
    void petriNetTrajectoriesHaveConsistentStatisticsAndDifferAcrossLaunches() {
        PetriNet.Params p = PetriNet.params(Scale.TEST);
        Outputs out = new PetriNet().problem(Scale.TEST, SEED).reference();
        float[] vars = out.floatArray("vars");
        int[] maxs = out.intArray("maxs");
        assertEquals(p.trajectories(), vars.length);
        assertEquals(p.trajectories(), maxs.length);
        for (int t = 0; t < vars.length; t++) {
            assertTrue(vars[t] >= 0, "a variance is never negative, trajectory " + t);
            // one token per place at the start, and a place gains at most one token per round
            assertTrue((float) maxs[t] * maxs[t] >= vars[t], "largest marking squared >= variance, trajectory " + t);
            assertTrue(maxs[t] >= 1 && maxs[t] <= 1 + p.rounds(), "largest marking " + maxs[t] + ", trajectory " + t);
        }
        int perLaunch = p.perLaunch();
        assertNotEquals(
                Arrays.toString(Arrays.copyOfRange(vars, 0, perLaunch)),
                Arrays.toString(Arrays.copyOfRange(vars, perLaunch, 2 * perLaunch)),
                "each launch has its own seed");
    }

    /**
     * The integrals of the unique quartets i <= j <= k <= l (Parboil's n(n+1)(n+2)(n+3)/24), in that order: an
     * integral over s functions with positive coefficients is positive, and (ii|kk)^2 <= (ii|ii)(kk|kk)
     * (the Schwarz inequality of the repulsion integral as an inner product), which places each quartet.
     */
    @Test
    void repulsionIntegralsArePositiveAndMeetTheSchwarzBound() {
        RysIntegrals.Params p = RysIntegrals.params(Scale.TEST);
        float[] v = new RysIntegrals().problem(Scale.TEST, SEED).reference().floatArray("integrals");
        int n = p.shells();
        assertEquals(n * (n + 1) * (n + 2) * (n + 3) / 24, v.length);
        int[][][][] index = new int[n][n][n][n];
        int q = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                for (int k = j; k < n; k++) {
                    for (int l = k; l < n; l++) {
                        assertTrue(v[q] > 0, "(ij|kl) of s functions is positive, quartet " + q);
                        index[i][j][k][l] = q++;
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = i + 1; k < n; k++) {
                double iikk = v[index[i][i][k][k]];
                double bound = (double) v[index[i][i][i][i]] * v[index[k][k][k][k]];
                assertTrue(iikk * iikk <= bound * (1 + 1e-5), "(ii|kk)^2 <= (ii|ii)(kk|kk), i=" + i + " k=" + k);
                assertTrue(iikk * iikk < 0.999 * bound, "distinct centres: strictly below, i=" + i + " k=" + k);
            }
        }
    }

    @Test
    void tpacfBinsEveryPairExactlyOnce() {
        Tpacf.Params p = Tpacf.tableParams(Scale.TEST);
        int[] histogram = new Tpacf().problem(Scale.TEST, SEED).reference().intArray("histogram");
        assertEquals(
                (long) p.dataPoints() * p.randomPoints(),
                Arrays.stream(histogram).asLongStream().sum());
    }

    @Test
    void motionSearchFindsThePanOfTheScene() {
        SumOfAbsoluteDifferences.Params p = SumOfAbsoluteDifferences.params(Scale.TEST);
        int[] best = new SumOfAbsoluteDifferences()
                .problem(Scale.TEST, SEED)
                .reference()
                .intArray("bestVector");
        int side = 2 * p.range() + 1;
        // The scene pans so that current(x, y) = reference(x + 2, y + 1).
        int expected = (1 + p.range()) * side + (2 + p.range());
        int perRow = p.width() / 8;
        int rows = p.height() / 8;
        for (int s = 0; s < p.frames() - 1; s++) {
            for (int mb = 0; mb < perRow * rows; mb++) {
                boolean interior = mb % perRow < perRow - 1 && mb / perRow < rows - 1;
                if (interior) {
                    assertEquals(expected, best[s * perRow * rows + mb], "macroblock " + mb + " of search " + s);
                }
            }
        }
    }

    @Test
    void stencilWaveStaysInsideItsLightCone() {
        Stencil3d.Params p = Stencil3d.tableParams(Scale.TEST);
        Outputs out = new Stencil3d().problem(Scale.TEST, SEED).reference();
        int s = p.side();
        int c = s / 2;
        float[] last = out.floatArray("volume@" + p.steps());
        boolean moved = false;
        for (int z = 0; z < s; z++) {
            for (int y = 0; y < s; y++) {
                for (int x = 0; x < s; x++) {
                    int distance = Math.abs(x - c) + Math.abs(y - c) + Math.abs(z - c);
                    float v = last[(z * s + y) * s + x];
                    if (distance > p.steps()) {
                        assertEquals(0f, v, "cell " + x + "," + y + "," + z + " is outside the light cone");
                    } else if (distance > 0 && v != 0f) {
                        moved = true;
                    }
                }
            }
        }
        assertTrue(moved, "the wave leaves the source");
        assertFalse(Float.isNaN(last[(c * s + c) * s + c]));
    }
}
