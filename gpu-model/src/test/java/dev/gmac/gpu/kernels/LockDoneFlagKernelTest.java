package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import java.util.Arrays;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code lock_doneflag.cu}: spin locks in the two forms of the slides (digest T9). The done-flag form completes
 * under a PDOM SIMT stack even with many lanes of one warp contending for one lock; the naive spin loop with two
 * lanes of one warp on one lock deadlocks and must be reported as a fault, not hang.
 */
class LockDoneFlagKernelTest {
    private static void checkCriticalSections(int[] a, int[] counters, int[] order, int[] locks) {
        int[] expectedCounters = new int[counters.length];
        for (int k : a) {
            expectedCounters[k]++;
        }
        assertArrayEquals(expectedCounters, counters, "every critical section ran exactly once");
        assertArrayEquals(new int[locks.length], locks, "every lock released");
        for (int k = 0; k < counters.length; k++) {
            int[] seen = new int[expectedCounters[k]];
            for (int i = 0; i < a.length; i++) {
                if (a[i] == k) {
                    seen[order[i]]++;
                }
            }
            int[] ones = new int[seen.length];
            Arrays.fill(ones, 1);
            assertArrayEquals(ones, seen, "lock " + k + " admitted one thread at a time");
        }
    }

    @Test
    @Timeout(60)
    void twoLanesOfOneWarpOnOneLock() {
        int[] a = {0, 0};
        try (KernelRunner r = new KernelRunner("lock_doneflag")) {
            long dLocks = r.allocate(4);
            long dA = r.upload(a);
            long dCounters = r.allocate(4);
            long dOrder = r.allocate(8);
            r.launch("lock_doneflag", Dim3.of(1), Dim3.of(2), dLocks, dA, dCounters, dOrder, 2);
            checkCriticalSections(
                    a, r.downloadInts(dCounters, 1), r.downloadInts(dOrder, 2), r.downloadInts(dLocks, 1));
        }
    }

    @Test
    @Timeout(60)
    void manyThreadsOverThreeLocks() {
        int n = 100;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (i * 7) % 3;
        }
        try (KernelRunner r = new KernelRunner("lock_doneflag")) {
            long dLocks = r.allocate(12);
            long dA = r.upload(a);
            long dCounters = r.allocate(12);
            long dOrder = r.allocate(4L * n);
            r.launch("lock_doneflag", Dim3.of(2), Dim3.of(64), dLocks, dA, dCounters, dOrder, n);
            checkCriticalSections(
                    a, r.downloadInts(dCounters, 3), r.downloadInts(dOrder, n), r.downloadInts(dLocks, 3));
        }
    }

    @Test
    @Timeout(60)
    void naiveSpinLockWithoutContentionCompletes() {
        int n = 64;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i; // one lock per thread: every CAS succeeds at once
        }
        try (KernelRunner r = new KernelRunner("lock_doneflag")) {
            long dLocks = r.allocate(4L * n);
            long dA = r.upload(a);
            long dCounters = r.allocate(4L * n);
            long dOrder = r.allocate(4L * n);
            r.launch("lock_spin_naive", Dim3.of(1), Dim3.of(n), dLocks, dA, dCounters, dOrder, n);
            checkCriticalSections(
                    a, r.downloadInts(dCounters, n), r.downloadInts(dOrder, n), r.downloadInts(dLocks, n));
        }
    }

    @Test
    @Timeout(60)
    void naiveSpinLockWithTwoLanesDeadlocksAndIsReported() {
        int[] a = {0, 0};
        GpuConfig config = GpuConfig.builder().watchdogWarpSteps(200_000).build();
        try (KernelRunner r = new KernelRunner("lock_doneflag", config)) {
            long dLocks = r.allocate(4);
            long dA = r.upload(a);
            long dCounters = r.allocate(4);
            long dOrder = r.allocate(8);
            KernelFaultException fault = assertThrows(
                    KernelFaultException.class,
                    () -> r.launch("lock_spin_naive", Dim3.of(1), Dim3.of(2), dLocks, dA, dCounters, dOrder, 2));
            assertTrue(Set.of(FaultKind.DEADLOCK, FaultKind.WATCHDOG).contains(fault.kind()), fault.getMessage());
            assertEquals("lock_spin_naive", fault.kernel());
            assertTrue(fault.getMessage().contains("lock_spin_naive"), fault.getMessage());
        }
    }
}
