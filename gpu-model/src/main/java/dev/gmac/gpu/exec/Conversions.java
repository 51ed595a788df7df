package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Half;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.PtxType;
import java.math.BigDecimal;

/**
 * The {@code cvt} instruction (PTX ISA §9.7.9.21): integer widening and narrowing (with {@code .sat}
 * clamping), integer to float in every rounding mode, float to integer with {@code .rni .rzi .rmi .rpi} (always
 * clamped to the destination range, NaN to 0), float to float with rounding to a narrower format or to an
 * integral value, {@code .ftz} and {@code .sat}, and the 16-bit {@code .f16} format.
 */
final class Conversions {
    private Conversions() {}

    /** Converts the raw register value {@code raw} of type {@code from} to the raw bits of type {@code to}. */
    static long convert(long raw, PtxType from, PtxType to, int rnd, boolean ftz, boolean sat) {
        if (from.isInteger()) {
            long v = IntegerOps.ext(from, raw);
            boolean unsigned64 = from.bits() == 64 && !from.isSigned();
            if (to.isInteger()) {
                return sat ? clampInteger(v, unsigned64, to) : v;
            }
            return intToFloat(v, unsigned64, to, rnd, sat);
        }
        double x = floatValue(raw, from);
        if (ftz && from == PtxType.F32 && Math.abs(x) < Float.MIN_NORMAL) {
            x = Math.copySign(0.0, x);
        }
        if (to.isInteger()) {
            return floatToInt(x, to, rnd);
        }
        return floatToFloat(x, from, to, rnd, ftz, sat);
    }

    static double floatValue(long raw, PtxType t) {
        switch (t) {
            case F16:
                return Half.toFloat((int) raw & 0xFFFF);
            case F32:
                return Float.intBitsToFloat((int) raw);
            default:
                return Double.longBitsToDouble(raw);
        }
    }

    private static long clampInteger(long v, boolean unsigned64, PtxType to) {
        int bits = to.bits();
        if (to.isSigned()) {
            long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
            long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
            if (unsigned64 && v < 0) {
                return max;
            }
            return Math.max(min, Math.min(max, v));
        }
        // unsigned destination
        if (!unsigned64 && v < 0) {
            return 0;
        }
        if (bits == 64) {
            return v;
        }
        long max = (1L << bits) - 1;
        if (unsigned64 && v < 0) {
            return max;
        }
        return Math.min(max, v);
    }

    private static long intToFloat(long v, boolean unsigned64, PtxType to, int rnd, boolean sat) {
        boolean big = unsigned64 && v < 0;
        int mode = rnd == Op.RND_NONE ? Op.RND_RN : rnd;
        if (to == PtxType.F64) {
            double d;
            if (!big && (mode == Op.RND_RN || Math.abs(v) < (1L << 53))) {
                d = (double) v; // round to nearest even, or exact
            } else {
                d = FloatOps.roundToDouble(big ? new BigDecimal(Long.toUnsignedString(v)) : new BigDecimal(v), mode);
            }
            if (sat) {
                d = Math.max(0.0, Math.min(1.0, d));
            }
            return Double.doubleToRawLongBits(d);
        }
        BigDecimal exact = (unsigned64 && v < 0) ? new BigDecimal(Long.toUnsignedString(v)) : new BigDecimal(v);
        if (to == PtxType.F32) {
            float f;
            if ((rnd == Op.RND_RN || rnd == Op.RND_NONE) && !(unsigned64 && v < 0)) {
                f = (float) v; // Java's long-to-float conversion rounds to nearest even
            } else if (Math.abs(v) < (1L << 24) && !(unsigned64 && v < 0)) {
                f = (float) v; // exact
            } else {
                f = FloatOps.roundToFloat(exact, rnd == Op.RND_NONE ? Op.RND_RN : rnd);
            }
            if (sat) {
                f = Math.max(0f, Math.min(1f, f));
            }
            return Float.floatToRawIntBits(f) & 0xFFFFFFFFL;
        }
        // f16
        double dv = exact.doubleValue();
        if (sat) {
            dv = Math.max(0.0, Math.min(1.0, dv));
        }
        return Half.fromDouble(dv, rnd == Op.RND_NONE ? Op.RND_RN : rnd);
    }

    private static double roundIntegral(double x, int rnd) {
        switch (rnd) {
            case Op.RND_RZI:
            case Op.RND_RZ:
                return x < 0 ? Math.ceil(x) : Math.floor(x);
            case Op.RND_RMI:
            case Op.RND_RM:
                return Math.floor(x);
            case Op.RND_RPI:
            case Op.RND_RP:
                return Math.ceil(x);
            default:
                return Math.rint(x);
        }
    }

    private static long floatToInt(double x, PtxType to, int rnd) {
        if (Double.isNaN(x)) {
            return 0;
        }
        double r = roundIntegral(x, rnd);
        int bits = to.bits();
        if (to.isSigned()) {
            if (bits == 64) {
                return (long) r; // Java saturates to the long range
            }
            long max = (1L << (bits - 1)) - 1;
            long min = -(1L << (bits - 1));
            return r >= max ? max : r <= min ? min : (long) r;
        }
        if (r <= 0) {
            return 0;
        }
        if (bits == 64) {
            if (r >= 0x1p64) {
                return -1L;
            }
            if (r >= 0x1p63) {
                return (long) (r - 0x1p63) + Long.MIN_VALUE;
            }
            return (long) r;
        }
        long max = (1L << bits) - 1;
        return r >= max ? max : (long) r;
    }

    private static long floatToFloat(double x, PtxType from, PtxType to, int rnd, boolean ftz, boolean sat) {
        boolean integral = rnd >= Op.RND_RNI && rnd <= Op.RND_RPI;
        if (integral && !Double.isNaN(x) && !Double.isInfinite(x)) {
            double r = roundIntegral(x, rnd);
            x = (r == 0) ? Math.copySign(0.0, x) : r;
        }
        int rnd2 = integral || rnd == Op.RND_NONE ? Op.RND_RN : rnd;
        switch (to) {
            case F64: {
                double d = x;
                if (sat) {
                    d = Double.isNaN(d) ? 0.0 : Math.max(0.0, Math.min(1.0, d));
                }
                return Double.doubleToRawLongBits(d);
            }
            case F32: {
                float f;
                if (from == PtxType.F64 && !integral) {
                    f = narrow(x, rnd2);
                } else {
                    f = (float) x; // exact: the value is already a float (or an integral value of one)
                }
                if (ftz) {
                    f = FloatOps.ftz(f);
                }
                if (sat) {
                    f = Float.isNaN(f) ? 0f : Math.max(0f, Math.min(1f, f));
                    if (f == 0) {
                        f = 0f;
                    }
                }
                return FloatOps.bits(f) & 0xFFFFFFFFL;
            }
            default: {
                double d = x;
                if (sat) {
                    d = Double.isNaN(d) ? 0.0 : Math.max(0.0, Math.min(1.0, d));
                }
                return Half.fromDouble(d, rnd2);
            }
        }
    }

    /** Double to float under a rounding mode; exact comparison through double (the float is a double). */
    private static float narrow(double x, int rnd) {
        float rn = (float) x;
        if (rnd == Op.RND_RN || Double.isNaN(x) || Double.isInfinite(x)) {
            return rn;
        }
        if (Float.isInfinite(rn)) {
            boolean pos = rn > 0;
            switch (rnd) {
                case Op.RND_RZ:
                    return pos ? Float.MAX_VALUE : -Float.MAX_VALUE;
                case Op.RND_RM:
                    return pos ? Float.MAX_VALUE : rn;
                default:
                    return pos ? rn : -Float.MAX_VALUE;
            }
        }
        double c = (double) rn - x;
        if (c == 0) {
            return rn;
        }
        boolean exactPositive = x > 0;
        boolean down;
        switch (rnd) {
            case Op.RND_RZ:
                down = exactPositive;
                break;
            case Op.RND_RM:
                down = true;
                break;
            default:
                down = false;
        }
        if (down && c > 0) {
            return Math.nextDown(rn);
        }
        if (!down && c < 0) {
            return Math.nextUp(rn);
        }
        return rn;
    }
}
