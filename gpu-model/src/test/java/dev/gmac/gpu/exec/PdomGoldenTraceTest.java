package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Golden traces of the per-warp PDOM SIMT stack: the stack after every issued warp instruction, with each PC
 * named by the basic block (label) it lies in and masks written thread 1 first as in the papers, consecutive
 * equal states collapsed. The expected sequences are the papers' own walk-throughs.
 */
class PdomGoldenTraceTest {

    /**
     * The slides' example (GPGPU architecture slides, Part 1, "SIMT Execution Model"):
     *
     * <pre>
     * foo[] = {4,8,12,16};
     * A: v = foo[threadIdx.x];
     * B: if (v &lt; 10)
     * C:     v = 0;
     *    else
     * D:     v = 10;
     * E: w = bar[threadIdx.x]+v;
     * </pre>
     *
     * "A and B run with T1-T4 together, then C runs for part of the warp, then D for the rest, then E for all
     * four." Derived stack walk (slides digest, golden test T1): start [(A,-,1111)]; at B the warp diverges: the
     * top becomes (E,-,1111), then (D,E,0011) and (C,E,1100) are pushed, C on top; C runs with 1100 and pops when
     * its next PC is E; D runs with 0011 and pops; E runs with 1111.
     */
    static final String FOO = ".const .align 4 .u32 foo[4] = {4, 8, 12, 16};\n"
            + ".visible .entry foo_kernel(.param .u64 bar, .param .u64 outv, .param .u64 outw)\n"
            + "{\n"
            + "  .reg .pred %p<2>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<8>;\n"
            + "A:\n"
            + "  mov.u32 %r1, %tid.x;\n"
            + "  mul.wide.u32 %rd1, %r1, 4;\n"
            + "  mov.u64 %rd2, foo;\n"
            + "  add.s64 %rd3, %rd2, %rd1;\n"
            + "  ld.const.u32 %r2, [%rd3];\n" // v = foo[tid]
            + "B:\n"
            + "  setp.ge.u32 %p1, %r2, 10;\n"
            + "  @%p1 bra D;\n"
            + "C:\n"
            + "  mov.u32 %r2, 0;\n"
            + "  bra.uni E;\n"
            + "D:\n"
            + "  mov.u32 %r2, 10;\n"
            + "E:\n"
            + "  ld.param.u64 %rd4, [bar];\n"
            + "  add.s64 %rd5, %rd4, %rd1;\n"
            + "  ld.global.u32 %r3, [%rd5];\n"
            + "  add.s32 %r4, %r3, %r2;\n" // w = bar[tid] + v
            + "  ld.param.u64 %rd6, [outv];\n"
            + "  add.s64 %rd6, %rd6, %rd1;\n"
            + "  st.global.u32 [%rd6], %r2;\n"
            + "  ld.param.u64 %rd7, [outw];\n"
            + "  add.s64 %rd7, %rd7, %rd1;\n"
            + "  st.global.u32 [%rd7], %r4;\n"
            + "  ret;\n"
            + "}\n";

    /**
     * The thesis example (Fung, §2.3.2, Figure 2.3, "Example operation of a SIMT stack"): a warp of four threads
     * (1, 2, 3, 4), control flow A→{B,F}, B→{C,D}, C→E, D→E, E→G, F→G. The thesis: "1. When the warp starts to
     * execute basic block A, its SIMT stack consists of a single entry with a fully populated active mask (1111)
     * ... 2. The warp has encountered a divergent branch at the end of basic block A, with thread (1, 2, 3)
     * diverging to block B, and thread (4) diverging to block F. The warp pushes two new entries onto the SIMT
     * stack, with the RPC in both entries set to basic block G, the immediate post-dominator of block A ...
     * (1110 for block B and 0001 for block F). The warp also modifies the PC at the bottom of the stack to basic
     * block G. 3. The warp has encountered another divergent branch at the end of the basic block B. The warp
     * pushes two more new entries onto the SIMT stack, each with the RPC set to basic block E. One entry
     * corresponds to the execution of basic block C with only thread (1) active ..." and D with threads 2 and 3;
     * the figure's states then pop C, D, E (threads 1-3) and F (thread 4) before G runs with all four.
     */
    static final String FIG_2_3 = ".visible .entry fig23(.param .u64 out)\n"
            + "{\n"
            + "  .reg .pred %p<3>;\n  .reg .b32 %r<8>;\n  .reg .b64 %rd<4>;\n"
            + "A:\n"
            + "  mov.u32 %r1, %tid.x;\n"
            + "  mov.u32 %r2, 1;\n" // path signature, one bit per block
            + "  setp.eq.u32 %p1, %r1, 3;\n" // thread 4 goes to F
            + "  @%p1 bra F;\n"
            + "B:\n"
            + "  or.b32 %r2, %r2, 2;\n"
            + "  setp.ne.u32 %p2, %r1, 0;\n" // threads 2 and 3 go to D, thread 1 to C
            + "  @%p2 bra D;\n"
            + "C:\n"
            + "  or.b32 %r2, %r2, 4;\n"
            + "  bra.uni E;\n"
            + "D:\n"
            + "  or.b32 %r2, %r2, 8;\n"
            + "E:\n"
            + "  or.b32 %r2, %r2, 16;\n"
            + "  bra.uni G;\n"
            + "F:\n"
            + "  or.b32 %r2, %r2, 32;\n"
            + "G:\n"
            + "  or.b32 %r2, %r2, 64;\n"
            + "  ld.param.u64 %rd1, [out];\n"
            + "  mul.wide.u32 %rd2, %r1, 4;\n"
            + "  add.s64 %rd3, %rd1, %rd2;\n"
            + "  st.global.u32 [%rd3], %r2;\n"
            + "  ret;\n"
            + "}\n";

    /** Block names by PC: the last label at or before the PC. */
    static TreeMap<Integer, String> blocks(PtxModule m, String source, String kernel) {
        TreeMap<Integer, String> byPc = new TreeMap<>();
        Insn[] code = m.program().code();
        int entry = m.program().function(kernel).entryPc;
        int pc = entry;
        String current = null;
        for (String line : source.split("\n")) {
            String t = line.trim();
            if (t.matches("[A-G]:")) {
                current = t.substring(0, 1);
                byPc.put(pc, current);
            } else if (current != null && !t.isEmpty() && !t.startsWith(".") && !t.equals("{") && !t.equals("}")) {
                pc++;
            }
        }
        byPc.put(m.program().function(kernel).exitPc, "exit");
        assertEquals(code[entry].line, code[entry].line); // the map starts at the kernel's first instruction
        return byPc;
    }

    static String mask(long m, int lanes) {
        StringBuilder sb = new StringBuilder();
        for (int l = 0; l < lanes; l++) {
            sb.append((m >>> l) & 1);
        }
        return sb.toString();
    }

    private static String state(List<PdomStack.Entry> entries, TreeMap<Integer, String> names, int lanes) {
        List<String> parts = new ArrayList<>();
        for (PdomStack.Entry e : entries) {
            String pc = names.floorEntry(e.pc()).getValue();
            String rpc = e.rpc() < 0 ? "-" : names.floorEntry(e.rpc()).getValue();
            parts.add("(" + pc + "," + rpc + "," + mask(e.mask(), lanes) + ")");
        }
        return String.join("", parts);
    }

    /** Runs one warp of {@code lanes} threads instruction by instruction; returns the collapsed stack states. */
    private static List<String> trace(
            TestDevice dev, PtxModule m, String source, String kernel, int lanes, long... args) {
        TreeMap<Integer, String> names = blocks(m, source, kernel);
        KernelLaunch launch = dev.gpu().prepare(m, kernel, Dim3.of(1), Dim3.of(lanes), 0, args);
        Cta cta = launch.dispatchCta();
        PdomStack stack = ((PdomModel) cta.simt()).stack(0);
        IssueRecord rec = new IssueRecord();
        List<String> states = new ArrayList<>();
        states.add(state(stack.entries(), names, lanes));
        while (launch.issue(cta, 0, rec)) {
            String s = state(stack.entries(), names, lanes);
            if (!s.equals(states.get(states.size() - 1))) {
                states.add(s);
            }
        }
        return states;
    }

    @Test
    void slidesFooExample() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(FOO);
            long bar = dev.ints(100, 200, 300, 400);
            long v = dev.zeros(16);
            long w = dev.zeros(16);
            List<String> states = trace(dev, m, FOO, "foo_kernel", 4, bar, v, w);
            assertEquals(
                    List.of(
                            "(A,-,1111)",
                            "(B,-,1111)",
                            "(E,-,1111)(D,E,0011)(C,E,1100)",
                            "(E,-,1111)(D,E,0011)",
                            "(E,-,1111)",
                            ""),
                    states);
            assertArrayEquals(new int[] {0, 0, 10, 10}, dev.readInts(v, 4), "v");
            assertArrayEquals(new int[] {100, 200, 310, 410}, dev.readInts(w, 4), "w = bar + v");
        }
    }

    @Test
    void slidesFooExampleStatistics() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(FOO);
            LaunchStats s = dev.launch(
                    m, "foo_kernel", Dim3.of(1), Dim3.of(4), dev.ints(1, 2, 3, 4), dev.zeros(16), dev.zeros(16));
            // A+B: 7 instructions with 4 lanes; C: 2 with lanes T1,T2; D: 1 with T3,T4; E: 11 with 4 lanes
            assertEquals(7 + 2 + 1 + 11, s.warpInstructions());
            assertEquals(4 * 7 + 2 * 2 + 2 * 1 + 4 * 11, s.threadInstructions());
            assertEquals(1, s.divergentBranches());
            assertEquals(3, s.maxStackDepth());
            assertEquals((4.0 * 7 + 2 * 2 + 2 + 4 * 11) / (32.0 * 21), s.simdEfficiency(), 1e-12);
        }
    }

    @Test
    void thesisFigure23Example() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(FIG_2_3);
            long out = dev.zeros(16);
            List<String> states = trace(dev, m, FIG_2_3, "fig23", 4, out);
            assertEquals(
                    List.of(
                            "(A,-,1111)",
                            "(G,-,1111)(F,G,0001)(B,G,1110)",
                            "(G,-,1111)(F,G,0001)(E,G,1110)(D,E,0110)(C,E,1000)",
                            "(G,-,1111)(F,G,0001)(E,G,1110)(D,E,0110)",
                            "(G,-,1111)(F,G,0001)(E,G,1110)",
                            "(G,-,1111)(F,G,0001)",
                            "(G,-,1111)",
                            ""),
                    states);
            // signatures: thread 1 A B C E G, threads 2-3 A B D E G, thread 4 A F G
            int abceg = 1 | 2 | 4 | 16 | 64;
            int abdeg = 1 | 2 | 8 | 16 | 64;
            int afg = 1 | 32 | 64;
            assertArrayEquals(new int[] {abceg, abdeg, abdeg, afg}, dev.readInts(out, 4));
        }
    }

    @Test
    void executionOrderFollowsTheFigure() {
        // "Order: C -> pop -> D -> pop -> E (threads 1-3) -> pop -> F (thread 4) -> pop -> G (all four)"
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(FIG_2_3);
            TreeMap<Integer, String> names = blocks(m, FIG_2_3, "fig23");
            KernelLaunch launch = dev.gpu().prepare(m, "fig23", Dim3.of(1), Dim3.of(4), 0, dev.zeros(16));
            Cta cta = launch.dispatchCta();
            IssueRecord rec = new IssueRecord();
            List<String> order = new ArrayList<>();
            Map<String, String> masks = new TreeMap<>();
            while (launch.issue(cta, 0, rec)) {
                String b = names.floorEntry(rec.insn.pc).getValue();
                if (order.isEmpty() || !order.get(order.size() - 1).equals(b)) {
                    order.add(b);
                    masks.put(b, mask(rec.activeMask(), 4));
                }
            }
            assertEquals(List.of("A", "B", "C", "D", "E", "F", "G"), order);
            assertEquals(
                    Map.of("A", "1111", "B", "1110", "C", "1000", "D", "0110", "E", "1110", "F", "0001", "G", "1111"),
                    masks);
        }
    }
}
