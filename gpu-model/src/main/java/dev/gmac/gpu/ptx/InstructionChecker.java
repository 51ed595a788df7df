package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks an instruction against its row of {@link OpcodeTable} before it is lowered, as ptxas does (PTX ISA §6.4,
 * operand types; §9.7, instruction syntax): its modifiers must form one of the row's forms, its operands must have
 * the count and kinds of that form, registers must have a type the operand accepts, and literals must suit it
 * (an integer is not a float operand, a float literal is not an integer one). Form-specific rules (the rounding
 * of {@code cvt}, barrier numbers, state spaces of addresses) are checked by the family lowerers. Every error is
 * a {@link PtxSyntaxException} naming the instruction, the operand and the rule, or an {@link
 * UnsupportedPtxException} for a valid form the engine does not run.
 */
final class InstructionChecker {
    private InstructionChecker() {}

    /** The supported form of {@code row} that {@code in} matches; throws when there is none. */
    static OpcodeForm check(LoweringContext cx, OpcodeTable.Opcode row, PtxAst.Instruction in) {
        List<OpcodeForm> byModifiers = new ArrayList<>();
        OpcodeForm unsupported = null;
        for (OpcodeForm f : row.forms()) {
            if (f.acceptsModifiers(in.modifiers())) {
                if (f.unsupported() == null) {
                    byModifiers.add(f);
                } else if (unsupported == null) {
                    unsupported = f;
                }
            }
        }
        if (byModifiers.isEmpty()) {
            if (unsupported != null) {
                throw cx.unsupported(in, unsupported.unsupported());
            }
            throw cx.syntax(in, modifierProblem(row, in));
        }
        List<OpcodeForm> byCount = new ArrayList<>();
        for (OpcodeForm f : byModifiers) {
            int n = in.operands().size();
            if (n >= f.minOperands() && n <= f.maxOperands()) {
                byCount.add(f);
            }
        }
        if (byCount.isEmpty()) {
            Set<String> shapes = new LinkedHashSet<>();
            for (OpcodeForm f : byModifiers) {
                String count = f.minOperands() == f.maxOperands()
                        ? Integer.toString(f.minOperands())
                        : f.minOperands() + " to " + f.maxOperands();
                shapes.add(f.maxOperands() == 0 ? "no" : count + " (" + f.operandText() + ")");
            }
            throw cx.syntax(
                    in,
                    "takes " + String.join(" or ", shapes) + " operands, found "
                            + in.operands().size());
        }
        PtxException first = null;
        for (OpcodeForm f : byCount) {
            try {
                checkOperands(cx, row, f, in);
                return f;
            } catch (PtxException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        throw first;
    }

    private static String modifierProblem(OpcodeTable.Opcode row, PtxAst.Instruction in) {
        Set<String> known = new LinkedHashSet<>();
        for (OpcodeForm f : row.forms()) {
            for (OpcodeForm.Group g : f.groups()) {
                known.addAll(g.options());
            }
        }
        for (String m : in.modifiers()) {
            if (!known.contains(m)) {
                return "modifier " + m + " is not valid for " + row.name();
            }
        }
        List<String> forms = new ArrayList<>();
        for (OpcodeForm f : row.forms()) {
            if (f.unsupported() == null && forms.size() < 4) {
                forms.add(f.syntax());
            }
        }
        return "these modifiers form no valid " + row.name() + " instruction; its forms are " + String.join("; ", forms)
                + (forms.size() < row.forms().size() ? "; ..." : "");
    }

    private static void checkOperands(
            LoweringContext cx, OpcodeTable.Opcode row, OpcodeForm form, PtxAst.Instruction in) {
        List<PtxAst.Operand> ops = in.operands();
        boolean all = ops.size() == form.maxOperands();
        List<PtxType> types = LoweringContext.types(in);
        PtxType instrType = types.isEmpty() ? null : types.get(types.size() - 1);
        int k = 0;
        for (OpcodeForm.Operand spec : form.operands()) {
            if (spec.optional() && !all) {
                continue;
            }
            PtxType want = expectedType(spec.type(), instrType, types);
            checkOperand(cx, row, in, k + 1, spec, want, ops.get(k));
            k++;
        }
    }

    private static PtxType expectedType(String spec, PtxType instrType, List<PtxType> types) {
        if (spec == null) {
            return instrType;
        }
        switch (spec) {
            case "t1":
                return types.get(0);
            case "t2":
                return types.size() > 1 ? types.get(1) : null;
            case "wide":
                return widen(instrType);
            default:
                return PtxType.fromName(spec);
        }
    }

    private static PtxType widen(PtxType t) {
        if (t == null) {
            return null;
        }
        String kind = t.isSigned() ? "s" : t.kind() == PtxType.Kind.UNSIGNED ? "u" : t.isFloat() ? "f" : "b";
        return PtxType.fromName(kind + (t.bits() * 2));
    }

    private static void checkOperand(
            LoweringContext cx,
            OpcodeTable.Opcode row,
            PtxAst.Instruction in,
            int pos,
            OpcodeForm.Operand spec,
            PtxType want,
            PtxAst.Operand o) {
        String where = "operand " + pos + " (" + spec.name() + ")";
        switch (spec.kind()) {
            case DEST:
                destination(cx, row, in, where, want, o);
                return;
            case DEST_PRED:
                destinationPredicate(cx, in, where, o);
                return;
            case DEST_PRED_PAIR:
                if (o instanceof PtxAst.Pair) {
                    destinationPredicate(cx, in, where, ((PtxAst.Pair) o).first());
                    destinationPredicate(cx, in, where, ((PtxAst.Pair) o).second());
                } else {
                    destinationPredicate(cx, in, where, o);
                }
                return;
            case DEST_WITH_PRED:
                if (o instanceof PtxAst.Pair) {
                    destination(cx, row, in, where, want, ((PtxAst.Pair) o).first());
                    destinationPredicate(cx, in, where, ((PtxAst.Pair) o).second());
                } else {
                    destination(cx, row, in, where, want, o);
                }
                return;
            case DEST_VECTOR:
            case SOURCE_VECTOR: {
                if (!(o instanceof PtxAst.Vector)) {
                    throw cx.syntax(in, where + " must be a vector {...}, found " + describe(o));
                }
                List<PtxAst.Operand> els = ((PtxAst.Vector) o).elements();
                PtxType el = want;
                int vec = LoweringContext.vectorWidth(in);
                if (row.name().equals("mov")) {
                    if ((els.size() != 2 && els.size() != 4) || want.bits() / els.size() < 8) {
                        throw cx.syntax(in, where + " must be a vector of 2 or 4 registers");
                    }
                    el = PtxType.fromName("b" + want.bits() / els.size());
                    if (el == null) {
                        throw cx.syntax(in, where + ": ." + want.ptxName() + " cannot be split into " + els.size());
                    }
                } else if (els.size() != vec) {
                    throw cx.syntax(in, where + " must be a vector of " + vec + " registers for .v" + vec);
                }
                for (PtxAst.Operand e : els) {
                    LoweringContext.RegInfo r = cx.lookupReg(e);
                    if (r != null
                            && row.relaxedSizes()
                            && el.isFloat()
                            && !r.pred()
                            && !r.type().isFloat()) {
                        // ptxas lets the elements of ld/st.vN.fX be integer registers of at least X bits
                        if (r.type().bits() < el.bits()) {
                            throw cx.syntax(in, where + ": " + describe(e) + " is narrower than ." + el.ptxName());
                        }
                        continue;
                    }
                    if (spec.kind() == OpcodeForm.Kind.DEST_VECTOR) {
                        if (!(e instanceof PtxAst.Sink)) {
                            destination(cx, row, in, where, el, e);
                        }
                    } else {
                        source(cx, row, in, where, el, e);
                    }
                }
                return;
            }
            case SOURCE:
                source(cx, row, in, where, want, o);
                return;
            case SOURCE_PRED: {
                PtxAst.Operand p = o instanceof PtxAst.Negated ? ((PtxAst.Negated) o).operand() : o;
                if (p instanceof PtxAst.IntLit && row.name().equals("mov") && !(o instanceof PtxAst.Negated)) {
                    return; // mov.pred p, 1
                }
                LoweringContext.RegInfo r = cx.lookupReg(p);
                if (r == null || !r.pred()) {
                    throw cx.syntax(in, where + " must be a predicate, found " + describe(p));
                }
                return;
            }
            case ADDRESS:
                address(cx, in, where, o);
                return;
            case LABEL:
                if (!(o instanceof PtxAst.Name) || ((PtxAst.Name) o).offset() != 0) {
                    throw cx.syntax(in, where + " must be a label, found " + describe(o));
                }
                return;
            case FUNCTION:
                if (!(o instanceof PtxAst.Name)) {
                    throw cx.syntax(in, where + " must be a function name, found " + describe(o));
                }
                return;
            case LIST:
                if (!(o instanceof PtxAst.ParenList)) {
                    throw cx.syntax(in, where + " must be a list (...), found " + describe(o));
                }
                return;
            case IMMEDIATE:
                if (!(o instanceof PtxAst.IntLit)) {
                    throw cx.syntax(in, where + " must be an integer constant, found " + describe(o));
                }
                return;
            default:
                throw new IllegalStateException(spec.kind().toString());
        }
    }

    private static void destination(
            LoweringContext cx,
            OpcodeTable.Opcode row,
            PtxAst.Instruction in,
            String where,
            PtxType want,
            PtxAst.Operand o) {
        LoweringContext.RegInfo r = cx.lookupReg(o);
        if (r == null) {
            throw cx.syntax(in, where + " must be a declared register, found " + describe(o));
        }
        registerType(cx, row, in, where, want, r, o);
    }

    private static void destinationPredicate(
            LoweringContext cx, PtxAst.Instruction in, String where, PtxAst.Operand o) {
        if (o instanceof PtxAst.Sink) {
            return;
        }
        LoweringContext.RegInfo r = cx.lookupReg(o);
        if (r == null || !r.pred()) {
            throw cx.syntax(in, where + " must be a predicate register or _, found " + describe(o));
        }
    }

    private static void source(
            LoweringContext cx,
            OpcodeTable.Opcode row,
            PtxAst.Instruction in,
            String where,
            PtxType want,
            PtxAst.Operand o) {
        if (o instanceof PtxAst.IntLit) {
            if (want != null && want.isFloat()) {
                throw cx.syntax(
                        in,
                        where + ": an integer literal is not a ." + want.ptxName() + " value (write 0f.../0d... or a"
                                + " decimal with a point)");
            }
            return;
        }
        if (o instanceof PtxAst.FloatLit) {
            // a 0f literal is 32 bits, a 0d or decimal literal 64: as ptxas, bit types take only their own width
            int bits = ((PtxAst.FloatLit) o).isDouble() ? 64 : 32;
            if (want != null && !want.isFloat() && (want.kind() != PtxType.Kind.BITS || want.bits() != bits)) {
                throw cx.syntax(
                        in,
                        where + ": a " + bits + "-bit floating-point literal is not a ." + want.ptxName() + " value");
            }
            return;
        }
        if (!(o instanceof PtxAst.Name)) {
            throw cx.syntax(in, where + " must be a register or a constant, found " + describe(o));
        }
        PtxAst.Name n = (PtxAst.Name) o;
        LoweringContext.RegInfo r = n.offset() == 0 ? cx.reg(n.name()) : null;
        if (r != null) {
            registerType(cx, row, in, where, want, r, o);
            return;
        }
        int sr = Op.specialRegister(n.name());
        if (sr >= 0) {
            specialRegister(cx, row, in, where, want, n.name());
            return;
        }
        LoweringContext.Sym sym = cx.lookupSym(n.name());
        if (sym != null || cx.funcIndex.containsKey(n.name())) {
            // the address of a variable or function: only mov and cvta take one, as in ptxas; a 32-bit mov only
            // of a state space with 32-bit offsets (not global variables or functions)
            boolean cvta = row.name().equals("cvta") && !in.has(".to");
            boolean narrowOk = sym != null && sym.space() != StateSpace.GLOBAL;
            boolean mov =
                    row.name().equals("mov") && want != null && (want.bits() == 64 || (want.bits() == 32 && narrowOk));
            if (!cvta && !mov) {
                throw cx.syntax(
                        in,
                        where + ": " + n.name() + " is a variable or function; only mov and cvta take its address"
                                + " (64-bit, or 32-bit outside the global space), other operands must be registers");
            }
        }
        // unknown names are reported by the lowering
    }

    /** Reading a special register: only mov and cvt, into an integer of a width the register has. */
    private static void specialRegister(
            LoweringContext cx,
            OpcodeTable.Opcode row,
            PtxAst.Instruction in,
            String where,
            PtxType want,
            String name) {
        if (name.equals("WARP_SZ")) {
            return; // a constant: lowered by mov, reported as unsupported elsewhere
        }
        if (!row.name().equals("mov") && !row.name().equals("cvt")) {
            throw cx.syntax(in, where + ": special register " + name + " can only be read by mov or cvt");
        }
        if (want == null || !want.isInteger()) {
            throw cx.syntax(in, where + ": special register " + name + " is an integer, not ." + typeName(want));
        }
        boolean wide = name.equals("%clock64") || name.equals("%globaltimer");
        if (row.name().equals("mov")) {
            if (wide ? want.bits() != 64 : want.bits() > 32 && !name.equals("%gridid")) {
                throw cx.syntax(
                        in,
                        where + ": special register " + name + " has " + (wide ? 64 : 32) + " bits, not "
                                + want.bits());
            }
        }
    }

    /**
     * An address operand: a register of an integer or bit type (64 bits for global and generic addresses; any width
     * for the other spaces, whose offsets are small), a variable, or a number (only in the local space).
     */
    private static void address(LoweringContext cx, PtxAst.Instruction in, String where, PtxAst.Operand o) {
        if (!(o instanceof PtxAst.Address)) {
            throw cx.syntax(in, where + " must be an address [...], found " + describe(o));
        }
        PtxAst.Address a = (PtxAst.Address) o;
        if (a.composite() != null) {
            return; // texture and surface forms: the lowering reports them as unsupported
        }
        int space = LoweringContext.spaceOf(in);
        if (a.base() == null) {
            if (space != StateSpace.LOCAL) {
                throw cx.syntax(in, where + ": a numeric address is allowed only in the .local space");
            }
            return;
        }
        LoweringContext.RegInfo r = cx.reg(a.base());
        if (r == null) {
            return; // a variable: the lowering checks its state space
        }
        if (r.pred() || r.type().isFloat()) {
            throw cx.syntax(
                    in,
                    where + ": " + a.base() + " is a ." + r.type().ptxName() + " register; an address register has"
                            + " an integer or bit type");
        }
        if ((space == StateSpace.GLOBAL || space == StateSpace.GENERIC)
                && r.type().bits() != 64) {
            throw cx.syntax(
                    in,
                    where + ": the address register " + a.base() + " is ."
                            + r.type().ptxName() + "; global and" + " generic addresses are 64-bit (.address_size 64)");
        }
    }

    /** The register type rules of PTX ISA §6.4.1 and, for ld, st and cvt, the relaxed sizes of §6.4.2. */
    private static void registerType(
            LoweringContext cx,
            OpcodeTable.Opcode row,
            PtxAst.Instruction in,
            String where,
            PtxType want,
            LoweringContext.RegInfo r,
            PtxAst.Operand o) {
        if (want == null) {
            return;
        }
        if (!compatible(want, r.type(), row.relaxedSizes())) {
            throw cx.syntax(
                    in,
                    where + ": " + describe(o) + " is a ." + r.type().ptxName() + " register, which a ."
                            + want.ptxName() + " operand does not accept");
        }
    }

    /** Whether a register of type {@code reg} may be an operand of type {@code want}. */
    static boolean compatible(PtxType want, PtxType reg, boolean relaxed) {
        if (want == PtxType.PRED || reg == PtxType.PRED) {
            return want == reg;
        }
        boolean kind;
        switch (want.kind()) {
            case FLOAT:
                kind = reg.isFloat() || reg.kind() == PtxType.Kind.BITS;
                break;
            case BITS:
                kind = true;
                break;
            default:
                kind = !reg.isFloat();
        }
        if (!kind) {
            return false;
        }
        if (relaxed && !(want.isFloat() && reg.isFloat())) {
            return reg.bits() >= want.bits();
        }
        return reg.bits() == want.bits();
    }

    private static String typeName(PtxType t) {
        return t == null ? "untyped" : t.ptxName();
    }

    private static String describe(PtxAst.Operand o) {
        if (o instanceof PtxAst.Name) {
            return ((PtxAst.Name) o).name();
        }
        if (o instanceof PtxAst.IntLit) {
            return "the integer " + ((PtxAst.IntLit) o).value();
        }
        if (o instanceof PtxAst.FloatLit) {
            return "a floating-point literal";
        }
        if (o instanceof PtxAst.Sink) {
            return "_";
        }
        if (o instanceof PtxAst.Negated) {
            return "!" + describe(((PtxAst.Negated) o).operand());
        }
        return LoweringContext.describe(o);
    }
}
