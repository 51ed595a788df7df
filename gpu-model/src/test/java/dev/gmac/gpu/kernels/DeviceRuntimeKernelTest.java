package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.TestHardware;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Device {@code printf}, {@code assert}, {@code malloc} and {@code free} (issue 15, "debugging like CUDA") on the
 * kernels of {@code debug_printf.cu} and {@code debug_lineinfo.cu}, under every divergence model and warp width the
 * kernel tests run with: what is printed, the assertion fault, and the per-launch heap. The exact order of the
 * output under the default model is checked by {@code dev.gmac.gpu.exec.DevicePrintfTest}.
 */
class DeviceRuntimeKernelTest {
    private static int[] iota(int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return v;
    }

    /** Done-when of issue 15: a kernel with printf and a failing assert gives its lines, then a fault naming the .cu line. */
    @Test
    void printfLinesThenAnAssertionFaultNamingTheCudaLine() {
        try (KernelRunner r = new KernelRunner("debug_printf")) {
            long values = r.upload(iota(64));
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> r.launch("print_then_assert", Dim3.of(2), Dim3.of(32), values, 40));
            assertEquals(FaultKind.ASSERTION, e.kind());
            List<String> lines = new ArrayList<>(e.deviceOutput().lines().toList());
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                expected.add("block " + i / 32 + " thread " + i % 32 + ": value " + i + " of 40");
            }
            Collections.sort(lines);
            Collections.sort(expected);
            assertEquals(expected, lines, "every thread printed its line before the assertion stopped the kernel");
            assertNotNull(e.source(), e.getMessage());
            assertEquals("debug_printf.cu", e.source().file());
            assertEquals(10, e.source().line(), "the line of assert(values[i] < limit)");
            assertEquals(new Dim3(1, 0, 0), e.cta());
            assertTrue(e.thread().x() >= 8, "a thread whose value reaches the limit: " + e.thread());
            assertTrue(
                    e.getMessage()
                            .contains("debug_printf.cu:10: void print_then_assert(const int *, int): Assertion"
                                    + " `values[i] < limit` failed."),
                    e.getMessage());
        }
    }

    @Test
    void mallocAndFreeFromThePerLaunchHeap() {
        int n = 100;
        try (KernelRunner r = new KernelRunner("debug_lineinfo")) {
            long out = r.allocate(4 * 128);
            long inUse = r.gpu().memory().bytesInUse();
            r.launch("heap_sum", Dim3.of(2), Dim3.of(64), out, n);
            int[] got = r.downloadInts(out, 128);
            for (int t = 0; t < 128; t++) {
                assertEquals(n * t + n * (n - 1) / 2, got[t], "thread " + t);
            }
            assertEquals(inUse, r.gpu().memory().bytesInUse(), "the heap is released when the launch ends");
        }
    }

    /** As on CUDA, a malloc that does not fit returns NULL, which a careful kernel checks. */
    @Test
    void aFullHeapReturnsNull() {
        int n = 100; // 400 bytes, 416 with the 16-byte rounding: 9 blocks fit in 4 KiB
        try (KernelRunner r = new KernelRunner(
                "debug_lineinfo",
                TestHardware.configure(dev.gmac.gpu.GpuConfig.builder().deviceHeapBytes(4096))
                        .build())) {
            long out = r.allocate(4 * 64);
            r.launch("heap_sum", Dim3.of(1), Dim3.of(64), out, n);
            int[] got = r.downloadInts(out, 64);
            int nulls = 0;
            for (int t = 0; t < 64; t++) {
                if (got[t] == -1) {
                    nulls++;
                } else {
                    assertEquals(n * t + n * (n - 1) / 2, got[t], "thread " + t);
                }
            }
            assertTrue(nulls > 0 && nulls < 64, nulls + " threads got NULL");
        }
    }

    @Test
    void anUncheckedNullFromAFullHeapFaultsWithTheReason() {
        try (KernelRunner r = new KernelRunner(
                "debug_lineinfo",
                TestHardware.configure(dev.gmac.gpu.GpuConfig.builder().deviceHeapBytes(4096))
                        .build())) {
            KernelFaultException e = assertThrows(
                    KernelFaultException.class, () -> r.launch("heap_unchecked", Dim3.of(1), Dim3.of(64), 1024L));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind());
            assertEquals(0, e.address());
            assertTrue(
                    e.reason().contains("null pointer")
                            && e.reason().contains("device malloc(1024)")
                            && e.reason().contains("debug_lineinfo.cu:38")
                            && e.reason().contains("4096-byte heap had no free block that large")
                            && e.reason().contains("gmac.gpu.heapSize"),
                    e.getMessage());
        }
    }

    @Test
    void aDoubleFreeIsAFault() {
        try (KernelRunner r = new KernelRunner("debug_lineinfo")) {
            KernelFaultException e = assertThrows(
                    KernelFaultException.class, () -> r.launch("heap_double_free", Dim3.of(1), Dim3.of(32)));
            assertEquals(FaultKind.INVALID_FREE, e.kind());
            assertEquals(new Dim3(0, 0, 0), e.thread());
            assertEquals(47, e.source().line(), e.getMessage());
        }
    }
}
