package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Device-function calls (parameters, return values, recursion, divergent returns), and every memory space:
 * {@code .const} and {@code .global} variables with (nested) initializers, static and dynamic shared memory,
 * {@code .local} arrays, generic addressing with {@code cvta} to and from each space, {@code isspacep}.
 */
class CallsAndMemorySpacesTest {
    /** Recursive factorial through .param passing, as nvcc emits calls (scoped blocks with .param). */
    private static final String FACT = ".func (.param .b64 fact_ret) fact(.param .b32 fact_n)\n{\n"
            + " .reg .pred %p1;\n .reg .b32 %r<3>;\n .reg .b64 %rd<4>;\n"
            + " ld.param.u32 %r1, [fact_n];\n setp.gt.u32 %p1, %r1, 1;\n @%p1 bra REC;\n"
            + " mov.u64 %rd1, 1;\n st.param.b64 [fact_ret+0], %rd1;\n ret;\n"
            + "REC:\n add.s32 %r2, %r1, -1;\n"
            + " { // callseq 0, 0\n .reg .b32 temp_param_reg;\n .param .b32 param0;\n st.param.b32 [param0+0], %r2;\n"
            + "   .param .b64 retval0;\n call.uni (retval0), \n fact, \n (\n param0\n );\n"
            + "   ld.param.b64 %rd2, [retval0+0];\n } // callseq 0\n"
            + " cvt.u64.u32 %rd3, %r1;\n mul.lo.s64 %rd2, %rd2, %rd3;\n st.param.b64 [fact_ret+0], %rd2;\n ret;\n}\n"
            + ".visible .entry facts(.param .u64 out)\n{\n .reg .b32 %r<2>;\n .reg .b64 %rd<5>;\n"
            + " mov.u32 %r1, %tid.x;\n"
            + " { .param .b32 param0;\n st.param.b32 [param0+0], %r1;\n .param .b64 retval0;\n"
            + "   call.uni (retval0), fact, (param0);\n ld.param.b64 %rd1, [retval0+0];\n }\n"
            + " ld.param.u64 %rd2, [out];\n mul.wide.u32 %rd3, %r1, 8;\n add.s64 %rd4, %rd2, %rd3;\n"
            + " st.global.u64 [%rd4], %rd1;\n ret;\n}\n";

    @Test
    void recursionWithDivergentDepthPerLane() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(FACT);
            long out = dev.zeros(8 * 21);
            LaunchStats s = dev.launch(m, "facts", Dim3.of(1), Dim3.of(21), out);
            long[] expected = new long[21];
            long f = 1;
            for (int i = 0; i < 21; i++) {
                f = i <= 1 ? 1 : f * i;
                expected[i] = f;
            }
            assertArrayEquals(expected, dev.readLongs(out, 21));
            assertEquals(true, s.maxStackDepth() > 20, "one call entry per recursion level: " + s.maxStackDepth());
        }
    }

    @Test
    void constAndGlobalVariablesWithInitializersAndGenericPointers() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".const .align 4 .u32 ctab[2][3] = {{1, 2, 3}, {4, 5, 6}};\n"
                    + ".const .align 8 .f64 cpi = 0d400921FB54442D18;\n"
                    + ".global .align 4 .u32 gtab[4] = {10, 20, 30, 40};\n"
                    + ".global .align 8 .u64 gptr = generic(gtab);\n"
                    + ".visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<8>;\n .reg .b64 %rd<12>;\n .reg .f64 %fd1;\n"
                    + " .reg .pred %p<3>;\n"
                    + " ld.const.u32 %r1, [ctab+20];\n" // 6
                    + " mov.u64 %rd1, ctab;\n cvta.const.u64 %rd2, %rd1;\n ld.u32 %r2, [%rd2+4];\n" // 2 via generic
                    + " ld.global.u64 %rd3, [gptr];\n ld.u32 %r3, [%rd3+12];\n" // 40 via a generic pointer in memory
                    + " isspacep.const %p1, %rd2;\n isspacep.global %p2, %rd3;\n"
                    + " selp.u32 %r4, 100, 0, %p1;\n selp.u32 %r5, 1000, 0, %p2;\n"
                    + " add.s32 %r1, %r1, %r2;\n add.s32 %r1, %r1, %r3;\n add.s32 %r1, %r1, %r4;\n add.s32 %r1, %r1, %r5;\n"
                    + " ld.const.f64 %fd1, [cpi];\n"
                    + " ld.param.u64 %rd4, [out];\n st.global.u32 [%rd4], %r1;\n st.global.f64 [%rd4+8], %fd1;\n"
                    + " st.global.u32 [gtab], %r1;\n ret;\n}\n");
            long out = dev.zeros(16);
            dev.launch(m, "k", Dim3.of(1), Dim3.of(1), out);
            assertEquals(6 + 2 + 40 + 100 + 1000, dev.readInts(out, 1)[0]);
            assertEquals(Math.PI, dev.readDoubles(out + 8, 1)[0]);
            long gtab = m.program().globalAddresses().get("gtab");
            assertArrayEquals(
                    new int[] {1148, 20, 30, 40}, dev.readInts(gtab, 4), "module globals live in device memory");
        }
    }

    @Test
    void sharedStaticDynamicAndCvta() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".shared .align 4 .b8 stat[64];\n.extern .shared .align 16 .b8 dyn[];\n"
                    + ".visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<8>;\n .reg .b64 %rd<10>;\n"
                    + " mov.u32 %r1, %tid.x;\n shl.b32 %r2, %r1, 2;\n mov.u32 %r3, dyn;\n add.s32 %r4, %r3, %r2;\n"
                    + " st.shared.u32 [%r4], %r1;\n bar.sync 0;\n"
                    + " mov.u64 %rd1, dyn;\n cvta.shared.u64 %rd2, %rd1;\n" // generic pointer to dyn[0]
                    + " sub.s32 %r5, 31, %r1;\n mul.wide.u32 %rd3, %r5, 4;\n add.s64 %rd4, %rd2, %rd3;\n"
                    + " ld.u32 %r6, [%rd4];\n" // generic load of dyn[31 - tid]
                    + " cvta.to.shared.u64 %rd5, %rd4;\n cvt.u32.u64 %r7, %rd5;\n sub.s32 %r7, %r7, %r3;\n" // offset
                    + " ld.param.u64 %rd6, [out];\n mul.wide.u32 %rd7, %r1, 8;\n add.s64 %rd8, %rd6, %rd7;\n"
                    + " st.global.u32 [%rd8], %r6;\n st.global.u32 [%rd8+4], %r7;\n ret;\n}\n");
            long out = dev.zeros(8 * 32);
            dev.gpu().launch(m, "k", Dim3.of(1), Dim3.of(32), 128, out);
            int[] r = dev.readInts(out, 64);
            for (int t = 0; t < 32; t++) {
                assertEquals(31 - t, r[2 * t]);
                assertEquals(4 * (31 - t), r[2 * t + 1]);
            }
            assertEquals(
                    0,
                    m.program().function("k").dynamicSharedOffset,
                    "k does not use stat, so its CTAs hold no static variables before the dynamic area");
        }
    }

    @Test
    void localArraysThroughGenericPointersPassedToAFunction() {
        try (TestDevice dev = new TestDevice()) {
            // sum(p, n) reads n ints through a generic pointer; the kernel passes a pointer to its .local array
            PtxModule m = dev.load(".func (.param .b32 r) sum(.param .b64 p, .param .b32 n)\n{\n"
                    + " .reg .pred %p1;\n .reg .b32 %r<5>;\n .reg .b64 %rd<3>;\n"
                    + " ld.param.u64 %rd1, [p];\n ld.param.u32 %r1, [n];\n mov.u32 %r2, 0;\nL:\n"
                    + " ld.u32 %r3, [%rd1];\n add.s32 %r2, %r2, %r3;\n add.s64 %rd1, %rd1, 4;\n add.s32 %r1, %r1, -1;\n"
                    + " setp.ne.s32 %p1, %r1, 0;\n @%p1 bra L;\n st.param.b32 [r], %r2;\n ret;\n}\n"
                    + ".visible .entry k(.param .u64 out)\n{\n .local .align 16 .b8 __local_depot0[32];\n"
                    + " .reg .b64 %SP;\n .reg .b64 %SPL;\n .reg .b32 %r<6>;\n .reg .b64 %rd<6>;\n"
                    + " mov.u64 %SPL, __local_depot0;\n cvta.local.u64 %SP, %SPL;\n"
                    + " mov.u32 %r1, %tid.x;\n add.s32 %r2, %r1, 1;\n shl.b32 %r3, %r1, 1;\n"
                    + " st.local.v4.u32 [%SPL], {%r1, %r2, %r3, %r1};\n st.local.v2.u32 [%SPL+16], {%r2, %r2};\n"
                    + " { .param .b64 a0;\n st.param.b64 [a0], %SP;\n .param .b32 a1;\n st.param.b32 [a1], 6;\n"
                    + "   .param .b32 rv;\n call.uni (rv), sum, (a0, a1);\n ld.param.b32 %r4, [rv];\n }\n"
                    + " ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
                    + " st.global.u32 [%rd3], %r4;\n ret;\n}\n");
            long out = dev.zeros(4 * 40);
            dev.launch(m, "k", Dim3.of(1), Dim3.of(40), out);
            int[] r = dev.readInts(out, 40);
            for (int t = 0; t < 40; t++) {
                assertEquals(t + (t + 1) + 2 * t + t + 2 * (t + 1), r[t], "thread " + t);
            }
        }
    }

    @Test
    void vectorGlobalAccessesAndNonCoherentLoads() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry k(.param .u64 in, .param .u64 out)\n{\n .reg .f32 %f<5>;\n"
                    + " .reg .b64 %rd<5>;\n .reg .b32 %r1;\n mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd1, %r1, 16;\n"
                    + " ld.param.u64 %rd2, [in];\n add.s64 %rd3, %rd2, %rd1;\n"
                    + " ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd3];\n"
                    + " ld.param.u64 %rd2, [out];\n add.s64 %rd4, %rd2, %rd1;\n"
                    + " st.global.v4.f32 [%rd4], {%f4, %f3, %f2, %f1};\n ret;\n}\n");
            float[] in = new float[16];
            for (int i = 0; i < 16; i++) {
                in[i] = i + 0.5f;
            }
            long out = dev.zeros(64);
            dev.launch(m, "k", Dim3.of(1), Dim3.of(4), dev.floats(in), out);
            float[] r = dev.readFloats(out, 16);
            for (int t = 0; t < 4; t++) {
                for (int k = 0; k < 4; k++) {
                    assertEquals(in[4 * t + 3 - k], r[4 * t + k]);
                }
            }
        }
    }
}
