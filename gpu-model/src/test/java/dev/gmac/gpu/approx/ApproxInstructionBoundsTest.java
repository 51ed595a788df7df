package dev.gmac.gpu.approx;

import static dev.gmac.gpu.approx.IsaErrorBounds.flushSubnormal;
import static dev.gmac.gpu.approx.IsaErrorBounds.log2;
import static dev.gmac.gpu.approx.IsaErrorBounds.ulpsFromCorrectlyRounded;
import static dev.gmac.gpu.kernels.FloatAssertions.assertSameDouble;
import static dev.gmac.gpu.kernels.FloatAssertions.assertSameFloat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.kernels.KernelRunner;
import java.util.Arrays;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The raw approximate PTX instructions of {@code isa_fmath.cu} (kernels {@code fmath_raw} and
 * {@code fmath_raw_f64}, reached through inline asm) over many inputs, each against the maximum error that the PTX
 * ISA states for it ({@link IsaErrorBounds}), plus the special values the ISA tabulates. {@code .ftz} forms must
 * flush subnormal inputs and results to sign-preserving zero.
 */
class ApproxInstructionBoundsTest {
    private static final int K = 12;
    private static final int EX2_FTZ = 0;
    private static final int EX2 = 1;
    private static final int LG2_FTZ = 2;
    private static final int LG2 = 3;
    private static final int SIN_FTZ = 4;
    private static final int COS = 5;
    private static final int RCP_FTZ = 6;
    private static final int RSQRT_FTZ = 7;
    private static final int SQRT_FTZ = 8;
    private static final int DIV_APPROX_FTZ = 9;
    private static final int DIV_FULL_FTZ = 10;
    private static final int TANH = 11;

    /** Runs {@code fmath_raw} on (a, b) pairs; returns out[i][k]. */
    private static float[][] runRaw(float[] a, float[] b) {
        int n = a.length;
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dOut = r.allocate(4L * K * n);
            r.launch(
                    "fmath_raw",
                    Dim3.of(KernelRunner.blocksFor(n, 128)),
                    Dim3.of(128),
                    r.upload(a),
                    r.upload(b),
                    dOut,
                    n);
            float[] flat = r.downloadFloats(dOut, K * n);
            float[][] out = new float[n][K];
            for (int i = 0; i < n; i++) {
                System.arraycopy(flat, K * i, out[i], 0, K);
            }
            return out;
        }
    }

    private static float[][] runRaw(float[] a) {
        float[] ones = new float[a.length];
        Arrays.fill(ones, 1f);
        return runRaw(a, ones);
    }

    private static float[] uniform(int n, double lo, double hi, long seed) {
        Random rnd = new Random(seed);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (lo + (hi - lo) * rnd.nextDouble());
        }
        return v;
    }

    /** Positive finite floats with exponents spread over the whole range (subnormals included when asked). */
    private static float[] positiveFullRange(int n, boolean subnormals, long seed) {
        Random rnd = new Random(seed);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            int exponent = subnormals ? rnd.nextInt(255) : 1 + rnd.nextInt(254);
            v[i] = Float.intBitsToFloat((exponent << 23) | rnd.nextInt(1 << 23));
            if (v[i] == 0) {
                v[i] = Float.MIN_VALUE;
            }
        }
        return v;
    }

    private static void assertUlps(int maxUlps, float result, double exact, String what) {
        long ulps = ulpsFromCorrectlyRounded(result, exact);
        assertTrue(
                ulps <= maxUlps,
                () -> what + ": " + result + " is " + ulps + " ulp from the correctly rounded " + (float) exact
                        + " (bound " + maxUlps + ")");
    }

    private static void assertRelative(double bound, float result, double exact, String what) {
        double rel = Math.abs(result - exact) / Math.abs(exact);
        assertTrue(
                rel <= bound,
                () -> what + ": " + result + " vs exact " + exact + ", relative error 2^" + log2(rel) + " > 2^"
                        + log2(bound));
    }

    private static void assertAbsolute(double bound, float result, double exact, String what) {
        double abs = Math.abs(result - exact);
        assertTrue(
                abs <= bound,
                () -> what + ": " + result + " vs exact " + exact + ", absolute error 2^" + log2(abs) + " > 2^"
                        + log2(bound));
    }

    @Test
    void ex2WithinTwoUlpsOverTheFullRange() {
        float[] a = uniform(600, -152, 130, 200);
        float[][] out = runRaw(a);
        for (int i = 0; i < a.length; i++) {
            double exact = Math.pow(2, a[i]);
            assertUlps(IsaErrorBounds.EX2_ULPS, out[i][EX2], exact, "ex2.approx.f32(" + a[i] + ")");
            if (Math.abs(exact / Float.MIN_NORMAL - 1) > 1e-5) {
                float expected = exact < Float.MIN_NORMAL ? 0f : (float) exact;
                if (expected == 0f) {
                    assertSameFloat(0f, out[i][EX2_FTZ], "ex2.approx.ftz.f32(" + a[i] + ") flushes a subnormal result");
                } else {
                    assertUlps(IsaErrorBounds.EX2_ULPS, out[i][EX2_FTZ], exact, "ex2.approx.ftz.f32(" + a[i] + ")");
                }
            }
        }
    }

    @Test
    void ex2SpecialValues() {
        float[] a = {Float.NEGATIVE_INFINITY, -0f, 0f, Float.POSITIVE_INFINITY, Float.NaN, 1e-40f, -1e-40f, 3f, -3f};
        float[][] out = runRaw(a);
        float[] expected = {0f, 1f, 1f, Float.POSITIVE_INFINITY, Float.NaN, 1f, 1f, 8f, 0.125f};
        for (int i = 0; i < a.length; i++) {
            if (i < 5) { // the values the ISA tabulates
                assertSameFloat(expected[i], out[i][EX2], "ex2.approx.f32(" + a[i] + ")");
                assertSameFloat(expected[i], out[i][EX2_FTZ], "ex2.approx.ftz.f32(" + a[i] + ")");
            } else {
                assertUlps(IsaErrorBounds.EX2_ULPS, out[i][EX2], Math.pow(2, a[i]), "ex2.approx.f32(" + a[i] + ")");
                // .ftz reads a subnormal input as zero: 2^0 = 1 within the bound
                double ftzExact = Math.pow(2, flushSubnormal(a[i]));
                assertUlps(IsaErrorBounds.EX2_ULPS, out[i][EX2_FTZ], ftzExact, "ex2.approx.ftz.f32(" + a[i] + ")");
            }
        }
    }

    @Test
    void lg2WithinAbsoluteOrRelativeBound() {
        float[] wide = positiveFullRange(500, true, 201);
        float[] near1 = uniform(300, 0.5, 2.0, 202);
        float[] a = new float[wide.length + near1.length];
        System.arraycopy(wide, 0, a, 0, wide.length);
        System.arraycopy(near1, 0, a, wide.length, near1.length);
        float[][] out = runRaw(a);
        for (int i = 0; i < a.length; i++) {
            double x = a[i];
            double exact = log2(x);
            assertAbsolute(IsaErrorBounds.lg2AllowedError(x), out[i][LG2], exact, "lg2.approx.f32(" + x + ")");
            if (x < Float.MIN_NORMAL) {
                assertSameFloat(Float.NEGATIVE_INFINITY, out[i][LG2_FTZ], "lg2.approx.ftz.f32 of a subnormal");
            } else {
                assertAbsolute(
                        IsaErrorBounds.lg2AllowedError(x), out[i][LG2_FTZ], exact, "lg2.approx.ftz.f32(" + x + ")");
            }
        }
        float[] special = {0f, -0f, Float.POSITIVE_INFINITY, Float.NaN, 1f, 2f, 0.25f};
        float[] expected = {
            Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, Float.NaN, 0f, 1f, -2f
        };
        float[][] s = runRaw(special);
        for (int i = 0; i < special.length; i++) {
            if (i < 4) {
                assertSameFloat(expected[i], s[i][LG2], "lg2.approx.f32(|" + special[i] + "|)");
            } else {
                assertAbsolute(IsaErrorBounds.lg2AllowedError(special[i]), s[i][LG2], expected[i], "lg2.approx.f32");
            }
        }
    }

    @Test
    void sinAndCosWithinAbsoluteBounds() {
        float[] inner = uniform(600, -2 * Math.PI, 2 * Math.PI, 203);
        float[][] out = runRaw(inner);
        for (int i = 0; i < inner.length; i++) {
            float x = inner[i];
            assertAbsolute(
                    IsaErrorBounds.SIN_COS_ABSOLUTE_2PI, out[i][SIN_FTZ], Math.sin(x), "sin.approx.ftz.f32(" + x + ")");
            assertAbsolute(IsaErrorBounds.SIN_COS_ABSOLUTE_2PI, out[i][COS], Math.cos(x), "cos.approx.f32(" + x + ")");
        }
        float[] outer = uniform(600, -100 * Math.PI, 100 * Math.PI, 204);
        out = runRaw(outer);
        for (int i = 0; i < outer.length; i++) {
            float x = outer[i];
            assertAbsolute(
                    IsaErrorBounds.SIN_COS_ABSOLUTE_100PI,
                    out[i][SIN_FTZ],
                    Math.sin(x),
                    "sin.approx.ftz.f32(" + x + ")");
            assertAbsolute(
                    IsaErrorBounds.SIN_COS_ABSOLUTE_100PI, out[i][COS], Math.cos(x), "cos.approx.f32(" + x + ")");
        }
        float[] special = {0f, -0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, 1e-40f, -1e-40f};
        float[][] s = runRaw(special);
        float[] sinExpected = {0f, -0f, Float.NaN, Float.NaN, Float.NaN, 0f, -0f};
        float[] cosExpected = {1f, 1f, Float.NaN, Float.NaN, Float.NaN, 1f, 1f};
        for (int i = 0; i < special.length; i++) {
            assertSameFloat(sinExpected[i], s[i][SIN_FTZ], "sin.approx.ftz.f32(" + special[i] + ")");
            if (i < 5) {
                assertSameFloat(cosExpected[i], s[i][COS], "cos.approx.f32(" + special[i] + ")");
            } else {
                assertAbsolute(IsaErrorBounds.SIN_COS_ABSOLUTE_2PI, s[i][COS], 1.0, "cos.approx.f32 of a subnormal");
            }
        }
    }

    @Test
    void reciprocalSquareRootAndSquareRoot() {
        float[] a = positiveFullRange(800, false, 205);
        float[][] out = runRaw(a);
        for (int i = 0; i < a.length; i++) {
            double x = a[i];
            if (x >= 0x1p-125 && x <= 0x1p125) {
                assertUlps(IsaErrorBounds.RCP_ULPS, out[i][RCP_FTZ], 1 / x, "rcp.approx.ftz.f32(" + x + ")");
            }
            assertRelative(
                    IsaErrorBounds.RSQRT_RELATIVE,
                    out[i][RSQRT_FTZ],
                    1 / Math.sqrt(x),
                    "rsqrt.approx.ftz.f32(" + x + ")");
            assertRelative(
                    IsaErrorBounds.SQRT_RELATIVE, out[i][SQRT_FTZ], Math.sqrt(x), "sqrt.approx.ftz.f32(" + x + ")");
        }
        float[] special = {0f, -0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e-40f, -1e-40f, 4f, -0.25f};
        float[][] s = runRaw(special);
        float inf = Float.POSITIVE_INFINITY;
        float[] rcp = {inf, -inf, 0f, -0f, inf, -inf, 0.25f, -4f};
        float[] rsqrt = {inf, inf, 0f, 0f, inf, inf, 0.5f, 2f}; // of |a|
        float[] sqrt = {0f, 0f, inf, inf, 0f, 0f, 2f, 0.5f}; // of |a|
        for (int i = 0; i < special.length; i++) {
            if (i < 6) {
                assertSameFloat(rcp[i], s[i][RCP_FTZ], "rcp.approx.ftz.f32(" + special[i] + ")");
            } else {
                assertUlps(IsaErrorBounds.RCP_ULPS, s[i][RCP_FTZ], rcp[i], "rcp.approx.ftz.f32(" + special[i] + ")");
            }
            if (i < 6) {
                assertSameFloat(rsqrt[i], s[i][RSQRT_FTZ], "rsqrt.approx.ftz.f32(|" + special[i] + "|)");
                assertSameFloat(sqrt[i], s[i][SQRT_FTZ], "sqrt.approx.ftz.f32(|" + special[i] + "|)");
            } else {
                assertRelative(IsaErrorBounds.RSQRT_RELATIVE, s[i][RSQRT_FTZ], rsqrt[i], "rsqrt.approx.ftz.f32");
                assertRelative(IsaErrorBounds.SQRT_RELATIVE, s[i][SQRT_FTZ], sqrt[i], "sqrt.approx.ftz.f32");
            }
        }
    }

    @Test
    void divisionWithinTwoUlps() {
        int n = 800;
        Random rnd = new Random(206);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (rnd.nextBoolean() ? 1 : -1)
                    * Float.intBitsToFloat(((1 + rnd.nextInt(254)) << 23) | rnd.nextInt(1 << 23));
            int be = i % 10 == 0 ? 253 + rnd.nextInt(2) : 2 + rnd.nextInt(251); // some |b| above 2^126
            b[i] = (rnd.nextBoolean() ? 1 : -1) * Float.intBitsToFloat((be << 23) | rnd.nextInt(1 << 23));
        }
        float[][] out = runRaw(a, b);
        int checked = 0;
        for (int i = 0; i < n; i++) {
            double q = (double) a[i] / b[i];
            double aq = Math.abs(q);
            if (aq < 2 * Float.MIN_NORMAL || aq > Float.MAX_VALUE / 2) {
                continue; // the quotient itself would be flushed or overflow
            }
            String at = "(" + a[i] + ", " + b[i] + ")";
            float ab = Math.abs(b[i]);
            if (ab >= 0x1p-126f && ab <= 0x1p126f) {
                assertUlps(IsaErrorBounds.DIV_ULPS, out[i][DIV_APPROX_FTZ], q, "div.approx.ftz.f32" + at);
            }
            assertUlps(IsaErrorBounds.DIV_ULPS, out[i][DIV_FULL_FTZ], q, "div.full.ftz.f32" + at);
            checked++;
        }
        assertTrue(checked > n / 2, "enough normal quotients: " + checked);
        // For 2^126 < |b| < 2^128, div.approx returns a sign-preserving zero when a is finite.
        float[][] big = runRaw(new float[] {3f, -3f}, new float[] {0x1.8p126f, 0x1p127f});
        assertSameFloat(0f, big[0][DIV_APPROX_FTZ], "div.approx(3, 1.5*2^126)");
        assertSameFloat(-0f, big[1][DIV_APPROX_FTZ], "div.approx(-3, 2^127)");
    }

    @Test
    void tanhWithinRelativeBound() {
        float[] a = uniform(500, -12, 12, 207);
        float[][] out = runRaw(a);
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0) {
                assertRelative(
                        IsaErrorBounds.TANH_RELATIVE, out[i][TANH], Math.tanh(a[i]), "tanh.approx.f32(" + a[i] + ")");
            }
        }
        float[] special = {Float.NEGATIVE_INFINITY, -0f, 0f, Float.POSITIVE_INFINITY, Float.NaN, 1e-40f, 100f};
        float[] expected = {-1f, -0f, 0f, 1f, Float.NaN, 1e-40f, 1f};
        float[][] s = runRaw(special);
        for (int i = 0; i < special.length; i++) {
            if (i == 5) {
                assertRelative(IsaErrorBounds.TANH_RELATIVE, s[i][TANH], 1e-40, "tanh of a subnormal passes through");
            } else if (i == 6) {
                assertRelative(IsaErrorBounds.TANH_RELATIVE, s[i][TANH], 1.0, "tanh(100)");
            } else {
                assertSameFloat(expected[i], s[i][TANH], "tanh.approx.f32(" + special[i] + ")");
            }
        }
    }

    @Test
    void flushToZeroFormsFlushSubnormalInputs() {
        float sub = 3e-39f; // subnormal
        float[][] out = runRaw(new float[] {sub, -sub}, new float[] {2f, 2f});
        assertSameFloat(1f, out[0][EX2_FTZ], "ex2.ftz(subnormal) = 2^0");
        assertSameFloat(Float.POSITIVE_INFINITY, out[0][RCP_FTZ], "rcp.ftz(+subnormal)");
        assertSameFloat(Float.NEGATIVE_INFINITY, out[1][RCP_FTZ], "rcp.ftz(-subnormal)");
        assertSameFloat(0f, out[0][DIV_APPROX_FTZ], "div.approx.ftz(+subnormal, 2)");
        assertSameFloat(-0f, out[1][DIV_FULL_FTZ], "div.full.ftz(-subnormal, 2)");
        assertEquals(flushSubnormal(sub), out[0][SQRT_FTZ], 0f, "sqrt.approx.ftz(subnormal) = 0");
    }

    // ---- f64 ----------------------------------------------------------------------------------------------------

    private static double[][] runRaw64(double[] a) {
        int n = a.length;
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dOut = r.allocate(24L * n);
            r.launch("fmath_raw_f64", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), r.upload(a), dOut, n);
            double[] flat = r.downloadDoubles(dOut, 3 * n);
            double[][] out = new double[n][3];
            for (int i = 0; i < n; i++) {
                System.arraycopy(flat, 3 * i, out[i], 0, 3);
            }
            return out;
        }
    }

    private static void assertGross(double result, double exact, String what) {
        long bits = Double.doubleToRawLongBits(result);
        assertEquals(0, bits & 0xffff_ffffL, what + ": the low 32 bits of the result are zero");
        double rel = Math.abs(result - exact) / Math.abs(exact);
        assertTrue(rel <= IsaErrorBounds.GROSS_F64_RELATIVE, what + ": " + result + " vs " + exact);
    }

    @Test
    void doubleApproximations() {
        int n = 400;
        Random rnd = new Random(208);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = (rnd.nextBoolean() ? 1 : -1) * Math.scalb(1 + rnd.nextDouble(), rnd.nextInt(2000) - 1000);
        }
        double[][] out = runRaw64(a);
        DoubleUnaryOperator rsqrt = x -> 1 / Math.sqrt(x);
        for (int i = 0; i < n; i++) {
            double x = a[i];
            double m = Math.abs(x);
            assertGross(out[i][0], 1 / x, "rcp.approx.ftz.f64(" + x + ")");
            double rel = Math.abs(out[i][1] - rsqrt.applyAsDouble(m)) / rsqrt.applyAsDouble(m);
            assertTrue(rel <= IsaErrorBounds.RSQRT_RELATIVE, "rsqrt.approx.f64(" + m + ") = " + out[i][1]);
            assertGross(out[i][2], rsqrt.applyAsDouble(m), "rsqrt.approx.ftz.f64(" + m + ")");
        }
        double[] special = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
        double[][] s = runRaw64(special);
        double inf = Double.POSITIVE_INFINITY;
        double[] rcp = {inf, -inf, 0.0, -0.0, inf};
        double[] rsq = {inf, inf, 0.0, 0.0, inf}; // of |a|; the ftz form flushes the subnormal to +0
        for (int i = 0; i < special.length; i++) {
            assertSameDouble(rcp[i], s[i][0], "rcp.approx.ftz.f64(" + special[i] + ")");
            assertSameDouble(rsq[i], s[i][2], "rsqrt.approx.ftz.f64(|" + special[i] + "|)");
            if (i < 4) {
                assertSameDouble(rsq[i], s[i][1], "rsqrt.approx.f64(|" + special[i] + "|)");
            }
        }
    }
}
