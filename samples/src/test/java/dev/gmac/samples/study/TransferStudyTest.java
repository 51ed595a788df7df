package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gmac.samples.study.workload.Stencil3d;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every workload under every variant at test scale: the results equal the Java reference, and the relations the
 * ADSM paper reports (§5.1, Figures 8 and 9) hold on the transfer counts. Each combination runs once, before the
 * tests; a failed run fails only its own test.
 */
class TransferStudyTest {
    private static final long SEED = 2010;
    private static final Map<String, RunRow> ROWS = new LinkedHashMap<>();
    private static final Map<String, RuntimeException> FAILURES = new LinkedHashMap<>();

    @BeforeAll
    static void runEveryWorkloadUnderEveryVariant() {
        for (Workload w : Workloads.all()) {
            PreparedProblem problem = new PreparedProblem(w.problem(Scale.TEST, SEED));
            for (Variant v : Variant.STUDY) {
                String key = key(w.name(), v);
                try {
                    ROWS.put(key, StudyRunner.run(problem, settings(v)));
                } catch (RuntimeException e) {
                    FAILURES.put(key, e);
                }
            }
        }
    }

    private static RunSettings settings(Variant v) {
        return new RunSettings(v, RunSettings.DEFAULT_BLOCK_SIZE, RunSettings.defaultRollingSize());
    }

    private static String key(String workload, Variant v) {
        return workload + " " + v.label();
    }

    private static RunRow row(String workload, Variant v) {
        String key = key(workload, v);
        RuntimeException failure = FAILURES.get(key);
        if (failure != null) {
            throw new AssertionError(key + " did not run: " + failure.getMessage(), failure);
        }
        return ROWS.get(key);
    }

    static Stream<Arguments> combinations() {
        List<Arguments> all = new ArrayList<>();
        for (String w : Workloads.names()) {
            for (Variant v : Variant.STUDY) {
                all.add(Arguments.of(w, v.label()));
            }
        }
        return all.stream();
    }

    static Stream<String> workloads() {
        return Workloads.names().stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("combinations")
    void resultsEqualTheJavaReference(String workload, String variant) {
        // StudyRunner compares the outputs with the reference and throws on any difference.
        RunRow row = row(workload, Variant.parse(variant));
        assertEquals(workload, row.workload());
        assertTrue(row.counts().bytes() > 0, "something moved");
        assertTrue(row.threadInstructions() > 0, "the kernels ran on the software GPU");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void lazyAndRollingMoveNoMoreThanBatch(String workload) {
        TransferCounts batch = row(workload, Variant.BATCH).counts();
        for (Variant v : List.of(Variant.LAZY, Variant.ROLLING)) {
            TransferCounts c = row(workload, v).counts();
            assertTrue(
                    c.bytesToAccelerator() <= batch.bytesToAccelerator(),
                    v + " to accelerator: " + c.bytesToAccelerator() + " > batch's " + batch.bytesToAccelerator());
            assertTrue(
                    c.bytesToHost() <= batch.bytesToHost(),
                    v + " to host: " + c.bytesToHost() + " > batch's " + batch.bytesToHost());
        }
    }

    @Test
    void rollingMovesFarLessThanLazyToTheAcceleratorOnTheStencil() {
        long lazy = row("stencil", Variant.LAZY).counts().bytesToAccelerator();
        long rolling = row("stencil", Variant.ROLLING).counts().bytesToAccelerator();
        assertTrue(
                rolling <= Relations.STENCIL_FAR_LESS * lazy,
                "rolling " + rolling + " bytes vs lazy " + lazy + " bytes to the accelerator");
    }

    /**
     * Rolling-update with write-set annotations moves no more than the hand-placed copies on every workload.
     * The stencil was the exception while blocks moved whole (its point source is a read-modify-write of one
     * float: the explicit code copies 4 bytes each way); with sub-block ranges rolling-update moves the float.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void annotatedRollingMovesNoMoreThanExplicitCopies(String workload) {
        long annotated = row(workload, Variant.ROLLING_ANNOTATED).counts().bytes();
        long explicit = row(workload, Variant.EXPLICIT).counts().bytes();
        assertTrue(annotated <= explicit, "rolling-annotated " + annotated + " bytes vs explicit " + explicit);
    }

    /**
     * Issue 14's bar, in bytes: rolling-update without annotations (write sets inferred from the PTX, default
     * hints) moves no more than the hand-placed copies on every workload. (Its bar in time, within 1.2x of the
     * explicit copies' modelled end-to-end time, includes measured host compute, so it is measured by {@code gmac
     * study} and reported in docs/transfer-study.md rather than asserted here.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("workloads")
    void rollingWithoutAnnotationsMovesNoMoreThanExplicitCopies(String workload) {
        long rolling = row(workload, Variant.ROLLING).counts().bytes();
        long explicit = row(workload, Variant.EXPLICIT).counts().bytes();
        assertTrue(rolling <= explicit, "rolling " + rolling + " bytes vs explicit " + explicit);
    }

    @Test
    void onTheStencilRollingMovesTheSourceFloatEachStep() {
        int steps = Stencil3d.tableParams(Scale.TEST).steps();
        TransferCounts annotated = row("stencil", Variant.ROLLING_ANNOTATED).counts();
        TransferCounts explicit = row("stencil", Variant.EXPLICIT).counts();
        assertEquals(steps * Float.BYTES, explicit.bytesToAccelerator(), "explicit: one float per step");
        assertEquals(steps * Float.BYTES, annotated.bytesToAccelerator(), "rolling: the same float per step");
    }

    @Test
    void everyRunHappened() {
        if (!FAILURES.isEmpty()) {
            fail(FAILURES.size() + " runs failed, first: "
                    + FAILURES.keySet().iterator().next() + ": "
                    + FAILURES.values().iterator().next().getMessage());
        }
        assertEquals(Workloads.all().size() * Variant.STUDY.size(), ROWS.size());
    }
}
