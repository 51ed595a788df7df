package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.PartitionTimingStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The correctness harness under the timing model (Fung thesis Ch5; digest §4.5): Kilo TM's commit units, log
 * units, CID vendor and concurrency control decide what commits, at the simulated times they validate and write, so
 * an undetected race would corrupt the results (as the thesis notes for its own simulator). Every committed read and
 * the final memory must replay serially in CID order, for every model, on both thesis presets, with and without a
 * concurrency limit and with tiny commit-unit buffers (resends).
 */
class TmTimedCorrectnessTest {
    static Stream<Arguments> configurations() {
        List<Arguments> l = new ArrayList<>();
        for (String m : List.of("ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd")) {
            l.add(Arguments.of(m, "gtx480", 0, 0));
            l.add(Arguments.of(m, "fx5800", 2, 0));
        }
        l.add(Arguments.of("kilotm", "gtx480", 1, 1));
        l.add(Arguments.of("warptm", "gtx480", 4, 1));
        l.add(Arguments.of("kilotm-tcd", "fx5800", 0, 1));
        l.add(Arguments.of("kilotm", "gtx480", 2, 0));
        return l.stream();
    }

    private static TmParams params(String preset, int concurrency, int buffer) {
        TmParams p = dev.gmac.gpu.timing.config.TimingPresets.load(preset).tm();
        return p.withConcurrency(concurrency).withBufferWords(buffer);
    }

    @ParameterizedTest(name = "{0} on {1}, limit {2}, buffers {3}")
    @MethodSource("configurations")
    void hashInsertsAreSerializable(String model, String preset, int limit, int buffer) {
        int n = 1200;
        int buckets = 101;
        int[] keys = TmHarness.randomKeys(n, 1 << 20, 3);
        try (TmHarness h = new TmHarness()) {
            TmHarness.HashTable t = h.hashInsert(
                    keys, buckets, model, "pdom", 0, preset, params(preset, limit, buffer), Dim3.of(5), Dim3.of(256));
            long heads = t.heads();
            long next = t.next();
            int[] hd = h.dev.readInts(heads, buckets);
            int[] nx = h.dev.readInts(next, n);
            int count = 0;
            for (int b = 0; b < buckets; b++) {
                for (int i = hd[b]; i >= 0 && count <= n; i = nx[i]) {
                    assertEquals(b, keys[i] % buckets);
                    count++;
                }
            }
            assertEquals(n, count, "every node reachable exactly once");
            assertTrue(h.timing.cycles() > 0);
            if (!model.equals("ideal")) {
                assertNotNull(h.timingTm, "Kilo TM's hardware reported");
                assertEquals(
                        h.tm.counters().commits - h.tm.counters().silentCommits + h.tm.counters().validationAborts,
                        h.timingTm.cids(),
                        "one CID per transaction that reached the commit units");
                long txFlits = 0;
                for (PartitionTimingStats p : h.timing.partitions()) {
                    txFlits += p.flits(FlitClass.TX_READ_LOG)
                            + p.flits(FlitClass.TX_WRITE_LOG)
                            + p.flits(FlitClass.TX_MSG);
                }
                assertTrue(txFlits > 0, "log transfer and protocol messages crossed the interconnect");
            }
        }
    }

    @ParameterizedTest(name = "{0} on {1}, limit {2}, buffers {3}")
    @MethodSource("configurations")
    void bankTransfersAreSerializable(String model, String preset, int limit, int buffer) {
        int accounts = 300;
        int n = 1500;
        Random rnd = new Random(5);
        int[] from = new int[n];
        int[] to = new int[n];
        int[] amount = new int[n];
        for (int i = 0; i < n; i++) {
            from[i] = rnd.nextInt(accounts);
            to[i] = (from[i] + 1 + rnd.nextInt(accounts - 1)) % accounts;
            amount[i] = 1 + rnd.nextInt(60);
        }
        int[] initial = new int[accounts];
        Arrays.fill(initial, 100);
        try (TmHarness h = new TmHarness()) {
            long balance = h.dev.ints(initial);
            long done = h.dev.zeros(4L * n);
            long f = h.dev.ints(from);
            long t = h.dev.ints(to);
            long a = h.dev.ints(amount);
            h.run(
                    "tm_cgl",
                    "tx_transfer",
                    model,
                    "pdom",
                    0,
                    preset,
                    params(preset, limit, buffer),
                    Dim3.of(6),
                    Dim3.of(256),
                    new long[] {balance, done, f, t, a},
                    th -> th < n ? 1 : 0,
                    balance,
                    f,
                    t,
                    a,
                    done,
                    n);
            h.assertSerializable(n);
            int[] fin = h.dev.readInts(balance, accounts);
            assertEquals(100 * accounts, Arrays.stream(fin).sum(), "money is conserved");
            if (buffer > 0 && !model.equals("ideal")) {
                assertTrue(h.timingTm.resends() > 0, "sets larger than the one-word buffers were resent");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ideal", "kilotm", "warptm-tcd"})
    void aContendedCounterUnderTiming(String model) {
        try (TmHarness h = new TmHarness()) {
            long counter = h.dev.ints(0);
            int n = 300;
            h.run(
                    "tm_cgl",
                    "tx_counter",
                    model,
                    "pdom",
                    0,
                    "gtx480",
                    params("gtx480", 0, 0),
                    Dim3.of(2),
                    Dim3.of(160),
                    new long[] {counter},
                    t -> t < n ? 1 : 0,
                    counter,
                    n);
            h.assertSerializable(n);
            assertArrayEquals(new int[] {n}, h.dev.readInts(counter, 1));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kilotm", "kilotm-tcd", "warptm", "warptm-tcd"})
    void abaUnderTimingCommitsAtTheFirstTry(String model) {
        try (TmHarness h = new TmHarness()) {
            long a = h.dev.ints(1);
            long out = h.dev.zeros(16);
            h.run(
                    "tm_harness",
                    "tx_aba",
                    model,
                    "pdom",
                    0,
                    "gtx480",
                    null,
                    Dim3.of(1),
                    Dim3.of(128),
                    new long[] {a, out},
                    t -> t == 0 ? 1 : t == 64 ? 2 : 0,
                    a,
                    out,
                    4000);
            h.assertSerializable(3);
            List<TxJournal.Commit> c = h.journal.commits().stream()
                    .sorted((x, y) -> Long.compare(x.cid(), y.cid()))
                    .toList();
            assertEquals(0, c.get(2).thread(), "the reader validated after A -> B -> A");
            assertEquals(1, h.journal.threads().get(0L).attempts, "and committed at its first try");
            assertEquals(2, h.dev.readInts(out, 1)[0]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kilotm", "warptm-tcd"})
    void theWatchdogStopsADoomedLoopUnderTiming(String model) {
        try (TmHarness h = new TmHarness()) {
            long x = h.dev.ints(0);
            long y = h.dev.ints(0);
            long out = h.dev.zeros(16);
            int writers = 40;
            h.run(
                    "tm_harness",
                    "tx_doomed",
                    model,
                    "pdom",
                    0,
                    "gtx480",
                    null,
                    Dim3.of(1),
                    Dim3.of(128),
                    new long[] {x, y, out},
                    t -> t == 0 || (t >= 64 && t < 64 + writers) ? 1 : 0,
                    x,
                    y,
                    out,
                    3000,
                    writers,
                    0);
            h.assertSerializable(writers + 1);
            int[] o = h.dev.readInts(out, 2);
            assertEquals(o[0], o[1]);
            assertTrue(h.tm.counters().watchdogAborts >= 1, "the watchdog aborted the doomed reader");
        }
    }

    /**
     * The gap the thesis leaves open (§6.4, digest §5.4): a writer updates x and y, which live in different memory
     * partitions, so its commit reaches them at different moments; a read-only transaction whose reads fall between
     * the two writes sees one new and one old value, and both report old last-write times. With the fix (blocks
     * pending from the passing validation until their write lands) no silent commit is torn; without it some are.
     */
    @ParameterizedTest(name = "fix {0}")
    @ValueSource(booleans = {true, false})
    void temporalConflictDetectionNeverTearsASnapshotWithTheFix(boolean fix) {
        try (TmHarness h = new TmHarness()) {
            int readers = 480;
            int writers = 64;
            int noisy = 480;
            int rounds = 4;
            long xy = h.dev.zeros(4096);
            long finished = h.dev.zeros(4);
            long torn = h.dev.zeros(4L * readers);
            // The window between the two partitions' writes is what the readers must fall into. The interleaving
            // was found with a commit unit's L2 access taking the partition pipeline of a core's access (gtx480:
            // 330 cycles minus the crossbar crossings, 315); the preset's 40 (decision 0340) narrows the window so
            // this schedule no longer hits it. The gap is one of design, not of latency; the fix must close it.
            TmParams p = params("gtx480", 0, 0).withTcdFix(fix).withCuL2Latency(315);
            h.run(
                    "tm_harness",
                    "tx_snapshot",
                    "warptm-tcd",
                    "pdom",
                    0,
                    "gtx480",
                    p,
                    Dim3.of(7),
                    Dim3.of(160),
                    new long[] {xy, torn},
                    null,
                    xy,
                    xy + 256,
                    torn,
                    finished,
                    readers,
                    writers,
                    noisy,
                    rounds);
            int tornReads = Arrays.stream(h.dev.readInts(torn, readers)).sum();
            assertTrue(h.tm.counters().silentCommits > 1000, "readers committed silently");
            if (fix) {
                h.assertSerializable((long) (writers + noisy) * rounds);
                assertEquals(0, tornReads, "no read-only transaction saw x != y");
            } else {
                assertTrue(tornReads > 0, "without the fix silent commits saw a partial write-back");
                assertTrue(
                        !h.report.ok() && h.report.errors().stream().anyMatch(e -> e.contains("not serializable")),
                        "and the harness catches it: " + h.report);
            }
        }
    }

    /**
     * Decision 0112: the TM hardware's tables (temporal conflict detection's recency filters, the 2PCR ownership
     * table, the commit units' last-writer history) and its partition map hash physical addresses, so the same
     * transactional launch commits and aborts alike and takes the same cycles with 50 other devices alive.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kilotm-tcd", "warptm-tcd"})
    void transactionsDoNotDependOnOtherDevicesOfTheProcess(String model) {
        List<Object> alone = hashInsertOutcome(model);
        List<dev.gmac.gpu.SoftwareGpu> others = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                dev.gmac.gpu.SoftwareGpu g = new dev.gmac.gpu.SoftwareGpu();
                g.malloc(4096);
                others.add(g);
            }
            List<Object> crowded = hashInsertOutcome(model);
            assertNotEquals(alone.get(0), crowded.get(0), "the second run's GPU got another address range");
            assertEquals(alone.subList(1, alone.size()), crowded.subList(1, crowded.size()), model);
        } finally {
            others.forEach(dev.gmac.gpu.SoftwareGpu::close);
        }
    }

    /** The device's range base, then the final table, timing, TM hardware statistics and TM counters. */
    private static List<Object> hashInsertOutcome(String model) {
        int n = 600;
        int buckets = 37;
        int[] keys = TmHarness.randomKeys(n, 1 << 20, 11);
        try (TmHarness h = new TmHarness()) {
            TmHarness.HashTable t = h.hashInsert(
                    keys, buckets, model, "pdom", 0, "gtx480", params("gtx480", 0, 0), Dim3.of(3), Dim3.of(256));
            long heads = t.heads();
            long next = t.next();
            TmCounters c = h.tm.counters();
            assertTrue(c.aborts() > 0, "contention: some transactions aborted");
            return List.of(
                    h.dev.gpu().memory().base(),
                    Arrays.toString(h.dev.readInts(heads, buckets)) + Arrays.toString(h.dev.readInts(next, n)),
                    h.timing.toMap(),
                    h.timingTm.toMap(),
                    List.of(c.commits, c.silentCommits, c.validationAborts, c.intraWarpAborts, c.attempts));
        }
    }
}
