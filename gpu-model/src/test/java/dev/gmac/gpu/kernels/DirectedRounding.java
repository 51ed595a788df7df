package dev.gmac.gpu.kernels;

import java.math.BigDecimal;

/**
 * Reference rounding of an exact real value (a {@link BigDecimal}) to {@code float} or {@code double} in each of
 * the four IEEE 754 rounding directions that PTX names {@code .rn}, {@code .rz}, {@code .rm} and {@code .rp}. The
 * kernel tests use it to compute exactly rounded expected results for {@code fma}, {@code add}, {@code mul} and
 * {@code cvt} with an explicit rounding mode.
 *
 * <p>Round-to-nearest comes from {@link BigDecimal#floatValue()} / {@link BigDecimal#doubleValue()} (correctly
 * rounded); the directed modes step one ulp from it when it lies on the wrong side of the exact value. Exact
 * zeros get a + sign; callers that need IEEE's sign-of-zero rules apply them (see {@link #zeroSum}).
 */
public enum DirectedRounding {
    /** {@code .rn}: to nearest, ties to even. */
    NEAREST,
    /** {@code .rz}: toward zero. */
    ZERO,
    /** {@code .rm}: toward minus infinity. */
    DOWN,
    /** {@code .rp}: toward plus infinity. */
    UP;

    /** The exact value of a finite float or double. */
    public static BigDecimal exact(double v) {
        return new BigDecimal(v);
    }

    public float toFloat(BigDecimal exact) {
        float f = exact.floatValue();
        int cmp = compare(f, exact);
        if (cmp == 0) {
            return f;
        }
        return switch (this) {
            case NEAREST -> f;
            case ZERO -> exact.signum() > 0 ? (cmp > 0 ? Math.nextDown(f) : f) : (cmp < 0 ? Math.nextUp(f) : f);
            case DOWN -> cmp > 0 ? Math.nextDown(f) : f;
            case UP -> cmp < 0 ? Math.nextUp(f) : f;
        };
    }

    public double toDouble(BigDecimal exact) {
        double d = exact.doubleValue();
        int cmp = compare(d, exact);
        if (cmp == 0) {
            return d;
        }
        return switch (this) {
            case NEAREST -> d;
            case ZERO -> exact.signum() > 0 ? (cmp > 0 ? Math.nextDown(d) : d) : (cmp < 0 ? Math.nextUp(d) : d);
            case DOWN -> cmp > 0 ? Math.nextDown(d) : d;
            case UP -> cmp < 0 ? Math.nextUp(d) : d;
        };
    }

    /**
     * The sign of an exactly zero sum of two addends (IEEE 754 §6.3): the common sign when both addends are zeros
     * of the same sign, otherwise -0 when rounding down and +0 in the other modes.
     */
    public double zeroSum(double addendA, double addendB) {
        boolean bothZero = addendA == 0 && addendB == 0;
        boolean aNeg = Math.copySign(1.0, addendA) < 0;
        boolean bNeg = Math.copySign(1.0, addendB) < 0;
        if (bothZero && aNeg == bNeg) {
            return aNeg ? -0.0 : 0.0;
        }
        return this == DOWN ? -0.0 : 0.0;
    }

    /** Compares a rounded candidate (possibly infinite) with the exact value: -1, 0 or 1. */
    private static int compare(double candidate, BigDecimal exact) {
        if (Double.isInfinite(candidate)) {
            return candidate > 0 ? 1 : -1;
        }
        return new BigDecimal(candidate).compareTo(exact);
    }
}
