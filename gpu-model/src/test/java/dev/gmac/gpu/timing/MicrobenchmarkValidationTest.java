package dev.gmac.gpu.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.timing.TraceKernel.Op;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.mem.UnloadedLatency;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 7, item 6: the microbenchmark validations, expressed as synthetic instruction traces driven through the
 * {@link WarpExecutor} seam on every preset. (The same validations as CUDA kernels, run by the PTX engine on the
 * 32-lane presets, are in {@code dev.gmac.gpu.timing.kernels}.) Per-hop and per-instruction costs are measured as the difference between a
 * long and a short run, which cancels start-up and exit costs.
 */
class MicrobenchmarkValidationTest {
    private static final long BASE = 1L << 32;

    private static KernelTimingStats run(TimingSimulator sim, List<Op> program, int iterations, int ctas, int threads) {
        TraceKernel k = new TraceKernel(program, iterations, sim.config().core().warpSize(), threads, sim.ctaSlots());
        return sim.run(new KernelResources("bench", ctas, threads, 16, 0, 16), k);
    }

    /** Cycles per iteration of a one-CTA, {@code threads}-thread kernel: (cycles(2n) - cycles(n)) / n. */
    private static double perIteration(TimingConfig c, List<Op> program, int n, int threads) {
        long shortRun = run(new TimingSimulator(c), program, n, 1, threads).cycles();
        long longRun = run(new TimingSimulator(c), program, 2 * n, 1, threads).cycles();
        return (longRun - shortRun) / (double) n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void pointerChaseThroughDramCostsTheConfiguredLatencyPerHop(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        // Every hop: a new line in the same DRAM bank of partition 0, in a new row: an L1 and L2 miss and a row
        // conflict.
        long stride = (long) c.dram().rowBytes() * c.dram().banks() * c.memory().partitions();
        Op hop = Op.load(IssueClass.MEM_GLOBAL, 1, 1, (cta, w, lane, i) -> BASE + i * stride)
                .mask((cta, w, i, all) -> 1L);
        double perHop = perIteration(c, List.of(hop), 100, 1);
        double expected = UnloadedLatency.dram(c, UnloadedLatency.Bank.ROW_CONFLICT);
        assertEquals(expected, perHop, 0.05 * expected, preset + ": cycles per hop");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void pointerChaseThroughL2CostsTheConfiguredL2Latency(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        int line = c.memory().lineBytes();
        // Twice as many lines as the L1 holds, visited in order: LRU keeps missing in L1, the L2 holds them all.
        int lines = (int) Math.max(64, 2 * c.l1().geometry().sizeBytes() / line);
        Op hop = Op.load(IssueClass.MEM_GLOBAL, 1, 1, (cta, w, lane, i) -> BASE + (long) (i % lines) * line)
                .mask((cta, w, i, all) -> 1L);
        TimingSimulator sim = new TimingSimulator(c);
        run(sim, List.of(hop), lines, 1, 1); // warm the L2
        long shortRun = run(sim, List.of(hop), lines, 1, 1).cycles();
        long longRun = run(sim, List.of(hop), 3 * lines, 1, 1).cycles();
        double perHop = (longRun - shortRun) / (2.0 * lines);
        assertEquals(c.memory().l2HitLatency(), perHop, 0.05 * c.memory().l2HitLatency(), preset);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800-tbc", "apu8"})
    void pointerChaseInTheL1CostsTheL1Latency(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        int line = c.memory().lineBytes();
        Op hop = Op.load(IssueClass.MEM_GLOBAL, 1, 1, (cta, w, lane, i) -> BASE + (long) (i % 8) * line)
                .mask((cta, w, i, all) -> 1L);
        double perHop = perIteration(c, List.of(hop), 400, 1);
        assertEquals(c.l1().latency(), perHop, 0.05 * c.l1().latency(), preset);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void streamingReachesTheConfiguredDramBandwidthWithinTenPercent(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        TimingSimulator sim = new TimingSimulator(c);
        int ws = c.core().warpSize();
        int threads = 256;
        int ctas =
                sim.occupancy(new KernelResources("s", 1, threads, 16, 0, 16)).ctasPerCore()
                        * c.core().count();
        // Enough lines that the stream lasts about 60k cycles at peak bandwidth.
        long bytes = (long) (60_000 * c.peakDramBytesPerCoreCycle());
        int iterations = (int) Math.max(8, bytes / ((long) ctas * threads * 4));
        // One sequential stream; each warp has four loads (four destination registers) in flight.
        List<Op> program = new java.util.ArrayList<>();
        for (int j = 0; j < 4; j++) {
            int part = j;
            program.add(Op.load(
                    IssueClass.MEM_GLOBAL,
                    1 + j,
                    -1,
                    (cta, w, lane, i) -> BASE + ((((long) i * 4 + part) * ctas + cta) * threads + w * ws + lane) * 4L));
        }
        KernelTimingStats s = run(sim, program, iterations / 4, ctas, threads);
        assertTrue(s.dramUtilisation() >= 0.90, preset + ": DRAM utilisation " + s.dramUtilisation());
        assertTrue(s.dramUtilisation() <= 1.0 + 1e-9, preset + ": above peak " + s.dramUtilisation());
        if (c.dram().tRCD() > 0) {
            assertTrue(s.dramRowHitRate() > 0.5, preset + ": a stream mostly hits open rows " + s.dramRowHitRate());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void nWayBankConflictsCostNTimesTheConflictFreeAccess(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        long base = sharedLoopCycles(c, 1);
        for (int n : new int[] {2, 4, 8}) {
            double ratio = sharedLoopCycles(c, n) / (double) base;
            assertEquals(n, ratio, 0.05 * n, preset + ": " + n + "-way");
        }
    }

    /**
     * Cycles of one 1024-thread CTA per core whose warps each issue 16 rounds of 32 independent shared loads at
     * word stride {@code stride}: enough loads in flight that the load/store unit, not latency, bounds the time.
     */
    private static long sharedLoopCycles(TimingConfig c, int stride) {
        TraceKernel.Address a = (cta, w, lane, i) -> 4L * stride * lane;
        List<Op> program = new java.util.ArrayList<>();
        for (int r = 1; r <= 32; r++) {
            program.add(Op.load(IssueClass.MEM_SHARED, r, -1, a));
        }
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(program, 16, c.core().warpSize(), 1024, sim.ctaSlots());
        return sim.run(new KernelResources("banks", c.core().count(), 1024, 16, 0, 40), k)
                .cycles();
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void dependentAluChainShowsThePipelineLatency(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        double perInstruction =
                perIteration(c, List.of(Op.alu(1, 1)), 500, c.core().warpSize());
        assertEquals(c.core().alu().latency(), perInstruction, 1e-9, preset);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void independentAluWorkReachesThePeakThreadIpc(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        TimingSimulator sim = new TimingSimulator(c);
        int threads = c.core().maxThreads() / 2;
        List<Op> program = List.of(Op.alu(1, 5), Op.alu(2, 5), Op.alu(3, 5), Op.alu(4, 5));
        KernelTimingStats s = run(sim, program, 200, 2 * c.core().count(), threads);
        assertEquals(c.peakThreadIpc(), s.ipc(), 0.05 * c.peakThreadIpc(), preset + " IPC");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "gtx480", "apu8"})
    void divergentTraceSimdEfficiencyEqualsTheFunctionalCount(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        int ws = c.core().warpSize();
        TraceKernel.Mask divergent = (cta, w, i, all) -> all & ((1L << (1 + (i * 7 + w) % (ws - 1))) - 1);
        List<Op> program = List.of(
                Op.alu(1, 1).mask(divergent),
                Op.load(IssueClass.MEM_GLOBAL, 2, -1, (cta, w, l, i) -> BASE + 4L * l)
                        .mask(divergent),
                Op.alu(3, 2));
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(program, 40, ws, 100, sim.ctaSlots());
        KernelTimingStats s = sim.run(new KernelResources("div", 50, 100, 16, 0, 16), k);
        assertEquals(k.warpInstructions(), s.warpInstructions());
        assertEquals(k.threadInstructions(), s.threadInstructions());
        double functional = k.threadInstructions() / ((double) k.warpInstructions() * ws);
        assertEquals(functional, s.simdEfficiency(), 1e-12);
        assertTrue(s.simdEfficiency() < 0.9, "the trace is divergent");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fx5800", "fx5800-tbc", "gtx480", "apu8"})
    void sameInputsGiveTheSameCycleCountAndStatistics(String preset) {
        TimingConfig c = TimingPresets.load(preset);
        assertEquals(mixedWorkload(c), mixedWorkload(c));
    }

    /** A workload touching every component: global, shared, local, constant, atomics, barriers, SFU. */
    static java.util.Map<String, Object> mixedWorkload(TimingConfig c) {
        int ws = c.core().warpSize();
        List<Op> program = List.of(
                Op.load(
                        IssueClass.MEM_GLOBAL,
                        1,
                        -1,
                        (cta, w, l, i) -> BASE + ((cta * 8L + w) * ws + l) * 4L + i * 8192L),
                Op.load(IssueClass.MEM_GLOBAL, 2, -1, (cta, w, l, i) -> BASE + (l * 997L % 4096) * 128),
                Op.alu(3, 1, 2),
                new Op(IssueClass.SFU, new int[] {4}, new int[] {3}),
                Op.store(IssueClass.MEM_SHARED, 4, (cta, w, l, i) -> 4L * (w * ws + l)),
                new Op(IssueClass.BARRIER, new int[0], new int[0]),
                Op.load(IssueClass.MEM_SHARED, 5, -1, (cta, w, l, i) -> 8L * l),
                Op.store(IssueClass.MEM_LOCAL, 5, (cta, w, l, i) -> 4L * i).bytes(4),
                Op.load(IssueClass.MEM_LOCAL, 6, -1, (cta, w, l, i) -> 4L * i),
                Op.load(IssueClass.MEM_CONST, 7, -1, (cta, w, l, i) -> 4L * (l % 4)),
                atomic(),
                Op.store(
                        IssueClass.MEM_GLOBAL,
                        6,
                        (cta, w, l, i) -> BASE + (1L << 24) + ((cta * 8L + w) * ws + l) * 4L));
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(program, 12, ws, 8 * ws, sim.ctaSlots());
        return sim.run(new KernelResources("mixed", 3 * c.core().count(), 8 * ws, 20, 4096, 16), k)
                .toMap();
    }

    private static Op atomic() {
        Op op = new Op(IssueClass.ATOMIC, new int[] {8}, new int[] {7});
        op.load = true;
        op.store = true;
        op.address = (cta, w, l, i) -> BASE + (1L << 25) + 4L * (l % 8);
        return op;
    }
}
