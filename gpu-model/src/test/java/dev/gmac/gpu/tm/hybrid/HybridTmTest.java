package dev.gmac.gpu.tm.hybrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TestDevice;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.tm.SerialReplay;
import dev.gmac.gpu.tm.local.LocalTm;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GPU-LocalTM for shared data and Kilo TM for global data in the same transactions of one launch (Villegas et al.,
 * "GPU-LocalTM", Euro-Par 2016 Workshops, §2, "once both TM approaches are integrated"; decision 0351), under the
 * correctness harness: {@code src/test/cuda/localtm_kilotm.cu} moves amounts from per-work-group shared bins to global
 * accounts shared by every work-group, one transaction per move, with both parts contended; the bins and accounts
 * must end as the host computes them (a transaction that committed one part only breaks both), the joint journal of
 * both parts must replay serially in commit order ({@link SerialReplay}), every work-item must commit once per move,
 * and both parts must have aborted some attempts. DCD and SMDCD, PDOM and ITS, one and three work-groups, functional
 * and on {@code apu8}.
 */
class HybridTmTest {
    private static final int THREADS = 256;
    private static final int PER_ITEM = 3;
    private static final int BINS = 8;
    private static final int ACCOUNTS = 4;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("localtm-dcd+kilotm", "pdom", null, 1),
                Arguments.of("localtm-smdcd+kilotm", "pdom", null, 1),
                Arguments.of("localtm-dcd+kilotm", "its", null, 3),
                Arguments.of("localtm-smdcd+kilotm", "its", null, 3),
                Arguments.of("localtm-dcd+kilotm", "pdom", "apu8", 2));
    }

    @ParameterizedTest(name = "{0} on {1}, timing {2}, {3} work-groups")
    @MethodSource("cases")
    void sharedAndGlobalPartsCommitTogether(String tm, String div, String preset, int groups) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/localtm_kilotm.ptx");
            long accounts = dev.zeros(4L * ACCOUNTS);
            long out = dev.zeros(4L * groups * BINS);
            SerialReplay.Memory before = SerialReplay.snapshot(dev.gpu().memory(), accounts);
            long[] args = {PER_ITEM, BINS, ACCOUNTS, accounts, out};
            LaunchOptions o = new LaunchOptions(64, div, tm);
            AtomicReference<KernelLaunch> launch = new AtomicReference<>();
            if (preset == null) {
                KernelLaunch l =
                        dev.gpu().prepare(m, "hybrid_transfer", Dim3.of(groups), Dim3.of(THREADS), 4 * BINS, o, args);
                ((HybridTm) l.tm()).journal(true);
                launch.set(l);
                l.run();
            } else {
                TimedLaunch.run(
                        dev.gpu(),
                        new TimingSimulator(TimingPresets.load(preset)),
                        0,
                        TimedLaunch.DEFAULT_CYCLE_LIMIT,
                        m,
                        "hybrid_transfer",
                        Dim3.of(groups),
                        Dim3.of(THREADS),
                        4 * BINS,
                        o,
                        l -> {
                            ((HybridTm) l.tm()).journal(true);
                            launch.set(l);
                        },
                        args);
            }
            int[] bins = new int[groups * BINS];
            int[] acct = new int[ACCOUNTS];
            java.util.Arrays.fill(bins, 1000);
            for (int g = 0; g < groups; g++) {
                for (int x = 0; x < THREADS; x++) {
                    int t = g * THREADS + x;
                    for (int i = 0; i < PER_ITEM; i++) {
                        int amount = (t + i) % 5 + 1;
                        bins[g * BINS + (x * 7 + i) % BINS] -= amount;
                        acct[(t * 13 + i * 5) % ACCOUNTS] += amount;
                    }
                }
            }
            int[] gotBins = dev.readInts(out, groups * BINS);
            assertArrayEquals(bins, gotBins, "shared bins");
            assertArrayEquals(acct, dev.readInts(accounts, ACCOUNTS), "global accounts");

            HybridTm model = (HybridTm) launch.get().tm();
            LocalTm local = model.local();
            SerialReplay.Memory initial = (addr, size) -> {
                if (!LocalTm.isSharedJournalAddress(addr)) {
                    return before.read(addr, size);
                }
                byte[] b = local.sharedAtFirstBegin(LocalTm.journalWorkGroup(addr));
                int off = (int) addr;
                long v = 0;
                for (int i = 0; i < size; i++) {
                    v |= (long) (b[off + i] & 0xFF) << (8 * i);
                }
                return v;
            };
            SerialReplay.Memory live = SerialReplay.live(dev.gpu().memory());
            SerialReplay.Memory fin = (addr, size) -> LocalTm.isSharedJournalAddress(addr)
                    ? gotBins[(int) (LocalTm.journalWorkGroup(addr) * BINS + ((int) addr >>> 2))] & 0xFFFFFFFFL
                    : live.read(addr, size);
            SerialReplay.Report report =
                    SerialReplay.check(model.journal(), initial, fin, th -> PER_ITEM, (long) groups * THREADS);
            assertTrue(report.ok(), report.toString());
            assertEquals(groups * THREADS * PER_ITEM, report.commits());
            assertTrue(local.stats().aborted() > 0, "the shared part conflicted: " + local.stats());
            if (preset != null) {
                assertTrue(local.breakdown().total() > 0, "the timing model charged the shared part's phases");
            }
            assertTrue(
                    model.kilo().counters().validationAborts > 0,
                    "the global part failed validation sometimes: "
                            + model.kilo().counters());
        }
    }
}
