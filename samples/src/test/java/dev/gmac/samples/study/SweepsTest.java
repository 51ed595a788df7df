package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.workload.Stencil3d;
import dev.gmac.samples.study.workload.Tpacf;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The sweeps' definitions, and the trends of the paper's Figures 9, 11 and 12 on test-scale runs. */
class SweepsTest {
    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;

    private static StudyOptions only(String workload) {
        return new StudyOptions(
                Scale.TEST,
                StudyOptions.DEFAULT_SEED,
                Workloads.select(List.of(workload)),
                RunSettings.DEFAULT_BLOCK_SIZE,
                RunSettings.defaultRollingSize(),
                true,
                1);
    }

    @Test
    void sweepValuesAreThePapers() {
        assertEquals(List.of(4 * KIB, 256 * KIB, MIB, 32 * MIB), Figure.STENCIL_BLOCK_SIZES);
        List<Long> vector = Figure.vectorBlockSizes();
        assertEquals(14, vector.size());
        assertEquals(4 * KIB, vector.get(0));
        assertEquals(32 * MIB, vector.get(13));
        List<Long> tpacf = Figure.tpacfBlockSizes();
        assertEquals(9, tpacf.size());
        assertEquals(128 * KIB, tpacf.get(0));
        assertEquals(List.of(1, 2, 4), Figure.TPACF_ROLLING_SIZES);
    }

    @Test
    void planHasTheTableAndEverySweepPoint() {
        int sides = Stencil3d.sweepSides(Scale.DEFAULT).size();
        int expected = Workloads.all().size() * Variant.STUDY.size() + sides * 5 + 14 + 3 * 9;
        assertEquals(expected, new Study(StudyOptions.defaults(Scale.DEFAULT)).size());
        // Selecting one workload keeps only its table rows and its own sweep.
        assertEquals(5 + Stencil3d.sweepSides(Scale.TEST).size() * 5, new Study(only("stencil")).size());
        assertEquals(5, new Study(only("cp")).size());
    }

    @Test
    void figure9RollingMovesLessThanLazyAtEveryVolume() {
        StudyResults results = new Study(only("stencil")).run(StudyProgress.NONE);
        Map<Long, Map<String, SweepPoint>> byVolume = results.sweep(Figure.FIGURE_9).stream()
                .collect(Collectors.groupingBy(
                        SweepPoint::x, Collectors.toMap(SweepPoint::series, p -> p, (a, b) -> a)));
        assertEquals(Stencil3d.sweepSides(Scale.TEST).size(), byVolume.size());
        for (Map.Entry<Long, Map<String, SweepPoint>> e : byVolume.entrySet()) {
            long lazy = e.getValue().get("lazy").run().counts().bytesToAccelerator();
            long small = e.getValue().get("rolling 4 KiB").run().counts().bytesToAccelerator();
            assertTrue(small < lazy, "volume " + e.getKey() + ": rolling 4 KiB " + small + " vs lazy " + lazy);
            long previous = 0;
            for (long block : Figure.STENCIL_BLOCK_SIZES) {
                long bytes = e.getValue()
                        .get("rolling " + Units.bytes(block))
                        .run()
                        .counts()
                        .bytesToAccelerator();
                assertTrue(bytes >= previous, "the source's block grows with the block size");
                assertTrue(bytes <= lazy, "rolling never moves more than lazy here");
                previous = bytes;
            }
        }
    }

    @Test
    void figure11LargerBlocksMeanFewerTransfersAndLessTime() {
        List<SweepPoint> points =
                new Study(only("vecadd")).run(StudyProgress.NONE).sweep(Figure.FIGURE_11);
        assertEquals(14, points.size());
        TransferCounts first = points.get(0).run().counts();
        for (int i = 1; i < points.size(); i++) {
            TransferCounts before = points.get(i - 1).run().counts();
            TransferCounts c = points.get(i).run().counts();
            assertEquals(first.bytes(), c.bytes(), "the same bytes move at every block size");
            assertTrue(
                    c.transfers() <= before.transfers(),
                    "transfers at " + Units.bytes(points.get(i).x()));
            assertTrue(
                    c.modelledSeconds() <= before.modelledSeconds(),
                    "modelled time at " + Units.bytes(points.get(i).x()));
        }
        assertTrue(points.get(13).run().counts().modelledSeconds() < first.modelledSeconds());
    }

    /**
     * Figure 12's pathology, and the relation that holds instead of "rolling moves no more than batch" when it
     * strikes: tpacf writes its catalogue in three passes, so when the catalogue spans more blocks than the
     * rolling size keeps dirty (rolling size x 3 allocations), every pass evicts and the next pass dirties the
     * blocks again: rolling-update sends the catalogue once per pass, three times what batch-update sends.
     * When the catalogue fits in the dirty window it is sent once.
     */
    @Test
    void figure12SmallRollingSizesSendTheCatalogueOncePerPass() {
        int points = 48 * 1024; // 576 KiB of (x, y, z) records: 5 blocks of 128 KiB
        long catalogue = 12L * points;
        PreparedProblem problem =
                new PreparedProblem(new Tpacf().problem(new Tpacf.Params(1, points - 1, 8), StudyOptions.DEFAULT_SEED));
        long block = 128 * KIB;
        long batch = StudyRunner.run(problem, new RunSettings(Variant.BATCH, block, 1))
                .counts()
                .bytesToAccelerator();
        long rollingOne = StudyRunner.run(problem, new RunSettings(Variant.ROLLING, block, 1))
                .counts()
                .bytesToAccelerator();
        long rollingFour = StudyRunner.run(problem, new RunSettings(Variant.ROLLING, block, 4))
                .counts()
                .bytesToAccelerator();
        long bounds = batch - catalogue - 8 * Integer.BYTES; // batch also sends the bin bounds and the histogram
        assertEquals(catalogue + bounds, rollingFour, "fits in 12 dirty blocks: sent once");
        assertTrue(rollingFour <= batch);
        assertEquals(3 * catalogue + bounds, rollingOne, "3 dirty blocks: sent once per pass");
        assertTrue(rollingOne > batch, "the pathology: rolling moves more than batch here");
    }

    @Test
    void figure12PlanCoversEveryRollingAndBlockSize() {
        StudyOptions options = new StudyOptions(
                Scale.TEST,
                StudyOptions.DEFAULT_SEED,
                Workloads.select(List.of("tpacf")),
                RunSettings.DEFAULT_BLOCK_SIZE,
                RunSettings.defaultRollingSize(),
                true,
                1);
        assertTrue(options.runs(Figure.FIGURE_12));
        assertEquals(5 + 3 * 9, new Study(options).size());
    }
}
