package dev.gmac.gpu.tm.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TestDevice;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DB (account transfers) and KM (a k-means assignment step), two workloads of Villegas et al., "GPU-LocalTM",
 * Euro-Par 2016 Workshops, §5, as our own kernels ({@code src/main/cuda/localtm_db.cu}, {@code localtm_km.cu})
 * whose critical sections commute: the transactional version under DCD and SMDCD and the atomics version must
 * end with exactly the serialised version's shared data, and every key's transaction must commit once. High
 * contention (8 accounts, 2 clusters) and low contention (1024 accounts, 32 clusters), one work-group of 256
 * work-items and several, functional and under the {@code apu8} timing model.
 */
class CommutingWorkloadsTest {
    private static final int THREADS = 256;
    private static final int PER_ITEM = 2;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("db", "localtm-dcd", "pdom", null, 8, 1),
                Arguments.of("db", "localtm-smdcd", "pdom", null, 8, 1),
                Arguments.of("db", "localtm-dcd", "its", null, 1024, 2),
                Arguments.of("db", "localtm-smdcd", "pdom", "apu8", 1024, 1),
                Arguments.of("km", "localtm-dcd", "pdom", null, 2, 1),
                Arguments.of("km", "localtm-smdcd", "pdom", null, 2, 1),
                Arguments.of("km", "localtm-smdcd", "its", null, 32, 2),
                Arguments.of("km", "localtm-dcd", "pdom", "apu8", 32, 1));
    }

    @ParameterizedTest(name = "{0} under {1} on {2}, timing {3}, size {4}, {5} work-groups")
    @MethodSource("cases")
    void transactionsAndAtomicsEndWithTheSerialisedData(
            String workload, String tm, String div, String preset, int size, int groups) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/localtm_" + workload + ".ptx");
            int items = groups * THREADS * PER_ITEM;
            int words;
            long[] inputs;
            if (workload.equals("db")) {
                words = size;
                inputs = new long[] {PER_ITEM, size};
            } else {
                words = 3 * size;
                int[] points = new int[2 * items];
                for (int i = 0; i < points.length; i++) {
                    points[i] = (int) ((i * 2654435761L) >>> 7) % 1000;
                }
                int[] centres = new int[2 * size];
                for (int c = 0; c < size; c++) {
                    centres[2 * c] = (c * 617) % 1000;
                    centres[2 * c + 1] = (c * 331) % 1000;
                }
                inputs = new long[] {dev.ints(points), dev.ints(centres), PER_ITEM, size};
            }
            int serialShared = workload.equals("km") ? 4 * (words + THREADS * PER_ITEM) : 4 * words;
            int[] serial =
                    run(dev, m, workload + "_serial", null, div, preset, groups, words, serialShared, inputs, null);
            AtomicReference<KernelLaunch> launch = new AtomicReference<>();
            int[] tx = run(dev, m, workload + "_tm", tm, div, preset, groups, words, 4 * words, inputs, launch);
            int[] atomic = run(dev, m, workload + "_atomic", null, div, preset, groups, words, 4 * words, inputs, null);
            if (workload.equals("db")) {
                assertEquals(
                        1000L * words * groups,
                        Arrays.stream(serial).asLongStream().sum(),
                        "money is kept");
            } else {
                long points = 0;
                for (int i = 2; i < serial.length; i += 3) {
                    points += serial[i];
                }
                assertEquals(items, points, "every point is counted once");
            }
            assertArrayEquals(serial, tx, "TM version");
            assertArrayEquals(serial, atomic, "atomics version");
            LocalTm model = (LocalTm) launch.get().tm();
            LocalTmStats s = model.stats();
            assertEquals(items, s.committed(), "one committed transaction per critical section: " + s);
            assertEquals(s.started(), s.committed() + s.aborted());
            if (size <= 8) {
                assertTrue(s.aborted() > 0, "high contention aborts: " + s);
            }
            for (int k = 0; k < model.layout(launch.get().cta(0)).words(); k++) {
                assertEquals(-1, model.ownerOf(launch.get().cta(0), k), "an owner was left at word " + k);
            }
        }
    }

    private static int[] run(
            TestDevice dev,
            PtxModule m,
            String kernel,
            String tm,
            String div,
            String preset,
            int groups,
            int words,
            int shared,
            long[] inputs,
            AtomicReference<KernelLaunch> prepared) {
        return WorkloadLaunch.run(dev, m, kernel, tm, div, preset, groups, THREADS, words, shared, inputs, prepared);
    }
}
