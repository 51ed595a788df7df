package dev.gmac.gpu.ptx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A divergence analysis that finds the conditional branches every thread of a CTA that reaches them together
 * takes the same way: the compiler's "not potentially divergent" annotation that lets thread block compaction
 * skip the block-wide synchronisation (Fung thesis §3.3.1: "the programmer/compiler can statically annotate
 * non-divergent branches (such as bra.uni in the PTX-ISA)"; nvcc no longer writes {@code bra.uni} on conditional
 * branches, so the lowering works it out). Sets {@link Insn#blockUniform}.
 *
 * <p>A flow-sensitive forward analysis over one function's instructions, iterated to a fixed point. A variable
 * (register or predicate) is <em>varying</em> at a point when threads that reach the point together may hold
 * different values:
 *
 * <ul>
 *   <li><b>Sources</b>: {@code %tid}, {@code %laneid}, {@code %warpid}, the lane masks, clocks and {@code %smid};
 *       every load except kernel parameters, the constant bank and read-only global data ({@code ld.global.nc},
 *       which nvcc emits for {@code const __restrict__} pointers), since global and shared memory may change
 *       between one warp's load and another's, and call results and device-function parameters live in the frame;
 *       atomics; warp collectives; calls.
 *   <li><b>Data dependence</b>: an instruction reading a varying variable or guarded by a varying predicate makes
 *       what it writes varying; an unguarded write of uniform operands makes its destination uniform again.
 *   <li><b>Sync dependence</b>: at a conditional branch with a varying predicate, threads split; where the two
 *       sides meet again (a point reachable from both successors before the branch's immediate post-dominator, or
 *       the post-dominator itself), a variable is varying when the definitions that reach it along the two sides
 *       differ (reaching definitions, each side walked from its successor without passing the branch again).
 *       A loop counter advanced by the same instruction on both sides of a divergent branch inside the loop thus
 *       stays uniform, while a value set on one side only does not.
 * </ul>
 *
 * <p>A conditional branch whose predicate is uniform where it stands is reached by threads that all hold the same
 * predicate value: they take it together.
 */
final class Uniformity {
    /** Reaching-definition lattice: not reached, the value from before the branch, or more than one definition. */
    private static final int UNREACHED = -3;

    private static final int BEFORE = -1;
    private static final int MULTI = -2;

    private final Insn[] code;
    private final int start;
    private final int n;
    private final int vars;
    private final int slots;
    private final int[][] succ;
    private final int[][] pred;
    private final BitSet[] in;
    private final BitSet[] join;

    private Uniformity(Insn[] code, FunctionInfo f, IntFunction<int[]> successors) {
        this.code = code;
        this.start = f.entryPc;
        this.n = f.exitPc - f.entryPc + 1;
        int maxReg = Math.max(1, f.slots);
        int maxPred = Math.max(1, f.preds);
        for (int i = 0; i < n; i++) {
            Insn in = code[start + i];
            for (int r : in.srcRegs) {
                maxReg = Math.max(maxReg, r + 1);
            }
            for (int r : in.dstRegs) {
                maxReg = Math.max(maxReg, r + 1);
            }
            for (int q : in.srcPreds) {
                maxPred = Math.max(maxPred, q + 1);
            }
            for (int q : in.dstPreds) {
                maxPred = Math.max(maxPred, q + 1);
            }
            if (in.guard >= 0) {
                maxPred = Math.max(maxPred, in.guard + 1);
            }
        }
        this.slots = maxReg;
        this.vars = slots + maxPred;
        this.succ = new int[n][];
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            preds.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            int[] s = successors.apply(start + i);
            int k = 0;
            int[] local = new int[s.length];
            for (int t : s) {
                if (t >= start && t < start + n) {
                    local[k++] = t - start;
                    preds.get(t - start).add(i);
                }
            }
            succ[i] = Arrays.copyOf(local, k);
        }
        this.pred = new int[n][];
        for (int i = 0; i < n; i++) {
            pred[i] = preds.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        this.in = new BitSet[n];
        this.join = new BitSet[n];
        for (int i = 0; i < n; i++) {
            in[i] = new BitSet(vars);
            join[i] = new BitSet(vars);
        }
    }

    /** Marks the block-uniform conditional branches of function {@code f} in {@code code}. */
    static void mark(Insn[] code, FunctionInfo f, IntFunction<int[]> successors) {
        new Uniformity(code, f, successors).run();
    }

    private void run() {
        boolean[] joined = new boolean[n];
        while (true) {
            propagate();
            boolean more = false;
            for (int i = 0; i < n; i++) {
                Insn b = code[start + i];
                if (!joined[i] && b.op == Op.BRA && b.guard >= 0 && in[i].get(slots + b.guard)) {
                    joined[i] = true;
                    more |= joins(i);
                }
            }
            if (!more) {
                break;
            }
        }
        for (int i = 0; i < n; i++) {
            Insn b = code[start + i];
            b.blockUniform = b.op == Op.BRA && b.guard >= 0 && !in[i].get(slots + b.guard);
        }
    }

    /** The data-flow fixed point of {@link #in} given the sync-dependence {@link #join} sets. */
    private void propagate() {
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int i = 0; i < n; i++) {
            work.add(i);
            queued[i] = true;
        }
        BitSet out = new BitSet(vars);
        while (!work.isEmpty()) {
            int i = work.poll();
            queued[i] = false;
            out.clear();
            out.or(in[i]);
            transfer(code[start + i], out);
            for (int s : succ[i]) {
                BitSet next = in[s];
                BitSet before = (BitSet) next.clone();
                next.or(out);
                next.or(join[s]);
                if (!next.equals(before) && !queued[s]) {
                    queued[s] = true;
                    work.add(s);
                }
            }
        }
    }

    private void transfer(Insn in, BitSet state) {
        boolean varying = source(in) || (in.guard >= 0 && state.get(slots + in.guard));
        for (int r : in.srcRegs) {
            varying |= state.get(r);
        }
        for (int p : in.srcPreds) {
            varying |= state.get(slots + p);
        }
        for (int r : in.dstRegs) {
            set(state, r, varying, in.guard >= 0);
        }
        for (int p : in.dstPreds) {
            set(state, slots + p, varying, in.guard >= 0);
        }
    }

    private static void set(BitSet state, int v, boolean varying, boolean guarded) {
        if (varying) {
            state.set(v);
        } else if (!guarded) {
            state.clear(v); // a uniform value overwrites the variable for every thread
        }
    }

    /**
     * Sync dependence of the divergent branch at {@code b}: reaching definitions along each side; where both sides
     * reach, variables whose reaching definitions differ become varying. True when a join set grew.
     */
    private boolean joins(int b) {
        int stop = code[start + b].rpc - start;
        int[] sides = succ[b];
        if (sides.length < 2) {
            return false;
        }
        int[][] a = reaching(sides[0], b, stop);
        int[][] c = reaching(sides[1], b, stop);
        boolean grew = false;
        for (int i = 0; i < n; i++) {
            if (a[i] == null || c[i] == null) {
                continue;
            }
            for (int v = 0; v < vars; v++) {
                if ((a[i][v] != c[i][v] || a[i][v] == MULTI) && !join[i].get(v)) {
                    join[i].set(v);
                    grew = true;
                }
            }
        }
        return grew;
    }

    /**
     * Reaching definitions (per variable: {@link #BEFORE}, the defining PC, or {@link #MULTI}) at the entry of every
     * point reachable from {@code from} without passing {@code branch} again and without going past {@code stop};
     * null for points not reached.
     */
    private int[][] reaching(int from, int branch, int stop) {
        int[][] at = new int[n][];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        int[] initial = new int[vars];
        Arrays.fill(initial, BEFORE);
        at[from] = initial;
        work.add(from);
        while (!work.isEmpty()) {
            int i = work.poll();
            if (i == stop) {
                continue; // the post-dominator is a meeting point; beyond it, data flow carries any divergence
            }
            int[] out = at[i].clone();
            Insn in = code[start + i];
            for (int r : in.dstRegs) {
                out[r] = in.guard >= 0 ? MULTI : start + i;
            }
            for (int p : in.dstPreds) {
                out[slots + p] = in.guard >= 0 ? MULTI : start + i;
            }
            for (int s : succ[i]) {
                if (s == branch) {
                    continue;
                }
                if (at[s] == null) {
                    at[s] = out.clone();
                    work.add(s);
                } else if (merge(at[s], out)) {
                    work.add(s);
                }
            }
        }
        return at;
    }

    private static boolean merge(int[] into, int[] from) {
        boolean changed = false;
        for (int v = 0; v < into.length; v++) {
            if (into[v] != from[v] && into[v] != MULTI) {
                into[v] = MULTI;
                changed = true;
            }
        }
        return changed;
    }

    /** True when {@code in} produces a value that may differ between threads whatever its operands. */
    private static boolean source(Insn in) {
        switch (in.op) {
            case Op.MOV_SREG:
                switch (in.sub) {
                    case Op.SR_NTID_X:
                    case Op.SR_NTID_Y:
                    case Op.SR_NTID_Z:
                    case Op.SR_CTAID_X:
                    case Op.SR_CTAID_Y:
                    case Op.SR_CTAID_Z:
                    case Op.SR_NCTAID_X:
                    case Op.SR_NCTAID_Y:
                    case Op.SR_NCTAID_Z:
                    case Op.SR_NWARPID:
                    case Op.SR_NSMID:
                    case Op.SR_GRIDID:
                    case Op.SR_WARPSZ:
                    case Op.SR_DYN_SMEM:
                    case Op.SR_TOTAL_SMEM:
                        return false;
                    default:
                        return true;
                }
            case Op.LD_KPARAM:
                return false;
            case Op.LD:
            case Op.LD_GLOBAL_32:
            case Op.LD_GLOBAL_64:
                // the constant bank and read-only global data (ld.global.nc) do not change during a launch: a load
                // from a uniform address returns the same value to every thread
                return !(in.space == StateSpace.CONST || in.readOnly);
            case Op.LD_SHARED_32:
            case Op.ATOM:
            case Op.VOTE:
            case Op.SHFL:
            case Op.MATCH:
            case Op.ACTIVEMASK:
            case Op.CALL:
            case Op.BAR:
                return true;
            default:
                return false;
        }
    }
}
