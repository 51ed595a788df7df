package dev.gmac.gpu.approx;

import static dev.gmac.gpu.approx.IsaErrorBounds.log2;
import static dev.gmac.gpu.approx.IsaErrorBounds.ulpsFromCorrectlyRounded;
import static dev.gmac.gpu.kernels.FloatAssertions.assertSameFloat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.kernels.KernelRunner;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The CUDA fast-math intrinsics of {@code fmath_approx} ({@code __expf}, {@code __logf}, {@code __sinf},
 * {@code __cosf}, {@code __powf}, {@code rsqrtf}, {@code __fdividef}, {@code exp2f}, {@code __log2f},
 * {@code __tanf}) as nvcc 13 compiles them: short sequences of exactly rounded {@code mul.f32} and the approximate
 * instructions. Each bound follows from the ISA bounds of the instructions in the sequence ({@link IsaErrorBounds})
 * plus the rounding of the exact steps; {@code sqrtf} and {@code a / b} compile to {@code sqrt.rn}/{@code div.rn}
 * and must be exact.
 */
class FastMathIntrinsicBoundsTest {
    private static final float LOG2_E = Float.intBitsToFloat(0x3FB8AA3B); // the constant nvcc multiplies by
    private static final float LN_2 = Float.intBitsToFloat(0x3F317218);
    private static final double ULP1 = Math.pow(2, -23);

    @Test
    void intrinsicsMeetTheBoundsOfTheirInstructions() {
        int n = 700;
        Random rnd = new Random(210);
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) ((rnd.nextDouble() - 0.5) * 4 * Math.PI);
            if (a[i] == 0) {
                a[i] = 1f;
            }
            b[i] = (float) ((rnd.nextDouble() - 0.5) * 8);
            if (Math.abs(b[i]) < 1e-3) {
                b[i] = 0.5f;
            }
        }
        float[] out;
        try (KernelRunner r = new KernelRunner("isa_fmath")) {
            long dOut = r.allocate(48L * n);
            r.launch(
                    "fmath_approx",
                    Dim3.of(KernelRunner.blocksFor(n, 128)),
                    Dim3.of(128),
                    r.upload(a),
                    r.upload(b),
                    dOut,
                    n);
            out = r.downloadFloats(dOut, 12 * n);
        }
        for (int i = 0; i < n; i++) {
            float x = a[i];
            float y = b[i];
            double m = Math.abs((double) x);
            String at = "(a=" + x + ", b=" + y + ") ";
            float[] o = Arrays.copyOfRange(out, 12 * i, 12 * i + 12);

            // __expf: ex2.approx(RN(a * log2e)); the product is exact-rounded, so only the ex2 bound applies.
            float scaled = x * LOG2_E;
            check(
                    ulpsFromCorrectlyRounded(o[0], Math.pow(2, scaled)) <= IsaErrorBounds.EX2_ULPS,
                    at + "__expf " + o[0]);

            // __logf: RN(lg2.approx(|a|) * ln2).
            double lgErr = IsaErrorBounds.lg2AllowedError(m);
            double logExact = Math.log(m);
            check(
                    Math.abs(o[1] - logExact)
                            <= lgErr * LN_2 + Math.abs(log2(m)) * Math.abs(LN_2 - Math.log(2)) + Math.ulp(o[1]),
                    at + "__logf " + o[1] + " vs " + logExact);

            check(Math.abs(o[2] - Math.sin(x)) <= IsaErrorBounds.SIN_COS_ABSOLUTE_2PI, at + "__sinf " + o[2]);
            check(Math.abs(o[3] - Math.cos(x)) <= IsaErrorBounds.SIN_COS_ABSOLUTE_2PI, at + "__cosf " + o[3]);

            // __powf(|a|, b): ex2.approx(RN(b * lg2.approx(|a|))).
            double exponent = y * log2(m);
            double delta = Math.abs(y) * lgErr + Math.ulp((float) exponent);
            double pow = Math.pow(2, exponent);
            double powBound = (Math.pow(2, delta) - 1) + 3 * ULP1;
            check(Math.abs(o[4] - pow) <= powBound * pow, at + "__powf " + o[4] + " vs " + pow);

            double rs = 1 / Math.sqrt(m);
            check(Math.abs(o[5] - rs) <= IsaErrorBounds.RSQRT_RELATIVE * rs, at + "rsqrtf " + o[5]);
            assertSameFloat((float) Math.sqrt(m), o[6], at + "sqrtf (sqrt.rn)");
            check(ulpsFromCorrectlyRounded(o[7], (double) x / y) <= IsaErrorBounds.DIV_ULPS, at + "__fdividef " + o[7]);
            assertSameFloat(x / y, o[8], at + "a / b (div.rn)");
            check(ulpsFromCorrectlyRounded(o[9], Math.pow(2, x)) <= IsaErrorBounds.EX2_ULPS, at + "exp2f " + o[9]);
            check(Math.abs(o[10] - log2(m)) <= lgErr, at + "__log2f " + o[10]);

            // __tanf: div.approx(sin.approx(a), cos.approx(a)); checked where |cos a| is not small.
            double c = Math.cos(x);
            if (Math.abs(c) > 0.25) {
                double t = Math.tan(x);
                double e = IsaErrorBounds.SIN_COS_ABSOLUTE_2PI;
                double bound = (e + Math.abs(t) * e) / (Math.abs(c) - e) + 3 * ULP1 * (Math.abs(t) + e);
                check(Math.abs(o[11] - t) <= bound, at + "__tanf " + o[11] + " vs " + t);
            }
        }
    }

    private static void check(boolean ok, String message) {
        assertTrue(ok, message);
    }
}
