package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TestDevice;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.tm.TmTimingStats;
import java.util.Arrays;
import java.util.Random;
import java.util.function.LongUnaryOperator;

/**
 * Runs one transactional kernel under a lazy TM model with a {@link TxJournal}, on the functional model or under
 * the timing model, and checks the journal with {@link SerialReplay} (the correctness harness, Fung thesis Ch5).
 */
final class TmHarness implements AutoCloseable {
    final TestDevice dev;
    final TxJournal journal = new TxJournal();
    LazyTm tm;
    LaunchStats stats;
    KernelTimingStats timing;
    TmTimingStats timingTm;
    SerialReplay.Report report;

    TmHarness() {
        this(GpuConfig.builder().schedulingQuantum(4).build());
    }

    TmHarness(GpuConfig config) {
        this.dev = new TestDevice(config);
    }

    /**
     * Runs {@code kernel} of {@code /ptx/<module>.ptx}; {@code allocations} are the buffers transactions touch (for
     * the replay's initial memory); {@code preset} null runs the functional model.
     */
    TmHarness run(
            String module,
            String kernel,
            String model,
            String divergence,
            int width,
            String preset,
            TmParams params,
            Dim3 grid,
            Dim3 block,
            long[] allocations,
            LongUnaryOperator expected,
            long... args) {
        PtxModule m = dev.gpu().loadResource("/ptx/" + module + ".ptx");
        SerialReplay.Memory before = SerialReplay.snapshot(dev.gpu().memory(), allocations);
        if (preset == null) {
            KernelLaunch l =
                    dev.gpu().prepare(m, kernel, grid, block, 0, new LaunchOptions(width, divergence, model), args);
            tm = (LazyTm) l.tm();
            tm.journal(journal);
            if (params != null) {
                tm.configure(params);
            }
            stats = l.run();
        } else {
            TimingConfig cfg = TimingPresets.load(preset);
            if (params != null) {
                cfg = cfg.withTm(params);
            }
            TimingSimulator sim = new TimingSimulator(cfg);
            TimedLaunch.Result r = TimedLaunch.run(
                    dev.gpu(),
                    sim,
                    0,
                    TimedLaunch.DEFAULT_CYCLE_LIMIT,
                    m,
                    kernel,
                    grid,
                    block,
                    0,
                    new LaunchOptions(0, divergence, model),
                    launch -> {
                        tm = (LazyTm) launch.tm();
                        tm.journal(journal);
                    },
                    args);
            stats = r.functional();
            timing = r.timing();
            timingTm = r.tm();
        }
        report = SerialReplay.check(
                journal, before, SerialReplay.live(dev.gpu().memory()), expected, grid.count() * block.count());
        return this;
    }

    /** {@code n} keys drawn from {@code [0, bound)} by {@code new Random(seed)}, the hash-insert tests' input. */
    static int[] randomKeys(int n, int bound, long seed) {
        Random rnd = new Random(seed);
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextInt(bound);
        }
        return keys;
    }

    /** A device table of {@code buckets} empty chain heads (-1), the hash-insert kernels' bucket array. */
    long emptyBuckets(int buckets) {
        int[] empty = new int[buckets];
        Arrays.fill(empty, -1);
        return dev.ints(empty);
    }

    /** The chained hash table {@link #hashInsert} built: its device arrays. */
    record HashTable(long heads, long next, int buckets, int inserts) {}

    /**
     * Inserts {@code keys} into {@code buckets} empty chains with the {@code tm_cgl} module's {@code tx_hash_insert}
     * (one insert per thread of {@code grid} x {@code block}) under {@code model} and {@code divergence}
     * ({@code preset} null: the functional model), and checks the journal serializable with a commit per insert.
     */
    HashTable hashInsert(
            int[] keys,
            int buckets,
            String model,
            String divergence,
            int width,
            String preset,
            TmParams params,
            Dim3 grid,
            Dim3 block) {
        int n = keys.length;
        long heads = emptyBuckets(buckets);
        long next = dev.zeros(4L * n);
        long k = dev.ints(keys);
        run(
                "tm_cgl",
                "tx_hash_insert",
                model,
                divergence,
                width,
                preset,
                params,
                grid,
                block,
                new long[] {heads, next, k},
                t -> t < n ? 1 : 0,
                heads,
                next,
                k,
                buckets,
                n);
        assertSerializable(n);
        return new HashTable(heads, next, buckets, n);
    }

    /** Asserts the replay found nothing wrong and that at least {@code commits} transactions committed. */
    void assertSerializable(long commits) {
        assertTrue(report.ok(), report.toString());
        assertTrue(
                journal.commits().size() >= commits,
                "committed " + journal.commits().size() + " < " + commits);
    }

    @Override
    public void close() {
        dev.close();
    }
}
