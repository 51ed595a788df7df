package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;
import static dev.gmac.gpu.ptx.LoweringContext.spaceOf;

import java.util.List;

/**
 * Lowers the synchronisation and warp-wide family (PTX ISA §9.7.13: {@code bar barrier membar fence atom
 * red vote shfl activemask match}): CTA barriers, {@code bar.warp.sync}, fences, atomics and reductions, and
 * the warp collectives.
 */
final class SyncLowering {
    private SyncLowering() {}

    /**
     * {@code bar}/{@code barrier} (operand counts and kinds are checked by the table's forms): a barrier number
     * 0..15 and a thread count that is a multiple of the warp size when they are constants, as ptxas requires.
     */
    static Insn barrier(LoweringContext cx, PtxAst.Instruction in) {
        List<PtxAst.Operand> ops = in.operands();
        if (in.has(".warp")) {
            // bar.warp.sync membermask: the lanes of the mask meet here (Op.WARP_SYNC)
            Insn w = insn(Op.WARP_SYNC, in);
            w.a = cx.src(in, ops.get(0), PtxType.B32);
            return w;
        }
        Insn i = insn(Op.BAR, in);
        int k = 0;
        if (in.has(".red")) {
            if (in.has(".popc")) {
                i.sub = Op.B_RED_POPC;
                i.d = cx.dst(in, ops.get(k++));
            } else {
                i.sub = in.has(".and") ? Op.B_RED_AND : Op.B_RED_OR;
                i.d = cx.dstPred(in, ops.get(k++));
            }
        } else {
            i.sub = in.has(".arrive") ? Op.B_ARRIVE : Op.B_SYNC;
        }
        boolean red = i.sub >= Op.B_RED_POPC;
        int left = ops.size() - k - (red ? 1 : 0);
        PtxAst.Operand barrier = ops.get(k++);
        // constants are .u32 operands: like ptxas, the range is checked on their low 32 bits
        if (barrier instanceof PtxAst.IntLit && Integer.toUnsignedLong((int) ((PtxAst.IntLit) barrier).value()) > 15) {
            throw cx.syntax(in, "barrier number " + ((PtxAst.IntLit) barrier).value() + " is out of range 0..15");
        }
        i.a = cx.src(in, barrier, PtxType.U32);
        if (left == 2) {
            PtxAst.Operand count = ops.get(k++);
            if (count instanceof PtxAst.IntLit && (int) ((PtxAst.IntLit) count).value() % 32 != 0) {
                throw cx.syntax(
                        in,
                        "the thread count " + ((PtxAst.IntLit) count).value() + " is not a multiple of the warp size");
            }
            i.b = cx.src(in, count, PtxType.U32);
        }
        if (red) {
            cx.predicateC(in, ops.get(k), i);
        }
        return i;
    }

    static Insn atom(LoweringContext cx, PtxAst.Instruction in) {
        boolean red = in.opcode().equals("red");
        int space = spaceOf(in);
        if (space != StateSpace.GLOBAL && space != StateSpace.SHARED && space != StateSpace.GENERIC) {
            throw cx.unsupported(in, "atomics are only supported on global, shared and generic addresses");
        }
        PtxType t = cx.lastType(in);
        Insn i = insn(Op.ATOM, in);
        String[] ops = {".add", ".inc", ".dec", ".cas", ".exch", ".min", ".max", ".and", ".or", ".xor"};
        i.sub = -1;
        for (int k = 0; k < ops.length; k++) {
            if (in.has(ops[k])) {
                i.sub = k;
            }
        }
        if (i.sub < 0) {
            throw cx.syntax(in, "atomic operation missing (.add, .cas, ...)");
        }
        if (t == PtxType.F16 || in.has(".f16x2") || in.has(".bf16")) {
            throw cx.unsupported(in, "half-precision atomics are not supported");
        }
        if (t.bits() != 32 && t.bits() != 64) {
            throw cx.unsupported(in, "atomics on " + t.ptxName() + " are not supported");
        }
        if (t.isFloat() && i.sub != Op.A_ADD && i.sub != Op.A_EXCH) {
            throw cx.unsupported(in, "floating-point atomics other than add are not supported");
        }
        if ((i.sub == Op.A_INC || i.sub == Op.A_DEC) && t != PtxType.U32) {
            throw cx.syntax(in, "atom.inc/dec are only defined for .u32");
        }
        i.setType(t);
        i.width = t.byteSize();
        int nsrc = i.sub == Op.A_CAS ? 2 : 1;
        int k = 0;
        if (!red) {
            i.d = cx.dst(in, in.operands().get(k++));
        }
        cx.resolveAddress(in, i, in.operands().get(k++), space);
        if (i.space != StateSpace.GLOBAL && i.space != StateSpace.SHARED && i.space != StateSpace.GENERIC) {
            throw cx.unsupported(in, "atomics on " + StateSpace.name(i.space) + " memory are not supported");
        }
        i.b = cx.src(in, in.operands().get(k++), t);
        if (nsrc == 2) {
            i.c = cx.src(in, in.operands().get(k), t);
        }
        return i;
    }

    static Insn vote(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.VOTE, in);
        if (in.has(".all")) {
            i.sub = Op.V_ALL;
        } else if (in.has(".any")) {
            i.sub = Op.V_ANY;
        } else if (in.has(".uni")) {
            i.sub = Op.V_UNI;
        } else if (in.has(".ballot")) {
            i.sub = Op.V_BALLOT;
        } else {
            throw cx.syntax(in, "vote needs .all, .any, .uni or .ballot");
        }
        boolean sync = in.has(".sync");
        if (in.has(".b64")) {
            i.sub2 = Op.WAVE_WIDE; // the extension form: the whole wavefront's ballot
        }
        if (i.sub == Op.V_BALLOT) {
            i.d = cx.dst(in, in.operands().get(0));
        } else {
            i.d = cx.dstPred(in, in.operands().get(0));
        }
        PtxAst.Operand a = in.operands().get(1);
        i.a = cx.srcPred(in, a);
        i.aNeg = a instanceof PtxAst.Negated;
        if (sync) {
            i.b = cx.src(in, in.operands().get(2), i.sub2 == Op.WAVE_WIDE ? PtxType.B64 : PtxType.B32);
        }
        return i;
    }

    static Insn shfl(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.SHFL, in);
        if (in.has(".up")) {
            i.sub = Op.S_UP;
        } else if (in.has(".down")) {
            i.sub = Op.S_DOWN;
        } else if (in.has(".bfly")) {
            i.sub = Op.S_BFLY;
        } else if (in.has(".idx")) {
            i.sub = Op.S_IDX;
        } else {
            throw cx.syntax(in, "shfl needs .up, .down, .bfly or .idx");
        }
        boolean wave = in.has(".wave");
        boolean sync = in.has(".sync");
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = cx.dst(in, ((PtxAst.Pair) d).first());
            i.d2 = cx.dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = cx.dst(in, d);
        }
        i.a = cx.src(in, in.operands().get(1), PtxType.B32);
        i.b = cx.src(in, in.operands().get(2), PtxType.B32);
        if (wave) {
            i.sub2 = Op.WAVE_WIDE;
            return i;
        }
        i.c = cx.src(in, in.operands().get(3), PtxType.B32);
        if (sync) {
            i.e = cx.src(in, in.operands().get(4), PtxType.B32);
        }
        return i;
    }

    static Insn match(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.MATCH, in);
        PtxType t = cx.lastType(in);
        i.setType(t);
        i.sub = in.has(".all") ? 1 : 0;
        if (!in.has(".all") && !in.has(".any")) {
            throw cx.syntax(in, "match needs .any or .all");
        }
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = cx.dst(in, ((PtxAst.Pair) d).first());
            i.d2 = cx.dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = cx.dst(in, d);
        }
        i.a = cx.src(in, in.operands().get(1), t);
        i.b = cx.src(in, in.operands().get(2), PtxType.B32);
        return i;
    }

    /** {@code membar}/{@code fence}: every access of this model is performed in order, so a counted no-op. */
    static Insn fence(LoweringContext cx, PtxAst.Instruction in) {
        return insn(Op.MEMBAR, in);
    }

    static Insn activemask(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.ACTIVEMASK, in);
        i.d = cx.dst(in, in.operands().get(0));
        if (in.has(".b64")) {
            i.sub2 = Op.WAVE_WIDE;
        }
        return i;
    }
}
