package dev.gmac.gpu.tm.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TestDevice;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GPU-LocalTM on the engine (Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §3), kernels in {@code
 * src/test/cuda/localtm_engine.cu}: the paper's Fig 3 example as a golden trace, contended transactions whose sums
 * must be exact, the livelock that needs WfS and WgS, register checkpointing and the undo of private stores, the
 * shadow memory left clean, and the launch limits, on the functional model and under the {@code apu8} timing model.
 */
class LocalTmEngineTest {
    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("localtm-dcd", "pdom", null),
                Arguments.of("localtm-smdcd", "pdom", null),
                Arguments.of("localtm-dcd", "its", null),
                Arguments.of("localtm-smdcd", "its", null),
                Arguments.of("localtm-dcd", "pdom", "apu8"),
                Arguments.of("localtm-smdcd", "pdom", "apu8"));
    }

    /** One launch and the model it ran with. */
    record Run(LaunchStats stats, LocalTm tm, KernelLaunch launch, long cycles) {}

    static Run run(
            TestDevice dev,
            PtxModule m,
            String tm,
            String div,
            String preset,
            String kernel,
            Dim3 grid,
            Dim3 block,
            List<LocalTm.Attempt> trace,
            long... args) {
        AtomicReference<KernelLaunch> prepared = new AtomicReference<>();
        LaunchOptions o = new LaunchOptions(64, div, tm);
        if (preset == null) {
            KernelLaunch l = dev.gpu().prepare(m, kernel, grid, block, 0, o, args);
            if (trace != null) {
                ((LocalTm) l.tm()).trace(trace::add);
            }
            LaunchStats s = l.run();
            return new Run(s, (LocalTm) l.tm(), l, 0);
        }
        TimingSimulator sim = new TimingSimulator(TimingPresets.load(preset));
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
                o,
                l -> {
                    prepared.set(l);
                    if (trace != null) {
                        ((LocalTm) l.tm()).trace(trace::add);
                    }
                },
                args);
        return new Run(
                r.functional(),
                (LocalTm) prepared.get().tm(),
                prepared.get(),
                r.timing().cycles());
    }

    static PtxModule module(TestDevice dev) {
        return dev.gpu().loadResource("/ptx/localtm_engine.ptx");
    }

    /**
     * Villegas et al. Fig 3: "Example of transactional SIMT execution. A work-item (WI) is enabled if EXEC[WI] &
     * !TCM[WI]." — "during the execution of the transactions, work-item 1 detects a conflict, is marked by setting
     * its bit in TCM, and is disabled immediately. At commit time, the rest of work-items successfully complete
     * their transactions and wait while work-item 1 is restarted. This second time, work-item 1 is able to
     * complete." Under DCD, work-item 1's read of the word work-item 0 owns is that conflict.
     */
    @ParameterizedTest(name = "timing {0}")
    @MethodSource("fig3Hardware")
    void fig3WorkItemOneConflictsRetriesAloneAndCompletes(String preset) {
        try (TestDevice dev = new TestDevice()) {
            long cells = dev.zeros(16);
            long seen = dev.zeros(16);
            List<LocalTm.Attempt> trace = new ArrayList<>();
            Run r = run(
                    dev,
                    module(dev),
                    "localtm-dcd",
                    "pdom",
                    preset,
                    "fig3",
                    Dim3.of(1),
                    Dim3.of(4),
                    trace,
                    cells,
                    seen);
            assertEquals(
                    List.of(
                            new LocalTm.Attempt(0, 0, 1, TxMode.TX, 0b1111, 0b0010, 0b1101, false),
                            new LocalTm.Attempt(0, 0, 2, TxMode.TX, 0b0010, 0b0000, 0b0010, false)),
                    trace,
                    "attempt 1: EXEC 1111, WI1 in TCM, WI0/2/3 commit; attempt 2: WI1 alone, commits");
            assertArrayEquals(new int[] {0 + 1 + 2, 10, 20 + 3, 30 + 4}, dev.readInts(cells, 4));
            assertArrayEquals(new int[] {0, 1, 20, 30}, dev.readInts(seen, 4), "WI1 read WI0's committed value");
            assertEquals(4, r.stats().txCommitted());
            assertEquals(1, r.stats().txAborted());
            LocalTmStats s = r.tm().stats();
            assertEquals(5, s.started());
            assertEquals(1, s.readRead(), "DCD cannot tell WI1's read from a write: a read-read conflict");
            assertEquals(0.8, s.commitRatio(), 1e-9);
            assertEquals(1, s.wavefrontTransactions(), "one wavefront, one dynamic transaction");
            assertEquals(1.0, s.wavefrontShare(TxMode.TX), "it never left normal mode");
        }
    }

    static Stream<String> fig3Hardware() {
        return Stream.of(null, "apu8");
    }

    /**
     * The same example under SMDCD: work-item 1's read of word 0 is shared, not a conflict (S = 1); the conflict comes
     * at work-item 0's write (write after read, Table 1(b)), so work-item 0 is the one that retries, and the word
     * passes to work-item 1, whose write then proceeds (docs/decisions/0350). Work-item 0's retry reads work-item 1's
     * committed value.
     */
    @Test
    void fig3UnderSmdcdDetectsTheConflictAtTheWrite() {
        try (TestDevice dev = new TestDevice()) {
            long cells = dev.zeros(16);
            long seen = dev.zeros(16);
            List<LocalTm.Attempt> trace = new ArrayList<>();
            Run r = run(
                    dev,
                    module(dev),
                    "localtm-smdcd",
                    "pdom",
                    null,
                    "fig3",
                    Dim3.of(1),
                    Dim3.of(4),
                    trace,
                    cells,
                    seen);
            assertEquals(
                    List.of(
                            new LocalTm.Attempt(0, 0, 1, TxMode.TX, 0b1111, 0b0001, 0b1110, false),
                            new LocalTm.Attempt(0, 0, 2, TxMode.TX, 0b0001, 0b0000, 0b0001, false)),
                    trace,
                    "attempt 1: WI0 in TCM, WI1/2/3 commit; attempt 2: WI0 alone, commits");
            assertArrayEquals(new int[] {0 + 1 + 2, 10, 20 + 3, 30 + 4}, dev.readInts(cells, 4));
            assertArrayEquals(new int[] {2, 0, 20, 30}, dev.readInts(seen, 4), "WI0 read WI1's committed value");
            LocalTmStats s = r.tm().stats();
            assertEquals(1, s.writeRead(), "WI0's write met WI1's shared read");
            assertEquals(0, s.readRead(), "SMDCD filters read-read conflicts");
            assertEquals(0, s.livelocks());
        }
    }

    @ParameterizedTest(name = "{0} on {1}, timing {2}")
    @MethodSource("models")
    void contendedTransactionsLoseNoUpdateAndLeaveTheShadowMemoryClean(String tm, String div, String preset) {
        int counters = 4;
        int rounds = 6;
        int threads = 256;
        try (TestDevice dev = new TestDevice()) {
            long out = dev.zeros(4L * 64);
            Run r = run(
                    dev,
                    module(dev),
                    tm,
                    div,
                    preset,
                    "contended_add",
                    Dim3.of(1),
                    Dim3.of(threads),
                    null,
                    out,
                    counters,
                    rounds);
            int[] expected = new int[64];
            for (int t = 0; t < threads; t++) {
                for (int k = 0; k < rounds; k++) {
                    expected[(t + k) % counters] += t + 1;
                }
            }
            assertArrayEquals(expected, dev.readInts(out, 64));
            LocalTmStats s = r.tm().stats();
            assertEquals((long) threads * rounds, s.committed());
            assertEquals((long) threads * rounds, r.stats().txCommitted());
            assertEquals(s.started(), s.committed() + s.aborted(), "every attempt ends in one commit or one abort");
            assertTrue(s.aborted() > 0 && s.conflicts() > 0, "the input is contended");
            for (int k = 0; k < r.tm().layout(r.launch().cta(0)).words(); k++) {
                assertEquals(-1, r.tm().ownerOf(r.launch().cta(0), k), "word " + k + " has no owner left");
            }
        }
    }

    @ParameterizedTest(name = "{0} on {1}, timing {2}")
    @MethodSource("models")
    void aLivelockReachesWavefrontThenWorkGroupSerialisationAndCompletes(String tm, String div, String preset) {
        try (TestDevice dev = new TestDevice()) {
            long out = dev.zeros(4);
            Run r = run(dev, module(dev), tm, div, preset, "livelock", Dim3.of(1), Dim3.of(256), null, out, 3000);
            assertArrayEquals(new int[] {1000 + 192}, dev.readInts(out, 1), "every increment and the long update");
            LocalTmStats s = r.tm().stats();
            assertTrue(s.livelocks() > 0, "livelock detected: " + s);
            assertTrue(s.wfsEntries() > 0, "wavefront serialisation: " + s);
            assertTrue(s.wgsEntries() > 0 && s.committedWgs() > 0, "work-group serialisation: " + s);
            assertTrue(s.wgsRollbacks() > 0, "WgS rolled another wavefront back: " + s);
            assertEquals(193, s.committed());
        }
    }

    /**
     * Villegas et al. §3, "Forward Progress": "A livelock situation can be detected if the TCM remains the same after
     * two consecutive transaction re-executions", and under WgS the other wavefronts' transactions "are aborted,
     * rolled back and stalled at the TX_Begin instruction". An attempt that another wavefront's WgS rolled back did
     * not reach TX_Commit with a TCM of its own conflicts, so it is no re-execution for livelock detection: every WfS
     * attempt follows two normal-mode attempts that were not rolled back and ended with the same non-zero TCM, and a
     * rolled-back WfS attempt stays in WfS. In the livelock kernel wavefront 0's long transaction is rolled back by the
     * other wavefronts' WgS; when rollbacks counted (before decision 0350 said otherwise), a wavefront rolled back
     * three times entered WfS with no conflict of its own.
     */
    @ParameterizedTest(name = "{0} on {1}, timing {2}")
    @MethodSource("models")
    void aWgsRollbackIsNoReExecutionForLivelockDetection(String tm, String div, String preset) {
        try (TestDevice dev = new TestDevice()) {
            long out = dev.zeros(4);
            List<LocalTm.Attempt> trace = new ArrayList<>();
            run(dev, module(dev), tm, div, preset, "livelock", Dim3.of(1), Dim3.of(256), trace, out, 3000);
            assertArrayEquals(new int[] {1000 + 192}, dev.readInts(out, 1), "every increment and the long update");
            assertTrue(trace.stream().anyMatch(LocalTm.Attempt::rolledBack), "a WgS rolled an attempt back");
            for (int wf = 0; wf < 4; wf++) {
                List<LocalTm.Attempt> counted = new ArrayList<>(); // normal-mode attempts that reached TX_Commit
                TxMode previous = null;
                boolean previousRolledBack = false;
                for (LocalTm.Attempt a : trace) {
                    if (a.wavefront() != wf) {
                        continue;
                    }
                    if (a.mode() == TxMode.WFS && previous == TxMode.TX) {
                        int n = counted.size();
                        assertTrue(
                                n >= 2
                                        && counted.get(n - 1).tcm() != 0
                                        && counted.get(n - 1).tcm()
                                                == counted.get(n - 2).tcm(),
                                "wavefront " + wf + " entered WfS at attempt " + a.number()
                                        + " without two re-executions ending with the same TCM: " + counted);
                    }
                    if (a.mode() == TxMode.WGS && previous == TxMode.WFS) {
                        assertTrue(!previousRolledBack, "a rolled-back WfS attempt led to WgS: wavefront " + wf);
                    }
                    if (a.mode() != TxMode.TX) {
                        counted.clear();
                    } else if (!a.rolledBack()) {
                        counted.add(a);
                    }
                    previous = a.mode();
                    previousRolledBack = a.rolledBack();
                }
            }
        }
    }

    /**
     * Fig 8 read per wavefront transaction (decision 0353): a wavefront's dynamic transaction counts once, in the
     * highest mode any of its attempts ran in. The counters agree with the attempt trace (a transaction starts at
     * attempt 1), and in the livelock kernel some wavefront transactions reach WfS and some WgS; in Fig 3 the one
     * wavefront transaction stays in normal mode.
     */
    @ParameterizedTest(name = "{0} on {1}, timing {2}")
    @MethodSource("models")
    void wavefrontTransactionsAreCountedByTheHighestModeTheyReached(String tm, String div, String preset) {
        try (TestDevice dev = new TestDevice()) {
            long out = dev.zeros(4);
            List<LocalTm.Attempt> trace = new ArrayList<>();
            Run r = run(dev, module(dev), tm, div, preset, "livelock", Dim3.of(1), Dim3.of(256), trace, out, 3000);
            long transactions = 0;
            java.util.Set<String> wfs = new java.util.HashSet<>();
            java.util.Set<String> wgs = new java.util.HashSet<>();
            int[] current = new int[4];
            for (LocalTm.Attempt a : trace) {
                if (a.number() == 1) {
                    transactions++;
                    current[a.wavefront()]++;
                }
                String id = a.wavefront() + "/" + current[a.wavefront()];
                if (a.mode() == TxMode.WFS) {
                    wfs.add(id);
                } else if (a.mode() == TxMode.WGS) {
                    wgs.add(id);
                }
            }
            LocalTmStats s = r.tm().stats();
            assertEquals(transactions, s.wavefrontTransactions(), "one per wavefront and dynamic TX_Begin");
            assertEquals(wfs.size(), s.wavefrontTransactionsWfs(), "transactions with a WfS attempt");
            assertEquals(wgs.size(), s.wavefrontTransactionsWgs(), "transactions with a WgS attempt");
            assertTrue(s.wavefrontTransactionsWgs() > 0, "the livelock reaches WgS: " + s);
            assertTrue(wfs.containsAll(wgs), "every WgS transaction went through WfS first");
            assertEquals(
                    1.0,
                    s.wavefrontShare(TxMode.TX) + s.wavefrontShare(TxMode.WFS) + s.wavefrontShare(TxMode.WGS),
                    1e-9);
            assertEquals((double) wgs.size() / transactions, s.wavefrontShare(TxMode.WGS), 1e-9);
        }
    }

    /**
     * Villegas et al. §3: "conflicting transactions must retry the execution by copying TCM to EXEC and returning to
     * the TX_Begin instruction" at {@code TX_Commit}. A wavefront whose every work-item is disabled walks on to {@code
     * TX_Commit} and retries there, after the owner of the word has committed: one conflict, no livelock. Regression:
     * once the engine removed disabled lanes at once (the TM SPI's {@code txAbort}, merged in c2d77c8), such a wavefront
     * restarted at once, met the same owner three times within a few cycles and went through WfS and WgS (livelocks 1,
     * WgS 1 here; HT at high contention fell from 1.41x to 0.75x of the serialised version under DCD).
     */
    @ParameterizedTest(name = "on {0}")
    @MethodSource("disabledWavefrontModels")
    void aWavefrontWithEveryWorkItemDisabledRetriesAtTxCommit(String div) {
        try (TestDevice dev = new TestDevice()) {
            long out = dev.zeros(4);
            Run r = run(
                    dev,
                    module(dev),
                    "localtm-dcd",
                    div,
                    "apu8",
                    "disabled_wavefront",
                    Dim3.of(1),
                    Dim3.of(128),
                    null,
                    out,
                    200);
            assertArrayEquals(new int[] {2}, dev.readInts(out, 1), "both increments");
            LocalTmStats s = r.tm().stats();
            assertEquals(1, s.aborted(), "the loser's read met the winner's ownership once: " + s);
            assertEquals(3, s.started(), "one retry, after the winner committed: " + s);
            assertEquals(0, s.livelocks(), "no livelock: " + s);
            assertEquals(0, s.wfsEntries() + s.wgsEntries(), "no serialisation: " + s);
        }
    }

    static Stream<String> disabledWavefrontModels() {
        return Stream.of("pdom", "its");
    }

    @Test
    void theShadowMemoryIsChargedToTheCtaAndTheKernelCannotReachIt() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = module(dev);
            KernelLaunch l = dev.gpu()
                    .prepare(
                            m,
                            "contended_add",
                            Dim3.of(1),
                            Dim3.of(64),
                            0,
                            new LaunchOptions(64, "pdom", "localtm-dcd"),
                            dev.zeros(256),
                            4,
                            1);
            int kernel = l.kernelSharedBytes();
            int words = (kernel + 3) / 4;
            assertEquals(4 * (2 * words + (words + 3) / 4), l.sharedBytesPerCta(), "N words, N backups, N/4 owners");
            KernelLaunch plain =
                    dev.gpu().prepare(m, "fig3", Dim3.of(1), Dim3.of(4), 0, new LaunchOptions(64, "pdom", "cgl"), 0, 0);
            assertEquals(plain.kernelSharedBytes(), plain.sharedBytesPerCta(), "other TM models add nothing");
        }
    }

    @Test
    void workGroupsOfMoreThan256WorkItemsAreRefused() {
        try (TestDevice dev = new TestDevice(GpuConfig.builder().build())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> dev.gpu()
                    .prepare(
                            module(dev),
                            "contended_add",
                            Dim3.of(1),
                            Dim3.of(512),
                            0,
                            new LaunchOptions(64, "pdom", "localtm-smdcd"),
                            dev.zeros(256),
                            4,
                            1));
            assertTrue(e.getMessage().contains("256") && e.getMessage().contains("localtm-smdcd"), e.getMessage());
        }
    }

    /**
     * Register checkpointing (§3 "Register Checkpointing"): work-item 1 conflicts after changing a live-in register
     * and storing to its private memory; its retry must start from the values it had at TX_Begin, so every
     * work-item ends with acc = t + 100 and priv = 8, exactly once.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("detections")
    void anAbortedWorkItemRetriesWithItsCheckpointedRegistersAndPrivateMemory(String tm) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry regs(.param .u64 out) {\n"
                    + "  .reg .b32 %r<12>;\n"
                    + "  .reg .b64 %rd<6>;\n"
                    + "  .reg .pred %p<2>;\n"
                    + "  .shared .align 4 .b32 cell[4];\n"
                    + "  .local .align 4 .b32 priv[1];\n"
                    + "  mov.u32 %r1, %tid.x;\n"
                    + "  shl.b32 %r2, %r1, 2;\n"
                    + "  mov.u32 %r3, cell;\n"
                    + "  add.u32 %r4, %r3, %r2;\n"
                    + "  st.shared.u32 [%r4], 0;\n"
                    + "  st.local.u32 [priv], 7;\n"
                    + "  bar.sync 0;\n"
                    + "  setp.eq.u32 %p1, %r1, 1;\n"
                    + "  selp.b32 %r5, %r3, %r4, %p1;\n"
                    + "  mov.u32 %r6, %r1;\n"
                    + "  tx.begin;\n"
                    + "  add.u32 %r6, %r6, 100;\n"
                    + "  ld.local.u32 %r9, [priv];\n"
                    + "  add.u32 %r9, %r9, 1;\n"
                    + "  st.local.u32 [priv], %r9;\n"
                    + "  ld.shared.u32 %r7, [%r5];\n"
                    + "  add.u32 %r8, %r7, 1;\n"
                    + "  st.shared.u32 [%r5], %r8;\n"
                    + "  tx.commit;\n"
                    + "  ld.local.u32 %r10, [priv];\n"
                    + "  ld.param.u64 %rd1, [out];\n"
                    + "  cvta.to.global.u64 %rd2, %rd1;\n"
                    + "  mul.wide.u32 %rd3, %r1, 8;\n"
                    + "  add.s64 %rd4, %rd2, %rd3;\n"
                    + "  st.global.u32 [%rd4], %r6;\n"
                    + "  st.global.u32 [%rd4+4], %r10;\n"
                    + "  ret;\n"
                    + "}\n");
            long out = dev.zeros(8 * 4);
            Run r = run(dev, m, tm, "pdom", null, "regs", Dim3.of(1), Dim3.of(4), null, out);
            assertTrue(r.tm().stats().aborted() > 0, "work-item 1 aborted at least once");
            assertArrayEquals(new int[] {100, 8, 101, 8, 102, 8, 103, 8}, dev.readInts(out, 8));
        }
    }

    static Stream<String> detections() {
        return Stream.of("localtm-dcd", "localtm-smdcd");
    }

    /** Hand-written PTX: a global store inside a transaction, which GPU-LocalTM cannot undo. */
    @Test
    void aGlobalStoreInsideATransactionIsAFault() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry g(.param .u64 p) {\n"
                    + "  .reg .b64 %rd<3>;\n"
                    + "  ld.param.u64 %rd1, [p];\n"
                    + "  cvta.to.global.u64 %rd2, %rd1;\n"
                    + "  tx.begin;\n"
                    + "  st.global.u32 [%rd2], 1;\n"
                    + "  tx.commit;\n"
                    + "  ret;\n"
                    + "}\n");
            KernelFaultException e = assertThrows(KernelFaultException.class, () -> dev.gpu()
                    .launch(
                            m,
                            "g",
                            Dim3.of(1),
                            Dim3.of(64),
                            0,
                            new LaunchOptions(64, "pdom", "localtm-dcd"),
                            dev.zeros(4)));
            assertTrue(e.getMessage().contains("global memory inside a localtm-dcd transaction"), e.getMessage());
        }
    }
}
