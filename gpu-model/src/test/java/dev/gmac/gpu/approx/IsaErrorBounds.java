package dev.gmac.gpu.approx;

import dev.gmac.gpu.kernels.FloatAssertions;

/**
 * The maximum errors that the PTX ISA (version 9.x, "Floating Point Instructions") states for the approximate
 * instructions, and the error measures they are stated in. The tests check results against these bounds, never
 * against a particular implementation.
 *
 * <ul>
 *   <li>{@code ex2.approx.f32}: at most 2 ulp from the correctly rounded result, full range.
 *   <li>{@code lg2.approx.f32}: absolute error at most 2<sup>-22</sup> for inputs in (0.5, 2), relative error at
 *       most 2<sup>-22</sup> for other positive finite inputs.
 *   <li>{@code sin.approx.f32}, {@code cos.approx.f32}: absolute error at most 2<sup>-20.5</sup> on [-2&pi;, 2&pi;]
 *       and 2<sup>-14.7</sup> on [-100&pi;, 100&pi;].
 *   <li>{@code rcp.approx.f32}: at most 1 ulp, full range.
 *   <li>{@code rsqrt.approx.f32}: relative error at most 2<sup>-22.9</sup> over the positive finite range.
 *   <li>{@code sqrt.approx.f32}: relative error at most 2<sup>-23</sup> over the positive finite range.
 *   <li>{@code div.approx.f32}: at most 2 ulp for |b| in [2<sup>-126</sup>, 2<sup>126</sup>].
 *   <li>{@code div.full.f32}: at most 2 ulp, full range.
 *   <li>{@code tanh.approx.f32}: relative error at most 2<sup>-11</sup>, full range.
 *   <li>{@code rcp.approx.ftz.f64}, {@code rsqrt.approx.ftz.f64}: "gross" approximations computed from the upper 32
 *       bits of the input (20 mantissa bits) into the upper 32 bits of the result, whose low 32 bits are zero. The
 *       ISA states no error bound; dropping input bits changes the value by less than 2<sup>-20</sup> relative and
 *       a 20-bit result adds at most 2<sup>-20</sup>, so {@link #GROSS_F64_RELATIVE} = 2<sup>-18</sup> leaves room
 *       for the approximation itself.
 *   <li>{@code rsqrt.approx.f64}: the ISA states no bound; we hold it to the f32 bound 2<sup>-22.9</sup>.
 * </ul>
 */
final class IsaErrorBounds {
    static final int EX2_ULPS = 2;
    static final double LG2_ABSOLUTE = Math.pow(2, -22);
    static final double LG2_RELATIVE = Math.pow(2, -22);
    static final double SIN_COS_ABSOLUTE_2PI = Math.pow(2, -20.5);
    static final double SIN_COS_ABSOLUTE_100PI = Math.pow(2, -14.7);
    static final int RCP_ULPS = 1;
    static final double RSQRT_RELATIVE = Math.pow(2, -22.9);
    static final double SQRT_RELATIVE = Math.pow(2, -23);
    static final int DIV_ULPS = 2;
    static final double TANH_RELATIVE = Math.pow(2, -11);
    static final double GROSS_F64_RELATIVE = Math.pow(2, -18);

    private IsaErrorBounds() {}

    /**
     * How many ulps {@code result} lies from the correctly rounded value of {@code exact} (a double close enough
     * to the true value). When {@code exact} is so close to the midpoint of two floats that its own rounding error
     * could decide which one is correctly rounded, the smaller distance to either counts.
     */
    static long ulpsFromCorrectlyRounded(float result, double exact) {
        float nearest = (float) exact;
        long d = FloatAssertions.ulpDistance(result, nearest);
        if (Double.isInfinite(exact) || Float.isInfinite(nearest)) {
            return d;
        }
        float other = (double) nearest < exact ? Math.nextUp(nearest) : Math.nextDown(nearest);
        double mid = ((double) nearest + (double) other) / 2;
        if (Math.abs(exact - mid) <= Math.abs(exact) * 0x1p-50) {
            d = Math.min(d, FloatAssertions.ulpDistance(result, other));
        }
        return d;
    }

    /** The lg2.approx error allowed at input {@code x > 0} (absolute). */
    static double lg2AllowedError(double x) {
        double log2 = Math.log(x) / Math.log(2);
        return (x > 0.5 && x < 2) ? LG2_ABSOLUTE : LG2_RELATIVE * Math.abs(log2);
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    static float flushSubnormal(float v) {
        return v != 0 && Math.abs(v) < Float.MIN_NORMAL ? Math.copySign(0f, v) : v;
    }
}
