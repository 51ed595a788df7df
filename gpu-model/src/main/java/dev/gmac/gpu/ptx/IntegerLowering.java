package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;

/**
 * Lowers the integer-arithmetic family (PTX ISA §9.7.1: {@code add sub mul mad mul24 mad24 div rem abs
 * neg min max sad}, and the extended-precision carry chains {@code add.cc addc sub.cc subc mad.cc madc}); an
 * arithmetic opcode with a floating-point type goes to {@link FloatLowering}.
 */
final class IntegerLowering {
    private IntegerLowering() {}

    static Insn arith(LoweringContext cx, PtxAst.Instruction in) {
        String op = in.opcode();
        if (in.has(".f16") || in.has(".f16x2") || in.has(".bf16") || in.has(".bf16x2")) {
            throw cx.unsupported(in, "half-precision arithmetic is not supported");
        }
        PtxType t = cx.lastType(in);
        if (t.isFloat()) {
            return FloatLowering.arith(cx, in);
        }
        boolean cc = in.has(".cc");
        boolean lo = in.has(".lo");
        boolean hi = in.has(".hi");
        boolean wide = in.has(".wide");
        boolean sat = in.has(".sat");
        if (op.equals("addc") || op.equals("subc") || op.equals("madc") || cc) {
            return carry(cx, in, t);
        }
        int sub;
        int nsrc = 2;
        switch (op) {
            case "add":
                sub = sat ? Op.I_ADD_SAT : Op.I_ADD;
                break;
            case "sub":
                sub = sat ? Op.I_SUB_SAT : Op.I_SUB;
                break;
            case "mul":
                sub = hi ? Op.I_MUL_HI : wide ? Op.I_MUL_WIDE : Op.I_MUL_LO;
                if (!lo && !hi && !wide) {
                    throw cx.syntax(in, "integer mul needs .lo, .hi or .wide");
                }
                break;
            case "mad":
                nsrc = 3;
                sub = hi ? (sat ? Op.I_MAD_HI_SAT : Op.I_MAD_HI) : wide ? Op.I_MAD_WIDE : Op.I_MAD_LO;
                if (!lo && !hi && !wide) {
                    throw cx.syntax(in, "integer mad needs .lo, .hi or .wide");
                }
                break;
            case "mul24":
                sub = hi ? Op.I_MUL24_HI : Op.I_MUL24_LO;
                break;
            case "mad24":
                nsrc = 3;
                sub = hi ? Op.I_MAD24_HI : Op.I_MAD24_LO;
                if (sat) {
                    throw cx.unsupported(in, "mad24.hi.sat is not supported");
                }
                break;
            case "div":
                sub = Op.I_DIV;
                break;
            case "rem":
                sub = Op.I_REM;
                break;
            case "abs":
                sub = Op.I_ABS;
                nsrc = 1;
                break;
            case "neg":
                sub = Op.I_NEG;
                nsrc = 1;
                break;
            case "min":
                sub = Op.I_MIN;
                break;
            case "max":
                sub = Op.I_MAX;
                break;
            case "sad":
                sub = Op.I_SAD;
                nsrc = 3;
                break;
            default:
                throw cx.unsupported(in, op);
        }
        if (sat && t != PtxType.S32) {
            throw cx.syntax(in, ".sat is only defined for .s32");
        }
        int hot = -1;
        boolean is32 = t.bits() == 32;
        boolean is64 = t.bits() == 64;
        if (sub == Op.I_ADD && is32) {
            hot = Op.ADD_I32;
        } else if (sub == Op.I_ADD && is64) {
            hot = Op.ADD_I64;
        } else if (sub == Op.I_SUB && is32) {
            hot = Op.SUB_I32;
        } else if (sub == Op.I_SUB && is64) {
            hot = Op.SUB_I64;
        } else if (sub == Op.I_MUL_LO && is32) {
            hot = Op.MUL_LO_I32;
        } else if (sub == Op.I_MUL_LO && is64) {
            hot = Op.MUL_LO_I64;
        } else if (sub == Op.I_MAD_LO && is32) {
            hot = Op.MAD_LO_I32;
        } else if (sub == Op.I_MAD_LO && is64) {
            hot = Op.MAD_LO_I64;
        } else if (sub == Op.I_MUL_WIDE && t == PtxType.S32) {
            hot = Op.MUL_WIDE_S32;
        } else if (sub == Op.I_MUL_WIDE && t == PtxType.U32) {
            hot = Op.MUL_WIDE_U32;
        }
        if ((sub == Op.I_MUL_WIDE || sub == Op.I_MAD_WIDE) && is64) {
            throw cx.syntax(in, ".wide is only defined for 16- and 32-bit types");
        }
        Insn i = insn(hot >= 0 ? hot : Op.IALU, in);
        i.sub = sub;
        i.setType(t);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        if (nsrc >= 2) {
            i.b = cx.src(in, in.operands().get(2), t);
        }
        if (nsrc >= 3) {
            PtxType ct = (sub == Op.I_MAD_WIDE) ? PtxType.fromName((t.isSigned() ? "s" : "u") + (t.bits() * 2)) : t;
            i.c = cx.src(in, in.operands().get(3), ct);
        }
        return i;
    }

    static Insn carry(LoweringContext cx, PtxAst.Instruction in, PtxType t) {
        String op = in.opcode();
        if (t.bits() != 32 && t.bits() != 64) {
            throw cx.unsupported(in, "carry arithmetic is only defined for 32- and 64-bit types");
        }
        Insn i = insn(Op.CARRY, in);
        i.setType(t);
        boolean carryIn = op.endsWith("c");
        boolean carryOut = in.has(".cc");
        int nsrc;
        switch (op) {
            case "add":
            case "addc":
                i.sub = Op.CC_ADD;
                nsrc = 2;
                break;
            case "sub":
            case "subc":
                i.sub = Op.CC_SUB;
                nsrc = 2;
                break;
            case "mad":
            case "madc":
                i.sub = in.has(".hi") ? Op.CC_MAD_HI : Op.CC_MAD_LO;
                if (!in.has(".hi") && !in.has(".lo")) {
                    throw cx.syntax(in, "mad with carry needs .lo or .hi");
                }
                nsrc = 3;
                break;
            default:
                throw cx.unsupported(in, op);
        }
        i.sub2 = (carryIn ? 1 : 0) | (carryOut ? 2 : 0);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        i.b = cx.src(in, in.operands().get(2), t);
        if (nsrc == 3) {
            i.c = cx.src(in, in.operands().get(3), t);
        }
        return i;
    }
}
