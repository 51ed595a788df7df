package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;
import static dev.gmac.gpu.ptx.LoweringContext.types;

import java.util.List;

/**
 * Lowers the logic, shift and bit-manipulation family (PTX ISA §9.7.1 and §9.7.8: {@code and or xor not
 * cnot shl shr popc clz brev bfind bfe bfi prmt shf lop3 dp4a dp2a bmsk szext}), on data registers and, for
 * the logic operations, on predicates.
 */
final class BitsLowering {
    private BitsLowering() {}

    static Insn logic(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        String op = in.opcode();
        boolean unary = op.equals("not") || op.equals("cnot");
        if (t == PtxType.PRED) {
            Insn i = insn(Op.PRED_LOGIC, in);
            i.sub = op.equals("and")
                    ? Op.P_AND
                    : op.equals("or") ? Op.P_OR : op.equals("xor") ? Op.P_XOR : op.equals("not") ? Op.P_NOT : Op.P_CNOT;
            i.d = cx.dstPred(in, in.operands().get(0));
            i.a = cx.srcPred(in, in.operands().get(1));
            i.aNeg = in.operands().get(1) instanceof PtxAst.Negated;
            if (!unary) {
                i.b = cx.srcPred(in, in.operands().get(2));
                i.bNeg = in.operands().get(2) instanceof PtxAst.Negated;
            }
            return i;
        }
        if (!t.isInteger()) {
            throw cx.syntax(in, op + " needs a .b, .u or .s type or .pred");
        }
        int opc;
        switch (op) {
            case "and":
                opc = Op.AND_B;
                break;
            case "or":
                opc = Op.OR_B;
                break;
            case "xor":
                opc = Op.XOR_B;
                break;
            default:
                opc = Op.IALU;
        }
        Insn i = insn(opc, in);
        i.sub = op.equals("not") ? Op.I_NOT : op.equals("cnot") ? Op.I_CNOT : -1;
        i.setType(t);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        if (!unary) {
            i.b = cx.src(in, in.operands().get(2), t);
        }
        return i;
    }

    static Insn shift(LoweringContext cx, PtxAst.Instruction in) {
        PtxType t = cx.lastType(in);
        boolean left = in.opcode().equals("shl");
        int opc = Op.IALU;
        if (left && t.bits() == 32) {
            opc = Op.SHL_B32;
        } else if (left && t.bits() == 64) {
            opc = Op.SHL_B64;
        } else if (!left && t.bits() == 32) {
            opc = t.isSigned() ? Op.SHR_S32 : Op.SHR_U32;
        } else if (!left && t.bits() == 64) {
            opc = t.isSigned() ? Op.SHR_S64 : Op.SHR_U64;
        }
        Insn i = insn(opc, in);
        i.sub = left ? Op.I_SHL : Op.I_SHR;
        i.setType(t);
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), t);
        i.b = cx.src(in, in.operands().get(2), PtxType.U32);
        return i;
    }

    static Insn bits(LoweringContext cx, PtxAst.Instruction in) {
        String op = in.opcode();
        PtxType t = cx.lastType(in);
        Insn i = insn(Op.IALU, in);
        i.setType(t);
        int nsrc;
        PtxType[] st;
        switch (op) {
            case "popc":
                i.sub = Op.I_POPC;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "clz":
                i.sub = Op.I_CLZ;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "brev":
                i.sub = Op.I_BREV;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "bfind":
                i.sub = in.has(".shiftamt") ? Op.I_BFIND_SHIFTAMT : Op.I_BFIND;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "bfe":
                i.sub = Op.I_BFE;
                nsrc = 3;
                st = new PtxType[] {t, PtxType.U32, PtxType.U32};
                bitFieldConstants(cx, in, 2);
                break;
            case "bfi":
                i.sub = Op.I_BFI;
                nsrc = 4;
                st = new PtxType[] {t, t, PtxType.U32, PtxType.U32};
                bitFieldConstants(cx, in, 3);
                break;
            case "prmt": {
                i.sub = Op.I_PRMT;
                nsrc = 3;
                st = new PtxType[] {t, t, PtxType.U32};
                i.sub2 = 0;
                String[] modes = {".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"};
                for (int k = 0; k < modes.length; k++) {
                    if (in.has(modes[k])) {
                        i.sub2 = k + 1;
                    }
                }
                break;
            }
            case "shf":
                i.sub = in.has(".l") ? Op.I_SHF_L : Op.I_SHF_R;
                if (!in.has(".l") && !in.has(".r")) {
                    throw cx.syntax(in, "shf needs .l or .r");
                }
                i.sub2 = in.has(".clamp") ? 1 : 0;
                if (!in.has(".clamp") && !in.has(".wrap")) {
                    throw cx.syntax(in, "shf needs .wrap or .clamp");
                }
                nsrc = 3;
                st = new PtxType[] {t, t, PtxType.U32};
                break;
            case "lop3": {
                i.sub = Op.I_LOP3;
                PtxAst.Operand lut = in.operands().get(4);
                if (!(lut instanceof PtxAst.IntLit)) {
                    throw cx.syntax(in, "lop3 needs an immediate lookup table");
                }
                i.imm = ((PtxAst.IntLit) lut).value() & 0xFF;
                nsrc = 3;
                st = new PtxType[] {t, t, t};
                i.d = cx.dst(in, in.operands().get(0));
                i.a = cx.src(in, in.operands().get(1), t);
                i.b = cx.src(in, in.operands().get(2), t);
                i.c = cx.src(in, in.operands().get(3), t);
                return i;
            }
            case "dp4a":
            case "dp2a": {
                List<PtxType> ts = types(in);
                if (ts.size() != 2) {
                    throw cx.syntax(in, op + " needs two types");
                }
                i.sub = op.equals("dp4a") ? Op.I_DP4A : in.has(".hi") ? Op.I_DP2A_HI : Op.I_DP2A_LO;
                i.setType(ts.get(0));
                i.type2 = ts.get(1);
                nsrc = 3;
                st = new PtxType[] {ts.get(0), ts.get(1), PtxType.B32};
                break;
            }
            case "bmsk":
                i.sub = Op.I_BMSK;
                i.sub2 = in.has(".clamp") ? 1 : 0;
                nsrc = 2;
                st = new PtxType[] {PtxType.U32, PtxType.U32};
                break;
            case "szext":
                i.sub = Op.I_SZEXT;
                i.sub2 = in.has(".clamp") ? 1 : 0;
                nsrc = 2;
                st = new PtxType[] {t, PtxType.U32};
                break;
            default:
                throw cx.unsupported(in, op);
        }
        i.d = cx.dst(in, in.operands().get(0));
        i.a = cx.src(in, in.operands().get(1), st[0]);
        if (nsrc >= 2) {
            i.b = cx.src(in, in.operands().get(2), st[1]);
        }
        if (nsrc >= 3) {
            i.c = cx.src(in, in.operands().get(3), st[2]);
        }
        if (nsrc >= 4) {
            i.e = cx.src(in, in.operands().get(4), st[3]);
        }
        return i;
    }

    /** Constant bit positions and lengths of bfe/bfi (operands {@code from} and {@code from + 1}) are 0..255. */
    private static void bitFieldConstants(LoweringContext cx, PtxAst.Instruction in, int from) {
        for (int k = from; k < from + 2 && k < in.operands().size(); k++) {
            PtxAst.Operand o = in.operands().get(k);
            if (o instanceof PtxAst.IntLit && Long.compareUnsigned(((PtxAst.IntLit) o).value(), 255) > 0) {
                throw cx.syntax(
                        in,
                        "operand " + (k + 1) + ": bit position or length " + ((PtxAst.IntLit) o).value()
                                + " is out of range 0..255");
            }
        }
    }
}
