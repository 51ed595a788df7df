package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every shape of kernel that never ends is stopped by the launch watchdog ({@link LaunchWatchdog}; kernels in {@code
 * src/test/cuda/exec_endless.cu}) with a {@link FaultKind#WATCHDOG} fault naming the kernel, a PTX line of its loop
 * and the budget that ran out; a grid too large for the launch budget is refused before it starts. Budgets are
 * small here so the tests are quick; the defaults are in {@link GpuConfig}.
 */
class EndlessKernelTest {
    private static final GpuConfig SMALL = GpuConfig.builder()
            .watchdogWarpSteps(20_000)
            .stallWarpSteps(200_000)
            .build();

    private static int[] loopLines(PtxModule m, String kernel) {
        Insn[] code = m.program().code();
        var f = m.program().function(kernel);
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        for (int pc = f.entryPc; pc <= f.exitPc; pc++) {
            if (code[pc].op == dev.gmac.gpu.ptx.Op.BRA && code[pc].target <= pc) {
                lo = Math.min(lo, code[code[pc].target].line);
                hi = Math.max(hi, code[pc].line);
            }
        }
        return new int[] {lo, hi};
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({
        "store_same, GpuConfig.watchdogWarpSteps",
        "wait_flag, GpuConfig.watchdogWarpSteps",
        "count_forever, GpuConfig.stallWarpSteps",
        "barrier_forever, GpuConfig.stallWarpSteps"
    })
    void everyEndlessShapeIsStoppedNamingKernelLoopAndBudget(String kernel, String budget) {
        for (String div : new String[] {"pdom", "its"}) {
            try (TestDevice dev =
                    new TestDevice(SMALL.toBuilder().divergence(div).build())) {
                PtxModule m = dev.gpu().loadResource("/ptx/exec_endless.ptx");
                long p = dev.ints(0, 0);
                KernelFaultException e = assertThrows(
                        KernelFaultException.class, () -> dev.launch(m, kernel, Dim3.of(2), Dim3.of(64), p));
                assertEquals(FaultKind.WATCHDOG, e.kind(), e.getMessage());
                assertEquals(kernel, e.kernel());
                assertTrue(e.getMessage().contains(budget), e.getMessage());
                int[] loop = loopLines(m, kernel);
                assertTrue(
                        e.ptxLine() >= loop[0] && e.ptxLine() <= loop[1],
                        "line " + e.ptxLine() + " in the loop " + loop[0] + ".." + loop[1] + ": " + e.getMessage());
            }
        }
    }

    @Test
    void theTimingModelStopsAnEndlessKernelToo() {
        try (TestDevice dev = new TestDevice(SMALL)) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_endless.ptx");
            long c = dev.ints(0);
            TimingSimulator sim = new TimingSimulator(TimingPresets.load("gtx480"));
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> TimedLaunch.run(dev.gpu(), sim, m, "count_forever", Dim3.of(2), Dim3.of(64), 0, c));
            assertEquals(FaultKind.WATCHDOG, e.kind());
            assertTrue(e.getMessage().contains("GpuConfig.stallWarpSteps"), e.getMessage());
        }
    }

    @Test
    void theLaunchBudgetStopsALongKernel() {
        GpuConfig budget = GpuConfig.builder().maxWarpInstructions(300_000).build();
        try (TestDevice dev = new TestDevice(budget)) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_endless.ptx");
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> dev.launch(m, "count_forever", Dim3.of(1), Dim3.of(32), dev.ints(0)));
            assertTrue(e.getMessage().contains("budget of 300000 warp instructions"), e.getMessage());
            assertTrue(e.getMessage().contains("gmac.gpu.maxInstructions"), e.getMessage());
        }
    }

    @Test
    void aGridTooLargeForTheBudgetIsRefusedBeforeItStarts() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_endless.ptx");
            long out = dev.ints(0);
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> dev.launch(m, "tiny", new Dim3(Integer.MAX_VALUE, 65535, 1), Dim3.of(1024), out));
            assertTrue(e.getMessage().contains("GpuConfig.maxWarpInstructions"), e.getMessage());
            assertTrue(e.getMessage().contains("raise the budget"), e.getMessage());
            dev.launch(m, "tiny", Dim3.of(4), Dim3.of(32), out);
            assertArrayEquals(new int[] {1}, dev.readInts(out, 1), "a small grid of the same kernel runs");
        }
    }
}
