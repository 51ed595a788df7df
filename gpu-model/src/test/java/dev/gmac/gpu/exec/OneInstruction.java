package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;

/**
 * Runs a snippet of PTX once per lane on operands loaded from memory: registers {@code %a %b %c} (sources)
 * and {@code %d} (result), plus predicates {@code %p1..%p3} and scratch {@code %x %y}, each declared with the
 * register type the caller names. Operand arrays hold one raw 64-bit value per lane (little-endian, so narrower
 * registers load the low bytes); predicate operands are loaded as "value != 0".
 */
final class OneInstruction {
    private OneInstruction() {}

    /** Register types: b16, b32, b64, f32, f64, pred. */
    static long[] run(TestDevice dev, String types, String body, long[]... operands) {
        String[] t = types.split(" ");
        String[] names = {"%d", "%a", "%b", "%c"};
        StringBuilder decl = new StringBuilder();
        for (int i = 0; i < t.length; i++) {
            decl.append(" .reg .").append(t[i]).append(' ').append(names[i]).append(";\n");
        }
        int n = operands.length == 0 ? 1 : operands[0].length;
        StringBuilder loads = new StringBuilder();
        for (int i = 1; i < t.length; i++) {
            loads.append(" ld.param.u64 %rd1, [in").append(i).append("];\n add.s64 %rd1, %rd1, %rd0;\n");
            if (t[i].equals("pred")) {
                loads.append(" ld.global.u32 %t, [%rd1];\n setp.ne.u32 ")
                        .append(names[i])
                        .append(", %t, 0;\n");
            } else {
                loads.append(" ld.global.")
                        .append(t[i])
                        .append(' ')
                        .append(names[i])
                        .append(", [%rd1];\n");
            }
        }
        String store = t[0].equals("pred")
                ? " selp.u32 %t, 1, 0, %d;\n st.global.u32 [%rd2], %t;\n"
                : " st.global." + t[0] + " [%rd2], %d;\n";
        String ptx = ".visible .entry k(.param .u64 out, .param .u64 in1, .param .u64 in2, .param .u64 in3)\n{\n"
                + " .reg .b64 %rd<4>;\n .reg .b32 %t;\n .reg .pred %p<4>;\n .reg .b32 %x;\n .reg .b32 %y;\n"
                + decl
                + " mov.u32 %t, %tid.x;\n mul.wide.u32 %rd0, %t, 8;\n"
                + " ld.param.u64 %rd2, [out];\n add.s64 %rd2, %rd2, %rd0;\n"
                + loads
                + body + "\n"
                + store
                + " ret;\n}\n";
        PtxModule m = dev.load(ptx);
        long[] args = new long[4];
        long out = dev.zeros(8L * n);
        args[0] = out;
        for (int i = 1; i < 4; i++) {
            args[i] = i - 1 < operands.length ? dev.longs(operands[i - 1]) : dev.zeros(8L * n);
        }
        dev.gpu().launch(m, "k", Dim3.of(1), Dim3.of(n), 0, args);
        long[] res = dev.readLongs(out, n);
        int bytes = t[0].equals("b16") ? 2 : t[0].equals("b32") || t[0].equals("f32") || t[0].equals("pred") ? 4 : 8;
        if (bytes < 8) {
            for (int i = 0; i < n; i++) {
                res[i] &= (1L << (8 * bytes)) - 1;
            }
        }
        return res;
    }

    static long[] f32(float... v) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = Float.floatToRawIntBits(v[i]) & 0xFFFFFFFFL;
        }
        return r;
    }

    static long[] f64(double... v) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = Double.doubleToRawLongBits(v[i]);
        }
        return r;
    }

    static long[] ints(long... v) {
        return v;
    }
}
