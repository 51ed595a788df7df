package dev.gmac.samples.divergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every workload of the divergence study under every divergence model on the functional engine (issue 17, "Per-thread
 * results equal under every model for every workload"): each run matches the workload's Java reference output by
 * output and computes bit-identical outputs to PDOM, except that the warp-synchronous NVRT kernel must fail under
 * {@code dwf} the way the thesis shows (workers run ahead of their manager with a stale batch: rays traced twice
 * or not at all), while {@code dwf-wb} and the TBC models run it correctly. It fails under {@code its} as well, as
 * such code does on Volta without {@code __syncwarp}.
 */
class DivergenceWorkloadTest {
    static final List<String> MODELS = List.of("pdom", "its", "tbc", "tbc-lcp", "tbc-static", "dwf", "dwf-wb");
    static final long SEED = 17;

    @TestFactory
    Stream<DynamicTest> everyWorkloadUnderEveryModel() {
        List<DynamicTest> tests = new ArrayList<>();
        for (DivergenceWorkload w : DivergenceWorkloads.all()) {
            tests.add(DynamicTest.dynamicTest(w.name(), () -> check(w)));
        }
        return tests.stream();
    }

    private static Verdict run(DivergenceWorkload w, String model) {
        try (StudyDevice d = StudyDevice.functional(model)) {
            return w.run(d, InputSize.TEST, SEED);
        }
    }

    private static void check(DivergenceWorkload w) {
        Verdict pdom = run(w, "pdom");
        assertTrue(pdom.correct(), w.name() + " under pdom: " + pdom.firstMismatch());
        for (String model : MODELS.subList(1, MODELS.size())) {
            Verdict v = run(w, model);
            if (w.warpSynchronous() && (model.equals("dwf") || model.equals("its"))) {
                assertFalse(v.correct(), w.name() + " must fail under " + model + " (warp-synchronous code)");
                assertTrue(
                        v.firstMismatch().startsWith("visits["),
                        "the failure is a ray traced twice or never: " + v.firstMismatch());
                continue;
            }
            assertTrue(v.correct(), w.name() + " under " + model + ": " + v.firstMismatch());
            assertEquals(pdom.digest(), v.digest(), w.name() + " under " + model + ": outputs differ from pdom's");
        }
    }
}
