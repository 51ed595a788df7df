package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;
import static dev.gmac.gpu.ptx.LoweringContext.rounding;

/**
 * Lowers the floating-point family (PTX ISA §9.7.3: {@code add sub mul fma mad div abs neg min max
 * copysign testp} on {@code .f32}/{@code .f64}) and the special-function unit (§9.7.3: {@code rcp sqrt rsqrt
 * ex2 lg2 sin cos tanh}).
 */
final class FloatLowering {
    private FloatLowering() {}

    /** Arithmetic opcodes shared with the integer family ({@code add sub mul mad div abs neg min max}) on floats. */
    static Insn arith(LoweringContext cx, PtxAst.Instruction in) {
        String op = in.opcode();
        switch (op) {
            case "add":
                return floatOp(cx, in, Op.F_ADD, 2);
            case "sub":
                return floatOp(cx, in, Op.F_SUB, 2);
            case "mul":
                return floatOp(cx, in, Op.F_MUL, 2);
            case "mad":
                return floatOp(cx, in, Op.F_FMA, 3);
            case "div":
                if (in.has(".approx")) {
                    return floatOp(cx, in, Op.F_DIV_APPROX, 2);
                }
                if (in.has(".full")) {
                    return floatOp(cx, in, Op.F_DIV_FULL, 2);
                }
                return floatOp(cx, in, Op.F_DIV, 2);
            case "abs":
                return floatOp(cx, in, Op.F_ABS, 1);
            case "neg":
                return floatOp(cx, in, Op.F_NEG, 1);
            case "min":
                return floatOp(cx, in, in.has(".NaN") ? Op.F_MIN_NAN : Op.F_MIN, 2);
            case "max":
                return floatOp(cx, in, in.has(".NaN") ? Op.F_MAX_NAN : Op.F_MAX, 2);
            default:
                throw cx.unsupported(in, op + " is not defined for floating-point types");
        }
    }

    /** {@code fma.rnd.f32/f64}. */
    static Insn fma(LoweringContext cx, PtxAst.Instruction in) {
        return floatOp(cx, in, Op.F_FMA, 3);
    }

    /** {@code copysign.f32/f64}. */
    static Insn copysign(LoweringContext cx, PtxAst.Instruction in) {
        return floatOp(cx, in, Op.F_COPYSIGN, 2);
    }

    static Insn floatOp(LoweringContext cx, PtxAst.Instruction in, int sub, int nsrc) {
        PtxType t = cx.lastType(in);
        if (t != PtxType.F32 && t != PtxType.F64) {
            throw cx.unsupported(in, "floating-point " + in.opcode() + " is only supported for .f32 and .f64");
        }
        int rnd = rounding(in);
        boolean ftz = in.has(".ftz");
        boolean sat = in.has(".sat");
        if (sub == Op.F_DIV && rnd == Op.RND_NONE) {
            throw cx.syntax(in, "div." + t.ptxName() + " needs .rn, .rz, .rm, .rp, .full or .approx");
        }
        if (sub == Op.F_FMA && rnd == Op.RND_NONE && !in.opcode().equals("mad")) {
            throw cx.syntax(in, "fma needs a rounding modifier");
        }
        if (rnd == Op.RND_NONE) {
            rnd = Op.RND_RN;
        }
        boolean plain = rnd == Op.RND_RN && !ftz && !sat;
        int hot = -1;
        if (plain && t == PtxType.F32) {
            hot = sub == Op.F_ADD
                    ? Op.ADD_F32
                    : sub == Op.F_SUB ? Op.SUB_F32 : sub == Op.F_MUL ? Op.MUL_F32 : sub == Op.F_FMA ? Op.FMA_F32 : -1;
        } else if (plain && t == PtxType.F64) {
            hot = sub == Op.F_ADD
                    ? Op.ADD_F64
                    : sub == Op.F_SUB ? Op.SUB_F64 : sub == Op.F_MUL ? Op.MUL_F64 : sub == Op.F_FMA ? Op.FMA_F64 : -1;
        }
        Insn i = insn(hot >= 0 ? hot : (t == PtxType.F32 ? Op.FALU32 : Op.FALU64), in);
        i.sub = sub;
        i.rnd = rnd;
        i.ftz = ftz;
        i.sat = sat;
        i.setType(t);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        if (nsrc >= 2) {
            i.b = cx.src(in, in.operands().get(2), t);
        }
        if (nsrc >= 3) {
            i.c = cx.src(in, in.operands().get(3), t);
        }
        return i;
    }

    static Insn sfu(LoweringContext cx, PtxAst.Instruction in) {
        boolean approx = in.has(".approx");
        PtxType t = cx.lastType(in);
        int sub;
        switch (in.opcode()) {
            case "rcp":
                sub = approx ? Op.F_RCP_APPROX : Op.F_RCP;
                break;
            case "sqrt":
                sub = approx ? Op.F_SQRT_APPROX : Op.F_SQRT;
                break;
            case "rsqrt":
                sub = Op.F_RSQRT_APPROX;
                break;
            case "ex2":
                sub = Op.F_EX2;
                break;
            case "lg2":
                sub = Op.F_LG2;
                break;
            case "sin":
                sub = Op.F_SIN;
                break;
            case "cos":
                sub = Op.F_COS;
                break;
            default:
                sub = Op.F_TANH;
        }
        if (!approx
                && (sub == Op.F_RSQRT_APPROX
                        || sub == Op.F_EX2
                        || sub == Op.F_LG2
                        || sub == Op.F_SIN
                        || sub == Op.F_COS
                        || sub == Op.F_TANH)) {
            throw cx.syntax(in, in.opcode() + " needs .approx");
        }
        if ((sub == Op.F_RCP || sub == Op.F_SQRT) && rounding(in) == Op.RND_NONE) {
            throw cx.syntax(in, in.opcode() + " needs .approx or a rounding modifier");
        }
        if (t == PtxType.F64
                && (sub == Op.F_EX2
                        || sub == Op.F_LG2
                        || sub == Op.F_SIN
                        || sub == Op.F_COS
                        || sub == Op.F_TANH
                        || sub == Op.F_SQRT_APPROX)) {
            throw cx.unsupported(in, in.opcode() + ".approx.f64 is not defined");
        }
        return floatOp(cx, in, sub, 1);
    }

    static Insn testp(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.TESTP, in);
        PtxType t = cx.lastType(in);
        i.setType(t);
        if (in.has(".finite")) {
            i.sub = Op.T_FINITE;
        } else if (in.has(".infinite")) {
            i.sub = Op.T_INFINITE;
        } else if (in.has(".number")) {
            i.sub = Op.T_NUMBER;
        } else if (in.has(".notanumber")) {
            i.sub = Op.T_NOTANUMBER;
        } else if (in.has(".normal")) {
            i.sub = Op.T_NORMAL;
        } else if (in.has(".subnormal")) {
            i.sub = Op.T_SUBNORMAL;
        } else {
            throw cx.syntax(in, "testp needs a test (.finite, .infinite, ...)");
        }
        i.d = cx.dstPred(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        return i;
    }
}
