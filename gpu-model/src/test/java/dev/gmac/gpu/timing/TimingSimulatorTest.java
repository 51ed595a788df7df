package dev.gmac.gpu.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.TraceKernel.Op;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.stats.CoreTimingStats;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.stats.MemoryStall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Behaviour of the assembled timing model, driven through the {@link WarpExecutor} seam. */
class TimingSimulatorTest {
    private static final long BASE = 1L << 32;

    private static KernelTimingStats run(TimingConfig c, List<Op> program, int iterations, int ctas, int threads) {
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(program, iterations, c.core().warpSize(), threads, sim.ctaSlots());
        return sim.run(new KernelResources("t", ctas, threads, 16, 0, 16), k);
    }

    private static TimingConfig preset(String name, String overrides) {
        return TimingPresets.parse(name + "+", "extends = " + name + "\n" + overrides);
    }

    @Test
    void everyIssueSlotOfEveryCoreIsAccountedForExactlyOnce() {
        for (String p : TimingPresets.names()) {
            TimingConfig c = TimingPresets.load(p);
            KernelTimingStats s = run(
                    c,
                    List.of(Op.alu(1, 1), Op.load(IssueClass.MEM_GLOBAL, 2, 1, (a, w, l, i) -> BASE + 4L * l)),
                    20,
                    7,
                    96);
            for (CoreTimingStats core : s.cores()) {
                assertEquals(s.cycles() * c.core().schedulers(), core.totalSlots(), p + " core " + core.core());
            }
            long issued = 0;
            for (int b = 0; b < IssueSlot.LANE_BUCKETS; b++) {
                issued += s.slots(b);
            }
            assertEquals(s.warpInstructions(), issued, p);
        }
    }

    @Test
    void slotsSplitIntoMemoryWaitsIdleCyclesAndStalls() {
        TimingConfig c = TimingPresets.load("fx5800");
        // One warp chasing pointers: it waits on memory nearly all the time.
        KernelTimingStats chase =
                run(c, List.of(Op.load(IssueClass.MEM_GLOBAL, 1, 1, (a, w, l, i) -> BASE + i * 65536L)), 20, 1, 32);
        CoreTimingStats core0 = chase.cores().get(0);
        assertTrue(core0.slots(IssueSlot.W0_MEM) > 0.9 * chase.cycles(), "W0_Mem " + core0.slots(IssueSlot.W0_MEM));
        // One warp with a dependent ALU chain waits for the pipeline: idle, not memory.
        KernelTimingStats chain = run(c, List.of(Op.alu(1, 1)), 50, 1, 32);
        assertTrue(chain.cores().get(0).slots(IssueSlot.W0_IDLE) > 0.9 * chain.cycles());
        assertEquals(0, chain.cores().get(0).slots(IssueSlot.W0_MEM));
        // Many warps of independent ALU work on an 8-wide SIMD: ready warps wait for the pipeline 3 cycles in 4.
        KernelTimingStats busy = run(c, List.of(Op.alu(1, 5), Op.alu(2, 5)), 100, 30, 1024);
        double stall =
                busy.slots(IssueSlot.STALL) / (double) (busy.cycles() * c.core().count());
        assertEquals(0.75, stall, 0.03);
        assertEquals(busy.warpInstructions(), busy.slots(IssueSlot.laneBucket(32, 32)), "all in W29-32");
    }

    @Test
    void aBarrierHoldsEveryWarpOfTheCtaUntilTheLastArrives() {
        TimingConfig c = TimingPresets.load("gtx480");
        List<String> order = new ArrayList<>();
        // Warp 0: 10 dependent ALU instructions, barrier, exit. Warp 1: barrier, exit. The executor owns the barrier
        // (as the functional model does): the first arrival waits, the last wakes both.
        WarpExecutor ex = new WarpExecutor() {
            final int[] pc = new int[2];
            int arrived;
            WarpWaker waker;

            @Override
            public void onWake(WarpWaker w) {
                waker = w;
            }

            @Override
            public void startCta(int ctaId, int ctaSlot) {}

            @Override
            public void decode(int ctaSlot, int warp, IssueRecord out) {
                int p = pc[warp];
                int barrierAt = warp == 0 ? 10 : 0;
                if (p < barrierAt) {
                    out.decoded(p, IssueClass.ALU).addDestination(1).addSource(1);
                } else if (p == barrierAt) {
                    out.decoded(p, IssueClass.BARRIER);
                } else {
                    out.decoded(p, IssueClass.EXIT);
                }
            }

            @Override
            public void execute(int ctaSlot, int warp, IssueRecord in) {
                order.add("w" + warp + ":" + in.issueClass());
                in.activeMask(0xFFFF_FFFFL);
                if (in.issueClass() == IssueClass.EXIT) {
                    in.warpExited();
                }
                if (in.issueClass() == IssueClass.BARRIER && ++arrived == 2) {
                    waker.wake(ctaSlot, 0, true);
                    waker.wake(ctaSlot, 1, true);
                } else if (in.issueClass() == IssueClass.BARRIER) {
                    in.slotWaits(true);
                }
                pc[warp]++;
            }

            @Override
            public void finishCta(int ctaSlot) {}
        };
        TimingSimulator sim = new TimingSimulator(c);
        KernelTimingStats s = sim.run(new KernelResources("bar", 1, 64, 8, 0, 4), ex);
        assertEquals("w1:BARRIER", order.get(1), order.toString());
        int w0Barrier = order.indexOf("w0:BARRIER");
        assertTrue(order.indexOf("w1:EXIT") > w0Barrier, "warp 1 leaves the barrier only after warp 0 arrives");
        // The barrier depends on no register: it issues right after the 10th ALU instruction, 9 latencies in.
        assertTrue(s.cycles() >= 9 * c.core().alu().latency() + c.core().barrierLatency(), "cycles " + s.cycles());
    }

    @Test
    void aSlotWithoutAWarpTakesNoIssueSlot() {
        // Thread block compaction leaves the warp slots of a finished block without a compacted warp (Fung thesis
        // §3.3.2: the warp buffer holds the compacted warps only); the core retires such a slot without the issue
        // slot a ready warp could use (decision 0343). Warp 0 issues 12 independent ALU instructions, one per cycle;
        // warp 1 has no warp to run from the start. Loose round-robin would give warp 1 the second cycle.
        TimingConfig c = preset(
                "gtx480",
                "core.schedulers = 1\ncore.alu.units = 1\ncore.alu.width = 32\ncore.alu.latency = 1\n"
                        + "core.scheduler = lrr\n");
        KernelTimingStats two =
                new TimingSimulator(c).run(new KernelResources("empty-slot", 1, 64, 8, 0, 4), aluThenExit(12));
        KernelTimingStats one =
                new TimingSimulator(c).run(new KernelResources("one-warp", 1, 32, 8, 0, 4), aluThenExit(12));
        assertEquals(13, two.warpInstructions());
        assertEquals(one.cycles(), two.cycles(), "the slot without a warp costs warp 0 no cycle");
        assertEquals(two.cycles(), two.cores().get(0).totalSlots(), "every slot accounted once");
        assertEquals(one.slots(IssueSlot.W0_IDLE), two.slots(IssueSlot.W0_IDLE), "no idle slot for the empty one");
    }

    /** Warp 0 issues {@code n} independent ALU instructions and exits; warp 1 (if any) has no issue group. */
    private static WarpExecutor aluThenExit(int n) {
        return new WarpExecutor() {
            int pc;

            @Override
            public void startCta(int ctaId, int ctaSlot) {}

            @Override
            public void decode(int ctaSlot, int warp, IssueRecord out) {
                if (warp == 1) {
                    out.decoded(-1, IssueClass.EXIT); // no issue group: the slot only retires
                } else {
                    out.decoded(pc, pc < n ? IssueClass.ALU : IssueClass.EXIT);
                }
            }

            @Override
            public void execute(int ctaSlot, int warp, IssueRecord in) {
                if (warp == 1) {
                    in.warpExited();
                    return;
                }
                in.activeMask(0xFFFF_FFFFL);
                if (pc++ == n) {
                    in.warpExited();
                }
            }

            @Override
            public void finishCta(int ctaSlot) {}
        };
    }

    @Test
    void gtoAndLrrIssueInTheirOwnOrders() {
        String fast = "core.schedulers = 1\ncore.alu.units = 1\ncore.alu.width = 32\ncore.alu.latency = 1\n";
        List<Op> threeIndependent = List.of(Op.alu(1, 5), Op.alu(2, 5), Op.alu(3, 5));
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1), firstIssues(preset("gtx480", fast), threeIndependent, 8));
        assertEquals(
                List.of(0, 1, 2, 3, 0, 1, 2, 3),
                firstIssues(preset("gtx480", fast + "core.scheduler = lrr\n"), threeIndependent, 8));
    }

    private static List<Integer> firstIssues(TimingConfig c, List<Op> program, int n) {
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(program, 1, 32, 128, sim.ctaSlots()).recordIssueOrder();
        sim.run(new KernelResources("order", 1, 128, 8, 0, 8), k);
        return k.issueOrder().subList(0, n);
    }

    @Test
    void ctasAreDispatchedInGridOrderWithinTheOccupancyLimit() {
        TimingConfig c = TimingPresets.load("fx5800");
        TimingSimulator sim = new TimingSimulator(c);
        TraceKernel k = new TraceKernel(List.of(Op.alu(1, 1)), 5, 32, 256, sim.ctaSlots());
        KernelTimingStats s = sim.run(new KernelResources("grid", 500, 256, 16, 0, 4), k);
        assertEquals(4, s.ctasPerCore());
        assertEquals("threads", s.occupancyLimit());
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            expected.add(i);
        }
        assertEquals(expected, k.startOrder());
        assertEquals(500, s.cores().stream().mapToLong(CoreTimingStats::ctas).sum());
        assertThrows(
                TimingException.class, () -> sim.run(new KernelResources("huge", 1, 2048, 16, 0, 4), k), "too big");
    }

    @Test
    void l1MshrsMergeMissesToOneLineAndStallWhenFull() {
        TimingConfig c = TimingPresets.load("fx5800-tbc");
        // Eight warps load the same line at once: one miss, the rest merge into its MSHR.
        KernelTimingStats same =
                run(c, List.of(Op.load(IssueClass.MEM_GLOBAL, 1, -1, (a, w, l, i) -> BASE + 4L * (l % 16))), 1, 1, 256);
        CoreTimingStats core = same.cores().get(0);
        assertEquals(1, core.l1Misses());
        assertEquals(7, core.l1MshrMerges());
        assertEquals(8, core.l1Accesses());
        // With a single MSHR, a warp touching 32 lines must wait for each fill before the next miss.
        TimingConfig tiny = preset("fx5800-tbc", "l1.mshr.entries = 1\n");
        KernelTimingStats spread =
                run(tiny, List.of(Op.load(IssueClass.MEM_GLOBAL, 1, -1, (a, w, l, i) -> BASE + 4096L * l)), 1, 1, 32);
        assertTrue(spread.memoryStall(MemoryStall.CACHE_RESOURCES) > 30 * 400, "31 fills waited for");
        assertEquals(31, spread.memoryStall(MemoryStall.COALESCING), "32 segments, one pass each");
    }

    @Test
    void writeEvictDropsTheLineWriteBackKeepsItDirty() {
        TraceKernel.Address oneLine = (a, w, l, i) -> BASE + 4L * (l % 16); // 64 bytes: one fx5800-tbc line
        List<Op> loadStoreLoad = List.of(
                Op.load(IssueClass.MEM_GLOBAL, 1, -1, oneLine),
                Op.store(IssueClass.MEM_GLOBAL, 1, oneLine),
                Op.load(IssueClass.MEM_GLOBAL, 2, -1, oneLine));
        KernelTimingStats evict = run(TimingPresets.load("fx5800-tbc"), loadStoreLoad, 1, 1, 32);
        assertEquals(2, evict.cores().get(0).l1Misses(), "the store evicted the line");
        assertEquals(1, evict.partitions().stream().mapToLong(p -> p.l2Writes()).sum());
        KernelTimingStats back = run(preset("fx5800-tbc", "l1.write.policy = write-back\n"), loadStoreLoad, 1, 1, 32);
        assertEquals(1, back.cores().get(0).l1Misses());
        assertEquals(0, back.partitions().stream().mapToLong(p -> p.l2Writes()).sum(), "no write traffic yet");
    }

    @Test
    void localMemoryIsInterleavedSoTheSameOffsetCoalesces() {
        KernelTimingStats s = run(
                TimingPresets.load("gtx480"),
                List.of(Op.load(IssueClass.MEM_LOCAL, 1, -1, (a, w, l, i) -> 16L * i)),
                4,
                1,
                64);
        assertEquals(8, s.cores().get(0).globalSegments(), "2 warps x 4 loads, one segment each");
        assertEquals(0, s.memoryStall(MemoryStall.COALESCING));
    }

    @Test
    void atomicsAndConstantsAreSerialised() {
        TimingConfig c = TimingPresets.load("gtx480");
        Op atomic = new Op(IssueClass.ATOMIC, new int[] {2}, new int[] {1});
        atomic.load = true;
        atomic.store = true;
        atomic.address = (a, w, l, i) -> BASE;
        KernelTimingStats s = run(c, List.of(atomic), 1, 1, 32);
        assertEquals(32, s.partitions().stream().mapToLong(p -> p.atomicOps()).sum());
        assertEquals(1, s.partitions().stream().mapToLong(p -> p.l2Atomics()).sum(), "one coalesced request");
        KernelTimingStats distinct =
                run(c, List.of(Op.load(IssueClass.MEM_CONST, 1, -1, (a, w, l, i) -> 4L * l)), 1, 1, 32);
        assertEquals(31, distinct.memoryStall(MemoryStall.CONSTANT), "32 distinct addresses: 32 passes");
        KernelTimingStats uniform = run(c, List.of(Op.load(IssueClass.MEM_CONST, 1, -1, (a, w, l, i) -> 8)), 1, 1, 32);
        assertEquals(0, uniform.memoryStall(MemoryStall.CONSTANT));
    }

    @Test
    void bankConflictStallsAreCounted() {
        KernelTimingStats s = run(
                TimingPresets.load("fx5800"),
                List.of(Op.load(IssueClass.MEM_SHARED, 1, -1, (a, w, l, i) -> 16L * l)),
                2,
                1,
                32);
        assertEquals(2 * 3, s.memoryStall(MemoryStall.BANK_CONFLICT), "two 4-way accesses: 3 extra passes each");
        assertEquals(2, s.cores().get(0).sharedAccesses());
    }

    @Test
    void statisticsMapHasTheKeysTheCliReports() {
        KernelTimingStats s = run(TimingPresets.load("apu8"), List.of(Op.alu(1, 1)), 3, 2, 64);
        Map<String, Object> m = s.toMap();
        assertEquals(
                List.of("kernel", "preset", "cycles", "ipc", "simdEfficiency"),
                new ArrayList<>(m.keySet()).subList(0, 5));
        assertEquals("apu8", m.get("preset"));
        @SuppressWarnings("unchecked")
        Map<String, Object> slots = (Map<String, Object>) m.get("issueSlots");
        assertEquals(
                List.of(
                        "W0_Idle", "W0_Mem", "W1-8", "W9-16", "W17-24", "W25-32", "W33-40", "W41-48", "W49-56",
                        "W57-64", "Stall"),
                new ArrayList<>(slots.keySet()));
        assertEquals(8, ((List<?>) m.get("perCore")).size());
        assertEquals(1, ((List<?>) m.get("perPartition")).size());
        assertTrue(
                m.containsKey("memoryStalls") && m.containsKey("l1") && m.containsKey("l2") && m.containsKey("dram"));
    }

    @Test
    void timeAndL2ContentsCarryOverBetweenLaunches() {
        TimingConfig c = TimingPresets.load("gtx480");
        TimingSimulator sim = new TimingSimulator(c);
        List<Op> load = List.of(Op.load(IssueClass.MEM_GLOBAL, 1, -1, (a, w, l, i) -> BASE + 4L * l));
        KernelTimingStats first =
                sim.run(new KernelResources("a", 1, 32, 8, 0, 4), new TraceKernel(load, 1, 32, 32, sim.ctaSlots()));
        KernelTimingStats second =
                sim.run(new KernelResources("b", 1, 32, 8, 0, 4), new TraceKernel(load, 1, 32, 32, sim.ctaSlots()));
        assertEquals(first.cycles(), second.startCycle());
        assertEquals(1.0, second.l2HitRate());
        assertTrue(second.cycles() < first.cycles());
    }
}
