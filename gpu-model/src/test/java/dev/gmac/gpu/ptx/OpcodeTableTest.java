package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.SoftwareGpu;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The opcode table: its forms describe the PTX we run, and it decides dispatch and instruction classes. */
class OpcodeTableTest {
    private static final String H = ".version 9.0\n.target sm_75\n.address_size 64\n";

    @Test
    void everyRowHasASupportedFormAndNoUnsupportedNameIsInTheTable() {
        assertFalse(OpcodeTable.all().isEmpty());
        for (OpcodeTable.Opcode op : OpcodeTable.all()) {
            assertTrue(op.forms().stream().anyMatch(f -> f.unsupported() == null), op.name());
            assertFalse(op.doc().isBlank(), op.name());
            assertFalse(OpcodeTable.KNOWN_UNSUPPORTED.contains(op.name()), op.name());
            assertEquals(op, OpcodeTable.lookup(op.name()));
        }
        assertNull(OpcodeTable.lookup("ldmatrix"));
    }

    @Test
    void formsParseIntoGroupsAndOperandShapes() {
        OpcodeForm f = OpcodeForm.parse("bar{.cta}.red.popc.u32 d, a{, b}, {!}c", null);
        assertEquals("bar", f.opcode());
        assertEquals(4, f.groups().size());
        assertFalse(f.groups().get(0).required());
        assertEquals("{.cta}", f.groups().get(0).text());
        assertEquals(
                List.of(
                        OpcodeForm.Kind.DEST,
                        OpcodeForm.Kind.SOURCE,
                        OpcodeForm.Kind.SOURCE,
                        OpcodeForm.Kind.SOURCE_PRED),
                f.operands().stream().map(OpcodeForm.Operand::kind).toList());
        assertEquals(3, f.minOperands());
        assertEquals(4, f.maxOperands());
        assertTrue(f.operands().get(2).optional());
        OpcodeForm cvt = OpcodeForm.parse("cvt{.rn,.rz}.{f32,s32}.{f32,s32} d, a", null);
        assertTrue(cvt.acceptsModifiers(List.of(".rn", ".f32", ".s32")));
        assertTrue(cvt.acceptsModifiers(List.of(".f32", ".rz", ".f32")), "order of non-type modifiers is free");
        assertFalse(cvt.acceptsModifiers(List.of(".rn", ".rz", ".f32", ".s32")), "one of a group");
        assertFalse(cvt.acceptsModifiers(List.of(".f32")), "a required group is missing");
        assertEquals("{.rn,.rz}", cvt.groups().get(0).text());
        assertEquals(".{f32,s32}", cvt.groups().get(1).text());
        assertThrows(IllegalArgumentException.class, () -> OpcodeForm.parse("add.s32 d, a, %b", null));
    }

    /** The table is complete for what we run: each committed instruction fits a supported form of its row. */
    @Test
    void everyInstructionOfTheCommittedPtxFitsASupportedForm() {
        List<String> misfits = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, String> file : CommittedPtx.all().entrySet()) {
            for (PtxAst.Function fn : new PtxParser(file.getValue()).parse().functions()) {
                if (fn.body() == null) {
                    continue;
                }
                for (PtxAst.Statement s : fn.body()) {
                    if (!(s instanceof PtxAst.Instruction)) {
                        continue;
                    }
                    PtxAst.Instruction in = (PtxAst.Instruction) s;
                    OpcodeTable.Opcode row = OpcodeTable.lookup(in.opcode());
                    checked++;
                    boolean fits = row != null
                            && row.forms().stream()
                                    .anyMatch(f -> f.unsupported() == null
                                            && f.acceptsModifiers(in.modifiers())
                                            && in.operands().size() >= f.minOperands()
                                            && in.operands().size() <= f.maxOperands());
                    if (!fits) {
                        misfits.add(file.getKey() + ":" + in.line() + " " + in.opcodeWithModifiers() + " ("
                                + in.operands().size() + " operands)");
                    }
                }
            }
        }
        assertTrue(checked > 5000, "instructions checked: " + checked);
        assertEquals(List.of(), misfits);
    }

    @Test
    void instructionClassComesFromTheTable() {
        Program p = Lowering.load(
                H + ".visible .entry k(.param .u64 a)\n{\n .reg .b32 %r<4>;\n .reg .b64 %rd<3>;\n"
                        + " .reg .f32 %f<3>;\n ld.param.u64 %rd1, [a];\n ld.global.u32 %r1, [%rd1];\n"
                        + " div.s32 %r2, %r1, 3;\n rem.u32 %r3, %r1, 7;\n sqrt.rn.f32 %f1, %f2;\n"
                        + " fma.rn.f32 %f1, %f1, %f2, %f2;\n bar.sync 0;\n shfl.sync.down.b32 %r1, %r2, 1, 31, -1;\n"
                        + " ret;\n}\n",
                Lowering.noDevice());
        List<InstructionClass> got = new ArrayList<>();
        for (Insn in : p.code()) {
            got.add(in.cls);
        }
        assertEquals(
                List.of(
                        InstructionClass.MEM,
                        InstructionClass.MEM,
                        InstructionClass.SFU,
                        InstructionClass.SFU,
                        InstructionClass.SFU,
                        InstructionClass.ALU,
                        InstructionClass.BARRIER,
                        InstructionClass.BARRIER,
                        InstructionClass.BRANCH,
                        InstructionClass.BRANCH),
                got);
        PtxCoverage cov = PtxCoverage.of(H + ".visible .entry k()\n{\n .reg .b32 %r1;\n mov.u32 %r1, 1;\n"
                + " suld.b.1d.b32.trap {%r1}, [%r1, {%r1}];\n ret;\n}\n");
        PtxCoverage.Entry mov = cov.entries().get(0);
        assertEquals("mov.u32", mov.opcodeWithModifiers());
        assertEquals(InstructionClass.ALU, mov.instructionClass());
        assertNull(mov.reason());
        PtxCoverage.Entry suld = cov.entries().get(2);
        assertEquals("suld.b.1d.b32.trap", suld.opcodeWithModifiers());
        assertNull(suld.instructionClass());
        assertTrue(suld.reason().contains("not supported"), suld.reason());
    }

    @Test
    void transactionBoundsAndWarpSyncLowerToTheirOwnOpcodes() {
        Program p = Lowering.load(
                H + ".visible .entry k()\n{\n .reg .b32 %r1;\n tx.begin;\n tx.commit;\n"
                        + " bar.warp.sync -1;\n mov.u32 %r1, 3;\n bar.warp.sync %r1;\n ret;\n}\n",
                Lowering.noDevice());
        Insn[] code = p.code();
        assertEquals(Op.TX_BEGIN, code[0].op);
        assertEquals(InstructionClass.BRANCH, code[0].cls);
        assertEquals(Op.TX_COMMIT, code[1].op);
        assertEquals(InstructionClass.BRANCH, code[1].cls);
        assertEquals(Op.WARP_SYNC, code[2].op);
        assertEquals(InstructionClass.BARRIER, code[2].cls);
        FunctionInfo f = p.functions().get(0);
        assertEquals(2, f.constSlots.length, "the immediates -1 and 3 live in constant slots");
        assertEquals(f.constSlots[0] * p.registerStride(), code[2].a, "the immediate mask");
        assertEquals(0xFFFF_FFFF_FFFF_FFFFL, f.constValues[0]);
        assertEquals(Op.WARP_SYNC, code[4].op);
        assertEquals(code[3].d, code[4].a, "a register mask is its register base");
        assertEquals(0, code[4].a % p.registerStride());
        PtxSyntaxException e = assertThrows(
                PtxSyntaxException.class,
                () -> Lowering.load(H + ".visible .entry k()\n{\n tx.abort;\n ret;\n}\n", Lowering.noDevice()));
        assertTrue(e.getMessage().contains("modifier .abort is not valid for tx"), e.getMessage());
    }

    @Test
    void warpSyncRunsAndATransactionWithoutATmModelFaults() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule ok = gpu.load(H + ".visible .entry k(.param .u64 out)\n{\n .reg .b32 %r<3>;\n .reg .b64 %rd<3>;\n"
                    + " ld.param.u64 %rd1, [out];\n cvta.to.global.u64 %rd1, %rd1;\n mov.u32 %r1, %tid.x;\n"
                    + " bar.warp.sync -1;\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd1, %rd1, %rd2;\n"
                    + " st.global.u32 [%rd1], %r1;\n ret;\n}\n");
            long out = gpu.malloc(4 * 32);
            gpu.launch(ok, "k", Dim3.of(1), Dim3.of(32), 0, out);
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * 32).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            gpu.copyFromDevice(out, b);
            for (int i = 0; i < 32; i++) {
                assertEquals(i, b.getInt(4 * i));
            }
            PtxModule tx = gpu.load(H + ".visible .entry t()\n{\n tx.begin;\n tx.commit;\n ret;\n}\n");
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> gpu.launch(tx, "t", Dim3.of(1), Dim3.of(1), 0));
            assertTrue(
                    e.getMessage().contains("tx.begin/tx.commit")
                            && e.getMessage().contains("cgl"),
                    e.getMessage());
        }
    }
}
