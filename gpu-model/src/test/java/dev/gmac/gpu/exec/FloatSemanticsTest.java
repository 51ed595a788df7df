package dev.gmac.gpu.exec;

import static dev.gmac.gpu.exec.OneInstruction.f32;
import static dev.gmac.gpu.exec.OneInstruction.f64;
import static dev.gmac.gpu.exec.OneInstruction.ints;
import static dev.gmac.gpu.exec.OneInstruction.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Floating-point semantics (PTX ISA §9.7.3 and cvt §9.7.9.21): every directed rounding mode is checked against
 * the definition (the result brackets the exact value from the right side, and its neighbour does not), with
 * exact values computed in {@link BigDecimal}; special values, {@code .ftz}, {@code .sat} and conversions are
 * checked against their ISA descriptions.
 */
class FloatSemanticsTest {
    private static final int N = 256;

    private static float[] randomFloats(Random r) {
        float[] v = new float[N];
        for (int i = 0; i < N; i++) {
            v[i] = switch (i % 5) {
                case 0 -> (r.nextFloat() - 0.5f) * 1e6f;
                case 1 -> Math.scalb(r.nextFloat() + 1, r.nextInt(60) - 30) * (r.nextBoolean() ? 1 : -1);
                case 2 -> r.nextInt(100) - 50;
                case 3 -> Math.scalb(r.nextFloat() + 1, r.nextInt(250) - 125);
                default -> Float.intBitsToFloat(r.nextInt() & 0x7F7FFFFF) * (r.nextBoolean() ? 1 : -1);
            };
        }
        return v;
    }

    /** Checks that {@code got} is the {@code mode} rounding of {@code exact} on the float grid. */
    private static void assertRounded32(String mode, BigDecimal exact, float got, String what) {
        assertTrue(!Float.isNaN(got), what);
        if (Float.isInfinite(got)) {
            BigDecimal max = new BigDecimal(Float.MAX_VALUE);
            assertTrue(exact.abs().compareTo(max) > 0, what + ": overflow only beyond MAX_VALUE");
            return;
        }
        BigDecimal g = new BigDecimal(got);
        BigDecimal up = Float.isInfinite(Math.nextUp(got)) ? null : new BigDecimal(Math.nextUp(got));
        BigDecimal down = Float.isInfinite(Math.nextDown(got)) ? null : new BigDecimal(Math.nextDown(got));
        switch (mode) {
            case "rm" -> {
                assertTrue(g.compareTo(exact) <= 0, what + " <= exact");
                assertTrue(up == null || up.compareTo(exact) > 0, what + " next up > exact");
            }
            case "rp" -> {
                assertTrue(g.compareTo(exact) >= 0, what + " >= exact");
                assertTrue(down == null || down.compareTo(exact) < 0, what + " next down < exact");
            }
            default -> { // rz
                assertTrue(g.abs().compareTo(exact.abs()) <= 0, what + " |r| <= |exact|");
                BigDecimal away = exact.signum() >= 0 ? up : down;
                assertTrue(away == null || away.abs().compareTo(exact.abs()) > 0, what + " next away beyond exact");
            }
        }
    }

    private static void assertRounded64(String mode, BigDecimal exact, double got, String what) {
        assertTrue(!Double.isNaN(got) && !Double.isInfinite(got), what);
        BigDecimal g = new BigDecimal(got);
        BigDecimal up = new BigDecimal(Math.nextUp(got));
        BigDecimal down = new BigDecimal(Math.nextDown(got));
        switch (mode) {
            case "rm" -> assertTrue(g.compareTo(exact) <= 0 && up.compareTo(exact) > 0, what);
            case "rp" -> assertTrue(g.compareTo(exact) >= 0 && down.compareTo(exact) < 0, what);
            default -> {
                BigDecimal away = exact.signum() >= 0 ? up : down;
                assertTrue(g.abs().compareTo(exact.abs()) <= 0 && away.abs().compareTo(exact.abs()) > 0, what);
            }
        }
    }

    @Test
    void directedRoundingSinglePrecision() {
        Random r = new Random(11);
        float[] a = randomFloats(r);
        float[] b = randomFloats(r);
        float[] c = randomFloats(r);
        try (TestDevice dev = new TestDevice()) {
            for (String mode : new String[] {"rz", "rm", "rp"}) {
                long[] add = run(dev, "f32 f32 f32", " add." + mode + ".f32 %d, %a, %b;", f32(a), f32(b));
                long[] mul = run(dev, "f32 f32 f32", " mul." + mode + ".f32 %d, %a, %b;", f32(a), f32(b));
                long[] fma =
                        run(dev, "f32 f32 f32 f32", " fma." + mode + ".f32 %d, %a, %b, %c;", f32(a), f32(b), f32(c));
                long[] div = run(dev, "f32 f32 f32", " div." + mode + ".f32 %d, %a, %b;", f32(a), f32(b));
                long[] sqrt = run(dev, "f32 f32", " sqrt." + mode + ".f32 %d, %a;", f32(a));
                for (int i = 0; i < N; i++) {
                    BigDecimal x = new BigDecimal(a[i]);
                    BigDecimal y = new BigDecimal(b[i]);
                    BigDecimal z = new BigDecimal(c[i]);
                    String w = mode + " lane " + i + " a=" + a[i] + " b=" + b[i];
                    if (x.add(y).signum() != 0) {
                        assertRounded32(mode, x.add(y), Float.intBitsToFloat((int) add[i]), "add." + w);
                    }
                    if (x.multiply(y).signum() != 0) {
                        assertRounded32(mode, x.multiply(y), Float.intBitsToFloat((int) mul[i]), "mul." + w);
                    }
                    BigDecimal f = x.multiply(y).add(z);
                    if (f.signum() != 0) {
                        assertRounded32(mode, f, Float.intBitsToFloat((int) fma[i]), "fma." + w);
                    }
                    float q = Float.intBitsToFloat((int) div[i]);
                    if (b[i] != 0 && a[i] != 0 && !Float.isInfinite(q) && q != 0) {
                        // q brackets a/b: compare q*b with a (sign of b flips the order)
                        BigDecimal qb = new BigDecimal(q).multiply(y);
                        int s = qb.compareTo(x) * y.signum();
                        float next =
                                mode.equals("rp") || (mode.equals("rz") && q < 0) ? Math.nextDown(q) : Math.nextUp(q);
                        if (Float.isInfinite(next)) {
                            continue;
                        }
                        int sn = new BigDecimal(next).multiply(y).compareTo(x) * y.signum();
                        if (mode.equals("rm") || (mode.equals("rz") && q > 0)) {
                            assertTrue(s <= 0 && sn > 0, "div." + w);
                        } else {
                            assertTrue(s >= 0 && sn < 0, "div." + w);
                        }
                    }
                    if (a[i] > 0) {
                        float sq = Float.intBitsToFloat((int) sqrt[i]);
                        BigDecimal s2 = new BigDecimal(sq).multiply(new BigDecimal(sq));
                        float nu = Math.nextUp(sq);
                        BigDecimal n2 = new BigDecimal(nu).multiply(new BigDecimal(nu));
                        if (mode.equals("rp")) {
                            float nd = Math.nextDown(sq);
                            assertTrue(
                                    s2.compareTo(x) >= 0
                                            && new BigDecimal(nd)
                                                            .multiply(new BigDecimal(nd))
                                                            .compareTo(x)
                                                    < 0,
                                    "sqrt." + w);
                        } else {
                            assertTrue(s2.compareTo(x) <= 0 && n2.compareTo(x) > 0, "sqrt." + w);
                        }
                    }
                }
            }
        }
    }

    @Test
    void directedRoundingDoublePrecision() {
        Random r = new Random(12);
        double[] a = new double[N];
        double[] b = new double[N];
        double[] c = new double[N];
        for (int i = 0; i < N; i++) {
            a[i] = Math.scalb(r.nextDouble() + 1, r.nextInt(200) - 100) * (r.nextBoolean() ? 1 : -1);
            b[i] = Math.scalb(r.nextDouble() + 1, r.nextInt(200) - 100) * (r.nextBoolean() ? 1 : -1);
            c[i] = Math.scalb(r.nextDouble() + 1, r.nextInt(200) - 100);
        }
        try (TestDevice dev = new TestDevice()) {
            for (String mode : new String[] {"rz", "rm", "rp"}) {
                long[] add = run(dev, "f64 f64 f64", " add." + mode + ".f64 %d, %a, %b;", f64(a), f64(b));
                long[] fma =
                        run(dev, "f64 f64 f64 f64", " fma." + mode + ".f64 %d, %a, %b, %c;", f64(a), f64(b), f64(c));
                for (int i = 0; i < N; i++) {
                    BigDecimal x = new BigDecimal(a[i]);
                    BigDecimal y = new BigDecimal(b[i]);
                    assertRounded64(mode, x.add(y), Double.longBitsToDouble(add[i]), "add." + mode + " " + i);
                    assertRounded64(
                            mode,
                            x.multiply(y).add(new BigDecimal(c[i])),
                            Double.longBitsToDouble(fma[i]),
                            "fma." + mode + " " + i);
                }
            }
        }
    }

    @Test
    void exactZeroSumsTakeTheSignOfTheMode() {
        try (TestDevice dev = new TestDevice()) {
            long[] rm = run(dev, "f32 f32 f32", " add.rm.f32 %d, %a, %b;", f32(3f, 0f, -0f), f32(-3f, -0f, -0f));
            assertArrayEquals(f32(-0f, -0f, -0f), rm);
            long[] rn = run(dev, "f32 f32 f32", " add.rn.f32 %d, %a, %b;", f32(3f, 0f, -0f), f32(-3f, -0f, -0f));
            assertArrayEquals(f32(0f, 0f, -0f), rn);
        }
    }

    @Test
    void overflowUnderDirectedModes() {
        float max = Float.MAX_VALUE;
        try (TestDevice dev = new TestDevice()) {
            assertArrayEquals(
                    f32(max, Float.NEGATIVE_INFINITY),
                    run(dev, "f32 f32 f32", " mul.rm.f32 %d, %a, %b;", f32(max, -max), f32(2f, 2f)));
            assertArrayEquals(
                    f32(Float.POSITIVE_INFINITY, -max),
                    run(dev, "f32 f32 f32", " mul.rp.f32 %d, %a, %b;", f32(max, -max), f32(2f, 2f)));
            assertArrayEquals(
                    f32(max, -max), run(dev, "f32 f32 f32", " mul.rz.f32 %d, %a, %b;", f32(max, -max), f32(2f, 2f)));
        }
    }

    @Test
    void flushToZeroSaturateAndCanonicalNaN() {
        float sub = Float.MIN_VALUE * 3;
        try (TestDevice dev = new TestDevice()) {
            assertArrayEquals(
                    f32(0f, -0f), run(dev, "f32 f32 f32", " add.ftz.f32 %d, %a, %b;", f32(sub, -sub), f32(0f, -0f)));
            assertArrayEquals(
                    f32(2 * sub, -2 * sub),
                    run(dev, "f32 f32 f32", " add.f32 %d, %a, %b;", f32(sub, -sub), f32(sub, -sub)));
            assertArrayEquals(
                    f32(1f, 0f, 0.25f, 0f),
                    run(
                            dev,
                            "f32 f32 f32",
                            " mul.sat.f32 %d, %a, %b;",
                            f32(3f, -3f, 0.5f, Float.NaN),
                            f32(1f, 1f, 0.5f, 1f)));
            long nan = run(
                    dev,
                    "f32 f32 f32",
                    " add.f32 %d, %a, %b;",
                    f32(Float.POSITIVE_INFINITY),
                    f32(Float.NEGATIVE_INFINITY))[0];
            assertEquals(0x7FFFFFFFL, nan, "canonical NaN");
        }
    }

    @Test
    void minMaxAndUnorderedComparisons() {
        float nan = Float.NaN;
        try (TestDevice dev = new TestDevice()) {
            assertArrayEquals(
                    f32(1f, 2f, -0f),
                    run(dev, "f32 f32 f32", " min.f32 %d, %a, %b;", f32(nan, 2f, 0f), f32(1f, nan, -0f)));
            assertArrayEquals(
                    f32(1f, 2f, 0f),
                    run(dev, "f32 f32 f32", " max.f32 %d, %a, %b;", f32(nan, 2f, -0f), f32(1f, nan, 0f)));
            long[] a = f32(1f, nan, 3f, nan);
            long[] b = f32(2f, 1f, 3f, nan);
            assertArrayEquals(ints(1, 0, 0, 0), run(dev, "pred f32 f32", " setp.lt.f32 %d, %a, %b;", a, b));
            assertArrayEquals(ints(1, 1, 0, 1), run(dev, "pred f32 f32", " setp.ltu.f32 %d, %a, %b;", a, b));
            assertArrayEquals(ints(1, 1, 0, 1), run(dev, "pred f32 f32", " setp.neu.f32 %d, %a, %b;", a, b));
            assertArrayEquals(ints(1, 0, 0, 0), run(dev, "pred f32 f32", " setp.ne.f32 %d, %a, %b;", a, b));
            assertArrayEquals(ints(1, 0, 1, 0), run(dev, "pred f32 f32", " setp.num.f32 %d, %a, %b;", a, b));
            assertArrayEquals(ints(0, 1, 1, 1), run(dev, "pred f32 f32", " setp.geu.f32 %d, %a, %b;", a, b));
            assertArrayEquals(
                    ints(0, 1, 0, 1),
                    run(
                            dev,
                            "pred f64 f64",
                            " setp.nan.f64 %d, %a, %b;",
                            f64(1, Double.NaN, 3, Double.NaN),
                            f64(2, 1, 3, Double.NaN)));
            assertArrayEquals(
                    ints(1, 0, 0),
                    run(dev, "pred f32", " testp.subnormal.f32 %d, %a;", f32(Float.MIN_VALUE, Float.MIN_NORMAL, 0f)));
            assertArrayEquals(
                    f32(-2f, 3f), run(dev, "f32 f32 f32", " copysign.f32 %d, %a, %b;", f32(-1f, 1f), f32(2f, -3f)));
        }
    }

    @Test
    void conversions() {
        try (TestDevice dev = new TestDevice()) {
            long[] x = f32(2.5f, -2.5f, 3.5f, -0.4f, 1e10f, -1e10f, Float.NaN);
            assertArrayEquals(
                    ints(2, -2 & 0xFFFFFFFFL, 4, 0, 0x7FFFFFFF, 0x80000000L, 0),
                    run(dev, "b32 f32", " cvt.rni.s32.f32 %d, %a;", x));
            assertArrayEquals(
                    ints(2, -3 & 0xFFFFFFFFL, 3, -1 & 0xFFFFFFFFL, 0x7FFFFFFF, 0x80000000L, 0),
                    run(dev, "b32 f32", " cvt.rmi.s32.f32 %d, %a;", x));
            assertArrayEquals(
                    ints(3, -2 & 0xFFFFFFFFL, 4, 0, 0x7FFFFFFF, 0x80000000L, 0),
                    run(dev, "b32 f32", " cvt.rpi.s32.f32 %d, %a;", x));
            assertArrayEquals(ints(2, 0, 3, 0, 0xFFFFFFFFL, 0, 0), run(dev, "b32 f32", " cvt.rzi.u32.f32 %d, %a;", x));
            assertArrayEquals(
                    ints(255, 0, 4), run(dev, "b32 f32", " cvt.rni.sat.u8.f32 %d, %a;", f32(300f, -5f, 3.5f)));
            assertArrayEquals(
                    f32(2f, -2f, 4f, -0f),
                    run(dev, "f32 f32", " cvt.rni.f32.f32 %d, %a;", f32(2.5f, -2.5f, 3.5f, -0.4f)));
            // f64 -> f32 in every mode: 1 + 2^-30 is not a float
            double v = 1 + Math.scalb(1.0, -30);
            assertArrayEquals(f32(1f, 1f, Math.nextUp(1f), 1f), new long[] {
                run(dev, "f32 f64", " cvt.rn.f32.f64 %d, %a;", f64(v))[0],
                run(dev, "f32 f64", " cvt.rz.f32.f64 %d, %a;", f64(v))[0],
                run(dev, "f32 f64", " cvt.rp.f32.f64 %d, %a;", f64(v))[0],
                run(dev, "f32 f64", " cvt.rm.f32.f64 %d, %a;", f64(v))[0]
            });
            // integer -> float in directed modes: 2^24 + 1 is not a float
            long big = (1 << 24) + 1;
            assertEquals(Float.floatToRawIntBits(16777216f), (int)
                    run(dev, "f32 b32", " cvt.rz.f32.s32 %d, %a;", ints(big))[0]);
            assertEquals(Float.floatToRawIntBits(16777218f), (int)
                    run(dev, "f32 b32", " cvt.rp.f32.s32 %d, %a;", ints(big))[0]);
            long u64 = -1L; // 2^64 - 1 as u64
            assertEquals(Float.floatToRawIntBits(Math.nextDown(0x1p64f)), (int)
                    run(dev, "f32 b64", " cvt.rz.f32.u64 %d, %a;", ints(u64))[0]);
            assertEquals(0xFFFFFFFFFFFFFFFFL, run(dev, "b64 f64", " cvt.rzi.u64.f64 %d, %a;", f64(1e30))[0]);
            assertEquals(0x8000000000000000L, run(dev, "b64 f64", " cvt.rzi.u64.f64 %d, %a;", f64(0x1p63))[0]);
            // half precision
            assertEquals(0x3C00L, run(dev, "b16 f32", " cvt.rn.f16.f32 %d, %a;", f32(1f))[0]);
            assertEquals(0x7C00L, run(dev, "b16 f32", " cvt.rn.f16.f32 %d, %a;", f32(1e6f))[0]);
            assertEquals(0x7BFFL, run(dev, "b16 f32", " cvt.rz.f16.f32 %d, %a;", f32(1e6f))[0]);
            assertEquals(0x3C01L, run(dev, "b16 f32", " cvt.rp.f16.f32 %d, %a;", f32(1.0001f))[0]);
            assertEquals(
                    Float.floatToRawIntBits(65504f) & 0xFFFFFFFFL,
                    run(dev, "f32 b16", " cvt.f32.f16 %d, %a;", ints(0x7BFF))[0]);
            assertEquals(
                    Float.floatToRawIntBits(0x1p-24f) & 0xFFFFFFFFL,
                    run(dev, "f32 b16", " cvt.f32.f16 %d, %a;", ints(1))[0]);
            // .ftz and .sat on float-to-float
            assertEquals(0L, run(dev, "f32 f32", " cvt.ftz.f32.f32 %d, %a;", f32(Float.MIN_VALUE))[0]);
            assertEquals(
                    Float.floatToRawIntBits(1f) & 0xFFFFFFFFL,
                    run(dev, "f32 f32", " cvt.sat.f32.f32 %d, %a;", f32(7f))[0]);
        }
    }

    @Test
    void approximateFunctionsOnSpecialValues() {
        float inf = Float.POSITIVE_INFINITY;
        try (TestDevice dev = new TestDevice()) {
            assertArrayEquals(
                    f32(inf, 0f, 1f),
                    run(dev, "f32 f32", " ex2.approx.f32 %d, %a;", f32(inf, Float.NEGATIVE_INFINITY, 0f)));
            assertArrayEquals(
                    f32(Float.NEGATIVE_INFINITY, inf, 3f),
                    run(dev, "f32 f32", " lg2.approx.f32 %d, %a;", f32(0f, inf, 8f)));
            assertArrayEquals(
                    f32(inf, Float.NEGATIVE_INFINITY, 0.5f),
                    run(dev, "f32 f32", " rcp.approx.f32 %d, %a;", f32(0f, -0f, 2f)));
            assertArrayEquals(f32(0.5f), run(dev, "f32 f32", " rsqrt.approx.f32 %d, %a;", f32(4f)));
            BiFunction<Float, Float, Boolean> close = (x, y) -> Math.abs(x - y) <= 1e-6f;
            float s = Float.intBitsToFloat((int) run(dev, "f32 f32", " sin.approx.f32 %d, %a;", f32(1f))[0]);
            assertTrue(close.apply(s, (float) Math.sin(1)));
            assertArrayEquals(
                    f32(0f), run(dev, "f32 f32 f32", " div.approx.f32 %d, %a, %b;", f32(3f), f32(0x1.8p126f)));
        }
    }
}
