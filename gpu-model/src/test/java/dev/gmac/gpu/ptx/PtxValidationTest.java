package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.SoftwareGpu;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the front end rejects as ptxas does (issue 16), each with a typed error at line:column naming the rule,
 * and the limits checked before anything is allocated. Every rejected snippet here was checked with {@code ptxas
 * -arch=sm_75} (nvcc 13.0), which rejects it too, except where a test says the limit is this engine's own.
 */
class PtxValidationTest {
    private static final String H = ".version 9.0\n.target sm_75\n.address_size 64\n";
    private static final String REGS =
            " .reg .pred %p<4>;\n .reg .b16 %rs<4>;\n .reg .b32 %r<8>;\n .reg .f32 %f<8>;\n .reg .b64 %rd<8>;\n"
                    + " .reg .f64 %fd<4>;\n";

    /** A kernel with the registers above and {@code body} starting on line 12. */
    private static String kernel(String body) {
        return H + ".visible .entry k(.param .u64 k_p0)\n{\n" + REGS + body + "\n ret;\n}\n";
    }

    private static PtxException load(String text) {
        return assertThrows(PtxException.class, () -> Lowering.load(text, Lowering.noDevice()));
    }

    private static void accepts(String text) {
        Lowering.load(text, Lowering.noDevice());
    }

    private static PtxSyntaxException syntax(String text, String fragment) {
        PtxException e = load(text);
        assertTrue(e instanceof PtxSyntaxException, e.getClass().getSimpleName() + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        return (PtxSyntaxException) e;
    }

    private static UnsupportedPtxException unsupported(String text, String fragment) {
        PtxException e = load(text);
        assertTrue(e instanceof UnsupportedPtxException, e.getClass().getSimpleName() + ": " + e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        return (UnsupportedPtxException) e;
    }

    @Test
    void operandCountsAndKindsComeFromTheOpcodeTable() {
        PtxSyntaxException ret = syntax(kernel(" ret %f2, %f1, %f1;"), "takes no operands, found 3");
        assertEquals(12, ret.line());
        assertEquals(2, ret.column());
        syntax(kernel(" add.s32 %r1, %r2;"), "takes 3 (d, a, b) operands, found 2");
        syntax(kernel(" setp.lt.s32 %r1, %r2, %r3;"), "operand 1 (p{|q}) must be a predicate register");
        syntax(kernel(" selp.b32 %r1, %r2, %r3, %r4;"), "operand 4 ({!}c) must be a predicate");
        syntax(kernel(" add.s32 %p1, %r2, %r3;"), "%p1 is a .pred register");
        syntax(kernel(" bra 3;"), "must be a label");
        syntax(kernel(" lop3.b32 %r1, %r2, %r3, %r4, %r5;"), "must be an integer constant");
    }

    @Test
    void modifiersAndTypesFormAValidInstruction() {
        syntax(kernel(" add.lo.s32 %r1, %r2, %r3;"), "modifier .lo is not valid for add");
        syntax(kernel(" add.u8 %r1, %r2, %r3;"), "modifier .u8 is not valid for add");
        syntax(kernel(" add.sat.u32 %r1, %r2, %r3;"), "no valid add instruction");
        syntax(kernel(" setp.lt.b32 %p1, %r1, %r2;"), "no valid setp instruction");
        syntax(kernel(" mov.u32.frob %r1, %r2;"), "modifier .frob is not valid for mov");
        syntax(kernel(" frobnicate.u32 %r1, %r2;"), "unknown instruction frobnicate");
        syntax(kernel(" vote.any.pred %p1, %p2;"), "no valid vote instruction");
        unsupported(kernel(" add.f16x2 %r1, %r2, %r3;"), "half-precision arithmetic is not supported");
        unsupported(kernel(" ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%rd1];"), "is not supported");
    }

    @Test
    void registersHaveTypesTheOperandsAccept() {
        syntax(kernel(" add.s32 %r1, %r2, %rd3;"), "%rd3 is a .b64 register, which a .s32 operand does not accept");
        syntax(kernel(" add.s32 %r1, %r2, %f3;"), "%f3 is a .f32 register");
        accepts(kernel(" add.f32 %f1, %f2, %r3;")); // a .b32 register is a .f32 operand
        syntax(kernel(" mov.u32 %r1, %rd1;"), "%rd1 is a .b64 register");
        syntax(kernel(" shl.b32 %r1, %r2, %rd1;"), "operand 3 (b)");
        syntax(kernel(" mul.wide.s32 %r1, %r1, %r2;"), "operand 1 (d)");
        syntax(kernel(" popc.b64 %rd1, %rd1;"), "operand 1 (d)");
        // ld, st and cvt take wider integer and bit registers (PTX ISA 6.4.2), but not wider floats
        accepts(kernel(" ld.param.u64 %rd2, [k_p0];\n ld.global.u8 %r1, [%rd2];\n st.global.u16 [%rd2], %r1;"));
        accepts(kernel(" cvt.u32.u64 %rd1, %rd2;"));
        syntax(kernel(" cvt.u32.u64 %r1, %r2;"), "operand 2 (a)");
        syntax(kernel(" ld.param.u64 %rd2, [k_p0];\n ld.global.f32 %fd1, [%rd2];"), "%fd1 is a .f64 register");
        syntax(kernel(" ld.param.u64 %rd2, [k_p0];\n ld.global.u32 %rs1, [%rd2];"), "%rs1 is a .b16 register");
    }

    @Test
    void literalsSuitTheirOperand() {
        PtxSyntaxException huge = syntax(kernel(" add.s64 %rd1, %rd2, 1e400;"), "constant overflow: 1e400");
        assertEquals(12, huge.line());
        syntax(kernel(" add.s64 %rd1, %rd2, 1.5;"), "floating-point literal is not a .s64 value");
        // a 0f literal has 32 bits, a 0d or decimal one 64: a bit type takes only its own width
        accepts(kernel(" mov.b64 %rd1, 1.5;\n selp.b32 %r7, 0f3FC00000, 0, %p3;"));
        syntax(kernel(" mov.b32 %r7, 1.5;"), "64-bit floating-point literal is not a .b32 value");
        syntax(kernel(" mov.b64 %rd1, 0f3F800000;"), "32-bit floating-point literal is not a .b64 value");
        syntax(kernel(" mov.f32 %f1, 0;"), "an integer literal is not a .f32 value");
        accepts(kernel(" mov.b32 %r1, 0f3F800000;\n mov.f64 %fd1, 0f3F800000;\n mov.f32 %f1, 1e39;"));
        // integers beyond 64 bits: ptxas keeps the low 64 bits and reports overflow only after a value >= 2^63
        accepts(kernel(" add.u64 %rd1, %rd2, 18446744073709551616;\n add.u64 %rd1, %rd2, 0x1FFFFFFFFFFFFFFFF;"));
        syntax(kernel(" add.u64 %rd1, %rd2, 0xFFFFFFFFFFFFFFFFF;"), "constant overflow");
        syntax(kernel(" add.u64 %rd1, %rd2, 99999999999999999999999999999;"), "constant overflow");
        syntax(kernel(" bar.sync 16;"), "barrier number 16 is out of range 0..15");
        syntax(kernel(" bar.sync 0, 33;"), "not a multiple of the warp size");
        syntax(kernel(" bfe.u32 %r1, %r2, 256, 3;"), "out of range 0..255");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "cvt.u32.f32 %r1, %f1 | needs .rni, .rzi, .rmi or .rpi",
                "cvt.rn.s32.f32 %r1, %f1 | needs .rni, .rzi, .rmi or .rpi",
                "cvt.rni.f32.u32 %f1, %r1 | needs .rn, .rz, .rm or .rp",
                "cvt.rn.u32.u16 %r1, %rs1 | takes no rounding modifier",
                "cvt.rn.f64.f32 %fd1, %f1 | widening float conversion takes no rounding",
                "cvt.f32.f64 %f1, %fd1 | narrowing float conversion needs",
                "cvt.rn.f32.f32 %f1, %f2 | same size takes .rni"
            })
    void cvtTakesTheRoundingItsConversionNeeds(String insn, String fragment) {
        syntax(kernel(" " + insn + ";"), fragment);
    }

    @Test
    void addressesAndStateSpaces() {
        syntax(kernel(" ld.global.u32 %r1, [%r2];"), "global and generic addresses are 64-bit");
        accepts(kernel(" ld.shared.u32 %r1, [%r2];"));
        syntax(kernel(" ld.shared.u32 %r1, [%f1];"), "an address register has an integer or bit type");
        syntax(kernel(" ld.global.u32 %r1, [0];"), "only in the .local space");
        syntax(kernel(" ld.u32 %r1, [k_p0];"), "which a generic access cannot name");
        syntax(kernel(" st.param.u32 [k_p0], %r1;"), "stores to the param space are not allowed");
        // the address of a variable: mov (64-bit, or 32-bit outside the global space) and cvta only
        String g = H + ".global .u64 g;\n.shared .b8 s[4];\n.visible .entry k()\n{\n" + REGS;
        accepts(g + " mov.u64 %rd1, g;\n mov.u32 %r1, s;\n cvta.global.u64 %rd2, g;\n ret;\n}\n");
        syntax(g + " add.u64 %rd1, %rd2, g;\n ret;\n}\n", "other operands must be registers");
        syntax(g + " mov.u32 %r1, g;\n ret;\n}\n", "other operands must be registers");
        // vector elements of ld/st.vN.f32 may be integer registers, scalar ones may not (as ptxas)
        accepts(kernel(" ld.param.u64 %rd2, [k_p0];\n ld.global.v2.f32 {%r1, %r2}, [%rd2];"));
        syntax(kernel(" ld.param.u64 %rd2, [k_p0];\n ld.global.v2.u32 {%f1, %f2}, [%rd2];"), "%f1 is a .f32");
    }

    @Test
    void declarationsAreUniqueAndInScope() {
        syntax(H + ".visible .entry k(.param .u32 a, .param .u32 a)\n{\n ret;\n}\n", "duplicate parameter a of k");
        syntax(H + ".global .b8 x[8];\n.global .b8 x[8];\n", "duplicate definition of variable x");
        syntax(H + ".global .b8 k[8];\n.visible .entry k()\n{\n ret;\n}\n", "both as a variable and as a function");
        syntax(kernel(" .reg .b32 %r1;"), "duplicate definition of %r1");
        syntax(kernel(" L1:\n .reg .b32 L1;"), "duplicate definition of L1");
        syntax(kernel(" add.s32 %q1, %q1, 1;\n .reg .b32 %q1;"), "must be a declared register, found %q1");
        syntax(kernel(" {\n .reg .b32 %q1;\n }\n mov.u32 %q1, 1;"), "%q1");
        syntax(kernel(" {\n L9:\n }\n bra L9;"), "does not enclose this branch");
        accepts(kernel(
                " {\n .reg .b32 %q1;\n mov.u32 %q1, 1;\n }\n {\n .reg .f32 %q1;\n mov.f32 %q1, 0f00000000;\n }"));
        syntax(
                H + ".func f(.param .b32 a);\n.func f()\n{\n ret;\n}\n",
                "inconsistent declarations of f (line 4): the number of parameters differs");
        syntax(H + ".global .align 3 .b8 x[8];\n", "alignment must be a power of two");
        syntax(H + ".global .align 0 .b8 x[8];\n", "alignment must be a power of two");
        syntax(H + ".global .u32 g[2] = {1, 2, 3};\n", "too many initializers for g");
        syntax(H + ".global .f32 g[2] = {1, 2};\n", "initial value of the wrong kind");
        syntax(H + ".visible .entry k(.param .pred a)\n{\n ret;\n}\n", "predicates live only in registers");
        syntax(H + ".shared .b8 t[];\n", "array t[] has no size");
        syntax(H + ".shared .b8 t[0];\n", "array t[] has no size");
        accepts(H + ".extern .shared .align 16 .b8 t[];\n.extern .shared .align 16 .b8 t[];\n");
    }

    @Test
    void theModuleHeaderComesFirstAndOnce() {
        syntax(".target sm_75\n.version 9.0\n", "a PTX module starts with .version");
        syntax(".version 9.0\n.address_size 64\n.target sm_75\n", "expected .target after .version");
        syntax(H + ".version 9.0\n", ".version may appear only once");
        syntax(".version 6.2\n.target sm_75\n", "PTX ISA 6.2 does not support .target sm_75");
        syntax(".version 9.0\n.target sm_99\n", "unknown .target");
        unsupported(".version 9.1\n.target sm_75\n", "newer than 9.0");
        unsupported(".version 9.0\n.target sm_75\n.address_size 32\n", "only 64-bit addressing");
        accepts(".version 9.0\n.target sm_75, texmode_independent\n");
        accepts(".version 9.0\n.target sm_75\n.target sm_52\n.address_size 64\n"); // as ptxas
        syntax(".version 9.0\n.target sm_75\n.address_size 64\n.target sm_75\n", "only once");
    }

    @Test
    void limitsAreCheckedBeforeAnythingIsAllocated() {
        UnsupportedPtxException regs =
                unsupported(kernel(" .reg .b32 %q<2147483647>;"), "more than the limit of 65536");
        assertEquals(12, regs.line());
        assertTrue(regs.getMessage().contains("function k"), regs.getMessage());
        syntax(kernel(" .reg .b32 %q<4294967296>;"), "constant overflow: register count 4294967296");
        PtxSyntaxException bank = syntax(H + ".const .b8 c[2147483648];\n", "take 2147483648 bytes at c");
        assertEquals(4, bank.line());
        syntax(H + ".const .b8 c[65537];\n", "64 KiB");
        accepts(H + ".const .b8 c[65536];\n");
        syntax(H + ".visible .entry k(.param .b8 a[32765])\n{\n ret;\n}\n", "more than the 32764 bytes");
        syntax(
                H + ".shared .b8 s[49153];\n.visible .entry k()\n{\n .reg .b64 %rd1;\n mov.u64 %rd1, s;\n ret;\n}\n",
                "kernel k uses 49153 bytes of static shared memory");
        accepts(H + ".shared .b8 s[49153];\n.visible .entry k()\n{\n ret;\n}\n"); // unused: ptxas accepts it too
        unsupported(H + ".global .b8 x[1099511627776][1099511627776];\n", "has more than");
        unsupported(H + ".global .align 512 .b8 x[8];\n", "alignments above 256");
        unsupported(kernel(" .local .b8 big[33554432];"), "PtxLimits.MAX_FRAME_BYTES");
        StringBuilder big = new StringBuilder(PtxLimits.MAX_TEXT_CHARS + 16);
        big.append(H);
        while (big.length() <= PtxLimits.MAX_TEXT_CHARS) {
            big.append("// padding padding padding padding padding padding padding padding padding padding\n");
        }
        unsupported(big.toString(), "PtxLimits.MAX_TEXT_CHARS");
    }

    @Test
    void moduleVariablesThatDoNotFitTheDeviceAreNamedAndNothingLeaks() {
        GpuConfig small = GpuConfig.builder().globalMemoryBytes(1 << 20).build();
        try (SoftwareGpu gpu = new SoftwareGpu(small)) {
            UnsupportedPtxException e = assertThrows(
                    UnsupportedPtxException.class, () -> gpu.load(H + ".global .b8 g[4294967296] = {1, 2};\n"));
            assertEquals(4, e.line());
            assertTrue(
                    e.getMessage().contains("cannot allocate module variable g of 4294967296 bytes"), e.getMessage());
            // a module that fails anywhere allocates nothing: 600 KB of a 1 MB device, three times
            String bad = H + ".global .b8 h[600000];\n.visible .entry k()\n{\n frobnicate;\n ret;\n}\n";
            for (int i = 0; i < 3; i++) {
                assertThrows(PtxSyntaxException.class, () -> gpu.load(bad));
            }
            PtxModule ok = gpu.load(H + ".global .b8 h[600000] = {7};\n");
            assertTrue(ok.program().globalAddresses().containsKey("h"));
        }
    }
}
