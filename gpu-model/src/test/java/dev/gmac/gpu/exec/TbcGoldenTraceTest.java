package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Golden tests of thread block compaction ({@link TbcModel}) against the papers' own examples. The examples use
 * warps of four threads; here each of the CTA's 32-lane warps keeps lanes 0-3 (the other lanes exit as the
 * kernel's first instruction, before any branch), so "thread {@code t}" of an example is lane {@code (t-1) % 4} of
 * warp {@code (t-1) / 4}, and the compactor's four priority encoders are those of lanes 0-3. Blocks are named by
 * their labels; each body instruction is an {@code or} that records the block in the thread's signature.
 */
class TbcGoldenTraceTest {
    private static final int LANES = 4;

    /** A kernel over warps of four threads: {@code threads} threads, thread t takes block X iff bit t-1 of mask. */
    private static String kernel(String name, String body) {
        return ".visible .entry " + name + "(.param .u64 out, .param .u32 mask)\n"
                + "{\n"
                + "  .reg .pred %p<4>;\n  .reg .b32 %r<12>;\n  .reg .b64 %rd<4>;\n"
                + "  mov.u32 %r1, %laneid;\n"
                + "  setp.ge.u32 %p1, %r1, 4;\n"
                + "  @%p1 exit;\n" // warps of four threads: lanes 0-3 take part
                + "  mov.u32 %r2, %tid.x;\n"
                + "  shr.u32 %r3, %r2, 5;\n"
                + "  shl.b32 %r4, %r3, 2;\n"
                + "  add.u32 %r5, %r4, %r1;\n" // thread index t-1
                + "  ld.param.u32 %r6, [mask];\n"
                + "  shr.u32 %r6, %r6, %r5;\n"
                + "  and.b32 %r6, %r6, 1;\n"
                + "  setp.ne.u32 %p2, %r6, 0;\n"
                + "  mov.u32 %r8, 0;\n"
                + body
                + "  ld.param.u64 %rd1, [out];\n"
                + "  mul.wide.u32 %rd2, %r5, 4;\n"
                + "  add.s64 %rd3, %rd1, %rd2;\n"
                + "  st.global.u32 [%rd3], %r8;\n"
                + "  ret;\n"
                + "}\n";
    }

    /**
     * The slides' example (GPGPU architecture slides, Part 2, "Thread Block Compaction"): 12 threads in warps of
     * four, "Compacted: A [1 2 3 4] [5 6 7 8] [9 10 11 12] → C [1 2 7 8] [5 – 11 12] → D [9 6 3 4] [– 10 – –] → E
     * [1 2 3 4] [5 6 7 8] [9 10 11 12]. Baseline per-warp stack: C [1 2 – –] [5 – 7 8] [– – 11 12], then D [– – 3 4]
     * [– 6 – –] [9 10 – –]"; block-wide stack "(PC E, RPC –, 1..12), (D, E, ...), (C, E, ...)". Threads 3, 4, 6, 9
     * and 10 take D.
     */
    static final String SLIDES = kernel(
            "slides_tbc",
            "A:\n"
                    + "  or.b32 %r8, %r8, 1;\n"
                    + "  @%p2 bra D;\n"
                    + "C:\n"
                    + "  or.b32 %r8, %r8, 2;\n"
                    + "  bra.uni E;\n"
                    + "D:\n"
                    + "  or.b32 %r8, %r8, 4;\n"
                    + "E:\n"
                    + "  or.b32 %r8, %r8, 8;\n");

    private static final int SLIDES_D = bits(3, 4, 6, 9, 10);

    /**
     * The thesis's Example 3 and Figure 3.5 (§3.3.1): "each warp contains four threads and each thread block contains
     * eight threads ... All threads execute block A and D, while only threads (1,6,7) execute block C and only threads
     * (2,3,4,5,8) execute block B ... thread block compaction compacts threads (1,6,7) into a single warp at basic
     * block C. This reduces the overall execution time by 12.5% over the baseline in this example." Execution flow
     * with per-warp stacks: A A C C B B D D; with TBC: A A C B B D D.
     */
    static final String EXAMPLE_3 = kernel(
            "example3",
            "A:\n"
                    + "  or.b32 %r8, %r8, 1;\n"
                    + "  @%p2 bra B;\n"
                    + "C:\n"
                    + "  or.b32 %r8, %r8, 2;\n"
                    + "  bra.uni D;\n"
                    + "B:\n"
                    + "  or.b32 %r8, %r8, 4;\n"
                    + "D:\n"
                    + "  or.b32 %r8, %r8, 8;\n");

    private static final int EXAMPLE_3_B = bits(2, 3, 4, 5, 8);

    /**
     * The thesis's Figure 3.7 (§3.3.3): three warps of four, "C gets {2,3,4,5,8,11}, B gets {1,6,7,9,10,12}",
     * warps arriving at the branch in the order W2, W3, W1.
     */
    private static final int FIG_3_7_B = bits(1, 6, 7, 9, 10, 12);

    private static int bits(int... threads) {
        int m = 0;
        for (int t : threads) {
            m |= 1 << (t - 1);
        }
        return m;
    }

    /** One issued instruction: the slot, the block it lies in, and the compacted warp as thread numbers. */
    private record Issue(int slot, int pc, String block, String warp, long mask) {}

    private static final class Driver implements AutoCloseable {
        final TestDevice dev = new TestDevice(GpuConfig.builder().warpSize(32).build());
        final PtxModule module;
        final String source;
        final TreeMap<Integer, String> names = new TreeMap<>();
        final KernelLaunch launch;
        final Cta cta;
        final long out;
        final IssueRecord rec = new IssueRecord();
        final List<Issue> issues = new ArrayList<>();

        Driver(String source, String kernel, int warps, int mask, String model) {
            this(source, kernel, warps, mask, model, null);
        }

        /** With {@code data}: the kernel takes (data, result, 3) instead of (out, mask). */
        Driver(String source, String kernel, int warps, int mask, String model, int[] data) {
            this.source = source;
            this.module = dev.load(source);
            int pc = module.program().function(kernel).entryPc;
            boolean body = false;
            for (String line : source.split("\n")) {
                String t = line.trim();
                if (t.equals("{")) {
                    body = true;
                } else if (!body || t.isEmpty() || t.startsWith(".") || t.equals("}")) {
                    continue;
                } else if (t.matches("[A-Z]:")) {
                    names.put(pc, t.substring(0, 1));
                } else {
                    pc++;
                }
            }
            names.put(module.program().function(kernel).exitPc, "exit");
            this.out = dev.zeros(4 * 32 * warps);
            long[] args = data == null ? new long[] {out, mask} : new long[] {dev.ints(data), out, 3};
            this.launch = dev.gpu()
                    .prepare(
                            module,
                            kernel,
                            Dim3.of(1),
                            Dim3.of(32 * warps),
                            0,
                            LaunchOptions.DEFAULTS.withDivergence(model),
                            args);
            this.cta = launch.dispatchCta();
        }

        String block(int pc) {
            Map.Entry<Integer, String> e = names.floorEntry(pc);
            return e == null ? "prologue" : e.getValue();
        }

        /** Issues one instruction of {@code slot}; false when it could not issue. */
        boolean step(int slot) {
            if (cta.simt().state(slot) != DivergenceModel.RUNNABLE) {
                return false;
            }
            String warp = warpText(cta.simt(), slot);
            int pc = cta.simt().pc(slot);
            if (!launch.issue(cta, slot, rec)) {
                return false;
            }
            issues.add(new Issue(slot, pc, block(pc), warp, rec.activeMask()));
            return true;
        }

        /** Runs every slot round-robin, one instruction each, until the CTA finishes. */
        void runRoundRobin() {
            boolean any = true;
            while (any) {
                any = false;
                for (int s = 0; s < cta.simt().slots(); s++) {
                    any |= step(s);
                }
            }
            assertTrue(cta.finished(), "the CTA finished");
        }

        /** Issues of each block's body instruction (its first, the {@code or}), by block. */
        Map<String, Integer> bodyIssues() {
            Map<String, Integer> m = new TreeMap<>();
            for (Issue i : issues) {
                String label = names.get(i.pc);
                if (label != null && !label.equals("exit")) {
                    m.merge(label, 1, Integer::sum);
                }
            }
            return m;
        }

        /** The lanes of each issue of {@code label}'s first instruction, in issue order. */
        int[] bodyIssuesList(String label) {
            return issues.stream()
                    .filter(i -> label.equals(names.get(i.pc)))
                    .mapToInt(i -> (int) i.mask)
                    .toArray();
        }

        /** The compacted warps that issued in {@code block}, by warp slot (compacted warp k runs in slot k). */
        List<String> warpsIn(String block) {
            TreeMap<Integer, String> bySlot = new TreeMap<>();
            for (Issue i : issues) {
                if (i.block.equals(block)) {
                    bySlot.putIfAbsent(i.slot, i.warp);
                }
            }
            return new ArrayList<>(bySlot.values());
        }

        /** Runs each slot to the prologue's synchronisation (the exit of lanes 4-31) and through it. */
        void passPrologue() {
            for (int s = 0; s < cta.simt().slots(); s++) {
                while (block(cta.simt().pc(s)).equals("prologue") && step(s)) {
                    // the prologue's branch to the exit synchronises the block
                }
            }
        }

        int[] signatures(int threads) {
            int[] all = dev.readInts(out, 32 * ((threads + 3) / 4));
            int[] r = new int[threads];
            for (int t = 0; t < threads; t++) {
                r[t] = all[t];
            }
            return r;
        }

        @Override
        public void close() {
            dev.close();
        }
    }

    /** A group as the slides write a warp: the thread in each of the four lanes, "-" for none. */
    static String warpText(DivergenceModel dm, int slot) {
        StringBuilder sb = new StringBuilder("[");
        for (int l = 0; l < LANES; l++) {
            String t = "-";
            for (int i = 0; i < dm.members(slot); i++) {
                if ((dm.memberLanes(slot, i) >>> l & 1) != 0) {
                    t = Integer.toString(dm.member(slot, i).index() * LANES + l + 1);
                }
            }
            sb.append(l == 0 ? "" : " ").append(t);
        }
        return sb.append(']').toString();
    }

    /** A block-wide mask in the thesis's lane-grouped form: per lane, one bit per static warp (W1 first). */
    static String laneGrouped(long[] warpMasks) {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < LANES; l++) {
            sb.append(l == 0 ? "" : " ");
            for (long m : warpMasks) {
                sb.append(m >>> l & 1);
            }
        }
        return sb.toString();
    }

    /** A block-wide mask as thread numbers. */
    static String threads(long[] warpMasks) {
        List<String> l = new ArrayList<>();
        for (int w = 0; w < warpMasks.length; w++) {
            for (int lane = 0; lane < LANES; lane++) {
                if ((warpMasks[w] >>> lane & 1) != 0) {
                    l.add(Integer.toString(w * LANES + lane + 1));
                }
            }
        }
        return String.join(" ", l);
    }

    /**
     * The block-wide stack above the prologue's entry (lanes 4-31 wait at the exit there), an RPC at the kernel's
     * exit written "-" as in the papers.
     */
    private static String stack(Driver d) {
        TbcModel m = (TbcModel) d.cta.simt();
        List<String> parts = new ArrayList<>();
        for (TbcModel.Entry e : m.entries()) {
            String pc = d.block(e.pc());
            if (pc.equals("exit")) {
                continue;
            }
            String rpc = e.rpc() < 0 || d.block(e.rpc()).equals("exit") ? "-" : d.block(e.rpc());
            parts.add("(" + pc + "," + rpc + "," + threads(e.masks()) + ")");
        }
        return String.join("", parts);
    }

    @Test
    void slidesExampleCompactsIntoFourIssuesAndRestoresTheStaticWarps() {
        List<String> stackAtC = new ArrayList<>();
        try (Driver d = new Driver(SLIDES, "slides_tbc", 3, SLIDES_D, "tbc")) {
            boolean any = true;
            while (any) {
                any = false;
                for (int s = 0; s < 3; s++) {
                    if (d.cta.simt().state(s) == DivergenceModel.RUNNABLE
                            && d.block(d.cta.simt().pc(s)).equals("C")
                            && stackAtC.isEmpty()) {
                        stackAtC.add(stack(d));
                    }
                    any |= d.step(s);
                }
            }
            assertEquals("(E,-,1 2 3 4 5 6 7 8 9 10 11 12)(D,E,3 4 6 9 10)(C,E,1 2 5 7 8 11 12)", stackAtC.get(0));
            assertEquals(List.of("[1 2 3 4]", "[5 6 7 8]", "[9 10 11 12]"), d.warpsIn("A"));
            assertEquals(List.of("[1 2 7 8]", "[5 - 11 12]"), d.warpsIn("C"));
            assertEquals(List.of("[9 6 3 4]", "[- 10 - -]"), d.warpsIn("D"));
            assertEquals(List.of("[1 2 3 4]", "[5 6 7 8]", "[9 10 11 12]"), d.warpsIn("E"), "static warps restored");
            assertEquals(4, d.bodyIssues().get("C") + d.bodyIssues().get("D"), "TBC: 4 issues for C and D");
            int[] sig = d.signatures(12);
            for (int t = 1; t <= 12; t++) {
                int expected = 1 | ((SLIDES_D >> (t - 1) & 1) != 0 ? 4 : 2) | 8;
                assertEquals(expected, sig[t - 1], "thread " + t);
            }
        }
        try (Driver d = new Driver(SLIDES, "slides_tbc", 3, SLIDES_D, "pdom")) {
            d.runRoundRobin();
            assertEquals(List.of("[1 2 - -]", "[5 - 7 8]", "[- - 11 12]"), d.warpsIn("C"));
            assertEquals(List.of("[- - 3 4]", "[- 6 - -]", "[9 10 - -]"), d.warpsIn("D"));
            assertEquals(6, d.bodyIssues().get("C") + d.bodyIssues().get("D"), "PDOM: 6 issues for C and D");
        }
    }

    @Test
    void thesisExample3TakesOneEighthFewerIssues() {
        Map<String, Integer> pdom;
        Map<String, Integer> tbc;
        int[] pdomSig;
        try (Driver d = new Driver(EXAMPLE_3, "example3", 2, EXAMPLE_3_B, "pdom")) {
            d.runRoundRobin();
            pdom = d.bodyIssues();
            pdomSig = d.signatures(8);
        }
        try (Driver d = new Driver(EXAMPLE_3, "example3", 2, EXAMPLE_3_B, "tbc")) {
            d.runRoundRobin();
            tbc = d.bodyIssues();
            assertEquals(List.of("[1 6 7 -]"), d.warpsIn("C"), "threads (1,6,7) compacted into a single warp");
            assertEquals(List.of("[5 2 3 4]", "[- - - 8]"), d.warpsIn("B"));
            assertArrayEquals(pdomSig, d.signatures(8), "the same results");
        }
        // per-warp stacks: A A C C B B D D; thread block compaction: A A C B B D D
        assertEquals(Map.of("A", 2, "B", 2, "C", 2, "D", 2), pdom);
        assertEquals(Map.of("A", 2, "B", 2, "C", 1, "D", 2), tbc);
        int pdomTime = pdom.values().stream().mapToInt(Integer::intValue).sum();
        int tbcTime = tbc.values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(0.125, (pdomTime - tbcTime) / (double) pdomTime, 1e-12, "12.5% less execution time");
        for (int t = 1; t <= 8; t++) {
            int expected = 1 | ((EXAMPLE_3_B >> (t - 1) & 1) != 0 ? 4 : 2) | 8;
            assertEquals(expected, pdomSig[t - 1], "thread " + t);
        }
    }

    @Test
    void figure37PopulatesTheTargetsAsWarpsArriveAndCompactsThem() {
        String fig37 = EXAMPLE_3.replace("example3", "fig37");
        try (Driver d = new Driver(fig37, "fig37", 3, FIG_3_7_B, "tbc")) {
            TbcModel m = (TbcModel) d.cta.simt();
            d.passPrologue();
            assertEquals(3, top(m).wcnt(), "WCnt 3 before any arrival");
            List<String> arrivals = new ArrayList<>();
            for (int w : new int[] {1, 2}) { // W2 arrives first, then W3
                while (d.cta.simt().state(w) == DivergenceModel.RUNNABLE) {
                    assertTrue(d.step(w));
                }
                long[][] targets = m.pendingTargets();
                arrivals.add("B " + laneGrouped(targets[0]) + " / C " + laneGrouped(targets[1]) + " / WCnt "
                        + top(m).wcnt());
            }
            while (d.cta.simt().state(0) == DivergenceModel.RUNNABLE && m.pendingTargets() != null) {
                assertTrue(d.step(0)); // W1 arrives last: WCnt reaches 0 and the branch resolves
            }
            assertNull(m.pendingTargets());
            List<TbcModel.Entry> e = m.entries();
            TbcModel.Entry b = e.get(e.size() - 2);
            TbcModel.Entry c = e.get(e.size() - 1);
            arrivals.add("B " + laneGrouped(b.masks()) + " / C " + laneGrouped(c.masks()));
            // the figure's "@ W2 Arrival", "@ W3 Arrival" and "@ W1 Arrival" states (bits each arrival set in bold)
            assertEquals(
                    List.of(
                            "B 000 010 010 000 / C 010 000 000 010 / WCnt 2",
                            "B 001 011 010 001 / C 010 000 001 010 / WCnt 1",
                            "B 101 011 010 001 / C 010 100 101 110"),
                    arrivals);
            assertEquals("2 3 4 5 8 11", threads(c.masks()), "C gets {2,3,4,5,8,11}");
            assertEquals("1 6 7 9 10 12", threads(b.masks()), "B gets {1,6,7,9,10,12}");
            // "Send to Thread Compactor": C's compacted warps [5,2,3,4] and [-,-,11,8], WCnt 2
            assertEquals(2, c.wcnt(), "WCnt of C = the most threads in one lane");
            assertEquals("[5 2 3 4]", warpText(m, 0));
            assertEquals("[- - 11 8]", warpText(m, 1));
            assertEquals(DivergenceModel.WAITING, m.state(2), "no third compacted warp");
            d.runRoundRobin();
            assertEquals(List.of("[5 2 3 4]", "[- - 11 8]"), d.warpsIn("C"));
            assertEquals(List.of("[1 6 7 12]", "[9 10 - -]"), d.warpsIn("B"));
            assertEquals(List.of("[1 2 3 4]", "[5 6 7 8]", "[9 10 11 12]"), d.warpsIn("D"));
        }
    }

    /**
     * The thesis's Example 4 and Figure 3.8 (§3.4, likely-convergence points): "while (i < K) { X = data[i]; // A
     * if (X == 0) result[i] = Y; // B else if (X == 1) // C break; // D i++; // E } return result[i]; // F". The warp
     * diverges at A: thread 1 to B, threads 2-4 to C; "three entries are pushed onto the stack": the
     * likely-convergence entry for E, then C and B (the figure's stack: F, E, C, B from the bottom). Threads 3 and 4
     * break to F; threads 1 and 2 meet again at E, the loop's back edge, instead of at F, and run the next
     * iterations as one warp. Here data[] gives thread 1 X = 0 and thread 2 X = 2 for every i, threads 3 and 4 X =
     * 1; K = 3.
     */
    static final String EXAMPLE_4 = ".visible .entry example4(.param .u64 data, .param .u64 result, .param .u32 k)\n"
            + "{\n"
            + "  .reg .pred %p<5>;\n  .reg .b32 %r<12>;\n  .reg .b64 %rd<8>;\n"
            + "  mov.u32 %r1, %laneid;\n"
            + "  setp.ge.u32 %p1, %r1, 4;\n"
            + "  @%p1 exit;\n"
            + "  ld.param.u32 %r2, [k];\n"
            + "  ld.param.u64 %rd1, [data];\n"
            + "  ld.param.u64 %rd2, [result];\n"
            + "  mov.u32 %r3, 0;\n" // i
            + "A:\n"
            + "  shl.b32 %r4, %r3, 2;\n"
            + "  add.u32 %r4, %r4, %r1;\n"
            + "  mul.wide.u32 %rd3, %r4, 4;\n"
            + "  add.s64 %rd4, %rd1, %rd3;\n"
            + "  ld.global.u32 %r5, [%rd4];\n" // X = data[i] (per thread)
            + "  setp.ne.u32 %p2, %r5, 0;\n"
            + "  @%p2 bra C;\n"
            + "B:\n"
            + "  mul.wide.u32 %rd5, %r1, 4;\n"
            + "  add.s64 %rd6, %rd2, %rd5;\n"
            + "  st.global.u32 [%rd6], %r3;\n" // result = Y (the iteration)
            + "  bra.uni E;\n"
            + "C:\n"
            + "  setp.eq.u32 %p3, %r5, 1;\n"
            + "  @%p3 bra F;\n" // D: break
            + "E:\n"
            + "  add.u32 %r3, %r3, 1;\n"
            + "  setp.lt.u32 %p4, %r3, %r2;\n"
            + "  @%p4 bra A;\n"
            + "F:\n"
            + "  mul.wide.u32 %rd5, %r1, 4;\n"
            + "  add.s64 %rd7, %rd2, %rd5;\n"
            + "  ld.global.u32 %r6, [%rd7];\n"
            + "  add.u32 %r6, %r6, 100;\n"
            + "  st.global.u32 [%rd7], %r6;\n"
            + "  ret;\n"
            + "}\n";

    @Test
    void example4LikelyConvergenceMergesAtTheLoopsBackEdge() {
        int[] data = new int[12];
        for (int i = 0; i < 3; i++) {
            data[4 * i] = 0;
            data[4 * i + 1] = 2;
            data[4 * i + 2] = 1;
            data[4 * i + 3] = 1;
        }
        int[] withLcp;
        int[] without;
        String stackAfterA = null;
        try (Driver d = new Driver(EXAMPLE_4, "example4", 1, 0, "tbc-lcp", data)) {
            TbcModel m = (TbcModel) d.cta.simt();
            while (d.step(0)) {
                if (stackAfterA == null && m.entries().size() >= 4) {
                    stackAfterA = lcpStack(d, m);
                }
            }
            // the figure's state 2: F (reconvergence), E (likely-convergence entry), C (threads 2-4), B (thread 1)
            assertEquals("(F,-,1 2 3 4)(E,F,)(C,F,2 3 4)(B,F,1)", stackAfterA);
            withLcp = d.bodyIssuesList("A");
            assertArrayEquals(new int[] {2 + 100, 100, 100, 100}, d.signatures(4), "result after the loop");
        }
        try (Driver d = new Driver(EXAMPLE_4, "example4", 1, 0, "tbc", data)) {
            while (d.step(0)) {
                // run to the end
            }
            without = d.bodyIssuesList("A");
            assertArrayEquals(new int[] {2 + 100, 100, 100, 100}, d.signatures(4), "the same results");
        }
        // A's first instruction, per issue, as thread lists: with LCP threads 1 and 2 run the later iterations together
        assertEquals(List.of("[1 2 3 4]", "[1 2 - -]", "[1 2 - -]"), d2(withLcp));
        assertEquals(List.of("[1 2 3 4]", "[1 - - -]", "[1 - - -]", "[- 2 - -]", "[- 2 - -]"), d2(without));
    }

    private static List<String> d2(int[] issues) {
        List<String> l = new ArrayList<>();
        for (int mask : issues) {
            StringBuilder sb = new StringBuilder("[");
            for (int lane = 0; lane < LANES; lane++) {
                sb.append(lane == 0 ? "" : " ").append((mask >>> lane & 1) != 0 ? Integer.toString(lane + 1) : "-");
            }
            l.add(sb.append(']').toString());
        }
        return l;
    }

    private static String lcpStack(Driver d, TbcModel m) {
        List<String> parts = new ArrayList<>();
        for (TbcModel.Entry e : m.entries()) {
            String pc = d.block(e.pc());
            if (pc.equals("exit")) {
                continue;
            }
            String rpc = e.rpc() < 0 || d.block(e.rpc()).equals("exit") ? "-" : d.block(e.rpc());
            parts.add("(" + pc + "," + rpc + "," + threads(e.masks()) + ")");
        }
        return String.join("", parts);
    }

    private static TbcModel.Entry top(TbcModel m) {
        List<TbcModel.Entry> e = m.entries();
        return e.get(e.size() - 1);
    }
}
