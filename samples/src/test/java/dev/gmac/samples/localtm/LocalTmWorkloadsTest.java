package dev.gmac.samples.localtm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.tm.SerialReplay;
import dev.gmac.gpu.tm.local.LocalTmStats;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every workload of the GPU-LocalTM study (Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5: HT, IT, VA,
 * GC, GA, KM, DB, QU) at high and low contention: the TM version under DCD and under SMDCD, the FGL version and
 * the atomics version (where there is one) end with the serialised version's shared data (as each workload defines the comparison), every TM run
 * leaves no owner in the shadow memory, commits each critical section once and agrees with the serial replay of its
 * committed transactions in commit order (SerialReplay, the Kilo TM harness's checker); one work-group of 256 work-items as
 * in the paper on the functional model, and several work-groups under {@code its}.
 */
class LocalTmWorkloadsTest {
    static Stream<Arguments> cases() {
        List<Arguments> l = new ArrayList<>();
        for (LocalTmWorkload w : LocalTmWorkloads.all()) {
            for (Contention c : Contention.values()) {
                l.add(Arguments.of(w.name(), c, 1, null));
            }
            l.add(Arguments.of(w.name(), Contention.LC, 3, "its"));
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1}, {2} work-groups, divergence {3}")
    @MethodSource("cases")
    void everyVersionEndsWithTheSerialisedData(String name, Contention contention, int groups, String divergence) {
        LocalTmWorkload w = LocalTmWorkloads.select(List.of(name)).get(0);
        LocalTmWorkload.Setup setup = w.setup(contention, groups);
        LocalTmLaunch.Outcome serial = LocalTmLaunch.run(w, setup, Version.SERIAL, groups, null, divergence);
        for (Version v : w.versions()) {
            if (v == Version.SERIAL) {
                continue;
            }
            LocalTmLaunch.Outcome o = LocalTmLaunch.run(w, setup, v, groups, null, divergence);
            LocalTmStudy.verify(new LocalTmStudy.Run(w, contention, v), setup, serial, o); // throws on a difference
            if (v.transactional()) {
                LocalTmStats s = o.stats();
                assertEquals(s.started(), s.committed() + s.aborted(), v + ": " + s);
                assertEquals(criticalSections(w, groups), s.committed(), v + ": one commit per critical section");
                assertTrue(o.replay().ok(), v + ": " + o.replay());
                assertEquals(s.committed(), o.replay().commits(), v + ": every commit journaled");
                if (contention == Contention.HC) {
                    assertTrue(s.aborted() > 0, v + " at high contention aborts: " + s);
                }
            }
        }
    }

    private static long criticalSections(LocalTmWorkload w, int groups) {
        switch (w.name()) {
            case "HT":
                return groups * 256L * 4;
            case "IT":
                return groups * 256L * 8;
            case "GC":
                return groups * 512L;
            default:
                return groups * 256L * 2;
        }
    }

    @Test
    void theChecksCatchAWrongResult() {
        LocalTmWorkload gc = LocalTmWorkloads.select(List.of("GC")).get(0);
        LocalTmWorkload.Setup setup = gc.setup(Contention.HC, 1);
        LocalTmLaunch.Outcome serial = LocalTmLaunch.run(gc, setup, Version.SERIAL, 1, null, null);
        assertNull(setup.check().compare(Version.DCD, serial.out(), serial.out()));
        int[] bad = serial.out().clone();
        bad[5] = bad[4]; // neighbours with one colour
        assertNotNull(setup.check().compare(Version.DCD, serial.out(), bad));
        LocalTmLaunch.Outcome wrong = new LocalTmLaunch.Outcome(bad, 0, null, null, 0, null);
        LocalTmStudy.Run run = new LocalTmStudy.Run(gc, Contention.HC, Version.DCD);
        assertThrows(LocalTmStudyException.class, () -> LocalTmStudy.verify(run, setup, serial, wrong));
        LocalTmLaunch.Outcome unreplayable = new LocalTmLaunch.Outcome(
                serial.out(), 0, null, null, 0, new SerialReplay.Report(List.of("CID 3 read 0x1"), 4, 0, 0));
        assertThrows(LocalTmStudyException.class, () -> LocalTmStudy.verify(run, setup, serial, unreplayable));
        LocalTmWorkload qu = LocalTmWorkloads.select(List.of("qu")).get(0);
        LocalTmWorkload.Setup q = qu.setup(Contention.HC, 1);
        LocalTmLaunch.Outcome s = LocalTmLaunch.run(qu, q, Version.SERIAL, 1, null, null);
        int[] swapped = s.out().clone();
        int tail = swapped[1];
        int t = swapped[2 + tail - 1];
        swapped[2 + tail - 1] = swapped[2 + tail - 2];
        swapped[2 + tail - 2] = t;
        assertNull(q.check().compare(Version.ATOMIC, s.out(), swapped), "atomics: tasks as a multiset");
        assertNotNull(q.check().compare(Version.FGL, s.out(), swapped), "locks: the FIFO order exactly");
        assertNotNull(q.check().compare(Version.DCD, s.out(), swapped), "TM: the FIFO order exactly");
    }
}
