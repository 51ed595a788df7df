package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.InstructionClass;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.ptx.StateSpace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The execute-at-issue seam a timing model drives: one warp instruction per {@link KernelLaunch#issue} call,
 * described by an {@link IssueRecord} (class, masks, space, per-lane addresses) plus the instruction's static
 * register lists.
 */
class IssueRecordTest {
    @Test
    void describesEachIssuedInstruction() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<3>;\n .reg .b64 %rd<4>;\n"
                    + " .reg .f32 %f1;\n ld.param.u64 %rd1, [p];\n mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd2, %r1, 8;\n"
                    + " add.s64 %rd3, %rd1, %rd2;\n ld.global.u32 %r2, [%rd3+4];\n sqrt.approx.f32 %f1, %f1;\n"
                    + " bar.sync 0;\n st.global.u32 [%rd3], %r2;\n ret;\n}\n");
            long p = dev.zeros(8 * 8);
            KernelLaunch launch = dev.gpu().prepare(m, "k", Dim3.of(1), Dim3.of(8), 0, p);
            Cta cta = launch.dispatchCta();
            IssueRecord rec = new IssueRecord();
            List<InstructionClass> classes = new ArrayList<>();
            List<IssueRecord> mem = new ArrayList<>();
            while (launch.issue(cta, 0, rec)) {
                classes.add(rec.instructionClass());
                assertEquals(0xFF, rec.activeMask());
                if (rec.insn.text.startsWith("ld.global")) {
                    assertEquals(StateSpace.GLOBAL, rec.space);
                    assertEquals(0xFF, rec.addressMask());
                    assertEquals(4, rec.accessBytes());
                    assertFalse(rec.writes);
                    for (int l = 0; l < 8; l++) {
                        assertEquals(p + 8L * l + 4, rec.address(l));
                    }
                    assertArrayEquals(new int[] {rec.insn.dstRegs[0]}, rec.insn.dstRegs);
                    mem.add(rec);
                }
                if (rec.insn.text.startsWith("st.global")) {
                    assertTrue(rec.writes);
                    assertEquals(p + 8L * 7, rec.address(7));
                    assertEquals(2, rec.insn.srcRegs.length, "address and data registers");
                }
            }
            assertEquals(
                    List.of(
                            InstructionClass.MEM,
                            InstructionClass.ALU,
                            InstructionClass.ALU,
                            InstructionClass.ALU,
                            InstructionClass.MEM,
                            InstructionClass.SFU,
                            InstructionClass.BARRIER,
                            InstructionClass.MEM,
                            InstructionClass.BRANCH),
                    classes);
            assertNotNull(mem.get(0));
            assertTrue(launch.finished() && cta.finished());
        }
    }

    @Test
    void aWarpAtABarrierCannotIssueUntilTheOthersArrive() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry k()\n{\n bar.sync 0;\n ret;\n}\n");
            KernelLaunch launch = dev.gpu().prepare(m, "k", Dim3.of(1), Dim3.of(64), 0);
            Cta cta = launch.dispatchCta();
            DivergenceModel simt = cta.simt();
            IssueRecord rec = new IssueRecord();
            assertTrue(launch.issue(cta, 0, rec));
            assertEquals(DivergenceModel.WAITING, simt.state(0));
            assertTrue(rec.slotWaits() && rec.barrierWait(), "the record tells the timing model to hold the warp");
            assertFalse(launch.issue(cta, 0, null), "blocked");
            assertTrue(launch.issue(cta, 1, rec));
            assertFalse(rec.slotWaits(), "the last arrival does not wait");
            assertEquals(DivergenceModel.RUNNABLE, simt.state(0), "released by the last arrival");
            assertTrue(launch.issue(cta, 0, null));
            assertTrue(launch.issue(cta, 1, rec));
            assertTrue(rec.hasWarpExited());
            assertTrue(cta.finished());
            assertEquals(2, launch.stats().barriers());
        }
    }
}
