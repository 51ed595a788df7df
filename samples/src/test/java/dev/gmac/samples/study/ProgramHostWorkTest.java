package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.api.AdsmConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Decision 0122: the study charges every version of a workload (each protocol and the explicit copies) the same
 * host work, the fastest measured for each phase over all their runs, and keeps each run's own measured time
 * beside it.
 */
class ProgramHostWorkTest {
    @Test
    void everyVersionOfAWorkloadIsChargedTheSameHostWork() {
        StudyOptions options = new StudyOptions(
                Scale.TEST,
                StudyOptions.DEFAULT_SEED,
                Workloads.select(List.of("vecadd", "rpes")),
                RunSettings.DEFAULT_BLOCK_SIZE,
                RunSettings.defaultRollingSize(),
                false,
                1,
                AdsmConfig.defaults().withTiming(RunSettings.DEFAULT_TIMING),
                2);
        StudyResults results = new Study(options).run(StudyProgress.NONE);
        for (String workload : List.of("vecadd", "rpes")) {
            List<RunRow> rows = results.rows().stream()
                    .filter(r -> r.workload().equals(workload))
                    .toList();
            assertEquals(Variant.STUDY.size(), rows.size());
            double cpu = rows.get(0).counts().time().cpu();
            double fastestMeasured = Double.MAX_VALUE;
            for (RunRow row : rows) {
                assertTrue(row.programHostWork(), workload + " " + row.variant().label() + " was replayed");
                assertEquals(
                        cpu,
                        row.counts().time().cpu(),
                        1e-12,
                        workload + " " + row.variant().label());
                assertTrue(
                        row.counts().time().cpu() <= row.measuredTime().cpu() + 1e-12,
                        "the program's host work is at most any run's measured host compute");
                assertEquals(row.measuredTime().signal(), row.counts().time().signal(), 1e-12, "the same faults");
                assertEquals(row.measuredTime().kernels(), row.counts().time().kernels(), 1e-12);
                assertEquals(
                        row.measuredTime().toAccelerator(), row.counts().time().toAccelerator(), 1e-12);
                fastestMeasured = Math.min(fastestMeasured, row.measuredTime().cpu());
            }
            assertTrue(cpu <= fastestMeasured + 1e-12, workload + ": " + cpu + " vs " + fastestMeasured);
        }
    }
}
