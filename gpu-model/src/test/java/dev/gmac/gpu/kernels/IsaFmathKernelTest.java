package dev.gmac.gpu.kernels;

import static dev.gmac.gpu.kernels.FloatAssertions.assertSameDouble;
import static dev.gmac.gpu.kernels.FloatAssertions.assertSameFloat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_fmath.cu}, the exactly rounded part: {@code fma}, {@code add}, {@code sub} and {@code mul} with each
 * rounding mode ({@code .rn .rz .rm .rp}), {@code div.rn}, {@code rcp.rn}, {@code sqrt.rn} for f32 and f64, and
 * the {@code .ftz} forms. Results are compared bit for bit with {@link DirectedRounding} applied to the exact
 * {@link BigDecimal} value. The approximate functions of the same file are checked against their ISA error
 * bounds in {@code dev.gmac.gpu.approx}.
 */
class IsaFmathKernelTest {
    /** Finite floats with varied exponents, subnormals, signed zeros, values near overflow and cancellations. */
    static float[][] operandTriples(int count, long seed) {
        Random rnd = new Random(seed);
        float[] a = new float[count];
        float[] b = new float[count];
        float[] c = new float[count];
        for (int i = 0; i < count; i++) {
            a[i] = interesting(rnd, i);
            b[i] = interesting(rnd, i + 1);
            c[i] = interesting(rnd, i + 2);
            switch (i % 11) {
                case 3 -> c[i] = Float.isFinite(a[i] * b[i]) ? -(a[i] * b[i]) : c[i]; // fma leaves the product's error
                case 4 -> b[i] = -a[i]; // add gives an exact zero
                case 5 -> c[i] = Math.copySign(0f, -(Math.signum(a[i]) * Math.signum(b[i]))); // zero addend
                default -> {}
            }
        }
        return new float[][] {a, b, c};
    }

    static float interesting(Random rnd, int i) {
        return switch (i % 9) {
            case 0 -> (rnd.nextFloat() - 0.5f) * 4f;
            case 1 ->
                Float.intBitsToFloat(rnd.nextInt(0x0080_0000) | (rnd.nextBoolean() ? 0x8000_0000 : 0)); // subnormal
            case 2 -> (rnd.nextBoolean() ? 1 : -1) * Float.MAX_VALUE * (0.5f + rnd.nextFloat() / 2); // near overflow
            case 3 -> rnd.nextBoolean() ? 0f : -0f;
            case 4 -> (float) Math.scalb(1.0 + rnd.nextInt(16) / 16.0, rnd.nextInt(40) - 20); // short mantissas
            default -> (float) ((rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(120) - 60));
        };
    }

    private static BigDecimal exact(double v) {
        return new BigDecimal(v);
    }

    private static float roundF(DirectedRounding mode, BigDecimal value, double zeroA, double zeroB) {
        return value.signum() == 0 ? (float) mode.zeroSum(zeroA, zeroB) : mode.toFloat(value);
    }

    private static double roundD(DirectedRounding mode, BigDecimal value, double zeroA, double zeroB) {
        return value.signum() == 0 ? mode.zeroSum(zeroA, zeroB) : mode.toDouble(value);
    }

    /** The product as a zero-sum addend: its signed zero when it is zero, else any nonzero of its sign. */
    private static double productAddend(double a, double b) {
        double p = Math.copySign(1.0, a) * Math.copySign(1.0, b);
        return (a == 0 || b == 0) ? Math.copySign(0.0, p) : p;
    }

    private static float fmaF(DirectedRounding mode, float a, float b, float c) {
        BigDecimal v = exact(a).multiply(exact(b)).add(exact(c));
        return roundF(mode, v, productAddend(a, b), c);
    }

    private static double fmaD(DirectedRounding mode, double a, double b, double c) {
        BigDecimal v = exact(a).multiply(exact(b)).add(exact(c));
        return roundD(mode, v, productAddend(a, b), c);
    }

    private static float mulF(DirectedRounding mode, float a, float b) {
        BigDecimal v = exact(a).multiply(exact(b));
        return v.signum() == 0 ? (float) productAddend(a, b) : mode.toFloat(v);
    }

    private static float flush(float v) {
        return v != 0 && Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
    }

    @Test
    void float32RoundingModes() {
        int n = 300;
        float[][] t = operandTriples(n, 100);
        DirectedRounding[] modes = {
            DirectedRounding.NEAREST, DirectedRounding.ZERO, DirectedRounding.DOWN, DirectedRounding.UP
        };
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dA = r.upload(t[0]);
            long dB = r.upload(t[1]);
            long dC = r.upload(t[2]);
            long dOut = r.allocate(64L * n);
            r.launch("fmath_exact", Dim3.of(KernelRunner.blocksFor(n, 128)), Dim3.of(128), dA, dB, dC, dOut, n);
            float[] out = r.downloadFloats(dOut, 16 * n);
            for (int i = 0; i < n; i++) {
                float a = t[0][i];
                float b = t[1][i];
                float c = t[2][i];
                String at = "a=" + a + " b=" + b + " c=" + c + " k=";
                for (int m = 0; m < 4; m++) {
                    assertSameFloat(fmaF(modes[m], a, b, c), out[16 * i + m], at + m + " fma." + modes[m]);
                    BigDecimal sum = exact(a).add(exact(b));
                    assertSameFloat(
                            roundF(modes[m], sum, a, b), out[16 * i + 4 + m], at + (4 + m) + " add." + modes[m]);
                    assertSameFloat(mulF(modes[m], a, b), out[16 * i + 8 + m], at + (8 + m) + " mul." + modes[m]);
                }
                assertSameFloat(a / b, out[16 * i + 12], at + "12 div.rn");
                assertSameFloat(1f / a, out[16 * i + 13], at + "13 rcp.rn");
                assertSameFloat((float) Math.sqrt(Math.abs(a)), out[16 * i + 14], at + "14 sqrt.rn");
                BigDecimal diff = exact(a).subtract(exact(b));
                assertSameFloat(roundF(DirectedRounding.ZERO, diff, a, -b), out[16 * i + 15], at + "15 sub.rz");
            }
        }
    }

    @Test
    void float64RoundingModes() {
        int n = 200;
        Random rnd = new Random(101);
        double[][] t = new double[3][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                t[j][i] = switch ((i + j) % 7) {
                    case 0 -> Double.longBitsToDouble(rnd.nextLong() & 0x800f_ffff_ffff_ffffL); // subnormal
                    case 1 -> (rnd.nextBoolean() ? 1 : -1) * Double.MAX_VALUE * (0.5 + rnd.nextDouble() / 2);
                    case 2 -> rnd.nextBoolean() ? 0.0 : -0.0;
                    default -> (rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(400) - 200);
                };
            }
            if (i % 5 == 3 && Double.isFinite(t[0][i] * t[1][i])) {
                t[2][i] = -(t[0][i] * t[1][i]);
            }
            if (i % 5 == 4) {
                t[1][i] = -t[0][i];
            }
        }
        DirectedRounding[] modes = {
            DirectedRounding.NEAREST, DirectedRounding.ZERO, DirectedRounding.DOWN, DirectedRounding.UP
        };
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dA = r.upload(t[0]);
            long dB = r.upload(t[1]);
            long dC = r.upload(t[2]);
            long dOut = r.allocate(80L * n);
            r.launch("fmath_exact_f64", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), dA, dB, dC, dOut, n);
            double[] out = r.downloadDoubles(dOut, 10 * n);
            for (int i = 0; i < n; i++) {
                double a = t[0][i];
                double b = t[1][i];
                double c = t[2][i];
                String at = "a=" + a + " b=" + b + " c=" + c + " k=";
                for (int m = 0; m < 4; m++) {
                    assertSameDouble(fmaD(modes[m], a, b, c), out[10 * i + m], at + m + " fma." + modes[m]);
                }
                assertSameDouble(
                        roundD(DirectedRounding.ZERO, exact(a).add(exact(b)), a, b), out[10 * i + 4], at + "4 add.rz");
                BigDecimal product = exact(a).multiply(exact(b));
                double mulUp = product.signum() == 0 ? productAddend(a, b) : DirectedRounding.UP.toDouble(product);
                assertSameDouble(mulUp, out[10 * i + 5], at + "5 mul.rp");
                assertSameDouble(a / b, out[10 * i + 6], at + "6 div.rn");
                assertSameDouble(1.0 / a, out[10 * i + 7], at + "7 rcp.rn");
                assertSameDouble(Math.sqrt(Math.abs(a)), out[10 * i + 8], at + "8 sqrt.rn");
                assertSameDouble(
                        roundD(DirectedRounding.DOWN, exact(a).subtract(exact(b)), a, -b),
                        out[10 * i + 9],
                        at + "9 sub.rm");
            }
        }
    }

    @Test
    void flushToZeroArithmetic() {
        int n = 270;
        float[][] t = operandTriples(n, 102);
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dA = r.upload(t[0]);
            long dB = r.upload(t[1]);
            long dC = r.upload(t[2]);
            long dOut = r.allocate(24L * n);
            r.launch("fmath_ftz", Dim3.of(KernelRunner.blocksFor(n, 96)), Dim3.of(96), dA, dB, dC, dOut, n);
            float[] out = r.downloadFloats(dOut, 6 * n);
            for (int i = 0; i < n; i++) {
                float a = flush(t[0][i]);
                float b = flush(t[1][i]);
                float c = flush(t[2][i]);
                String at = "a=" + t[0][i] + " b=" + t[1][i] + " c=" + t[2][i] + " k=";
                DirectedRounding rn = DirectedRounding.NEAREST;
                assertSameFloat(flush(roundF(rn, exact(a).add(exact(b)), a, b)), out[6 * i], at + "0 add.rn.ftz");
                assertSameFloat(
                        flush(roundF(rn, exact(a).subtract(exact(b)), a, -b)), out[6 * i + 1], at + "1 sub.ftz");
                assertSameFloat(flush(mulF(DirectedRounding.ZERO, a, b)), out[6 * i + 2], at + "2 mul.rz.ftz");
                assertSameFloat(flush(fmaF(rn, a, b, c)), out[6 * i + 3], at + "3 fma.rn.ftz");
                // min/max of zeros of different signs may return either zero: compare values, not bits.
                assertEquals(Math.min(a, b), out[6 * i + 4], 0f, at + "4 min.ftz");
                assertEquals(Math.max(a, b), out[6 * i + 5], 0f, at + "5 max.ftz");
            }
        }
    }
}
