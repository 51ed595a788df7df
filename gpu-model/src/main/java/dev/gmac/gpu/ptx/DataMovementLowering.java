package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;
import static dev.gmac.gpu.ptx.LoweringContext.rounding;
import static dev.gmac.gpu.ptx.LoweringContext.spaceOf;
import static dev.gmac.gpu.ptx.LoweringContext.types;
import static dev.gmac.gpu.ptx.LoweringContext.vectorWidth;

import java.util.List;

/**
 * Lowers the data-movement family: {@code mov} (including pack/unpack of vectors, special registers and
 * local addresses), {@code ld}/{@code ldu}/{@code st} of every state space (with the hot specialised forms
 * for 32- and 64-bit global and shared accesses), {@code cvta}, {@code isspacep} and {@code cvt} (PTX ISA
 * §9.7.9 data movement and conversion, §9.7.9.21 cvt).
 */
final class DataMovementLowering {
    private DataMovementLowering() {}

    static Insn mov(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        PtxAst.Operand d = in.operands().get(0);
        PtxAst.Operand a = in.operands().get(1);
        if (t == PtxType.PRED) {
            if (a instanceof PtxAst.IntLit) {
                Insn i = insn(Op.PRED_SET, in);
                i.d = cx.dstPred(in, d);
                i.imm = ((PtxAst.IntLit) a).value() != 0 ? 1 : 0;
                return i;
            }
            Insn i = insn(Op.MOV_PRED, in);
            i.d = cx.dstPred(in, d);
            i.a = cx.srcPred(in, a);
            i.aNeg = a instanceof PtxAst.Negated;
            return i;
        }
        if (d instanceof PtxAst.Vector) {
            Insn i = insn(Op.UNPACK, in);
            List<PtxAst.Operand> els = ((PtxAst.Vector) d).elements();
            i.vec = new int[els.size()];
            for (int k = 0; k < els.size(); k++) {
                i.vec[k] = els.get(k) instanceof PtxAst.Sink ? -1 : cx.dst(in, els.get(k));
            }
            i.a = cx.src(in, a, t);
            i.width = t.bits() / els.size();
            i.setType(t);
            return i;
        }
        if (a instanceof PtxAst.Vector) {
            Insn i = insn(Op.PACK, in);
            List<PtxAst.Operand> els = ((PtxAst.Vector) a).elements();
            i.vec = new int[els.size()];
            for (int k = 0; k < els.size(); k++) {
                i.vec[k] = cx.src(in, els.get(k), PtxType.B64);
            }
            i.d = cx.dst(in, d);
            i.width = t.bits() / els.size();
            i.setType(t);
            return i;
        }
        if (a instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) a;
            int sr = Op.specialRegister(n.name());
            if (sr >= 0 && !cx.isRegister(n.name())) {
                Insn i = insn(Op.MOV_SREG, in);
                i.d = cx.dst(in, d);
                i.sub = sr;
                return i;
            }
            if (!cx.isRegister(n.name())) {
                LoweringContext.Sym s = cx.lookupSym(n.name());
                if (s != null && s.frame()) {
                    Insn i = insn(Op.MOV_LOCAL_ADDR, in);
                    i.d = cx.dst(in, d);
                    i.imm = s.addr() + n.offset();
                    return i;
                }
            }
        }
        Insn i = insn(Op.MOV, in);
        i.d = cx.dst(in, d);
        i.a = cx.src(in, a, t);
        i.setType(t);
        return i;
    }

    static Insn load(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        if (t == PtxType.PRED) {
            throw cx.unsupported(in, "predicate loads are not supported");
        }
        int n = vectorWidth(in);
        int space = spaceOf(in);
        Insn i = insn(Op.LD, in);
        i.setType(t);
        i.readOnly = in.has(".nc");
        i.width = t.byteSize();
        PtxAst.Operand d = in.operands().get(0);
        if (n > 1) {
            if (!(d instanceof PtxAst.Vector) || ((PtxAst.Vector) d).elements().size() != n) {
                throw cx.syntax(in, "expected a vector of " + n + " destination registers");
            }
            List<PtxAst.Operand> els = ((PtxAst.Vector) d).elements();
            i.vec = new int[n];
            for (int k = 0; k < n; k++) {
                i.vec[k] = els.get(k) instanceof PtxAst.Sink ? -1 : cx.dst(in, els.get(k));
            }
        } else {
            i.d = cx.dst(in, d);
        }
        cx.resolveAddress(in, i, in.operands().get(1), space);
        if (i.space == StateSpace.PARAM && i.addrMode == Insn.ADDR_ABS && n == 1) {
            Insn k = insn(Op.LD_KPARAM, in);
            k.setType(t);
            k.width = i.width;
            k.d = i.d;
            k.imm = i.imm;
            k.space = StateSpace.PARAM;
            k.addrMode = Insn.ADDR_ABS;
            return k;
        }
        if (n == 1 && i.addrMode == Insn.ADDR_REG) {
            if (i.space == StateSpace.GLOBAL && i.width == 4) {
                return respecialize(i, Op.LD_GLOBAL_32, in);
            }
            if (i.space == StateSpace.GLOBAL && i.width == 8) {
                return respecialize(i, Op.LD_GLOBAL_64, in);
            }
            if (i.space == StateSpace.SHARED && i.width == 4) {
                return respecialize(i, Op.LD_SHARED_32, in);
            }
        }
        return i;
    }

    private static Insn respecialize(Insn i, int op, PtxAst.Instruction in) {
        Insn k = insn(op, in);
        k.setType(i.type);
        k.width = i.width;
        k.d = i.d;
        k.b = i.b;
        k.a = i.a;
        k.imm = i.imm;
        k.space = i.space;
        k.addrMode = i.addrMode;
        k.readOnly = i.readOnly;
        return k;
    }

    static Insn store(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        if (t == PtxType.PRED) {
            throw cx.unsupported(in, "predicate stores are not supported");
        }
        int n = vectorWidth(in);
        int space = spaceOf(in);
        Insn i = insn(Op.ST, in);
        i.setType(t);
        i.width = t.byteSize();
        cx.resolveAddress(in, i, in.operands().get(0), space);
        if (i.space == StateSpace.PARAM || i.space == StateSpace.CONST) {
            throw cx.syntax(in, "stores to the " + StateSpace.name(i.space) + " space are not allowed");
        }
        PtxAst.Operand s = in.operands().get(1);
        if (n > 1) {
            if (!(s instanceof PtxAst.Vector) || ((PtxAst.Vector) s).elements().size() != n) {
                throw cx.syntax(in, "expected a vector of " + n + " source registers");
            }
            List<PtxAst.Operand> els = ((PtxAst.Vector) s).elements();
            i.vec = new int[n];
            for (int k = 0; k < n; k++) {
                i.vec[k] = cx.src(in, els.get(k), t);
            }
        } else {
            i.b = cx.src(in, s, t);
        }
        if (n == 1 && i.addrMode == Insn.ADDR_REG) {
            if (i.space == StateSpace.GLOBAL && i.width == 4) {
                return respecialize(i, Op.ST_GLOBAL_32, in);
            }
            if (i.space == StateSpace.GLOBAL && i.width == 8) {
                return respecialize(i, Op.ST_GLOBAL_64, in);
            }
            if (i.space == StateSpace.SHARED && i.width == 4) {
                return respecialize(i, Op.ST_SHARED_32, in);
            }
        }
        return i;
    }

    static Insn cvta(LoweringContext cx, PtxAst.Instruction in) {
        boolean to = in.has(".to");
        int space = spaceOf(in);
        if (space == StateSpace.GENERIC) {
            throw cx.syntax(in, "cvta needs a state space");
        }
        PtxType t = cx.lastType(in);
        PtxAst.Operand a = in.operands().get(1);
        if (a instanceof PtxAst.Name && !cx.isRegister(((PtxAst.Name) a).name())) {
            PtxAst.Name n = (PtxAst.Name) a;
            LoweringContext.Sym s = cx.lookupSym(n.name());
            if (s != null && !to && !s.frame()) {
                Insn i = insn(Op.MOV, in);
                i.d = cx.dst(in, in.operands().get(0));
                i.a = cx.constSlot(s.addr() + n.offset() + StateSpace.window(s.space()));
                i.setType(t);
                return i;
            }
            if (s != null && s.frame() && !to) {
                Insn i = insn(Op.MOV_LOCAL_ADDR, in);
                i.d = cx.dst(in, in.operands().get(0));
                i.imm = s.addr() + n.offset();
                i.sub = 1; // generic
                return i;
            }
        }
        if (space == StateSpace.GLOBAL) {
            Insn i = insn(Op.MOV, in);
            i.d = cx.dst(in, in.operands().get(0));
            i.a = cx.src(in, a, t);
            i.setType(t);
            return i;
        }
        Insn i = insn(to ? Op.CVTA_TO_SPACE : Op.CVTA_TO_GENERIC, in);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, a, t);
        i.space = space;
        i.imm = StateSpace.window(space);
        i.setType(t);
        return i;
    }

    static Insn isspacep(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.ISSPACEP, in);
        i.d = cx.dstPred(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), PtxType.U64);
        i.space = spaceOf(in);
        return i;
    }

    static Insn cvt(LoweringContext cx, PtxAst.Instruction in) {
        List<PtxType> ts = types(in);
        if (ts.size() != 2) {
            throw cx.syntax(in, "cvt needs a destination and a source type");
        }
        PtxType dt = ts.get(0);
        PtxType st = ts.get(1);
        if (dt == PtxType.PRED || st == PtxType.PRED) {
            throw cx.syntax(in, "cvt does not convert predicates");
        }
        int rnd = rounding(in);
        boolean sat = in.has(".sat");
        boolean ftz = in.has(".ftz");
        PtxAst.Operand a = in.operands().get(1);
        if (a instanceof PtxAst.Name
                && Op.specialRegister(((PtxAst.Name) a).name()) >= 0
                && !cx.isRegister(((PtxAst.Name) a).name())) {
            Insn s = insn(Op.MOV_SREG, in);
            s.d = cx.dst(in, in.operands().get(0));
            s.sub = Op.specialRegister(((PtxAst.Name) a).name());
            if (dt.bits() < 32 || dt.isFloat()) {
                throw cx.unsupported(in, "cvt of a special register to " + dt.ptxName());
            }
            return s;
        }
        checkCvtRounding(cx, in, dt, st, rnd);
        Insn i;
        if (dt.isInteger() && st.isInteger() && !sat) {
            if (dt.bits() == 64 && st == PtxType.U32) {
                i = insn(Op.CVT_U64_U32, in);
            } else if (dt.bits() == 64 && st == PtxType.S32) {
                i = insn(Op.CVT_S64_S32, in);
            } else {
                i = insn(Op.CVT, in);
            }
        } else {
            i = insn(Op.CVT, in);
        }
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, a, st);
        i.setType(dt);
        i.type2 = st;
        i.rnd = rnd;
        i.sat = sat;
        i.ftz = ftz;
        return i;
    }

    /**
     * Performance hints that do not change results ({@code prefetch}, {@code prefetchu}, {@code discard},
     * {@code applypriority}, {@code nanosleep}, {@code pmevent}): lowered to {@link Op#NOP}.
     */
    static Insn hint(LoweringContext cx, PtxAst.Instruction in) {
        return insn(Op.NOP, in);
    }

    /**
     * The rounding modifiers each kind of conversion takes, as ptxas checks them (PTX ISA §9.7.9.21): none
     * between integers and for a widening float conversion; an integer rounding ({@code .rni .rzi .rmi .rpi}) from
     * float to integer, optionally between floats of one size; a float rounding ({@code .rn .rz .rm .rp}) from
     * integer to float and for a narrowing float conversion.
     */
    private static void checkCvtRounding(LoweringContext cx, PtxAst.Instruction in, PtxType dt, PtxType st, int rnd) {
        boolean intRnd = rnd >= Op.RND_RNI && rnd <= Op.RND_RPI;
        boolean floatRnd = rnd <= Op.RND_RP;
        String why = null;
        if (dt.isInteger() && st.isInteger()) {
            why = rnd == Op.RND_NONE ? null : "a conversion between integer types takes no rounding modifier";
        } else if (dt.isInteger()) {
            why = intRnd ? null : "a float-to-integer conversion needs .rni, .rzi, .rmi or .rpi";
        } else if (st.isInteger()) {
            why = floatRnd ? null : "an integer-to-float conversion needs .rn, .rz, .rm or .rp";
        } else if (dt.bits() > st.bits()) {
            why = rnd == Op.RND_NONE ? null : "a widening float conversion takes no rounding modifier";
        } else if (dt.bits() < st.bits()) {
            why = floatRnd ? null : "a narrowing float conversion needs .rn, .rz, .rm or .rp";
        } else if (floatRnd) {
            why = "a float conversion to the same size takes .rni, .rzi, .rmi or .rpi, if any";
        }
        if (why != null) {
            throw cx.syntax(in, why);
        }
    }
}
