package dev.gmac.gpu.ptx;

import static dev.gmac.gpu.ptx.LoweringContext.insn;

import java.util.List;

/**
 * Lowers the control-flow family (PTX ISA §9.7.12: {@code bra call ret exit trap brkpt}; a call of a device-runtime
 * function the module only declares, such as nvcc's {@code vprintf}, becomes {@link Op#BUILTIN_CALL}) and this
 * project's transactional-memory extension instructions {@code tx.begin}/{@code tx.commit} (Fung, "Hardware
 * Transactional Memory for GPU Architectures", PhD thesis, UBC 2015, §4.2.1). A {@code ret} is a branch to
 * the function's single exit instruction; {@code exit} in a kernel is the same branch.
 */
final class ControlLowering {
    private ControlLowering() {}

    static Insn bra(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.BRA, in);
        i.target = cx.label(in, in.operands().get(0));
        i.uniform = in.has(".uni");
        return i;
    }

    static Insn ret(LoweringContext cx, PtxAst.Instruction in) {
        Insn i = insn(Op.BRA, in);
        i.target = cx.fn.exitPc;
        i.uniform = in.has(".uni");
        return i;
    }

    static Insn exit(LoweringContext cx, PtxAst.Instruction in) {
        if (cx.fn.isEntry) {
            return ret(cx, in);
        }
        Insn i = insn(Op.EXIT, in);
        return i;
    }

    static Insn call(LoweringContext cx, PtxAst.Instruction in) {
        List<PtxAst.Operand> ops = in.operands();
        int k = 0;
        List<PtxAst.Operand> rets = List.of();
        if (k < ops.size() && ops.get(k) instanceof PtxAst.ParenList) {
            rets = ((PtxAst.ParenList) ops.get(k)).elements();
            k++;
        }
        if (k >= ops.size() || !(ops.get(k) instanceof PtxAst.Name)) {
            throw cx.syntax(in, "expected the called function");
        }
        PtxAst.Name target = (PtxAst.Name) ops.get(k++);
        List<PtxAst.Operand> args = List.of();
        if (k < ops.size() && ops.get(k) instanceof PtxAst.ParenList) {
            args = ((PtxAst.ParenList) ops.get(k)).elements();
            k++;
        }
        if (k < ops.size()) {
            throw cx.unsupported(in, "indirect calls through a prototype are not supported");
        }
        Integer idx = cx.funcIndex.get(target.name());
        if (idx == null) {
            if (cx.isRegister(target.name())) {
                throw cx.unsupported(in, "indirect calls are not supported");
            }
            throw cx.syntax(in, "unknown function " + target.name());
        }
        PtxAst.Function callee = cx.funcAst.get(idx);
        int builtin = -1;
        if (callee.body() == null) {
            builtin = builtin(cx, in, callee);
        }
        if (callee.isEntry()) {
            throw cx.syntax(in, "cannot call a kernel");
        }
        if (args.size() != callee.params().size()
                || rets.size() != callee.returns().size()) {
            throw cx.syntax(
                    in,
                    "call of " + target.name() + " passes " + args.size() + " arguments and " + rets.size()
                            + " return values; it declares " + callee.params().size() + " and "
                            + callee.returns().size());
        }
        Insn i = insn(builtin >= 0 ? Op.BUILTIN_CALL : Op.CALL, in);
        if (builtin >= 0) {
            i.sub = builtin;
        } else {
            i.callee = idx;
        }
        i.uniform = in.has(".uni");
        i.argKind = new int[args.size()];
        i.argValue = new int[args.size()];
        for (int a = 0; a < args.size(); a++) {
            callOperand(cx, in, args.get(a), callee.params().get(a), i.argKind, i.argValue, a, false);
        }
        i.retKind = new int[rets.size()];
        i.retValue = new int[rets.size()];
        for (int a = 0; a < rets.size(); a++) {
            callOperand(cx, in, rets.get(a), callee.returns().get(a), i.retKind, i.retValue, a, true);
        }
        return i;
    }

    /**
     * One argument or return value of a call: a {@code .param} variable of the caller's frame of the formal's size,
     * or a register of a type the formal accepts.
     */
    private static void callOperand(
            LoweringContext cx,
            PtxAst.Instruction in,
            PtxAst.Operand o,
            PtxAst.Param formal,
            int[] kind,
            int[] value,
            int idx,
            boolean isRet) {
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            LoweringContext.Sym s = cx.isRegister(n.name()) ? null : cx.lookupSym(n.name());
            if (s != null && s.frame()) {
                if (s.size() != formal.byteSize()) {
                    throw cx.syntax(
                            in,
                            n.name() + " (" + s.size() + " bytes) does not match the parameter " + formal.name() + " ("
                                    + formal.byteSize() + " bytes)");
                }
                kind[idx] = 0;
                value[idx] = (int) (s.addr() + n.offset());
                return;
            }
            LoweringContext.RegInfo r = cx.lookupReg(o);
            if (r != null && !InstructionChecker.compatible(formal.type(), r.type(), false)) {
                throw cx.syntax(
                        in,
                        n.name() + " is a ." + r.type().ptxName() + " register; the parameter " + formal.name()
                                + " is ." + formal.type().ptxName());
            }
        }
        kind[idx] = 1;
        value[idx] = isRet ? cx.dst(in, o) : cx.src(in, o, formal.type());
    }

    /**
     * The functions of the CUDA device runtime that the software GPU provides, by name: the {@code Op.BI_*} code,
     * the byte sizes of the return value (0: none) and of the parameters, and the CUDA function they implement.
     */
    private static final java.util.Map<String, int[]> BUILTINS = java.util.Map.of(
            "vprintf", new int[] {Op.BI_VPRINTF, 4, 8, 8},
            "__assertfail", new int[] {Op.BI_ASSERTFAIL, 0, 8, 8, 4, 8, 8},
            "malloc", new int[] {Op.BI_MALLOC, 8, 8},
            "free", new int[] {Op.BI_FREE, 0, 8});

    /**
     * The {@code Op.BI_*} code of a call to {@code .extern} function {@code callee}, which must be one the device
     * runtime provides, declared as nvcc declares it.
     */
    private static int builtin(LoweringContext cx, PtxAst.Instruction in, PtxAst.Function callee) {
        int[] b = BUILTINS.get(callee.name());
        if (b == null) {
            throw cx.unsupported(
                    in,
                    "call to external function " + callee.name() + " (no body in this module; of the CUDA device"
                            + " runtime the software GPU provides vprintf (printf), __assertfail (assert), malloc and"
                            + " free)");
        }
        boolean ok = callee.returns().size() == (b[1] == 0 ? 0 : 1)
                && (b[1] == 0 || callee.returns().get(0).byteSize() == b[1])
                && callee.params().size() == b.length - 2;
        for (int p = 0; ok && p < callee.params().size(); p++) {
            ok = callee.params().get(p).byteSize() == b[p + 2];
        }
        if (!ok) {
            throw cx.unsupported(
                    in,
                    "the module declares " + callee.name() + " with other parameters than the CUDA device runtime's ("
                            + (b[1] == 0 ? "no return value" : "a " + b[1] + "-byte return value") + ", parameters of "
                            + java.util.Arrays.toString(java.util.Arrays.copyOfRange(b, 2, b.length)) + " bytes)");
        }
        return b[0];
    }

    /** {@code trap}/{@code brkpt}: stops the kernel with a fault. */
    static Insn trap(LoweringContext cx, PtxAst.Instruction in) {
        return insn(Op.TRAP, in);
    }

    /**
     * {@code tx.begin;} and {@code tx.commit;}: the bounds of a transaction (Fung thesis §4.2.1), run by the
     * launch's transactional-memory model.
     */
    static Insn tx(LoweringContext cx, PtxAst.Instruction in) {
        if (in.modifiers().equals(List.of(".begin"))) {
            return insn(Op.TX_BEGIN, in);
        }
        if (in.modifiers().equals(List.of(".commit"))) {
            return insn(Op.TX_COMMIT, in);
        }
        throw cx.syntax(in, "expected tx.begin or tx.commit");
    }
}
