package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.SoftwareGpu;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * Each kernel's CTAs hold only the shared variables the kernel and its callees name ({@link SharedLayout}, issue 15
 * item 3), at offsets that a device function called by several kernels finds the same in each.
 */
class SharedLayoutTest {
    private static final String HEADER = ".version 9.0\n.target sm_75\n.address_size 64\n";

    /**
     * Kernels {@code a} (own array of 64 bytes) and {@code b} (own array of 32 bytes) both call {@code f}, which
     * uses the module variable {@code common} (16 bytes); {@code unused} is named by no function. Each kernel
     * writes {@code tid + base} to its own array and {@code f} writes {@code tid * 10} to {@code common}; every
     * thread then reads back its own array and {@code common}.
     */
    private static final String MODULE = HEADER
            + ".shared .align 4 .b8 unused[4096];\n"
            + ".shared .align 4 .b8 common[16];\n"
            + ".func f(.param .b32 t)\n{\n .reg .b32 %r<4>;\n ld.param.b32 %r1, [t];\n mov.u32 %r2, common;\n"
            + " shl.b32 %r3, %r1, 2;\n add.s32 %r2, %r2, %r3;\n mul.lo.s32 %r1, %r1, 10;\n st.shared.u32 [%r2], %r1;\n"
            + " ret;\n}\n"
            + kernel("a", 64, 100)
            + kernel("b", 32, 200);

    private static String kernel(String name, int bytes, int base) {
        return ".visible .entry " + name + "(.param .u64 out)\n{\n"
                + " .shared .align 4 .b8 own_" + name + "[" + bytes + "];\n"
                + " .reg .b32 %r<8>;\n .reg .b64 %rd<4>;\n"
                + " mov.u32 %r1, %tid.x;\n add.s32 %r2, %r1, " + base + ";\n shl.b32 %r3, %r1, 2;\n"
                + " mov.u32 %r4, own_" + name + ";\n add.s32 %r4, %r4, %r3;\n st.shared.u32 [%r4], %r2;\n"
                + " { .param .b32 p0;\n st.param.b32 [p0], %r1;\n call.uni f, (p0);\n }\n"
                + " bar.sync 0;\n ld.shared.u32 %r5, [%r4];\n"
                + " mov.u32 %r6, common;\n add.s32 %r6, %r6, %r3;\n ld.shared.u32 %r7, [%r6];\n"
                + " ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %r1, 8;\n add.s64 %rd3, %rd1, %rd2;\n"
                + " st.global.u32 [%rd3], %r5;\n st.global.u32 [%rd3+4], %r7;\n ret;\n}\n";
    }

    @Test
    void eachKernelHoldsOnlyTheVariablesItReaches() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.load(MODULE);
            FunctionInfo a = m.program().function("a");
            FunctionInfo b = m.program().function("b");
            // common first (both kernels reach it), then each kernel's own array after it; unused at 0, alone
            assertEquals(16 + 64, a.staticSharedBytes);
            assertEquals(16 + 32, b.staticSharedBytes);
            assertEquals(80, a.dynamicSharedOffset);
            assertEquals(48, b.dynamicSharedOffset);
            for (String k : new String[] {"a", "b"}) {
                long out = gpu.malloc(8 * 4);
                gpu.launch(m, k, Dim3.of(1), Dim3.of(4), 0, out);
                ByteBuffer got = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
                gpu.copyFromDevice(out, got);
                int[] values = new int[8];
                got.asIntBuffer().get(values);
                int base = k.equals("a") ? 100 : 200;
                assertArrayEquals(
                        new int[] {base, 0, base + 1, 10, base + 2, 20, base + 3, 30},
                        values,
                        "kernel " + k + ": its array and common do not overlap");
            }
        }
    }

    /** The dynamic arrays start after the static variables of every kernel that names one (decision 0520). */
    @Test
    void aDynamicArrayNamedByTwoKernelsStartsAfterTheLargerStaticArea() {
        String module = HEADER
                + ".extern .shared .align 16 .b8 dyn[];\n"
                + ".visible .entry big()\n{\n .shared .align 4 .b8 s1[100];\n .reg .b32 %r<3>;\n"
                + " mov.u32 %r1, s1;\n mov.u32 %r2, dyn;\n ret;\n}\n"
                + ".visible .entry small()\n{\n .shared .align 4 .b8 s2[8];\n .reg .b32 %r<3>;\n"
                + " mov.u32 %r1, s2;\n mov.u32 %r2, dyn;\n ret;\n}\n"
                + ".visible .entry none()\n{\n .shared .align 8 .b8 s3[20];\n .reg .b32 %r<2>;\n"
                + " mov.u32 %r1, s3;\n ret;\n}\n";
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.load(module);
            assertEquals(100, m.program().function("big").staticSharedBytes);
            assertEquals(8, m.program().function("small").staticSharedBytes);
            assertEquals(20, m.program().function("none").staticSharedBytes);
            assertEquals(112, m.program().function("big").dynamicSharedOffset);
            assertEquals(112, m.program().function("small").dynamicSharedOffset);
            assertEquals(32, m.program().function("none").dynamicSharedOffset);
            assertEquals(
                    112 + 64,
                    gpu.prepare(m, "small", Dim3.of(1), Dim3.of(1), 64).sharedBytesPerCta());
            assertEquals(20, gpu.prepare(m, "none", Dim3.of(1), Dim3.of(1), 0).sharedBytesPerCta());
        }
    }
}
