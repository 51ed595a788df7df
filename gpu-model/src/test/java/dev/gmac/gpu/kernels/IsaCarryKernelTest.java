package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_carry.cu}: carry chains ({@code add.cc}, {@code addc(.cc)}, {@code sub.cc}, {@code subc(.cc)},
 * {@code mad.lo.cc}, {@code madc.lo/hi(.cc)}, {@code mad.hi.cc}) and 64/128-bit arithmetic, against
 * {@link BigInteger} references.
 */
class IsaCarryKernelTest {
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private static final BigInteger TWO_96 = BigInteger.ONE.shiftLeft(96);
    private static final BigInteger TWO_128 = BigInteger.ONE.shiftLeft(128);

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    private static BigInteger unsigned(int v) {
        return BigInteger.valueOf(v & 0xffff_ffffL);
    }

    private static BigInteger fromLimbs(int[] limbs, int offset, int count) {
        BigInteger v = BigInteger.ZERO;
        for (int k = count - 1; k >= 0; k--) {
            v = v.shiftLeft(32).or(unsigned(limbs[offset + k]));
        }
        return v;
    }

    private static void toLimbs(BigInteger v, int[] out, int offset, int count) {
        for (int k = 0; k < count; k++) {
            out[offset + k] = v.shiftRight(32 * k).intValue();
        }
    }

    /** Values that exercise carries: all ones, zero, powers of two and random. */
    private static long edgeOrRandom(Random rnd, int i) {
        return switch (i % 7) {
            case 0 -> -1L;
            case 1 -> 0L;
            case 2 -> 1L << (i % 64);
            case 3 -> 0xffff_ffffL;
            default -> rnd.nextLong();
        };
    }

    @Test
    void lcg64() {
        int n = 70;
        int steps = 37;
        Random rnd = new Random(80);
        long[] seeds = new long[n];
        long[] expected = new long[n];
        for (int i = 0; i < n; i++) {
            seeds[i] = edgeOrRandom(rnd, i);
            long x = seeds[i];
            for (int s = 0; s < steps; s++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            expected[i] = x;
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dSeeds = r.upload(seeds);
            long dOut = r.allocate(8L * n);
            r.launch("lcg64", Dim3.of(3), Dim3.of(32), dSeeds, dOut, steps, n);
            assertArrayEquals(expected, r.downloadLongs(dOut, n));
        }
    }

    @Test
    void mul128AndAdd128() {
        int n = 60;
        Random rnd = new Random(81);
        long[] a = new long[n];
        long[] b = new long[n];
        long[] c = new long[n];
        long[] expected = new long[4 * n];
        for (int i = 0; i < n; i++) {
            a[i] = edgeOrRandom(rnd, i);
            b[i] = edgeOrRandom(rnd, i + 3);
            c[i] = edgeOrRandom(rnd, i + 5);
            BigInteger p = unsigned(a[i]).multiply(unsigned(b[i]));
            BigInteger q =
                    p.add(unsigned(c[i]).shiftLeft(64).or(unsigned(c[i]))).mod(TWO_128);
            expected[4 * i] = p.longValue();
            expected[4 * i + 1] = p.shiftRight(64).longValue();
            expected[4 * i + 2] = q.longValue();
            expected[4 * i + 3] = q.shiftRight(64).longValue();
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dC = r.upload(c);
            long dOut = r.allocate(32L * n);
            r.launch("mul128", Dim3.of(2), Dim3.of(32), dA, dB, dC, dOut, n);
            assertArrayEquals(expected, r.downloadLongs(dOut, 4 * n));
        }
    }

    @Test
    void limbs96AddAndSubtractWithCarryChains() {
        int n = 45;
        Random rnd = new Random(82);
        int[] x = new int[3 * n];
        int[] y = new int[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            x[i] = (int) edgeOrRandom(rnd, i);
            y[i] = (int) edgeOrRandom(rnd, i + 2);
        }
        int[] expected = new int[6 * n];
        for (int i = 0; i < n; i++) {
            BigInteger bx = fromLimbs(x, 3 * i, 3);
            BigInteger by = fromLimbs(y, 3 * i, 3);
            toLimbs(bx.add(by).mod(TWO_96), expected, 6 * i, 3);
            toLimbs(bx.subtract(by).mod(TWO_96), expected, 6 * i + 3, 3);
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dX = r.upload(x);
            long dY = r.upload(y);
            long dOut = r.allocate(24L * n);
            r.launch("limbs96", Dim3.of(2), Dim3.of(32), dX, dY, dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, 6 * n));
        }
    }

    @Test
    void mul64FromLimbsWithMadcChains() {
        int n = 50;
        Random rnd = new Random(83);
        long[] a = new long[n];
        long[] b = new long[n];
        int[] expected = new int[4 * n];
        for (int i = 0; i < n; i++) {
            a[i] = edgeOrRandom(rnd, i);
            b[i] = edgeOrRandom(rnd, i + 1);
            toLimbs(unsigned(a[i]).multiply(unsigned(b[i])), expected, 4 * i, 4);
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dOut = r.allocate(16L * n);
            r.launch("mul64_limbs", Dim3.of(2), Dim3.of(32), dA, dB, dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, 4 * n));
        }
    }

    @Test
    void mad96x32WithMadcLo() {
        int n = 50;
        Random rnd = new Random(84);
        int[] x = new int[3 * n];
        int[] y = new int[n];
        int[] c = new int[3 * n];
        for (int i = 0; i < 3 * n; i++) {
            x[i] = (int) edgeOrRandom(rnd, i);
            c[i] = (int) edgeOrRandom(rnd, i + 4);
        }
        for (int i = 0; i < n; i++) {
            y[i] = (int) edgeOrRandom(rnd, i + 1);
        }
        int[] expected = new int[6 * n];
        for (int i = 0; i < n; i++) {
            BigInteger bx = fromLimbs(x, 3 * i, 3);
            BigInteger bc = fromLimbs(c, 3 * i, 3);
            BigInteger by = unsigned(y[i]);
            toLimbs(bx.multiply(by).add(bc), expected, 6 * i, 4);
            BigInteger low = fromLimbs(x, 3 * i, 2)
                    .multiply(by)
                    .add(fromLimbs(c, 3 * i, 2))
                    .mod(TWO_64);
            toLimbs(low, expected, 6 * i + 4, 2);
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dX = r.upload(x);
            long dY = r.upload(y);
            long dC = r.upload(c);
            long dOut = r.allocate(24L * n);
            r.launch("mad96x32", Dim3.of(2), Dim3.of(32), dX, dY, dC, dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, 6 * n));
        }
    }

    @Test
    void modularMultiplyAndPower() {
        int n = 40;
        long m = 0x7fff_ffff_ffff_ffe7L; // a large odd modulus below 2^63
        Random rnd = new Random(85);
        long[] a = new long[n];
        long[] b = new long[n];
        long[] e = new long[n];
        long[] expected = new long[2 * n];
        BigInteger bm = BigInteger.valueOf(m);
        for (int i = 0; i < n; i++) {
            a[i] = edgeOrRandom(rnd, i);
            b[i] = edgeOrRandom(rnd, i + 2);
            e[i] = i < 3 ? i : rnd.nextLong() >>> rnd.nextInt(64);
            BigInteger ba = unsigned(a[i]).mod(bm);
            BigInteger bb = unsigned(b[i]).mod(bm);
            expected[2 * i] = ba.multiply(bb).mod(bm).longValue();
            expected[2 * i + 1] = ba.modPow(unsigned(e[i]), bm).longValue();
        }
        try (KernelRunner r = new KernelRunner("isa_carry")) {
            long dA = r.upload(a);
            long dB = r.upload(b);
            long dE = r.upload(e);
            long dOut = r.allocate(16L * n);
            r.launch("modpow64", Dim3.of(2), Dim3.of(32), dA, dB, dE, m, dOut, n);
            assertArrayEquals(expected, r.downloadLongs(dOut, 2 * n));
        }
    }
}
