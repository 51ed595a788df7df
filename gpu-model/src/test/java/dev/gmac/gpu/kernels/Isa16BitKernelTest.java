package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_16bit.cu}: {@code .s16}/{@code .u16} arithmetic, comparisons ({@code setp.*.s16/u16}),
 * {@code min/max.s16/u16}, {@code selp.b16}, {@code mov.u16} of constants, {@code cvt} to and from 16 bits, and
 * 16-bit stores of 32-bit registers (which keep the low half).
 */
class Isa16BitKernelTest {
    private static short[] shorts(int n, long seed) {
        Random rnd = new Random(seed);
        short[] s = new short[n];
        short[] edges = {0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE, 1000, 1001, -32767, 256, 0x7fff, (short) 0x8000};
        for (int i = 0; i < n; i++) {
            s[i] = i < edges.length ? edges[i] : (short) rnd.nextInt();
        }
        return s;
    }

    @Test
    void arithmeticAndComparisons() {
        int n = 150;
        short[] a = shorts(n, 120);
        short[] b = shorts(n, 121);
        b[0] = 0; // a == b
        b[5] = 1000;
        short[] expected16 = new short[4 * n];
        int[] expectedFlags = new int[n];
        for (int i = 0; i < n; i++) {
            int ua = a[i] & 0xffff;
            int ub = b[i] & 0xffff;
            expected16[4 * i] = (short) (a[i] + b[i]);
            expected16[4 * i + 1] = (short) (a[i] * b[i]);
            expected16[4 * i + 2] = (short) ((ua & ub) | 0x0101);
            expected16[4 * i + 3] = (short) ((ua >> 3) ^ (a[i] >> 2));
            int f = 0;
            f |= a[i] < b[i] ? 1 : 0;
            f |= ua < ub ? 2 : 0;
            f |= a[i] == b[i] ? 4 : 0;
            f |= ua >= ub ? 8 : 0;
            f |= a[i] > 0 ? 16 : 0;
            f |= ua <= 1000 ? 32 : 0;
            expectedFlags[i] = f;
        }
        try (KernelRunner r = new KernelRunner("isa_16bit")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dOut = r.allocate(8L * n);
            long dFlags = r.allocate(4L * n);
            r.launch("short_ops", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), dA, dB, dOut, dFlags, n);
            assertArrayEquals(expected16, r.downloadShorts(dOut, 4 * n));
            assertArrayEquals(expectedFlags, r.downloadInts(dFlags, n));
        }
    }

    @Test
    void minMaxAndConversions() {
        int n = 120;
        short[] a = shorts(n, 122);
        short[] b = shorts(n, 123);
        Random rnd = new Random(124);
        int[] ints = new int[n];
        float[] floats = new float[n];
        for (int i = 0; i < n; i++) {
            ints[i] = rnd.nextInt();
            floats[i] = (rnd.nextFloat() - 0.5f) * 200000f;
        }
        floats[0] = -0.99f;
        floats[1] = 40000.7f; // beyond short: cvt.rzi.s32 then the low 16 bits are stored
        short[] expected = new short[3 * n];
        int[] expectedWide = new int[n];
        short[] expectedFl = new short[n];
        for (int i = 0; i < n; i++) {
            int ua = a[i] & 0xffff;
            int ub = b[i] & 0xffff;
            expected[3 * i] = (short) Math.max(a[i], b[i]);
            expected[3 * i + 1] = (short) Math.min(ua, ub);
            expected[3 * i + 2] = (short) ints[i];
            expectedWide[i] = a[i] * ub;
            expectedFl[i] = (short) (int) floats[i];
        }
        try (KernelRunner r = new KernelRunner("isa_16bit")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dInts = r.upload(ints);
            long dFloats = r.upload(floats);
            long dOut = r.allocate(6L * n);
            long dWide = r.allocate(4L * n);
            long dFl = r.allocate(2L * n);
            r.launch(
                    "short_minmax",
                    Dim3.of(KernelRunner.blocksFor(n, 32)),
                    Dim3.of(32),
                    dA,
                    dB,
                    dInts,
                    dFloats,
                    dOut,
                    dWide,
                    dFl,
                    n);
            assertArrayEquals(expected, r.downloadShorts(dOut, 3 * n));
            assertArrayEquals(expectedWide, r.downloadInts(dWide, n));
            assertArrayEquals(expectedFl, r.downloadShorts(dFl, n));
        }
    }

    @Test
    void sixteenBitLoopCounterAndAccumulator() {
        int n = 100;
        Random rnd = new Random(125);
        int[] xs = new int[n];
        int[] steps = new int[n];
        short[] expected = new short[n];
        for (int i = 0; i < n; i++) {
            xs[i] = rnd.nextInt(1 << 24) - (1 << 23);
            steps[i] = rnd.nextInt(200);
            int x = ((xs[i] * 7) >> 3) & 0xffff;
            int limit = steps[i] & 63;
            int acc = 1;
            for (int k = 0; k < limit; k++) {
                acc = (((acc * 3) & 0xffff) + ((x ^ k) & 0xffff)) & 0xffff;
            }
            if (acc >= 0x8000) {
                acc = 7;
            } else if (acc <= 0x100) {
                acc = acc + 0x200;
            }
            expected[i] = (short) acc;
        }
        try (KernelRunner r = new KernelRunner("isa_16bit")) {
            long dXs = r.upload(xs);
            long dSteps = r.upload(steps);
            long dOut = r.allocate(2L * n);
            r.launch("short_loop", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), dXs, dSteps, dOut, n);
            assertArrayEquals(expected, r.downloadShorts(dOut, n));
        }
    }
}
