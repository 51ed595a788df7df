package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
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
 * The correctness harness on the functional model (Fung thesis Ch5; digest §4.5) for every lazy TM model, divergence
 * model ({@code pdom}, {@code its}, {@code tbc}, {@code tbc-lcp}) and warp width: replaying the committed
 * transactions serially in CID order reproduces every committed read
 * and the final memory, each lane commits exactly once per dynamic {@code tx.begin} and only aborted lanes
 * re-execute ({@link SerialReplay}); ABA commits; doomed transactions that would loop or fault are stopped by the
 * watchdog and the sandbox.
 */
class TmCorrectnessTest {
    static final List<String> MODELS = List.of("ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd");

    static Stream<Arguments> everything() {
        List<Arguments> l = new ArrayList<>();
        for (String m : MODELS) {
            for (String div : List.of("pdom", "its", "tbc", "tbc-lcp")) {
                for (int w : new int[] {32, 64}) {
                    if (!(div.equals("tbc-lcp") && w == 64)) { // tbc covers 64 lanes (CI time)
                        l.add(Arguments.of(m, div, w));
                    }
                }
            }
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} on {1}, {2} lanes")
    @MethodSource("everything")
    void hashInsertsAreSerializable(String model, String div, int width) {
        int n = 1500;
        int buckets = 37;
        int[] keys = TmHarness.randomKeys(n, 100_000, 7);
        try (TmHarness h = new TmHarness()) {
            TmHarness.HashTable t =
                    h.hashInsert(keys, buckets, model, div, width, null, null, Dim3.of(6), Dim3.of(256));
            long heads = t.heads();
            long next = t.next();
            int[] hd = h.dev.readInts(heads, buckets);
            int[] nx = h.dev.readInts(next, n);
            boolean[] seen = new boolean[n];
            int count = 0;
            for (int b = 0; b < buckets; b++) {
                for (int i = hd[b]; i >= 0; i = nx[i]) {
                    assertTrue(!seen[i], "node " + i + " linked twice");
                    seen[i] = true;
                    count++;
                }
            }
            assertEquals(n, count, "every node reachable exactly once");
            assertEquals(n, h.stats.txCommitted());
            assertEquals(n, h.tm.counters().commits);
            assertEquals(h.stats.txAborted(), h.tm.counters().aborts(), "every abort has a cause");
        }
    }

    @ParameterizedTest(name = "{0} on {1}, {2} lanes")
    @MethodSource("everything")
    void bankTransfersAreSerializable(String model, String div, int width) {
        int accounts = 64;
        int n = 2000;
        Random rnd = new Random(11);
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
                    div,
                    width,
                    null,
                    null,
                    Dim3.of(8),
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
            assertTrue(Arrays.stream(fin).allMatch(b -> b >= 0), "no balance went negative");
        }
    }

    @ParameterizedTest(name = "{0} on {1}, {2} lanes")
    @MethodSource("everything")
    void aSharedCounterLosesNoIncrement(String model, String div, int width) {
        try (TmHarness h = new TmHarness()) {
            long counter = h.dev.ints(0);
            int n = 700;
            h.run(
                    "tm_cgl",
                    "tx_counter",
                    model,
                    div,
                    width,
                    null,
                    null,
                    Dim3.of(3),
                    Dim3.of(256),
                    new long[] {counter},
                    t -> t < n ? 1 : 0,
                    counter,
                    n);
            h.assertSerializable(n);
            assertArrayEquals(new int[] {n}, h.dev.readInts(counter, 1));
            assertTrue(h.stats.txAborted() > 0, "a single counter makes transactions conflict");
        }
    }

    /** Strict round-robin, one instruction per warp: the interleavings below happen exactly as described. */
    private static TmHarness lockstep() {
        return new TmHarness(GpuConfig.builder().schedulingQuantum(1).build());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd"})
    void abaBetweenAReadAndItsValidationCommits(String model) {
        try (TmHarness h = lockstep()) {
            long a = h.dev.ints(1);
            long out = h.dev.zeros(16);
            h.run(
                    "tm_harness",
                    "tx_aba",
                    model,
                    "pdom",
                    32,
                    null,
                    null,
                    Dim3.of(1),
                    Dim3.of(128),
                    new long[] {a, out},
                    t -> t == 0 ? 1 : t == 64 ? 2 : 0,
                    a,
                    out,
                    400);
            h.assertSerializable(3);
            assertEquals(2, h.dev.readInts(out, 1)[0], "thread 0 saw a[0] == 1");
            assertEquals(1, h.dev.readInts(a, 1)[0]);
            List<TxJournal.Commit> c = h.journal.commits().stream()
                    .sorted((x, y) -> Long.compare(x.cid(), y.cid()))
                    .toList();
            assertEquals(64, c.get(0).thread(), "A -> B committed first");
            assertEquals(64, c.get(1).thread(), "B -> A committed second");
            assertEquals(0, c.get(2).thread(), "the reader committed last, after A -> B -> A");
            int attempts = h.journal.threads().get(0L).attempts;
            if (model.equals("ideal")) {
                assertTrue(
                        attempts >= 2, "Ideal TM's conflict detection is address-based: the A -> B commit aborts it");
            } else {
                assertEquals(1, attempts, "value-based validation tolerates ABA: the reader commits at its first try");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd"})
    void aDoomedTransactionThatWouldLoopForeverIsAborted(String model) {
        try (TmHarness h = lockstep()) {
            long x = h.dev.ints(0);
            long y = h.dev.ints(0);
            long out = h.dev.zeros(16);
            int writers = 40;
            h.run(
                    "tm_harness",
                    "tx_doomed",
                    model,
                    "pdom",
                    32,
                    null,
                    null,
                    Dim3.of(1),
                    Dim3.of(128),
                    new long[] {x, y, out},
                    t -> t == 0 || (t >= 64 && t < 64 + writers) ? 1 : 0,
                    x,
                    y,
                    out,
                    60,
                    writers,
                    0);
            h.assertSerializable(writers + 1);
            int[] o = h.dev.readInts(out, 2);
            assertEquals(o[0], o[1], "the committed reader saw x == y");
            assertEquals(writers, h.dev.readInts(x, 1)[0]);
            assertTrue(h.journal.threads().get(0L).aborts >= 1, "the reader was doomed at least once");
            if (model.equals("ideal")) {
                assertTrue(h.tm.counters().conflictAborts >= 1, "a committer aborted the reader at once");
            } else {
                assertTrue(h.tm.counters().watchdogAborts >= 1, "the watchdog's forced validation aborted the loop");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kilotm", "kilotm-tcd", "warptm", "warptm-tcd"})
    void faultsOfADoomedTransactionNeverEscape(String model) {
        try (TmHarness h = lockstep()) {
            long x = h.dev.ints(0);
            long y = h.dev.ints(0);
            long out = h.dev.zeros(16);
            int writers = 40;
            h.run(
                    "tm_harness",
                    "tx_doomed",
                    model,
                    "pdom",
                    32,
                    null,
                    null,
                    Dim3.of(1),
                    Dim3.of(128),
                    new long[] {x, y, out},
                    t -> t == 0 || (t >= 64 && t < 64 + writers) ? 1 : 0,
                    x,
                    y,
                    out,
                    60,
                    writers,
                    1);
            h.assertSerializable(writers + 1);
            int[] o = h.dev.readInts(out, 2);
            assertEquals(o[0], o[1]);
            assertTrue(h.tm.counters().sandboxedFaults >= 1, "the wild access faulted inside the transaction");
            assertTrue(h.tm.counters().sandboxAborts >= 1, "and the sandbox aborted the doomed lane");
        }
    }

    /**
     * The doomed reader under thread block compaction ({@code tbc}, decision 0335): the block synchronises at {@code
     * tx.begin} and {@code tx.commit}, so the writers run in the other block (64 threads each) to commit while the
     * reader loops; the watchdog (or, with {@code wild}, the sandbox) aborts the reader, whose lanes leave the
     * block-wide stack's T entry and retry from the R entry.
     */
    @ParameterizedTest(name = "{0}, wild {1}")
    @org.junit.jupiter.params.provider.CsvSource({"kilotm,0", "warptm-tcd,0", "kilotm,1", "ideal,0"})
    void aDoomedTransactionUnderTbcIsAbortedAndItsFaultsNeverEscape(String model, int wild) {
        try (TmHarness h = lockstep()) {
            long x = h.dev.ints(0);
            long y = h.dev.ints(0);
            long out = h.dev.zeros(16);
            int writers = 40;
            h.run(
                    "tm_harness",
                    "tx_doomed",
                    model,
                    "tbc",
                    32,
                    null,
                    null,
                    Dim3.of(2),
                    Dim3.of(64),
                    new long[] {x, y, out},
                    t -> t == 0 || (t >= 64 && t < 64 + writers) ? 1 : 0,
                    x,
                    y,
                    out,
                    60,
                    writers,
                    wild);
            h.assertSerializable(writers + 1);
            int[] o = h.dev.readInts(out, 2);
            assertEquals(o[0], o[1], "the committed reader saw x == y");
            assertEquals(writers, h.dev.readInts(x, 1)[0]);
            assertTrue(h.journal.threads().get(0L).aborts >= 1, "the reader was doomed at least once");
            if (wild == 1) {
                assertTrue(h.tm.counters().sandboxAborts >= 1, "the sandbox aborted the doomed lane");
            } else if (model.equals("ideal")) {
                assertTrue(h.tm.counters().conflictAborts >= 1, "a committer aborted the reader at once");
            } else {
                assertTrue(h.tm.counters().watchdogAborts >= 1, "the watchdog's forced validation aborted the loop");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ideal", "kilotm", "warptm-tcd"})
    void aFaultWithAConsistentViewIsGenuineAndPropagates(String model) {
        try (TmHarness h = new TmHarness()) {
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> h.run(
                            "tm_cgl",
                            "tx_counter",
                            model,
                            "pdom",
                            32,
                            null,
                            null,
                            Dim3.of(1),
                            Dim3.of(32),
                            new long[0],
                            null,
                            0x40L,
                            32));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind(), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd"})
    void readOnlySnapshotsAreNeverTorn(String model) {
        try (TmHarness h = new TmHarness()) {
            long xy = h.dev.zeros(1024);
            long finished = h.dev.zeros(4);
            int readers = 200;
            int writers = 56;
            int rounds = 4;
            long torn = h.dev.zeros(4L * 256);
            h.run(
                    "tm_harness",
                    "tx_snapshot",
                    model,
                    "pdom",
                    32,
                    null,
                    null,
                    Dim3.of(1),
                    Dim3.of(256),
                    new long[] {xy, torn},
                    null,
                    xy,
                    xy + 512,
                    torn,
                    finished,
                    readers,
                    writers,
                    0,
                    rounds);
            h.assertSerializable((long) writers * rounds);
            assertTrue(Arrays.stream(h.dev.readInts(torn, readers)).allMatch(v -> v == 0), "no reader saw x != y");
            assertEquals(writers * rounds, h.dev.readInts(xy, 1)[0]);
            if (model.endsWith("-tcd")) {
                assertTrue(h.tm.counters().silentCommits > 0, "temporal conflict detection committed readers silently");
            }
        }
    }
}
