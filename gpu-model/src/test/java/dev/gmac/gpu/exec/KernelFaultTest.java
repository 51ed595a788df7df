package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Faults never crash or hang (issue 3, item 4): each raises {@link KernelFaultException} naming kernel, PTX
 * line, CTA, thread, address and reason, and device memory written before the fault stays readable.
 */
class KernelFaultTest {
    /** out[tid] = in[tid + off] for every thread; line numbers below count from the header (3 lines). */
    private static final String COPY = ".visible .entry copy(.param .u64 in, .param .u64 out, .param .u32 off)\n" // 4
            + "{\n" // 5
            + "  .reg .b32 %r<4>;\n  .reg .b64 %rd<8>;\n" // 6, 7
            + "  ld.param.u64 %rd1, [in];\n" // 8
            + "  ld.param.u64 %rd2, [out];\n" // 9
            + "  ld.param.u32 %r1, [off];\n" // 10
            + "  mov.u32 %r2, %tid.x;\n" // 11
            + "  add.s32 %r3, %r2, %r1;\n" // 12
            + "  mul.wide.u32 %rd3, %r3, 4;\n" // 13
            + "  add.s64 %rd4, %rd1, %rd3;\n" // 14
            + "  ld.global.u32 %r3, [%rd4];\n" // 15
            + "  mul.wide.u32 %rd5, %r2, 4;\n" // 16
            + "  add.s64 %rd6, %rd2, %rd5;\n" // 17
            + "  st.global.u32 [%rd6], %r3;\n" // 18
            + "  ret;\n}\n";

    @Test
    void outOfBoundsGlobalLoadNamesEverything() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            long in = dev.ints(new int[64]);
            long out = dev.zeros(4 * 64);
            KernelFaultException e = assertThrows(
                    KernelFaultException.class, () -> dev.launch(m, "copy", Dim3.of(2), Dim3.of(32), in, out, 40));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind());
            assertEquals("copy", e.kernel());
            assertEquals(15, e.ptxLine());
            assertEquals(new Dim3(0, 0, 0), e.cta());
            assertEquals(new Dim3(24, 0, 0), e.thread(), "the first lane whose index reaches 64");
            assertEquals(in + 4L * 64, e.address());
            String msg = e.getMessage();
            assertTrue(
                    msg.contains("copy")
                            && msg.contains("line 15")
                            && msg.contains("(24,0,0)")
                            && msg.contains(Long.toHexString(in + 256)),
                    msg);
        }
    }

    @Test
    void hostDataStaysIntactAfterAFault() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            int[] data = new int[64];
            for (int i = 0; i < 64; i++) {
                data[i] = i * 3;
            }
            long in = dev.ints(data);
            long out = dev.zeros(4 * 64);
            assertThrows(KernelFaultException.class, () -> dev.launch(m, "copy", Dim3.of(2), Dim3.of(32), in, out, 33));
            assertArrayEquals(data, dev.readInts(in, 64), "input untouched");
            // the same device keeps working after the fault
            dev.launch(m, "copy", Dim3.of(2), Dim3.of(32), in, out, 0);
            assertArrayEquals(java.util.Arrays.copyOf(data, 32), dev.readInts(out, 32));
        }
    }

    @Test
    void misalignedAccess() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry mis(.param .u64 p)\n{\n .reg .b32 %r1;\n .reg .b64 %rd<3>;\n"
                    + " ld.param.u64 %rd1, [p];\n ld.global.u32 %r1, [%rd1+2];\n ret;\n}\n");
            long p = dev.zeros(64);
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "mis", Dim3.of(1), Dim3.of(1), p));
            assertEquals(FaultKind.MISALIGNED, e.kind());
            assertEquals(p + 2, e.address());
            assertEquals(9, e.ptxLine());
        }
    }

    @Test
    void sharedOutOfBoundsAndGenericNull() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry sh()\n{\n .reg .b32 %r<3>;\n .shared .align 4 .b8 buf[16];\n"
                    + " mov.u32 %r1, buf;\n st.shared.u32 [%r1+16], %r1;\n ret;\n}\n"
                    + ".visible .entry nul()\n{\n .reg .b32 %r1;\n .reg .b64 %rd1;\n mov.u64 %rd1, 0;\n"
                    + " ld.u32 %r1, [%rd1];\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "sh", Dim3.of(1), Dim3.of(1)));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind());
            assertEquals(16, e.address());
            KernelFaultException n =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "nul", Dim3.of(1), Dim3.of(1)));
            assertEquals(FaultKind.OUT_OF_BOUNDS, n.kind());
            assertTrue(n.getMessage().contains("null pointer"), n.getMessage());
        }
    }

    @Test
    void useAfterFreeFaults() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            long in = dev.zeros(256);
            long out = dev.zeros(256);
            dev.gpu().free(in);
            KernelFaultException e = assertThrows(
                    KernelFaultException.class, () -> dev.launch(m, "copy", Dim3.of(1), Dim3.of(32), in, out, 0));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind());
            assertEquals(in, e.address());
        }
    }

    @Test
    void barrierInsideDivergentCodeIsABarrierDivergence() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry bd()\n{\n .reg .pred %p1;\n .reg .b32 %r1;\n"
                    + " mov.u32 %r1, %tid.x;\n setp.lt.u32 %p1, %r1, 16;\n @!%p1 bra SKIP;\n bar.sync 0;\n"
                    + "SKIP:\n add.s32 %r1, %r1, 1;\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "bd", Dim3.of(1), Dim3.of(64)));
            assertEquals(FaultKind.BARRIER_DIVERGENCE, e.kind());
            assertEquals(11, e.ptxLine());
            assertEquals(new Dim3(16, 0, 0), e.thread(), "the first live lane that does not reach the barrier");
        }
    }

    @Test
    void warpsWaitingAtDifferentBarriersFault() {
        try (TestDevice dev = new TestDevice()) {
            // warp 0 waits at barrier 0, warp 1 at barrier 1: neither can complete
            PtxModule m = dev.load(".visible .entry two()\n{\n .reg .pred %p1;\n .reg .b32 %r1;\n"
                    + " mov.u32 %r1, %tid.x;\n setp.lt.u32 %p1, %r1, 32;\n @%p1 bra W0;\n bar.sync 1;\n"
                    + " bra.uni END;\nW0:\n bar.sync 0;\nEND:\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "two", Dim3.of(1), Dim3.of(64)));
            assertEquals(FaultKind.BARRIER_DIVERGENCE, e.kind(), e.getMessage());
        }
    }

    @Test
    void countedBarrierThatCanNeverCompleteIsADeadlock() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry cnt()\n{\n bar.sync 0, 128;\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "cnt", Dim3.of(1), Dim3.of(64)));
            assertEquals(FaultKind.DEADLOCK, e.kind(), e.getMessage());
            assertTrue(e.getMessage().contains("64 of 128"), e.getMessage());
        }
    }

    @Test
    void exitedThreadsAreNotWaitedFor() {
        try (TestDevice dev = new TestDevice()) {
            // warp 1 returns early; warp 0 still passes the barrier (as on hardware)
            PtxModule m = dev.load(".visible .entry early(.param .u64 out)\n{\n .reg .pred %p1;\n .reg .b32 %r<3>;\n"
                    + " .reg .b64 %rd<4>;\n mov.u32 %r1, %tid.x;\n setp.ge.u32 %p1, %r1, 32;\n @%p1 bra END;\n"
                    + " bar.sync 0;\n ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
                    + " st.global.u32 [%rd3], 7;\nEND:\n ret;\n}\n");
            long out = dev.zeros(4 * 64);
            dev.launch(m, "early", Dim3.of(1), Dim3.of(64), out);
            assertEquals(7, dev.readInts(out, 64)[31]);
            assertEquals(0, dev.readInts(out, 64)[32]);
        }
    }

    @Test
    void aBarrierFollowedOnlyByReturnInOneBranchIsAllowed() {
        // if (tid < 16) __syncthreads(); return;  -- the other lanes only return: hardware passes, so do we
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry ok()\n{\n .reg .pred %p1;\n .reg .b32 %r1;\n"
                    + " mov.u32 %r1, %tid.x;\n setp.lt.u32 %p1, %r1, 16;\n @!%p1 bra END;\n bar.sync 0;\n"
                    + "END:\n ret;\n}\n");
            assertEquals(1, dev.launch(m, "ok", Dim3.of(1), Dim3.of(64)).barriers(), "only warp 0 has lanes below 16");
        }
    }

    @Test
    void lanesThatReturnedEarlyDoNotBlockTheirWarpAtABarrier() {
        // if (tid >= 40) return; __syncthreads(); out[tid] = 7;  -- warp 1 has 8 lanes left at the barrier
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry early(.param .u64 out)\n{\n .reg .pred %p1;\n .reg .b32 %r<3>;\n"
                    + " .reg .b64 %rd<4>;\n mov.u32 %r1, %tid.x;\n setp.ge.u32 %p1, %r1, 40;\n @%p1 bra END;\n"
                    + " bar.sync 0;\n ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
                    + " st.global.u32 [%rd3], 7;\nEND:\n ret;\n}\n");
            long out = dev.zeros(4 * 64);
            dev.launch(m, "early", Dim3.of(1), Dim3.of(64), out);
            int[] r = dev.readInts(out, 64);
            assertEquals(7, r[39]);
            assertEquals(0, r[40]);
        }
    }

    @Test
    void trapFaults() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry t()\n{\n .reg .pred %p1;\n .reg .b32 %r1;\n"
                    + " mov.u32 %r1, %tid.x;\n setp.eq.u32 %p1, %r1, 5;\n @%p1 trap;\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "t", Dim3.of(2), Dim3.of(8)));
            assertEquals(FaultKind.TRAP, e.kind());
            assertEquals(new Dim3(5, 0, 0), e.thread());
            assertEquals(10, e.ptxLine());
        }
    }

    @Test
    void unboundedRecursionOverflowsTheStack() {
        GpuConfig cfg = GpuConfig.builder().localMemoryPerThread(4096).build();
        try (TestDevice dev = new TestDevice(cfg)) {
            PtxModule m = dev.load(".func (.param .b32 r) f(.param .b32 x)\n{\n .reg .b32 %r<3>;\n"
                    + " .local .align 4 .b8 pad[64];\n ld.param.b32 %r1, [x];\n add.s32 %r1, %r1, 1;\n"
                    + " { .param .b32 a; st.param.b32 [a], %r1; .param .b32 rv;\n"
                    + "   call.uni (rv), f, (a);\n ld.param.b32 %r2, [rv]; }\n st.param.b32 [r], %r2;\n ret;\n}\n"
                    + ".visible .entry rec()\n{\n .reg .b32 %r<2>;\n"
                    + " { .param .b32 a; st.param.b32 [a], 0; .param .b32 rv;\n call.uni (rv), f, (a);\n"
                    + "   ld.param.b32 %r1, [rv]; }\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "rec", Dim3.of(1), Dim3.of(1)));
            assertEquals(FaultKind.STACK_OVERFLOW, e.kind());
            assertTrue(e.getMessage().contains("localMemoryPerThread"), e.getMessage());
        }
    }

    @Test
    void recursionWithoutFramesIsBoundedToo() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".func f()\n{\n call.uni f, ();\n ret;\n}\n"
                    + ".visible .entry rec()\n{\n call.uni f, ();\n ret;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "rec", Dim3.of(1), Dim3.of(32)));
            assertEquals(FaultKind.STACK_OVERFLOW, e.kind());
            assertEquals(6, e.ptxLine());
        }
    }

    @Test
    void infiniteLoopWithoutMemoryTrafficHitsTheWatchdog() {
        GpuConfig cfg = GpuConfig.builder().watchdogWarpSteps(100_000).build();
        try (TestDevice dev = new TestDevice(cfg)) {
            PtxModule m = dev.load(".visible .entry spin()\n{\n .reg .b32 %r1;\n mov.u32 %r1, 0;\nL:\n"
                    + " add.s32 %r1, %r1, 1;\n bra.uni L;\n}\n");
            KernelFaultException e =
                    assertThrows(KernelFaultException.class, () -> dev.launch(m, "spin", Dim3.of(1), Dim3.of(32)));
            assertEquals(FaultKind.WATCHDOG, e.kind());
            assertTrue(e.ptxLine() == 9 || e.ptxLine() == 10, e.getMessage());
        }
    }
}
