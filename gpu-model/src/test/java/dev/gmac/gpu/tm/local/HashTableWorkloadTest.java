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
 * HT, the hash-table workload of Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5 ({@code
 * src/main/cuda/localtm_ht.cu}): the transactional version under DCD and SMDCD, and the atomics version, build the
 * same table as the version whose critical sections one work-item runs (each bucket's keys as a set: slot order
 * depends on the schedule), with one work-group of 256 work-items as in the paper and with several work-groups,
 * at high contention (4 buckets: at step i work-item t inserts into bucket (t + i) % 4, so each bucket takes 64 of
 * a step's 256 inserts, 16 from each wavefront: the input of the study, samples' {@code HashTable}) and low
 * contention (256 buckets, keys 0, 1, 2, ...), on the functional model and under the {@code apu8} timing model.
 */
class HashTableWorkloadTest {
    private static final int THREADS = 256;
    private static final int PER_ITEM = 4;

    /** A contention level: buckets and the capacity that holds every key the host gives them. */
    record Input(String name, int buckets, int capacity) {
        int words() {
            return buckets + buckets * capacity;
        }
    }

    static final Input HIGH = new Input("HC", 4, THREADS * PER_ITEM / 4);
    static final Input LOW = new Input("LC", 256, THREADS * PER_ITEM / 256);

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("localtm-dcd", "pdom", null, HIGH, 1),
                Arguments.of("localtm-smdcd", "pdom", null, HIGH, 1),
                Arguments.of("localtm-dcd", "pdom", null, LOW, 1),
                Arguments.of("localtm-smdcd", "pdom", null, LOW, 1),
                Arguments.of("localtm-dcd", "its", null, HIGH, 3),
                Arguments.of("localtm-smdcd", "its", null, LOW, 3),
                Arguments.of("localtm-dcd", "pdom", "apu8", HIGH, 1),
                Arguments.of("localtm-smdcd", "pdom", "apu8", HIGH, 1),
                Arguments.of("localtm-smdcd", "pdom", "apu8", LOW, 2));
    }

    @ParameterizedTest(name = "{0} on {1}, timing {2}, {3}, {4} work-groups")
    @MethodSource("cases")
    void transactionsAndAtomicsBuildTheSerialisedTable(String tm, String div, String preset, Input in, int groups) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/localtm_ht.ptx");
            int keys = groups * THREADS * PER_ITEM;
            int[] values = new int[keys];
            for (int i = 0; i < keys; i++) {
                int item = i / PER_ITEM;
                // bucket = key % 4 at high contention (the hash multiplies by an odd constant that is 1 mod 4)
                values[i] = in == HIGH ? item * PER_ITEM + (item + i % PER_ITEM) % PER_ITEM : i;
            }
            long input = dev.ints(values);
            int[] serial = table(dev, m, "ht_serial", null, div, preset, in, groups, input, null);
            AtomicReference<KernelLaunch> launch = new AtomicReference<>();
            int[] txTable = table(dev, m, "ht_tm", tm, div, preset, in, groups, input, launch);
            int[] atomic = table(dev, m, "ht_atomic", null, div, preset, in, groups, input, null);
            for (int g = 0; g < groups; g++) {
                int[] expected = canonical(serial, g, in);
                assertEquals(
                        in.capacity() * in.buckets(),
                        Arrays.stream(expected, 0, in.buckets()).sum());
                assertArrayEquals(expected, canonical(txTable, g, in), "TM table of work-group " + g);
                assertArrayEquals(expected, canonical(atomic, g, in), "atomics table of work-group " + g);
            }
            LocalTm model = (LocalTm) launch.get().tm();
            LocalTmStats s = model.stats();
            assertEquals((long) keys, s.committed(), "one committed transaction per key");
            assertEquals(s.started(), s.committed() + s.aborted());
            if (in == HIGH) {
                assertTrue(s.aborted() > 0 && s.commitRatio() < 0.5, "high contention aborts: " + s);
            }
            for (int k = 0; k < model.layout(launch.get().cta(0)).words(); k++) {
                assertEquals(-1, model.ownerOf(launch.get().cta(0), k), "aborted work-items left an owner at " + k);
            }
        }
    }

    /** The table a work-group built, with each bucket's used slots sorted. */
    private static int[] canonical(int[] out, int group, Input in) {
        int base = group * in.words();
        int[] t = Arrays.copyOfRange(out, base, base + in.words());
        for (int b = 0; b < in.buckets(); b++) {
            int from = in.buckets() + b * in.capacity();
            Arrays.sort(t, from, from + Math.min(t[b], in.capacity()));
        }
        return t;
    }

    private static int[] table(
            TestDevice dev,
            PtxModule m,
            String kernel,
            String tm,
            String div,
            String preset,
            Input in,
            int groups,
            long input,
            AtomicReference<KernelLaunch> prepared) {
        long[] inputs = {input, PER_ITEM, in.buckets(), in.capacity()};
        return WorkloadLaunch.run(
                dev, m, kernel, tm, div, preset, groups, THREADS, in.words(), 4 * in.words(), inputs, prepared);
    }
}
