package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The slides' lock example (GPGPU architecture slides, Part 3, synchronization; slides digest golden test T9):
 * two lanes of one warp contend for a lock. With pre-Volta SIMT reconvergence the naive spin loop {@code
 * while (atomicCAS(&lock,0,1) != 0); critical; lock = 0;} never terminates: the lane that wins the CAS leaves
 * the loop and waits at the loop's immediate post-dominator, while the losing lane spins forever on a lock the
 * winner can only release after reconvergence. The engine must report this as a livelock (watchdog) instead of
 * hanging. The corrected "done flag" form releases inside the winner's branch and completes, running the critical
 * section exactly twice and leaving the lock at 0. Kernels: {@code src/test/cuda/exec_spinlock.cu} (nvcc -O3).
 */
class SpinLockTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void naiveSpinLockIsReportedAsLivelockWithTheDefaultWatchdog() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/exec_spinlock.ptx");
            long lock = gpu.malloc(4);
            long counter = gpu.malloc(4);
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> gpu.launch(m, "spin_naive", Dim3.of(1), Dim3.of(2), 0, lock, counter));
            assertTrue(e.kind() == FaultKind.WATCHDOG || e.kind() == FaultKind.DEADLOCK, e.getMessage());
            assertEquals("spin_naive", e.kernel());
            assertEquals(new Dim3(0, 0, 0), e.cta());
            assertEquals(new Dim3(1, 0, 0), e.thread(), "the spinning lane is thread 1 (thread 0 won the CAS)");
            assertTrue(e.ptxLine() >= 29 && e.ptxLine() <= 34, "a line of the spin loop: " + e.getMessage());
            assertTrue(e.getMessage().contains("spin_naive") && e.getMessage().contains("line"), e.getMessage());
        }
    }

    @Test
    void naiveSpinLockWithASmallWatchdogNamesTheLoop() {
        GpuConfig cfg = GpuConfig.builder().watchdogWarpSteps(10_000).build();
        try (SoftwareGpu gpu = new SoftwareGpu(cfg)) {
            PtxModule m = gpu.loadResource("/ptx/exec_spinlock.ptx");
            long lock = gpu.malloc(4);
            long counter = gpu.malloc(4);
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> gpu.launch(m, "spin_naive", Dim3.of(1), Dim3.of(2), 0, lock, counter));
            assertEquals(FaultKind.WATCHDOG, e.kind());
            assertEquals(-1, e.address());
        }
    }

    /**
     * Under independent thread scheduling ({@code its}) the same naive spin lock completes: the winner, parked at
     * the loop's exit, gives up waiting for its spinning sibling and runs its critical section and release, after
     * which the sibling acquires the lock.
     */
    @Test
    void naiveSpinLockCompletesUnderIndependentThreadScheduling() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_spinlock.ptx");
            long lock = dev.ints(0);
            long counter = dev.ints(0);
            LaunchStats s = dev.gpu()
                    .launch(
                            m,
                            "spin_naive",
                            Dim3.of(1),
                            Dim3.of(2),
                            0,
                            LaunchOptions.DEFAULTS.withDivergence("its"),
                            lock,
                            counter);
            assertArrayEquals(new int[] {2}, dev.readInts(counter, 1), "critical section ran exactly twice");
            assertArrayEquals(new int[] {0}, dev.readInts(lock, 1), "lock released");
            assertEquals("its", s.divergence());
        }
    }

    @Test
    void naiveSpinLockCompletesUnderItsForAWholeGridAtBothWidthsAndUnderTiming() {
        for (int width : new int[] {32, 64}) {
            try (TestDevice dev = new TestDevice()) {
                PtxModule m = dev.gpu().loadResource("/ptx/exec_spinlock.ptx");
                long lock = dev.ints(0);
                long counter = dev.ints(0);
                dev.gpu()
                        .launch(
                                m,
                                "spin_naive",
                                Dim3.of(4),
                                Dim3.of(64),
                                0,
                                new LaunchOptions(width, "its", null),
                                lock,
                                counter);
                assertArrayEquals(new int[] {256}, dev.readInts(counter, 1), width + " lanes");
                assertArrayEquals(new int[] {0}, dev.readInts(lock, 1));
            }
        }
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_spinlock.ptx");
            long lock = dev.ints(0);
            long counter = dev.ints(0);
            TimingSimulator sim = new TimingSimulator(TimingPresets.load("gtx480"));
            TimedLaunch.run(
                    dev.gpu(),
                    sim,
                    0,
                    TimedLaunch.DEFAULT_CYCLE_LIMIT,
                    m,
                    "spin_naive",
                    Dim3.of(4),
                    Dim3.of(64),
                    0,
                    LaunchOptions.DEFAULTS.withDivergence("its"),
                    lock,
                    counter);
            assertArrayEquals(new int[] {256}, dev.readInts(counter, 1), "under the timing model");
        }
    }

    @Test
    void doneFlagFormCompletes() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_spinlock.ptx");
            long lock = dev.ints(0);
            long counter = dev.ints(0);
            LaunchStats s = dev.launch(m, "spin_done_flag", Dim3.of(1), Dim3.of(2), lock, counter);
            assertArrayEquals(new int[] {2}, dev.readInts(counter, 1), "critical section ran exactly twice");
            assertArrayEquals(new int[] {0}, dev.readInts(lock, 1), "lock released");
            assertTrue(s.divergentBranches() >= 1);
            assertEquals(2 + 1 + 2, s.atomics(), "two CAS in the first round, one in the second, two exchanges");
        }
    }

    @Test
    void doneFlagFormCompletesForAWholeGrid() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/exec_spinlock.ptx");
            long lock = dev.ints(0);
            long counter = dev.ints(0);
            dev.launch(m, "spin_done_flag", Dim3.of(4), Dim3.of(64), lock, counter);
            assertArrayEquals(new int[] {256}, dev.readInts(counter, 1));
            assertArrayEquals(new int[] {0}, dev.readInts(lock, 1));
        }
    }
}
