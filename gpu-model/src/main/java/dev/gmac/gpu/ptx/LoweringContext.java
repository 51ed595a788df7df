package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The state every family lowerer shares while {@link Lowering} decodes one function: the module's symbols and
 * functions, the function's registers, labels, scopes of named variables and constant slots, and the operand
 * resolution that turns PTX operands into the fields of an {@link Insn} (register bases, predicate indices,
 * constant slots, addresses, labels). The family lowerers ({@link DataMovementLowering}, {@link
 * IntegerLowering}, {@link FloatLowering}, {@link BitsLowering}, {@link CompareLowering}, {@link
 * ControlLowering}, {@link SyncLowering}) are stateless: everything they read or write goes through this
 * context, and {@link OpcodeTable} picks which of them lowers an opcode.
 */
final class LoweringContext {
    /** A named variable and where it lives. */
    record Sym(int space, long addr, long size, boolean frame, boolean kernelParam) {}

    /** A declared register: its slot (or predicate index), type and whether it is a predicate. */
    record RegInfo(int slot, PtxType type, boolean pred) {}

    /** Lanes of the flat per-warp register file per register slot: the warp width the code is lowered for. */
    int stride = 32;

    // ---- module state (filled by Lowering before any function is lowered)
    final Map<String, Sym> moduleSyms = new HashMap<>();
    final Map<String, Integer> funcIndex = new HashMap<>();
    final List<PtxAst.Function> funcAst = new ArrayList<>();

    /** A label: its instruction index and the block it is declared in. */
    record LabelInfo(int pc, int scopeId) {}

    /** A block of a function body ({@code { ... }}): the registers and variables declared in it. */
    static final class Scope {
        final int id;
        final Scope parent;
        final Map<String, RegInfo> regs = new HashMap<>();
        final Map<String, Sym> syms = new HashMap<>();

        Scope(int id, Scope parent) {
            this.id = id;
            this.parent = parent;
        }
    }

    // ---- per-function state (reset by beginFunction)
    FunctionInfo fn;
    /** The innermost block; the function's outermost block (id 0) holds its parameters. */
    Scope scope;

    Map<String, LabelInfo> labels;
    private Map<Long, Integer> consts;
    List<Long> constList;
    List<Integer> constSlotList;
    int nextSlot;
    int nextPred;

    // ---- per-instruction state: register slots read and written, for a scoreboard
    List<Integer> curSrc;
    List<Integer> curDst;
    List<Integer> curSrcPred;
    List<Integer> curDstPred;

    /** Resets the per-function state for {@code info}. */
    void beginFunction(FunctionInfo info) {
        fn = info;
        scope = new Scope(0, null);
        labels = new HashMap<>();
        consts = new HashMap<>();
        constList = new ArrayList<>();
        constSlotList = new ArrayList<>();
        nextSlot = 0;
        nextPred = 0;
    }

    /** Enters block {@code id} (numbered in order of the opening braces, from 1). */
    void openScope(int id) {
        scope = new Scope(id, scope);
    }

    /** Leaves the innermost block. */
    void closeScope() {
        scope = scope.parent;
    }

    /** Resets the per-instruction register lists. */
    void beginInstruction() {
        curSrc = new ArrayList<>();
        curDst = new ArrayList<>();
        curSrcPred = new ArrayList<>();
        curDstPred = new ArrayList<>();
    }

    /** The register {@code name} as visible here (declared before, in this block or an enclosing one), or null. */
    RegInfo reg(String name) {
        for (Scope s = scope; s != null; s = s.parent) {
            RegInfo r = s.regs.get(name);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ errors

    PtxException unsupported(PtxAst.Instruction in, String why) {
        return new UnsupportedPtxException(in.line(), in.column(), in.opcodeWithModifiers(), why);
    }

    PtxException syntax(PtxAst.Instruction in, String why) {
        return new PtxSyntaxException(in.line(), in.column(), in.opcodeWithModifiers() + ": " + why);
    }

    // ------------------------------------------------------------------ operands

    /** A new instruction of opcode {@code op} for {@code in}. */
    static Insn insn(int op, PtxAst.Instruction in) {
        return new Insn(op, in.line(), in.column(), in.opcodeWithModifiers());
    }

    /** The register base of the constant slot holding {@code value} (one slot per distinct value). */
    int constSlot(long value) {
        Integer s = consts.get(value);
        if (s == null) {
            s = nextSlot++;
            consts.put(value, s);
            constList.add(value);
            constSlotList.add(s);
        }
        return s * stride;
    }

    RegInfo lookupReg(PtxAst.Operand o) {
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            if (n.offset() == 0) {
                return reg(n.name());
            }
        }
        return null;
    }

    boolean isRegister(String name) {
        return reg(name) != null;
    }

    /** The variable {@code name} as visible here. */
    Sym lookupSym(String name) {
        Sym found = moduleSyms.get(name);
        for (Scope s = scope; s != null; s = s.parent) {
            Sym sym = s.syms.get(name);
            if (sym != null) {
                found = sym;
                break;
            }
        }
        return found;
    }

    /** A destination register (slot base). */
    int dst(PtxAst.Instruction in, PtxAst.Operand o) {
        RegInfo r = lookupReg(o);
        if (r == null || r.pred()) {
            throw syntax(in, "expected a destination register, found " + describe(o));
        }
        curDst.add(r.slot());
        return r.slot() * stride;
    }

    /** A destination predicate (index). */
    int dstPred(PtxAst.Instruction in, PtxAst.Operand o) {
        if (o instanceof PtxAst.Sink) {
            return -1;
        }
        RegInfo r = lookupReg(o);
        if (r == null || !r.pred()) {
            throw syntax(in, "expected a destination predicate, found " + describe(o));
        }
        curDstPred.add(r.slot());
        return r.slot();
    }

    /** A source predicate (index); negation is handled by the caller. */
    int srcPred(PtxAst.Instruction in, PtxAst.Operand o) {
        if (o instanceof PtxAst.Negated) {
            o = ((PtxAst.Negated) o).operand();
        }
        RegInfo r = lookupReg(o);
        if (r == null || !r.pred()) {
            throw syntax(in, "expected a predicate, found " + describe(o));
        }
        curSrcPred.add(r.slot());
        return r.slot();
    }

    /** Sets {@link Insn#c} and {@link Insn#cNeg} from a predicate source {@code p} or {@code !p}. */
    void predicateC(PtxAst.Instruction in, PtxAst.Operand o, Insn i) {
        i.c = srcPred(in, o);
        i.cNeg = o instanceof PtxAst.Negated;
    }

    /** A source: a register, an immediate (as a constant slot) or the address of a variable. */
    int src(PtxAst.Instruction in, PtxAst.Operand o, PtxType t) {
        if (o instanceof PtxAst.IntLit || o instanceof PtxAst.FloatLit) {
            return constSlot(Immediates.bits(o, t, in.line(), in.column()));
        }
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            RegInfo r = n.offset() == 0 ? reg(n.name()) : null;
            if (r != null) {
                if (r.pred()) {
                    throw syntax(in, "predicate " + n.name() + " used as a data operand");
                }
                curSrc.add(r.slot());
                return r.slot() * stride;
            }
            if (Op.specialRegister(n.name()) >= 0) {
                throw unsupported(in, "special register " + n.name() + " is only supported as the source of mov/cvt");
            }
            Sym s = lookupSym(n.name());
            if (s != null) {
                if (s.frame()) {
                    throw unsupported(in, "the address of local variable " + n.name() + " is only supported in mov");
                }
                return constSlot(s.addr() + n.offset());
            }
            if (funcIndex.containsKey(n.name())) {
                throw unsupported(in, "function pointers are not supported");
            }
            throw syntax(in, "unknown register or symbol " + n.name());
        }
        throw syntax(in, "expected a register or immediate, found " + describe(o));
    }

    static String describe(PtxAst.Operand o) {
        if (o instanceof PtxAst.Name) {
            return ((PtxAst.Name) o).name();
        }
        return o.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }

    /** Sets the guard predicate of {@code insn} from {@code @p} / {@code @!p}. */
    void applyGuard(Insn insn, PtxAst.Instruction in) {
        if (in.guard() != null) {
            RegInfo r = reg(in.guard());
            if (r == null || !r.pred()) {
                throw syntax(in, "guard " + in.guard() + " is not a predicate register");
            }
            insn.guard = r.slot();
            insn.guardNeg = in.guardNegated();
        }
    }

    /** Fills space, address mode, base and offset of a memory access from its address operand. */
    void resolveAddress(PtxAst.Instruction in, Insn i, PtxAst.Operand o, int space) {
        if (!(o instanceof PtxAst.Address)) {
            throw syntax(in, "expected an address [..], found " + describe(o));
        }
        PtxAst.Address addr = (PtxAst.Address) o;
        if (addr.composite() != null) {
            throw unsupported(in, "texture and surface addresses are not supported");
        }
        i.space = space;
        if (addr.base() == null) {
            i.addrMode = Insn.ADDR_ABS;
            i.imm = addr.offset();
            return;
        }
        RegInfo r = reg(addr.base());
        if (r != null) {
            if (r.pred()) {
                throw syntax(in, "predicate used as an address");
            }
            curSrc.add(r.slot());
            i.addrMode = Insn.ADDR_REG;
            i.a = r.slot() * stride;
            i.imm = addr.offset();
            if (space == StateSpace.PARAM && !fn.isEntry) {
                i.space = StateSpace.LOCAL; // device-function params live in the local frame
            }
            return;
        }
        Sym s = lookupSym(addr.base());
        if (s == null) {
            if (funcIndex.containsKey(addr.base())) {
                throw unsupported(in, "addressing a function is not supported");
            }
            throw syntax(in, "unknown register or variable " + addr.base());
        }
        if (s.frame()) {
            if (space != StateSpace.LOCAL && space != StateSpace.PARAM && space != StateSpace.GENERIC) {
                throw syntax(in, addr.base() + " is a local or parameter variable, not in " + StateSpace.name(space));
            }
            i.space = StateSpace.LOCAL;
            i.addrMode = Insn.ADDR_FRAME;
            i.imm = s.addr() + addr.offset();
            return;
        }
        if (space == StateSpace.GENERIC) {
            if (s.space() == StateSpace.CONST || s.space() == StateSpace.PARAM) {
                throw syntax(
                        in,
                        addr.base() + " is in the " + StateSpace.name(s.space()) + " space, which a generic access"
                                + " cannot name (use ." + StateSpace.name(s.space()) + ")");
            }
            i.space = s.space();
        } else if (space != s.space()) {
            throw syntax(
                    in,
                    addr.base() + " is in the " + StateSpace.name(s.space()) + " space, not " + StateSpace.name(space));
        }
        i.addrMode = Insn.ADDR_ABS;
        i.imm = s.addr() + addr.offset();
    }

    /** The instruction index of label operand {@code o}. */
    int label(PtxAst.Instruction in, PtxAst.Operand o) {
        if (!(o instanceof PtxAst.Name)) {
            throw syntax(in, "expected a label");
        }
        String name = ((PtxAst.Name) o).name();
        LabelInfo l = labels.get(name);
        if (l == null) {
            if (isRegister(name)) {
                throw unsupported(in, "indirect branches are not supported");
            }
            throw syntax(in, "unknown label " + name);
        }
        for (Scope s = scope; s != null; s = s.parent) {
            if (s.id == l.scopeId()) {
                return l.pc();
            }
        }
        throw syntax(in, "label " + name + " is declared in a block that does not enclose this branch");
    }

    // ------------------------------------------------------------------ modifiers

    /** The type modifiers in order. */
    static List<PtxType> types(PtxAst.Instruction in) {
        List<PtxType> l = new ArrayList<>();
        for (String m : in.modifiers()) {
            PtxType t = PtxType.fromName(m.substring(1));
            if (t != null) {
                l.add(t);
            }
        }
        return l;
    }

    PtxType lastType(PtxAst.Instruction in) {
        List<PtxType> l = types(in);
        if (l.isEmpty()) {
            throw syntax(in, "missing type modifier");
        }
        return l.get(l.size() - 1);
    }

    static int rounding(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            switch (m) {
                case ".rn":
                    return Op.RND_RN;
                case ".rz":
                    return Op.RND_RZ;
                case ".rm":
                    return Op.RND_RM;
                case ".rp":
                    return Op.RND_RP;
                case ".rni":
                    return Op.RND_RNI;
                case ".rzi":
                    return Op.RND_RZI;
                case ".rmi":
                    return Op.RND_RMI;
                case ".rpi":
                    return Op.RND_RPI;
                default:
            }
        }
        return Op.RND_NONE;
    }

    static int spaceOf(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            switch (m) {
                case ".global":
                    return StateSpace.GLOBAL;
                case ".shared":
                case ".shared::cta":
                    return StateSpace.SHARED;
                case ".local":
                    return StateSpace.LOCAL;
                case ".const":
                    return StateSpace.CONST;
                case ".param":
                case ".param::entry":
                case ".param::func":
                    return StateSpace.PARAM;
                default:
            }
        }
        return StateSpace.GENERIC;
    }

    static int vectorWidth(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            if (m.equals(".v2")) {
                return 2;
            }
            if (m.equals(".v4")) {
                return 4;
            }
            if (m.equals(".v8")) {
                return 8;
            }
        }
        return 1;
    }
}
