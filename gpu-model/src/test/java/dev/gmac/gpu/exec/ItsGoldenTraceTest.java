package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Golden traces of {@code its} (independent thread scheduling, {@link ItsModel}) on the papers' examples: the
 * warp's paths after every issued instruction, each as (block, lanes thread 1 first, state), consecutive equal
 * states collapsed. Under {@code its} the diverged halves are separate paths; the fall-through half runs first and
 * parks at the branch's immediate post-dominator until the other half arrives, and then they run on as one.
 */
class ItsGoldenTraceTest {

    private static List<String> trace(
            TestDevice dev, PtxModule m, String source, String kernel, int lanes, long... args) {
        TreeMap<Integer, String> names = PdomGoldenTraceTest.blocks(m, source, kernel);
        KernelLaunch launch = dev.gpu()
                .prepare(m, kernel, Dim3.of(1), Dim3.of(lanes), 0, LaunchOptions.DEFAULTS.withDivergence("its"), args);
        Cta cta = launch.dispatchCta();
        ItsModel its = (ItsModel) cta.simt();
        IssueRecord rec = new IssueRecord();
        List<String> states = new ArrayList<>();
        states.add(state(its.paths(0), names, lanes));
        while (launch.issue(cta, 0, rec)) {
            String s = state(its.paths(0), names, lanes);
            if (!s.equals(states.get(states.size() - 1))) {
                states.add(s);
            }
        }
        return states;
    }

    private static String state(List<long[]> paths, TreeMap<Integer, String> names, int lanes) {
        StringBuilder sb = new StringBuilder();
        for (long[] p : paths) {
            String st = p[2] == -1 ? "run" : p[2] == 1 ? "parked" : "ready";
            sb.append('(')
                    .append(names.floorEntry((int) p[0]).getValue())
                    .append(',')
                    .append(PdomGoldenTraceTest.mask(p[1], lanes))
                    .append(',')
                    .append(st)
                    .append(')');
        }
        return sb.toString();
    }

    /**
     * The slides' {@code foo} example (GPGPU architecture slides, Part 1): "A and B run with T1-T4 together, then C
     * runs for part of the warp, then D for the rest, then E for all four." Under {@code its}: after B the warp holds
     * two paths, C (T1,T2, running) and D (T3,T4); C reaches E and parks; D runs to E; both meet and E runs with all
     * four threads.
     */
    @Test
    void slidesFooExample() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(PdomGoldenTraceTest.FOO);
            long bar = dev.ints(100, 200, 300, 400);
            long v = dev.zeros(16);
            long w = dev.zeros(16);
            List<String> states = trace(dev, m, PdomGoldenTraceTest.FOO, "foo_kernel", 4, bar, v, w);
            assertEquals(
                    List.of(
                            "(A,1111,run)",
                            "(B,1111,run)",
                            "(C,1100,run)(D,0011,ready)",
                            "(E,1100,parked)(D,0011,run)",
                            "(E,1111,run)",
                            ""),
                    states);
            assertArrayEquals(new int[] {0, 0, 10, 10}, dev.readInts(v, 4), "v");
            assertArrayEquals(new int[] {100, 200, 310, 410}, dev.readInts(w, 4), "w = bar + v");
        }
    }

    /**
     * The thesis's Figure 2.3 control flow (A→{B,F}, B→{C,D}, C,D→E, E→G, F→G) under {@code its}: nested
     * divergence gives nested convergence groups; E runs once for threads 1-3 after C and D meet there, then F
     * (thread 4) runs and all four meet at G.
     */
    @Test
    void thesisFigure23Example() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(PdomGoldenTraceTest.FIG_2_3);
            long out = dev.zeros(16);
            List<String> states = trace(dev, m, PdomGoldenTraceTest.FIG_2_3, "fig23", 4, out);
            assertEquals(
                    List.of(
                            "(A,1111,run)",
                            "(B,1110,run)(F,0001,ready)",
                            "(C,1000,run)(D,0110,ready)(F,0001,ready)",
                            "(E,1000,parked)(D,0110,run)(F,0001,ready)",
                            "(E,1110,run)(F,0001,ready)",
                            "(G,1110,parked)(F,0001,run)",
                            "(G,1111,run)",
                            ""),
                    states);
            int abceg = 1 | 2 | 4 | 16 | 64;
            int abdeg = 1 | 2 | 8 | 16 | 64;
            int afg = 1 | 32 | 64;
            assertArrayEquals(new int[] {abceg, abdeg, abdeg, afg}, dev.readInts(out, 4));
        }
    }
}
