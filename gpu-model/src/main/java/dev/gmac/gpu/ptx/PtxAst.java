package dev.gmac.gpu.ptx;

import java.util.List;

/**
 * The parsed form of a PTX module, before lowering: declarations, labels and instructions with their source
 * positions (PTX ISA §4-§6). Names are resolved only by {@link Lowering}.
 */
final class PtxAst {
    private PtxAst() {}

    /** PTX state spaces that hold variables (PTX ISA §5.1). */
    enum Space {
        REG,
        SREG,
        CONST,
        GLOBAL,
        LOCAL,
        PARAM,
        SHARED,
        GENERIC;

        static Space fromDirective(String d) {
            switch (d) {
                case ".reg":
                    return REG;
                case ".const":
                    return CONST;
                case ".global":
                    return GLOBAL;
                case ".local":
                    return LOCAL;
                case ".param":
                    return PARAM;
                case ".shared":
                    return SHARED;
                default:
                    return null;
            }
        }
    }

    /** An operand as written. */
    sealed interface Operand permits Name, IntLit, FloatLit, Address, Vector, Negated, Pair, Sink, ParenList {}

    /** A register, special register, label, function or variable name, with an optional {@code +offset}. */
    record Name(String name, long offset, int line, int column) implements Operand {}

    /** An integer literal (two's complement in 64 bits; {@code unsigned} when written with a U suffix). */
    record IntLit(long value, boolean unsigned) implements Operand {}

    /** A floating-point literal: f32 bits ({@code 0f...}), f64 bits ({@code 0d...}) or a decimal (as f64). */
    record FloatLit(long bits, boolean isDouble) implements Operand {}

    /**
     * An address {@code [base+offset]}: {@code base} is a register or variable name, or null for an absolute
     * address. {@code composite} holds the elements of a texture or surface address {@code [tex, {x, y}]}
     * (which no supported instruction takes), else null.
     */
    record Address(String base, long offset, int line, int column, List<Operand> composite) implements Operand {}

    /** A vector operand {@code {a, b, ...}}. */
    record Vector(List<Operand> elements) implements Operand {}

    /** A negated predicate {@code !%p}. */
    record Negated(Operand operand) implements Operand {}

    /** Two destinations {@code %p|%q}. */
    record Pair(Operand first, Operand second) implements Operand {}

    /** The sink {@code _}. */
    record Sink() implements Operand {}

    /** A parenthesised list, as in {@code call (ret), f, (a, b)}. */
    record ParenList(List<Operand> elements) implements Operand {}

    /** A statement of a function body. */
    sealed interface Statement permits RegDecl, VarDecl, Label, Instruction, ScopeMark, Loc {}

    /** {@code .reg .type names;} with ranges {@code %r<12>} expanded to a prefix and count. */
    record RegDecl(PtxType type, int vectorWidth, String name, int rangeCount, int line, int column)
            implements Statement {}

    /** A variable (module or function scope). Arrays: {@code elements} > 0, or 0 for {@code []}. */
    record VarDecl(
            Space space,
            String linkage,
            PtxType type,
            int vectorWidth,
            int align,
            String name,
            long elements,
            boolean isArray,
            List<InitValue> init,
            int line,
            int column)
            implements Statement {
        /** Size in bytes of one element (vector width × type size). */
        int elementSize() {
            return type.byteSize() * Math.max(1, vectorWidth);
        }

        /** Total size in bytes ({@code []} arrays: 0). */
        long byteSize() {
            return elementSize() * (isArray ? elements : 1);
        }

        /** The alignment to use: the declared one, else the element size. */
        int effectiveAlign() {
            return align > 0 ? align : elementSize();
        }
    }

    /** One scalar of an initializer: a number, or the address of a symbol (+offset), possibly generic(). */
    record InitValue(Operand value, boolean generic) {}

    /** A label. */
    record Label(String name, int line, int column) implements Statement {}

    /** A {@code {} or {@code }} inside a function body. */
    record ScopeMark(boolean open, int line) implements Statement {}

    /**
     * A {@code .loc file line column [, function_name label, inlined_at file line column]} directive: the source
     * position of the instructions that follow it (PTX ISA §11.6.4). {@code inlinedAt} is null unless given.
     */
    record Loc(int file, int line, int column, Loc inlinedAt) implements Statement {}

    /** An instruction with its guard, opcode, modifiers (each with its dot) and operands. */
    record Instruction(
            String guard,
            boolean guardNegated,
            String opcode,
            List<String> modifiers,
            List<Operand> operands,
            int line,
            int column)
            implements Statement {
        Instruction {
            modifiers = List.copyOf(modifiers);
            operands = List.copyOf(operands);
        }

        /** The opcode and modifiers as written, e.g. {@code "ld.global.nc.v4.f32"}. */
        String opcodeWithModifiers() {
            StringBuilder sb = new StringBuilder(opcode);
            for (String m : modifiers) {
                sb.append(m);
            }
            return sb.toString();
        }

        boolean has(String modifier) {
            return modifiers.contains(modifier);
        }
    }

    /** A {@code .param} of a function or kernel. */
    record Param(
            String name,
            PtxType type,
            int vectorWidth,
            int align,
            long elements,
            boolean isArray,
            int line,
            int column) {
        int elementSize() {
            return type.byteSize() * Math.max(1, vectorWidth);
        }

        /** Size in bytes; the parser refuses parameters larger than {@link PtxLimits#MAX_FRAME_BYTES}. */
        int byteSize() {
            return (int) (elementSize() * (isArray ? elements : 1));
        }

        int effectiveAlign() {
            return align > 0 ? align : elementSize();
        }
    }

    /**
     * A {@code .entry} or {@code .func}. {@code body} is null for a declaration without a body ({@code .extern
     * .func} prototypes).
     */
    record Function(
            String name,
            boolean isEntry,
            String linkage,
            List<Param> returns,
            List<Param> params,
            List<Statement> body,
            int line,
            int column) {}

    /** The whole module; {@code files} maps the indices of its {@code .file} directives to the file names. */
    record Module(
            String version,
            String target,
            int addressSize,
            List<VarDecl> globals,
            List<Function> functions,
            java.util.Map<Integer, String> files) {
        /** A module without {@code .file} directives. */
        Module(String version, String target, int addressSize, List<VarDecl> globals, List<Function> functions) {
            this(version, target, addressSize, globals, functions, java.util.Map.of());
        }
    }
}
