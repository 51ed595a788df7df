package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import java.util.BitSet;

/**
 * Estimates the registers a thread of a kernel needs, for CTA occupancy: PTX declares virtual registers
 * generously (nvcc's {@code %f<63>} for a kernel that needs a few dozen), and the real allocation is made by
 * ptxas, which we do not run. The estimate is the largest number of PTX registers live at once, from a backward
 * liveness analysis over the kernel's lowered code (successors: the next instruction, a branch's target, none
 * after an exit). Each register counts once, whatever its width; device-function bodies are not included.
 */
final class RegisterPressure {
    private RegisterPressure() {}

    /** The largest number of registers live at once in {@code kernel} (at least 1). */
    static int of(Insn[] code, FunctionInfo kernel) {
        int start = kernel.entryPc;
        int end = Math.min(code.length - 1, kernel.exitPc);
        int n = end - start + 1;
        if (n <= 0) {
            return 1;
        }
        BitSet[] liveIn = new BitSet[n];
        for (int i = 0; i < n; i++) {
            liveIn[i] = new BitSet();
        }
        BitSet out = new BitSet();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                Insn in = code[start + i];
                liveOut(code, in, start, end, liveIn, out);
                for (int d : in.dstRegs) {
                    out.clear(d);
                }
                for (int s : in.srcRegs) {
                    out.set(s);
                }
                if (!out.equals(liveIn[i])) {
                    liveIn[i].clear();
                    liveIn[i].or(out);
                    changed = true;
                }
            }
        }
        int max = 1;
        for (int i = 0; i < n; i++) {
            Insn in = code[start + i];
            liveOut(code, in, start, end, liveIn, out);
            for (int d : in.dstRegs) {
                out.set(d);
            }
            max = Math.max(max, Math.max(out.cardinality(), liveIn[i].cardinality()));
        }
        return max;
    }

    private static void liveOut(Insn[] code, Insn in, int start, int end, BitSet[] liveIn, BitSet out) {
        out.clear();
        if (in.op == Op.EXIT || in.op == Op.RET_EXIT || in.op == Op.TRAP) {
            return;
        }
        if (in.op == Op.BRA) {
            if (in.target >= start && in.target <= end) {
                out.or(liveIn[in.target - start]);
            }
            if (in.guard < 0) {
                return;
            }
        }
        int next = in.pc + 1;
        if (next <= end) {
            out.or(liveIn[next - start]);
        }
    }
}
