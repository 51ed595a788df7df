package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code recursion.cu}: {@code __noinline__} recursive device functions compiled to {@code call}/{@code ret} with
 * {@code .param} passing: Fibonacci, Ackermann (recursion depth differs per lane, so calls diverge) and a
 * recursive digit sum that writes through a pointer to the caller's local variable.
 */
class RecursionKernelTest {
    private static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }

    private static int ackermann(int m, int n) {
        if (m == 0) {
            return n + 1;
        }
        if (n == 0) {
            return ackermann(m - 1, 1);
        }
        return ackermann(m - 1, ackermann(m, n - 1));
    }

    @Test
    void fibonacciWithDifferentDepthsPerLane() {
        int n = 40;
        int[] in = new int[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = i % 14;
            expected[i] = fib(in[i]);
        }
        try (KernelRunner r = new KernelRunner("recursion")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(4L * n);
            LaunchStats stats = r.launch("fib_kernel", Dim3.of(2), Dim3.of(32), dIn, dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, n));
            assertTrue(stats.maxStackDepth() > 2, "calls under divergence deepen the SIMT stack");
        }
    }

    @Test
    void ackermannSmallArguments() {
        int count = 70;
        int[] m = new int[count];
        int[] nn = new int[count];
        int[] expected = new int[count];
        Random rnd = new Random(60);
        for (int i = 0; i < count; i++) {
            m[i] = rnd.nextInt(4);
            nn[i] = m[i] == 3 ? rnd.nextInt(3) : rnd.nextInt(8);
            expected[i] = ackermann(m[i], nn[i]);
        }
        try (KernelRunner r = new KernelRunner("recursion")) {
            long dM = r.upload(m);
            long dN = r.upload(nn);
            long dOut = r.allocate(4L * count);
            r.launch("ackermann_kernel", Dim3.of(3), Dim3.of(32), dM, dN, dOut, count);
            assertArrayEquals(expected, r.downloadInts(dOut, count));
        }
    }

    @Test
    void recursiveDigitSumThroughALocalPointer() {
        int count = 50;
        long[] in = new long[count];
        int[] expected = new int[count];
        Random rnd = new Random(61);
        for (int i = 0; i < count; i++) {
            in[i] = i == 0 ? 0 : (i == 1 ? -1L : rnd.nextLong() >>> rnd.nextInt(64));
            String digits = Long.toUnsignedString(in[i]);
            int s = 0;
            for (char c : digits.toCharArray()) {
                s += c - '0';
            }
            expected[i] = in[i] == 0 ? 0 : s;
        }
        try (KernelRunner r = new KernelRunner("recursion")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(4L * count);
            r.launch("sum_digits_kernel", Dim3.of(2), Dim3.of(32), dIn, dOut, count);
            assertArrayEquals(expected, r.downloadInts(dOut, count));
        }
    }
}
