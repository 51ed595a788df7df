package dev.gmac.gpu.cfg;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The control-flow graph of one function: basic blocks over an instruction range, a virtual exit node that
 * every returning, exiting or trapping block leads to, and the post-dominator tree computed with the
 * Cooper-Harvey-Kennedy iterative algorithm on the reversed graph. The immediate post-dominator (IPDOM) of a
 * branch is the reconvergence point of the PDOM SIMT stack (Fung thesis §2.1.2; GPGPU architecture slides
 * Part 2, "SIMT stack").
 *
 * <p>Blocks that cannot reach the exit (infinite loops) get one artificial edge to the exit from the
 * highest-addressed such block, repeated until every block reaches it, so that every branch has an IPDOM.
 */
public final class ControlFlowGraph {
    private final int start;
    private final int end;
    private final int[] blockOf;
    private final int[] leader;
    private final int[][] succ;
    private final int[] ipdom;
    private final int exitNode;

    private ControlFlowGraph(int start, int end, int[] blockOf, int[] leader, int[][] succ, int[] ipdom) {
        this.start = start;
        this.end = end;
        this.blockOf = blockOf;
        this.leader = leader;
        this.succ = succ;
        this.ipdom = ipdom;
        this.exitNode = leader.length;
    }

    /**
     * Builds the graph of instructions {@code start..end} (inclusive). {@code successors} gives the successor
     * PCs of an instruction; an empty array means the instruction leaves the function (return, exit, trap).
     * Successors outside the range are treated as leaving the function.
     */
    public static ControlFlowGraph build(int start, int end, IntFunction<int[]> successors) {
        int n = end - start + 1;
        int[][] isucc = new int[n][];
        boolean[] isLeader = new boolean[n];
        isLeader[0] = true;
        for (int i = 0; i < n; i++) {
            int[] s = successors.apply(start + i);
            isucc[i] = s;
            boolean fallthroughOnly = s.length == 1 && s[0] == start + i + 1;
            if (!fallthroughOnly) {
                for (int t : s) {
                    if (t >= start && t <= end) {
                        isLeader[t - start] = true;
                    }
                }
                if (i + 1 < n) {
                    isLeader[i + 1] = true;
                }
            }
        }
        int[] blockOf = new int[n];
        List<Integer> leaders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (isLeader[i]) {
                leaders.add(i);
            }
            blockOf[i] = leaders.size() - 1;
        }
        int nb = leaders.size();
        int exit = nb;
        int[] leader = new int[nb];
        for (int b = 0; b < nb; b++) {
            leader[b] = leaders.get(b);
        }
        List<List<Integer>> bsucc = new ArrayList<>();
        for (int b = 0; b < nb; b++) {
            int last = (b + 1 < nb ? leader[b + 1] : n) - 1;
            List<Integer> out = new ArrayList<>();
            for (int t : isucc[last]) {
                int target = (t >= start && t <= end) ? blockOf[t - start] : exit;
                if (!out.contains(target)) {
                    out.add(target);
                }
            }
            if (out.isEmpty()) {
                out.add(exit);
            }
            bsucc.add(out);
        }
        // Make every block reach the exit.
        while (true) {
            boolean[] reaches = reachesExit(bsucc, nb);
            int pick = -1;
            for (int b = nb - 1; b >= 0; b--) {
                if (!reaches[b] && reachableFromEntry(bsucc, nb)[b]) {
                    pick = b;
                    break;
                }
            }
            if (pick < 0) {
                for (int b = nb - 1; b >= 0; b--) {
                    if (!reaches[b]) {
                        pick = b;
                        break;
                    }
                }
            }
            if (pick < 0) {
                break;
            }
            bsucc.get(pick).add(exit);
        }
        int[][] succ = new int[nb][];
        for (int b = 0; b < nb; b++) {
            succ[b] = bsucc.get(b).stream().mapToInt(Integer::intValue).toArray();
        }
        int[] ipdom = postDominators(succ, nb);
        for (int b = 0; b < nb; b++) {
            leader[b] += start;
        }
        return new ControlFlowGraph(start, end, blockOf, leader, succ, ipdom);
    }

    private static boolean[] reachesExit(List<List<Integer>> succ, int nb) {
        boolean[] r = new boolean[nb + 1];
        r[nb] = true;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = nb - 1; b >= 0; b--) {
                if (!r[b]) {
                    for (int s : succ.get(b)) {
                        if (r[s]) {
                            r[b] = true;
                            changed = true;
                            break;
                        }
                    }
                }
            }
        }
        return r;
    }

    private static boolean[] reachableFromEntry(List<List<Integer>> succ, int nb) {
        boolean[] seen = new boolean[nb + 1];
        int[] stack = new int[nb + 1];
        int sp = 0;
        stack[sp++] = 0;
        seen[0] = true;
        while (sp > 0) {
            int b = stack[--sp];
            if (b == nb) {
                continue;
            }
            for (int s : succ.get(b)) {
                if (!seen[s]) {
                    seen[s] = true;
                    stack[sp++] = s;
                }
            }
        }
        return seen;
    }

    /** Immediate post-dominators of blocks 0..nb-1 (nb = the virtual exit); Cooper-Harvey-Kennedy. */
    private static int[] postDominators(int[][] succ, int nb) {
        int total = nb + 1;
        // predecessors in the original graph = successors in the reversed graph
        List<List<Integer>> pred = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            pred.add(new ArrayList<>());
        }
        for (int b = 0; b < nb; b++) {
            for (int s : succ[b]) {
                pred.get(s).add(b);
            }
        }
        // postorder of the reversed graph from the exit (iterative DFS)
        int[] order = new int[total];
        int[] rpoIndex = new int[total];
        Arrays.fill(rpoIndex, -1);
        boolean[] visited = new boolean[total];
        int[] stack = new int[total];
        int[] iter = new int[total];
        int sp = 0;
        int count = 0;
        stack[sp++] = nb;
        visited[nb] = true;
        while (sp > 0) {
            int v = stack[sp - 1];
            List<Integer> ps = pred.get(v);
            if (iter[v] < ps.size()) {
                int w = ps.get(iter[v]++);
                if (!visited[w]) {
                    visited[w] = true;
                    stack[sp++] = w;
                }
            } else {
                sp--;
                order[count++] = v;
            }
        }
        // order[0..count) is postorder; reverse postorder index
        for (int i = 0; i < count; i++) {
            rpoIndex[order[i]] = count - 1 - i;
        }
        int[] idom = new int[total];
        Arrays.fill(idom, -1);
        idom[nb] = nb;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = count - 1; i >= 0; i--) {
                int b = order[i];
                if (b == nb) {
                    continue;
                }
                int newIdom = -1;
                for (int s : succ[b]) {
                    if (idom[s] == -1) {
                        continue;
                    }
                    newIdom = newIdom == -1 ? s : intersect(s, newIdom, idom, rpoIndex);
                }
                if (newIdom != -1 && idom[b] != newIdom) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
        return idom;
    }

    private static int intersect(int a, int b, int[] idom, int[] rpoIndex) {
        while (a != b) {
            while (rpoIndex[a] > rpoIndex[b]) {
                a = idom[a];
            }
            while (rpoIndex[b] > rpoIndex[a]) {
                b = idom[b];
            }
        }
        return a;
    }

    /** Number of basic blocks (without the virtual exit). */
    public int blockCount() {
        return leader.length;
    }

    /** The block holding instruction {@code pc}. */
    public int blockOf(int pc) {
        return blockOf[pc - start];
    }

    /** The first PC of block {@code b}. */
    public int leaderPc(int b) {
        return leader[b];
    }

    /** Successor blocks of {@code b} ({@link #exitNode()} for the virtual exit). */
    public int[] successors(int b) {
        return succ[b].clone();
    }

    /** The id of the virtual exit node. */
    public int exitNode() {
        return exitNode;
    }

    /** The immediate post-dominator block of {@code b}, or {@link #exitNode()}. */
    public int immediatePostDominator(int b) {
        return ipdom[b];
    }

    /**
     * The reconvergence PC of the branch at {@code pc}: the first instruction of the immediate post-dominator
     * of its block, or the function's last instruction ({@code end}, its exit instruction) when that is the
     * virtual exit.
     */
    public int reconvergencePc(int pc) {
        int p = ipdom[blockOf(pc)];
        return p == exitNode || p < 0 ? end : leader[p];
    }
}
