package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;
import static dev.gmac.gpu.ptx.LoweringContext.types;

import java.util.List;

/**
 * Lowers the comparison and selection family (PTX ISA §9.7.4: {@code setp set selp slct}), with the
 * comparison operators and boolean combining.
 */
final class CompareLowering {
    private CompareLowering() {}

    static int cmpOp(String m) {
        switch (m) {
            case ".eq":
                return Op.CMP_EQ;
            case ".ne":
                return Op.CMP_NE;
            case ".lt":
                return Op.CMP_LT;
            case ".le":
                return Op.CMP_LE;
            case ".gt":
                return Op.CMP_GT;
            case ".ge":
                return Op.CMP_GE;
            case ".lo":
                return Op.CMP_LO;
            case ".ls":
                return Op.CMP_LS;
            case ".hi":
                return Op.CMP_HI;
            case ".hs":
                return Op.CMP_HS;
            case ".equ":
                return Op.CMP_EQU;
            case ".neu":
                return Op.CMP_NEU;
            case ".ltu":
                return Op.CMP_LTU;
            case ".leu":
                return Op.CMP_LEU;
            case ".gtu":
                return Op.CMP_GTU;
            case ".geu":
                return Op.CMP_GEU;
            case ".num":
                return Op.CMP_NUM;
            case ".nan":
                return Op.CMP_NAN;
            default:
                return -1;
        }
    }

    static int boolOp(String m) {
        switch (m) {
            case ".and":
                return Op.BOOL_AND;
            case ".or":
                return Op.BOOL_OR;
            case ".xor":
                return Op.BOOL_XOR;
            default:
                return -1;
        }
    }

    /** The comparison operator among the modifiers ({@link Op#CMP_EQ}...), or -1. */
    private static int comparison(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            if (cmpOp(m) >= 0) {
                return cmpOp(m);
            }
        }
        return -1;
    }

    /** The boolean combining among the modifiers ({@link Op#BOOL_AND}...), or {@link Op#BOOL_NONE}. */
    private static int combining(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            if (boolOp(m) >= 0) {
                return boolOp(m);
            }
        }
        return Op.BOOL_NONE;
    }

    static Insn setp(LoweringContext cx, PtxAst.Instruction in) {
        int cmp = comparison(in);
        int bool = combining(in);
        if (cmp < 0) {
            throw cx.syntax(in, "setp needs a comparison (.eq, .lt, ...)");
        }
        PtxType t = cx.lastType(in);
        if (t == PtxType.F16 || t == PtxType.PRED) {
            throw cx.unsupported(in, "setp." + t.ptxName() + " is not supported");
        }
        checkCmp(cx, in, cmp, t);
        boolean hot = bool == Op.BOOL_NONE && (t == PtxType.S32 || t == PtxType.U32 || t == PtxType.B32);
        Insn i = insn(hot ? (t == PtxType.S32 ? Op.SETP_S32 : Op.SETP_U32) : Op.SETP, in);
        i.sub = cmp;
        i.sub2 = bool;
        i.ftz = in.has(".ftz");
        i.setType(t);
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = cx.dstPred(in, ((PtxAst.Pair) d).first());
            i.d2 = cx.dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = cx.dstPred(in, d);
        }
        i.a = cx.src(in, in.operands().get(1), t);
        i.b = cx.src(in, in.operands().get(2), t);
        if (bool != Op.BOOL_NONE) {
            cx.predicateC(in, in.operands().get(3), i);
        }
        return i;
    }

    private static void checkCmp(LoweringContext cx, PtxAst.Instruction in, int cmp, PtxType t) {
        boolean floatOnly = cmp >= Op.CMP_EQU;
        boolean unsignedOnly = cmp >= Op.CMP_LO && cmp <= Op.CMP_HS;
        if (floatOnly && !t.isFloat()) {
            throw cx.syntax(in, "unordered comparisons need a floating-point type");
        }
        if (unsignedOnly && (t.isFloat() || t.isSigned())) {
            throw cx.syntax(in, ".lo/.ls/.hi/.hs need an unsigned or bit type");
        }
    }

    static Insn set(LoweringContext cx, PtxAst.Instruction in) {
        int cmp = comparison(in);
        int bool = combining(in);
        List<PtxType> ts = types(in);
        if (cmp < 0 || ts.size() != 2) {
            throw cx.syntax(in, "set needs a comparison, a destination type and a source type");
        }
        checkCmp(cx, in, cmp, ts.get(1));
        Insn i = insn(Op.SET, in);
        i.sub = cmp;
        i.sub2 = bool;
        i.ftz = in.has(".ftz");
        i.setType(ts.get(1));
        i.type2 = ts.get(0);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), ts.get(1));
        i.b = cx.src(in, in.operands().get(2), ts.get(1));
        if (bool != Op.BOOL_NONE) {
            cx.predicateC(in, in.operands().get(3), i);
        }
        return i;
    }

    static Insn selp(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        Insn i = insn(Op.SELP, in);
        i.setType(t);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        i.b = cx.src(in, in.operands().get(2), t);
        cx.predicateC(in, in.operands().get(3), i);
        return i;
    }

    static Insn slct(LoweringContext cx, PtxAst.Instruction in) {
        List<PtxType> ts = types(in);
        if (ts.size() != 2) {
            throw cx.syntax(in, "slct needs two types");
        }
        Insn i = insn(Op.SLCT, in);
        i.setType(ts.get(0));
        i.type2 = ts.get(1);
        i.ftz = in.has(".ftz");
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), ts.get(0));
        i.b = cx.src(in, in.operands().get(2), ts.get(0));
        i.c = cx.src(in, in.operands().get(3), ts.get(1));
        return i;
    }
}
