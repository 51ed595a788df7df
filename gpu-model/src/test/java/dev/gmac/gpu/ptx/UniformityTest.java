package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.SoftwareGpu;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lowering's divergence analysis ({@link Uniformity}): which conditional branches thread block compaction may
 * take without synchronising the CTA (Fung thesis §3.3.1, "non-divergent branches").
 */
class UniformityTest {
    private static final String HEADER = ".version 9.0\n.target sm_75\n.address_size 64\n";

    /** blockUniform of the kernel's conditional branches, in program order. */
    private static List<Boolean> conditionalBranches(String body) {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.load(HEADER + body);
            List<Boolean> out = new ArrayList<>();
            for (Insn in : m.program().code()) {
                if (in.op == Op.BRA && in.guard >= 0) {
                    out.add(in.blockUniform);
                }
            }
            return out;
        }
    }

    @Test
    void loopCounterStaysUniformWhileValuesSetOnOneSideDoNot() {
        String k = ".visible .entry k(.param .u64 out, .param .u32 n)\n{\n"
                + "  .reg .pred %p<6>;\n  .reg .b32 %r<10>;\n  .reg .b64 %rd<4>;\n"
                + "  ld.param.u32 %r1, [n];\n"
                + "  mov.u32 %r2, %tid.x;\n"
                + "  mov.u32 %r3, 0;\n" // i
                + "  mov.u32 %r4, 0;\n" // acc
                + "LOOP:\n"
                + "  setp.eq.u32 %p1, %r2, %r3;\n"
                + "  @%p1 bra SKIP;\n" // B1: tid == i, divergent
                + "  add.u32 %r4, %r4, 1;\n" // acc on one side only
                + "SKIP:\n"
                + "  setp.gt.u32 %p2, %r4, 5;\n"
                + "  @%p2 bra OUT;\n" // B2: depends on acc: divergent (a break)
                + "  add.u32 %r3, %r3, 1;\n"
                + "  setp.lt.u32 %p3, %r3, %r1;\n"
                + "  @%p3 bra LOOP;\n" // B3: i < n, both sides of B1 advance i alike: uniform
                + "OUT:\n"
                + "  setp.lt.u32 %p4, %r3, 3;\n"
                + "  @%p4 bra END;\n" // B4: after the loop threads left at different iterations: divergent
                + "  mov.u32 %r5, %ctaid.x;\n"
                + "  setp.eq.u32 %p5, %r5, 0;\n"
                + "  @%p5 bra END;\n" // B5: on the CTA's index: uniform
                + "  ld.param.u64 %rd1, [out];\n"
                + "  st.global.u32 [%rd1], %r4;\n"
                + "END:\n"
                + "  ret;\n}\n";
        assertEquals(List.of(false, false, true, false, true), conditionalBranches(k));
    }

    @Test
    void loadsAreUniformOnlyFromReadOnlyMemory() {
        String k = ".visible .entry k(.param .u64 a)\n{\n"
                + "  .reg .pred %p<3>;\n  .reg .b32 %r<4>;\n  .reg .b64 %rd<3>;\n"
                + "  ld.param.u64 %rd1, [a];\n"
                + "  cvta.to.global.u64 %rd2, %rd1;\n"
                + "  ld.global.nc.u32 %r1, [%rd2];\n"
                + "  setp.eq.u32 %p1, %r1, 0;\n"
                + "  @%p1 bra A;\n" // read-only data at a uniform address: uniform
                + "A:\n"
                + "  ld.global.u32 %r2, [%rd2];\n"
                + "  setp.eq.u32 %p2, %r2, 0;\n"
                + "  @%p2 bra B;\n" // ordinary global data may change between warps: divergent
                + "B:\n"
                + "  ret;\n}\n";
        assertEquals(List.of(true, false), conditionalBranches(k));
    }
}
