package dev.gmac.gpu.ptx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shared-memory layout of a module, per kernel: each kernel's CTA holds only the {@code .shared} variables that
 * the kernel and the device functions it may call name (as ptxas allocates shared memory per kernel), so a module
 * holding a 6 KiB kernel and a 5 KiB kernel charges each CTA 6 or 5 KiB, not 11 (issue 15, item 3).
 *
 * <p>Lowering bakes a variable's offset into the code, and a device function called by two kernels must find its
 * variable at one offset in both: so every variable gets one offset for the module, chosen first-fit (in
 * declaration order, at its alignment) so that it overlaps no variable that a kernel reaching it also reaches.
 * Variables of disjoint kernels therefore share offsets, and a kernel's static size is the end of its last variable.
 * The dynamic {@code extern .shared} arrays all start at one offset: after the static variables of every kernel
 * that names one of them (so a kernel whose dynamic array is named by a kernel with more static shared memory
 * starts its dynamic area later than it would alone; decision 0520).
 *
 * <p>Which variables a function uses is read from the parsed code: every name among its instructions' operands
 * (registers and labels never match a variable), minus names its body declares itself; its callees are the
 * functions it names. A variable named in a module {@code .global} initializer counts as used by every kernel.
 */
final class SharedLayout {
    private final Map<PtxAst.VarDecl, Long> offsets = new IdentityHashMap<>();
    private final int[] staticBytes;
    private final int[] dynamicOffset;

    private SharedLayout(int functions) {
        this.staticBytes = new int[functions];
        this.dynamicOffset = new int[functions];
    }

    /** The offset of shared variable {@code v} (module or function scope) in the shared space. */
    long offset(PtxAst.VarDecl v) {
        return offsets.get(v);
    }

    /** Bytes of static shared memory of function {@code index} when it is launched as a kernel. */
    int staticBytes(int index) {
        return staticBytes[index];
    }

    /** Where the dynamic shared area of function {@code index} begins when it is launched as a kernel. */
    int dynamicOffset(int index) {
        return dynamicOffset[index];
    }

    /**
     * Lays out the shared variables of a module.
     *
     * @param globals the module-scope variables, each once
     * @param functions the functions, indexed as {@link FunctionInfo#index} (null body: a prototype)
     * @param funcIndex function name to index
     */
    static SharedLayout of(
            List<PtxAst.VarDecl> globals, List<PtxAst.Function> functions, Map<String, Integer> funcIndex) {
        int n = functions.size();
        SharedLayout layout = new SharedLayout(n);
        Map<String, PtxAst.VarDecl> moduleShared = new HashMap<>();
        List<PtxAst.VarDecl> all = new ArrayList<>();
        for (PtxAst.VarDecl v : globals) {
            if (v.space() == PtxAst.Space.SHARED) {
                if (v.init() != null) {
                    throw new UnsupportedPtxException(
                            v.line(), v.column(), ".shared", "shared variables cannot have initializers");
                }
                moduleShared.put(v.name(), v);
                all.add(v);
            }
        }
        // what each function uses and calls
        List<Set<PtxAst.VarDecl>> uses = new ArrayList<>();
        List<BitSet> calls = new ArrayList<>();
        for (PtxAst.Function f : functions) {
            Set<PtxAst.VarDecl> used = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
            BitSet callees = new BitSet();
            if (f.body() != null) {
                Set<String> names = new HashSet<>();
                Set<String> declared = new HashSet<>();
                for (PtxAst.Statement s : f.body()) {
                    if (s instanceof PtxAst.Instruction in) {
                        for (PtxAst.Operand o : in.operands()) {
                            collectNames(o, names);
                        }
                    } else if (s instanceof PtxAst.VarDecl v) {
                        declared.add(v.name());
                        if (v.space() == PtxAst.Space.SHARED) {
                            if (v.init() != null) {
                                throw new UnsupportedPtxException(
                                        v.line(), v.column(), ".shared", "shared variables cannot have initializers");
                            }
                            used.add(v);
                            all.add(v);
                        }
                    }
                }
                for (String name : names) {
                    PtxAst.VarDecl v = moduleShared.get(name);
                    if (v != null && !declared.contains(name)) {
                        used.add(v);
                    }
                    Integer callee = funcIndex.get(name);
                    if (callee != null) {
                        callees.set(callee);
                    }
                }
            }
            uses.add(used);
            calls.add(callees);
        }
        Set<PtxAst.VarDecl> everyKernel = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (PtxAst.VarDecl g : globals) {
            if (g.init() != null) {
                for (PtxAst.InitValue iv : g.init()) {
                    if (iv.value() instanceof PtxAst.Name name && moduleShared.containsKey(name.name())) {
                        everyKernel.add(moduleShared.get(name.name()));
                    }
                }
            }
        }
        // the kernels that reach each variable
        Map<PtxAst.VarDecl, BitSet> reachedBy = new IdentityHashMap<>();
        for (PtxAst.VarDecl v : all) {
            reachedBy.put(v, new BitSet());
        }
        List<Integer> kernels = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            PtxAst.Function f = functions.get(k);
            if (!f.isEntry() || f.body() == null) {
                continue;
            }
            kernels.add(k);
            BitSet seen = new BitSet();
            Deque<Integer> todo = new ArrayDeque<>(List.of(k));
            while (!todo.isEmpty()) {
                int fi = todo.pop();
                if (seen.get(fi)) {
                    continue;
                }
                seen.set(fi);
                for (PtxAst.VarDecl v : uses.get(fi)) {
                    reachedBy.get(v).set(k);
                }
                calls.get(fi).stream().forEach(todo::push);
            }
            for (PtxAst.VarDecl v : everyKernel) {
                reachedBy.get(v).set(k);
            }
        }
        // static variables: first fit, clear of every placed variable a common kernel reaches
        List<PtxAst.VarDecl> placed = new ArrayList<>();
        List<PtxAst.VarDecl> dynamic = new ArrayList<>();
        long[] end = new long[n];
        for (PtxAst.VarDecl v : all) {
            if (v.isArray() && v.elements() == 0) {
                dynamic.add(v);
                continue;
            }
            BitSet mine = reachedBy.get(v);
            long at = alignUp(0, v.effectiveAlign());
            boolean moved = true;
            while (moved) {
                moved = false;
                for (PtxAst.VarDecl u : placed) {
                    long uo = layout.offsets.get(u);
                    if (mine.intersects(reachedBy.get(u)) && at < uo + u.byteSize() && uo < at + v.byteSize()) {
                        at = alignUp(uo + u.byteSize(), v.effectiveAlign());
                        moved = true;
                    }
                }
            }
            layout.offsets.put(v, at);
            placed.add(v);
            for (int k = mine.nextSetBit(0); k >= 0; k = mine.nextSetBit(k + 1)) {
                end[k] = Math.max(end[k], at + v.byteSize());
            }
        }
        // dynamic arrays: one offset, after the static variables of every kernel naming one of them
        long dynAlign = 16;
        BitSet dynamicKernels = new BitSet();
        for (PtxAst.VarDecl v : dynamic) {
            dynAlign = Math.max(dynAlign, v.effectiveAlign());
            dynamicKernels.or(reachedBy.get(v));
        }
        long dynStart = 0;
        for (int k = dynamicKernels.nextSetBit(0); k >= 0; k = dynamicKernels.nextSetBit(k + 1)) {
            dynStart = Math.max(dynStart, end[k]);
        }
        dynStart = alignUp(dynStart, dynAlign);
        for (PtxAst.VarDecl v : dynamic) {
            layout.offsets.put(v, dynStart);
        }
        for (int k : kernels) {
            if (end[k] > Integer.MAX_VALUE - 4096 || dynStart > Integer.MAX_VALUE - 4096) {
                PtxAst.Function f = functions.get(k);
                throw new UnsupportedPtxException(
                        f.line(),
                        f.column(),
                        ".shared",
                        "kernel " + f.name() + " uses " + Math.max(end[k], dynStart)
                                + " bytes of static shared memory, more than 2 GiB");
            }
            layout.staticBytes[k] = (int) end[k];
            layout.dynamicOffset[k] = dynamicKernels.get(k) ? (int) dynStart : (int) alignUp(end[k], 16);
        }
        return layout;
    }

    private static void collectNames(PtxAst.Operand o, Set<String> out) {
        if (o instanceof PtxAst.Name name) {
            out.add(name.name());
        } else if (o instanceof PtxAst.Address a) {
            if (a.base() != null) {
                out.add(a.base());
            }
            if (a.composite() != null) {
                a.composite().forEach(c -> collectNames(c, out));
            }
        } else if (o instanceof PtxAst.Vector v) {
            v.elements().forEach(e -> collectNames(e, out));
        } else if (o instanceof PtxAst.ParenList l) {
            l.elements().forEach(e -> collectNames(e, out));
        } else if (o instanceof PtxAst.Negated neg) {
            collectNames(neg.operand(), out);
        } else if (o instanceof PtxAst.Pair pair) {
            collectNames(pair.first(), out);
            collectNames(pair.second(), out);
        }
    }

    private static long alignUp(long v, long a) {
        return a <= 1 ? v : (v + a - 1) / a * a;
    }
}
