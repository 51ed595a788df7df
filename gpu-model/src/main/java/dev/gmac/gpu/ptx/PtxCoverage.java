package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which instructions of a PTX file the software GPU supports: every opcode-with-modifiers (for example {@code
 * ld.global.nc.v4.f32}), how often and where first it appears, and whether the lowering accepts it. Used by
 * {@code gmac ptx check --coverage} so that a user knows before running.
 */
public final class PtxCoverage {
    /**
     * One opcode with its modifiers.
     *
     * @param opcodeWithModifiers the opcode as written, e.g. {@code "atom.global.add.f32"}
     * @param count occurrences in the file
     * @param firstLine the 1-based line of the first occurrence
     * @param supported whether the software GPU can run it
     */
    public record Entry(String opcodeWithModifiers, int count, int firstLine, boolean supported) {}

    private final List<Entry> entries;

    private PtxCoverage(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /**
     * Analyses {@code ptxText}. Throws {@link PtxSyntaxException} when the text does not parse, but never
     * {@link UnsupportedPtxException}: unsupported instructions are listed with {@code supported == false}.
     */
    public static PtxCoverage of(String ptxText) {
        PtxAst.Module parsed = new PtxParser(ptxText).parse();
        java.util.Set<PtxAst.Instruction> bad = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        Map<String, int[]> counts = new TreeMap<>(); // opcode -> {count, firstLine, supported}
        try {
            new Lowering(parsed, Lowering.NO_DEVICE, (in, e) -> {
                        if (e instanceof PtxSyntaxException) {
                            throw e;
                        }
                        bad.add(in);
                    })
                    .lower();
        } catch (UnsupportedPtxException e) {
            counts.put(e.opcode(), new int[] {1, e.line(), 0});
        }
        for (PtxAst.Function f : parsed.functions()) {
            if (f.body() == null) {
                continue;
            }
            for (PtxAst.Statement s : f.body()) {
                if (s instanceof PtxAst.Instruction) {
                    PtxAst.Instruction in = (PtxAst.Instruction) s;
                    String key = in.opcodeWithModifiers();
                    int[] c = counts.get(key);
                    if (c == null) {
                        counts.put(key, new int[] {1, in.line(), bad.contains(in) ? 0 : 1});
                    } else {
                        c[0]++;
                        if (bad.contains(in)) {
                            c[2] = 0;
                        }
                    }
                }
            }
        }
        List<Entry> list = new ArrayList<>();
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            int[] c = e.getValue();
            list.add(new Entry(e.getKey(), c[0], c[1], c[2] == 1));
        }
        return new PtxCoverage(list);
    }

    /** The opcodes, sorted by opcode-with-modifiers. */
    public List<Entry> entries() {
        return entries;
    }

    /** True when the software GPU supports every instruction in the file. */
    public boolean allSupported() {
        for (Entry e : entries) {
            if (!e.supported()) {
                return false;
            }
        }
        return true;
    }
}
