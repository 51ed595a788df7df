package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which instructions of a PTX file the software GPU supports: every opcode-with-modifiers (for example {@code
 * ld.global.nc.v4.f32}), how often and where first it appears, whether the lowering accepts it, its
 * instruction class (from {@link OpcodeTable}) and, when it is not supported, why. Used by {@code gmac ptx check
 * --coverage} so that a user knows before running.
 */
public final class PtxCoverage {
    /**
     * One opcode with its modifiers.
     *
     * @param opcodeWithModifiers the opcode as written, e.g. {@code "atom.global.add.f32"}
     * @param count occurrences in the file
     * @param firstLine the 1-based line of the first occurrence
     * @param supported whether the software GPU can run it
     * @param instructionClass the functional-unit class of the opcode, or null when the opcode is not in the table
     * @param reason why it is not supported (the first occurrence's error), or null when supported
     */
    public record Entry(
            String opcodeWithModifiers,
            int count,
            int firstLine,
            boolean supported,
            InstructionClass instructionClass,
            String reason) {}

    private final List<Entry> entries;

    private PtxCoverage(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** Counts of one opcode-with-modifiers while the file is scanned. */
    private static final class Tally {
        final String opcode;
        final int firstLine;
        int count;
        String reason;

        Tally(String opcode, int firstLine) {
            this.opcode = opcode;
            this.firstLine = firstLine;
        }
    }

    /**
     * Analyses {@code ptxText}. Throws {@link PtxSyntaxException} when the text does not parse, but never
     * {@link UnsupportedPtxException}: unsupported instructions are listed with {@code supported == false}.
     */
    public static PtxCoverage of(String ptxText) {
        PtxAst.Module parsed = new PtxParser(ptxText).parse();
        Map<PtxAst.Instruction, String> bad = new IdentityHashMap<>();
        Map<String, Tally> counts = new TreeMap<>();
        try {
            new Lowering(parsed, Lowering.noDevice(), (in, e) -> {
                        if (e instanceof PtxSyntaxException) {
                            throw e;
                        }
                        bad.put(in, reasonOf(e));
                    })
                    .lower();
        } catch (UnsupportedPtxException e) {
            Tally t = new Tally(e.opcode(), e.line());
            t.count = 1;
            t.reason = reasonOf(e);
            counts.put(e.opcode(), t);
        }
        for (PtxAst.Function f : parsed.functions()) {
            if (f.body() == null) {
                continue;
            }
            for (PtxAst.Statement s : f.body()) {
                if (s instanceof PtxAst.Instruction) {
                    PtxAst.Instruction in = (PtxAst.Instruction) s;
                    Tally c = counts.computeIfAbsent(in.opcodeWithModifiers(), k -> new Tally(k, in.line()));
                    c.count++;
                    if (c.reason == null && bad.containsKey(in)) {
                        c.reason = bad.get(in);
                    }
                }
            }
        }
        List<Entry> list = new ArrayList<>();
        for (Tally c : counts.values()) {
            String name = c.opcode.contains(".") ? c.opcode.substring(0, c.opcode.indexOf('.')) : c.opcode;
            OpcodeTable.Opcode row = OpcodeTable.lookup(name);
            list.add(new Entry(
                    c.opcode, c.count, c.firstLine, c.reason == null, row == null ? null : row.cls(), c.reason));
        }
        return new PtxCoverage(list);
    }

    /** The message of {@code e} without its "line L:C: " prefix. */
    private static String reasonOf(PtxException e) {
        String m = e.getMessage();
        String prefix = "line " + e.line() + ":" + e.column() + ": ";
        return m.startsWith(prefix) ? m.substring(prefix.length()) : m;
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
