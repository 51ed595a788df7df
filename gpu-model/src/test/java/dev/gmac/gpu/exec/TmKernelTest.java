package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Transactions ({@code TX_BEGIN()}/{@code TX_COMMIT()} from {@code gmac_tm.cuh}, kernels in {@code
 * src/test/cuda/tm_cgl.cu}) under the {@code cgl} TM model, on the functional model and under the timing model,
 * with every divergence model and both warp widths: a shared counter, a chained hash-table insert and bank
 * transfers, each of which loses updates unless the transactions are serializable (Fung thesis §4.2: the
 * transactional SIMT stack's R/T entries run each lane's attempt; CGL is the serial baseline of §4.4).
 */
class TmKernelTest {
    static Stream<Arguments> hardware() {
        return Stream.of(
                Arguments.of("pdom", 32, null),
                Arguments.of("its", 32, null),
                Arguments.of("pdom", 64, null),
                Arguments.of("its", 64, null),
                Arguments.of("pdom", 32, "gtx480"),
                Arguments.of("its", 32, "fx5800"),
                Arguments.of("pdom", 64, "apu8"),
                Arguments.of("its", 64, "apu8"),
                Arguments.of("tbc", 32, null),
                Arguments.of("tbc-lcp", 64, null),
                Arguments.of("tbc-static", 32, null),
                Arguments.of("tbc", 32, "gtx480"),
                Arguments.of("tbc-lcp", 32, "fx5800"));
    }

    private static LaunchStats run(
            TestDevice dev, String preset, int width, String div, String kernel, Dim3 grid, Dim3 block, long... args) {
        PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
        LaunchOptions o = new LaunchOptions(width, div, "cgl");
        if (preset == null) {
            return dev.gpu().launch(m, kernel, grid, block, 0, o, args);
        }
        TimingSimulator sim = new TimingSimulator(TimingPresets.load(preset));
        TimedLaunch.Result r =
                TimedLaunch.run(dev.gpu(), sim, 0, TimedLaunch.DEFAULT_CYCLE_LIMIT, m, kernel, grid, block, 0, o, args);
        assertTrue(r.timing().agentCycles().get("cgl-lock") > 0, "the lock unit granted in simulated time");
        assertTrue(r.timing().cycles() > 0);
        return r.functional();
    }

    @ParameterizedTest(name = "{0}, {1} lanes, timing {2}")
    @MethodSource("hardware")
    void sharedCounter(String div, int width, String preset) {
        try (TestDevice dev = new TestDevice()) {
            long counter = dev.ints(0);
            int n = 1000;
            LaunchStats s = run(dev, preset, width, div, "tx_counter", Dim3.of(4), Dim3.of(256), counter, n);
            assertArrayEquals(new int[] {n}, dev.readInts(counter, 1), "no increment lost");
            assertEquals(n, s.txCommitted(), "each thread committed once");
            assertEquals(0, s.txAborted(), "CGL never aborts");
            assertEquals("cgl", s.tm());
        }
    }

    @ParameterizedTest(name = "{0}, {1} lanes, timing {2}")
    @MethodSource("hardware")
    void hashTableInsert(String div, int width, String preset) {
        int n = 1500;
        int buckets = 37;
        Random rnd = new Random(7);
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextInt(100_000);
        }
        try (TestDevice dev = new TestDevice()) {
            int[] empty = new int[buckets];
            Arrays.fill(empty, -1);
            long heads = dev.ints(empty);
            long next = dev.zeros(4L * n);
            run(
                    dev,
                    preset,
                    width,
                    div,
                    "tx_hash_insert",
                    Dim3.of(6),
                    Dim3.of(256),
                    heads,
                    next,
                    dev.ints(keys),
                    buckets,
                    n);
            int[] h = dev.readInts(heads, buckets);
            int[] nx = dev.readInts(next, n);
            boolean[] seen = new boolean[n];
            int count = 0;
            for (int b = 0; b < buckets; b++) {
                for (int i = h[b]; i >= 0; i = nx[i]) {
                    assertTrue(!seen[i], "node " + i + " linked twice");
                    seen[i] = true;
                    assertEquals(b, keys[i] % buckets, "node " + i + " in its key's bucket");
                    count++;
                }
            }
            assertEquals(n, count, "every node reachable exactly once");
        }
    }

    @ParameterizedTest(name = "{0}, {1} lanes, timing {2}")
    @MethodSource("hardware")
    void bankTransfers(String div, int width, String preset) {
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
        try (TestDevice dev = new TestDevice()) {
            long balance = dev.ints(initial);
            long done = dev.zeros(4L * n);
            run(
                    dev,
                    preset,
                    width,
                    div,
                    "tx_transfer",
                    Dim3.of(8),
                    Dim3.of(256),
                    balance,
                    dev.ints(from),
                    dev.ints(to),
                    dev.ints(amount),
                    done,
                    n);
            int[] fin = dev.readInts(balance, accounts);
            int[] d = dev.readInts(done, n);
            int[] expected = initial.clone();
            for (int i = 0; i < n; i++) {
                if (d[i] == 1) {
                    expected[from[i]] -= amount[i];
                    expected[to[i]] += amount[i];
                }
            }
            assertArrayEquals(expected, fin, "the final balances are exactly the effect of the transfers that ran");
            assertEquals(100 * accounts, Arrays.stream(fin).sum(), "money is conserved");
            assertTrue(Arrays.stream(fin).allMatch(b -> b >= 0), "no balance went negative");
            assertTrue(Arrays.stream(d).sum() > n / 2, "most transfers ran");
        }
    }

    @Test
    void aKernelWithTransactionsNeedsATmModel() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dev.gpu()
                    .launch(m, "tx_counter", Dim3.of(1), Dim3.of(32), 0, dev.ints(0), 32));
            assertTrue(e.getMessage().contains("tx.begin") && e.getMessage().contains("cgl"), e.getMessage());
        }
    }

    @Test
    void theDeviceDefaultTmModelApplies() {
        try (TestDevice dev = new TestDevice(GpuConfig.builder().tm("cgl").build())) {
            PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
            long counter = dev.ints(0);
            LaunchStats s = dev.gpu().launch(m, "tx_counter", Dim3.of(2), Dim3.of(64), 0, counter, 128);
            assertArrayEquals(new int[] {128}, dev.readInts(counter, 1));
            assertEquals(128, s.txCommitted());
        }
    }
}
