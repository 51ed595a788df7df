package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.workload.Stencil3d;
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
        List<SweepPoint> points = new Study(only("vecadd")).run(StudyProgress.NONE).sweep(Figure.FIGURE_11);
        assertEquals(14, points.size());
        TransferCounts first = points.get(0).run().counts();
        for (int i = 1; i < points.size(); i++) {
            TransferCounts before = points.get(i - 1).run().counts();
            TransferCounts c = points.get(i).run().counts();
            assertEquals(first.bytes(), c.bytes(), "the same bytes move at every block size");
            assertTrue(c.transfers() <= before.transfers(), "transfers at " + Units.bytes(points.get(i).x()));
            assertTrue(
                    c.modelledSeconds() <= before.modelledSeconds(),
                    "modelled time at " + Units.bytes(points.get(i).x()));
        }
        assertTrue(points.get(13).run().counts().modelledSeconds() < first.modelledSeconds());
    }

    @Test
    void figure12LargerRollingSizesNeverMoveMore() {
        List<SweepPoint> points = new Study(only("tpacf")).run(StudyProgress.NONE).sweep(Figure.FIGURE_12);
        assertEquals(27, points.size());
        Map<Long, Map<String, Long>> byBlock = points.stream()
                .collect(Collectors.groupingBy(
                        SweepPoint::x,
                        Collectors.toMap(SweepPoint::series, p -> p.run().counts().bytesToAccelerator())));
        for (Map.Entry<Long, Map<String, Long>> e : byBlock.entrySet()) {
            long one = e.getValue().get("rolling size 1");
            long two = e.getValue().get("rolling size 2");
            long four = e.getValue().get("rolling size 4");
            assertTrue(four <= two && two <= one, Units.bytes(e.getKey()) + ": " + one + ", " + two + ", " + four);
        }
    }
}
