package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bit-exact comparison of float and double results, where any NaN matches an expected NaN (the PTX ISA fixes
 * which inputs give NaN, not always which NaN payload), and a distance in ulps for the approximate tests.
 */
public final class FloatAssertions {
    private FloatAssertions() {}

    public static void assertSameFloat(float expected, float actual, String message) {
        if (Float.isNaN(expected)) {
            assertTrue(Float.isNaN(actual), () -> message + ": expected NaN, got " + actual);
        } else {
            assertEquals(
                    Float.floatToRawIntBits(expected),
                    Float.floatToRawIntBits(actual),
                    () -> message + ": expected " + expected + " (0x"
                            + Integer.toHexString(Float.floatToRawIntBits(expected)) + ") got " + actual + " (0x"
                            + Integer.toHexString(Float.floatToRawIntBits(actual)) + ")");
        }
    }

    public static void assertSameDouble(double expected, double actual, String message) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), () -> message + ": expected NaN, got " + actual);
        } else {
            assertEquals(
                    Double.doubleToRawLongBits(expected),
                    Double.doubleToRawLongBits(actual),
                    () -> message + ": expected " + expected + " got " + actual);
        }
    }

    /**
     * The number of representable floats between {@code a} and {@code b} (0 when equal; +0 and -0 are 0 apart).
     * Both must be non-NaN.
     */
    public static long ulpDistance(float a, float b) {
        return Math.abs(orderedBits(a) - orderedBits(b));
    }

    /** As {@link #ulpDistance(float, float)} for doubles (saturating at {@link Long#MAX_VALUE}). */
    public static long ulpDistance(double a, double b) {
        long d = orderedBits(a) - orderedBits(b);
        return d == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(d);
    }

    private static long orderedBits(float f) {
        int bits = Float.floatToRawIntBits(f);
        return bits < 0 ? -(long) (bits & 0x7fff_ffff) : bits;
    }

    private static long orderedBits(double d) {
        long bits = Double.doubleToRawLongBits(d);
        return bits < 0 ? -(bits & 0x7fff_ffff_ffff_ffffL) : bits;
    }
}
