package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Op;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * Semantics of the PTX floating-point instructions (PTX ISA §9.7.3 floating-point, §9.7.4 half... not
 * modelled): IEEE 754 results in every rounding mode ({@code .rn .rz .rm .rp}), {@code .ftz} flushing of
 * single-precision subnormal inputs and results to sign-preserving zero, {@code .sat} clamping to [0, 1], and
 * the approximate functions ({@code .approx}: rcp, sqrt, rsqrt, ex2, lg2, sin, cos, tanh, div).
 *
 * <p>Directed rounding is exact: the round-to-nearest result is computed natively (Java's float and double
 * arithmetic, {@link Math#fma}), then compared with the exact result using {@link BigDecimal} arithmetic on
 * the operands' exact binary values; since the nearest result is within one unit in the last place, one step
 * with {@link Math#nextUp}/{@link Math#nextDown} gives the directed result. Division, square root and
 * reciprocal compare through an exact product instead of an exact quotient. Approximate functions are
 * computed in double precision and rounded once, which is far inside the PTX ISA's stated error bounds.
 *
 * <p>Single-precision NaN results are the canonical NaN {@code 0x7FFFFFFF}, as on NVIDIA hardware.
 */
final class FloatOps {
    private FloatOps() {}

    static final int CANONICAL_NAN32 = 0x7FFFFFFF;

    /** Flushes a single-precision subnormal to a zero of the same sign. */
    static float ftz(float x) {
        return (Math.abs(x) < Float.MIN_NORMAL) ? Math.copySign(0f, x) : x;
    }

    static int bits(float x) {
        return x != x ? CANONICAL_NAN32 : Float.floatToRawIntBits(x);
    }

    private static BigDecimal bd(double x) {
        return new BigDecimal(x);
    }

    /** Exact comparison of a candidate result with the exact value: sign(candidate - exact). */
    private interface ExactCompare {
        int signOfCandidateMinusExact(double candidate);
    }

    /**
     * Turns the round-to-nearest result {@code rn} of an operation with finite operands into the result under
     * {@code rnd}, given an exact comparison. {@code single} selects the float grid.
     */
    private static double directed(double rn, int rnd, boolean single, ExactCompare cmp) {
        if (rnd == Op.RND_RN || Double.isNaN(rn)) {
            return rn;
        }
        if (Double.isInfinite(rn)) {
            // overflow of a finite exact result: the directed modes may stop at the largest finite value
            double max = single ? Float.MAX_VALUE : Double.MAX_VALUE;
            boolean pos = rn > 0;
            switch (rnd) {
                case Op.RND_RZ:
                    return pos ? max : -max;
                case Op.RND_RM:
                    return pos ? max : rn;
                default:
                    return pos ? rn : -max;
            }
        }
        int c = cmp.signOfCandidateMinusExact(rn);
        if (c == 0) {
            return rn;
        }
        boolean wantDown;
        switch (rnd) {
            case Op.RND_RZ:
                // toward zero: down for positive exact values, up for negative ones
                wantDown = rn > 0 || (rn == 0 && c < 0);
                break;
            case Op.RND_RM:
                wantDown = true;
                break;
            default:
                wantDown = false;
        }
        if (wantDown && c > 0) {
            return single ? Math.nextDown((float) rn) : Math.nextDown(rn);
        }
        if (!wantDown && c < 0) {
            return single ? Math.nextUp((float) rn) : Math.nextUp(rn);
        }
        return rn;
    }

    // ------------------------------------------------------------------ single precision

    /** One lane of an {@link Op#FALU32} instruction on raw bits; returns raw result bits. */
    static int f32(int sub, int rnd, boolean ftz, boolean sat, int ra, int rb, int rc) {
        float a = Float.intBitsToFloat(ra);
        float b = Float.intBitsToFloat(rb);
        float c = Float.intBitsToFloat(rc);
        if (ftz) {
            a = ftz(a);
            b = ftz(b);
            c = ftz(c);
        }
        float r;
        switch (sub) {
            case Op.F_ADD:
                r = add32(a, b, rnd);
                break;
            case Op.F_SUB:
                r = add32(a, -b, rnd);
                break;
            case Op.F_MUL:
                r = mul32(a, b, rnd);
                break;
            case Op.F_FMA:
                r = fma32(a, b, c, rnd);
                break;
            case Op.F_DIV:
                r = div32(a, b, rnd);
                break;
            case Op.F_DIV_APPROX:
                r = a * ftz(1f / b); // a * (1/b): 0 (or NaN for infinite a) when 2^126 < |b| < 2^128
                break;
            case Op.F_DIV_FULL:
                r = a / b;
                break;
            case Op.F_ABS:
                r = Math.abs(a);
                break;
            case Op.F_NEG:
                r = -a;
                break;
            case Op.F_MIN:
                r = Float.isNaN(a) ? b : Float.isNaN(b) ? a : minWithZeros(a, b);
                break;
            case Op.F_MAX:
                r = Float.isNaN(a) ? b : Float.isNaN(b) ? a : maxWithZeros(a, b);
                break;
            case Op.F_MIN_NAN:
                r = (Float.isNaN(a) || Float.isNaN(b)) ? Float.NaN : minWithZeros(a, b);
                break;
            case Op.F_MAX_NAN:
                r = (Float.isNaN(a) || Float.isNaN(b)) ? Float.NaN : maxWithZeros(a, b);
                break;
            case Op.F_RCP:
                r = div32(1f, a, rnd);
                break;
            case Op.F_RCP_APPROX:
                r = 1f / a;
                break;
            case Op.F_SQRT:
                r = sqrt32(a, rnd);
                break;
            case Op.F_SQRT_APPROX:
                r = (float) Math.sqrt(a);
                break;
            case Op.F_RSQRT_APPROX:
                r = (float) (1.0 / Math.sqrt(a));
                break;
            case Op.F_EX2:
                r = (float) Math.pow(2.0, a);
                break;
            case Op.F_LG2:
                r = (float) (Math.log(a) / LN2);
                break;
            case Op.F_SIN:
                r = (float) Math.sin(a);
                break;
            case Op.F_COS:
                r = (float) Math.cos(a);
                break;
            case Op.F_TANH:
                r = (float) Math.tanh(a);
                break;
            case Op.F_COPYSIGN:
                r = Math.copySign(b, a);
                break;
            case Op.F_MOV:
                r = a;
                break;
            default:
                throw new IllegalStateException("unknown float sub-operation " + sub);
        }
        if (ftz) {
            r = ftz(r);
        }
        if (sat) {
            r = r != r ? 0f : Math.max(0f, Math.min(1f, r));
            if (r == 0f) {
                r = 0f; // -0 saturates to +0
            }
        }
        if (sub == Op.F_ABS || sub == Op.F_NEG || sub == Op.F_COPYSIGN) {
            return Float.floatToRawIntBits(r); // sign manipulations keep NaN payloads
        }
        return bits(r);
    }

    private static final double LN2 = Math.log(2.0);

    private static float minWithZeros(float a, float b) {
        if (a == 0 && b == 0) {
            return (Float.floatToRawIntBits(a) < 0) ? a : b;
        }
        return Math.min(a, b);
    }

    private static float maxWithZeros(float a, float b) {
        if (a == 0 && b == 0) {
            return (Float.floatToRawIntBits(a) < 0) ? b : a;
        }
        return Math.max(a, b);
    }

    private static double minWithZeros(double a, double b) {
        if (a == 0 && b == 0) {
            return (Double.doubleToRawLongBits(a) < 0) ? a : b;
        }
        return Math.min(a, b);
    }

    private static double maxWithZeros(double a, double b) {
        if (a == 0 && b == 0) {
            return (Double.doubleToRawLongBits(a) < 0) ? b : a;
        }
        return Math.max(a, b);
    }

    private static boolean finite(double x) {
        return !Double.isNaN(x) && !Double.isInfinite(x);
    }

    /** Sign of an exact zero sum under {@code rnd} (IEEE 754 §6.3). */
    private static double zeroSum(double a, double b, double rn, int rnd) {
        boolean bothNeg = Double.doubleToRawLongBits(a) < 0 && Double.doubleToRawLongBits(b) < 0 && a == 0 && b == 0;
        if (bothNeg) {
            return -0.0;
        }
        boolean bothPosZero =
                a == 0 && b == 0 && Double.doubleToRawLongBits(a) >= 0 && Double.doubleToRawLongBits(b) >= 0;
        if (bothPosZero) {
            return 0.0;
        }
        return rnd == Op.RND_RM ? -0.0 : 0.0;
    }

    static float add32(float a, float b, int rnd) {
        float rn = a + b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b)) {
            return rn;
        }
        if (rn == 0 && a == -b) {
            return (float) zeroSum(a, b, rn, rnd);
        }
        BigDecimal exact = bd(a).add(bd(b));
        return (float) directed(rn, rnd, true, cand -> bd(cand).compareTo(exact));
    }

    static float mul32(float a, float b, int rnd) {
        float rn = a * b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || a == 0 || b == 0) {
            return rn;
        }
        BigDecimal exact = bd(a).multiply(bd(b));
        return (float) directed(rn, rnd, true, cand -> bd(cand).compareTo(exact));
    }

    static float fma32(float a, float b, float c, int rnd) {
        float rn = Math.fma(a, b, c);
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || !finite(c)) {
            return rn;
        }
        BigDecimal prod = bd(a).multiply(bd(b));
        BigDecimal exact = prod.add(bd(c));
        if (exact.signum() == 0) {
            return (float) zeroSum((double) a * (double) b, c, rn, rnd);
        }
        return (float) directed(rn, rnd, true, cand -> bd(cand).compareTo(exact));
    }

    static float div32(float a, float b, int rnd) {
        float rn = a / b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || b == 0 || a == 0) {
            return rn;
        }
        BigDecimal ba = bd(a);
        BigDecimal bb = bd(b);
        int sb = bb.signum();
        return (float) directed(rn, rnd, true, cand -> bd(cand).multiply(bb).compareTo(ba) * sb);
    }

    static float sqrt32(float a, int rnd) {
        float rn = (float) Math.sqrt(a);
        if (rnd == Op.RND_RN || !finite(a) || a <= 0) {
            return rn;
        }
        BigDecimal ba = bd(a);
        return (float)
                directed(rn, rnd, true, cand -> bd(cand).multiply(bd(cand)).compareTo(ba));
    }

    // ------------------------------------------------------------------ double precision

    /** One lane of an {@link Op#FALU64} instruction on raw bits; returns raw result bits. */
    static long f64(int sub, int rnd, boolean ftz, boolean sat, long ra, long rb, long rc) {
        double a = Double.longBitsToDouble(ra);
        double b = Double.longBitsToDouble(rb);
        double c = Double.longBitsToDouble(rc);
        if (ftz) { // only the approximate f64 instructions take .ftz
            a = ftz64(a);
            b = ftz64(b);
        }
        double r;
        switch (sub) {
            case Op.F_ADD:
                r = add64(a, b, rnd);
                break;
            case Op.F_SUB:
                r = add64(a, -b, rnd);
                break;
            case Op.F_MUL:
                r = mul64(a, b, rnd);
                break;
            case Op.F_FMA:
                r = fma64(a, b, c, rnd);
                break;
            case Op.F_DIV:
                r = div64(a, b, rnd);
                break;
            case Op.F_DIV_APPROX:
            case Op.F_DIV_FULL:
                r = a / b;
                break;
            case Op.F_ABS:
                return ra & Long.MAX_VALUE;
            case Op.F_NEG:
                return ra ^ Long.MIN_VALUE;
            case Op.F_MIN:
                r = Double.isNaN(a) ? b : Double.isNaN(b) ? a : minWithZeros(a, b);
                break;
            case Op.F_MAX:
                r = Double.isNaN(a) ? b : Double.isNaN(b) ? a : maxWithZeros(a, b);
                break;
            case Op.F_MIN_NAN:
                r = (Double.isNaN(a) || Double.isNaN(b)) ? Double.NaN : minWithZeros(a, b);
                break;
            case Op.F_MAX_NAN:
                r = (Double.isNaN(a) || Double.isNaN(b)) ? Double.NaN : maxWithZeros(a, b);
                break;
            case Op.F_RCP:
                r = div64(1.0, a, rnd);
                break;
            case Op.F_RCP_APPROX:
                return ftz ? gross(1.0 / upper32(a)) : Double.doubleToRawLongBits(1.0 / a);
            case Op.F_SQRT:
                r = sqrt64(a, rnd);
                break;
            case Op.F_RSQRT_APPROX:
                return ftz ? gross(1.0 / Math.sqrt(upper32(a))) : Double.doubleToRawLongBits(1.0 / Math.sqrt(a));
            case Op.F_COPYSIGN:
                r = Math.copySign(b, a);
                return Double.doubleToRawLongBits(r);
            case Op.F_MOV:
                r = a;
                break;
            default:
                throw new IllegalStateException("unsupported f64 sub-operation " + sub);
        }
        if (ftz) {
            r = ftz64(r);
        }
        if (sat) {
            r = r != r ? 0.0 : Math.max(0.0, Math.min(1.0, r));
            if (r == 0) {
                r = 0.0;
            }
        }
        return Double.doubleToRawLongBits(r);
    }

    /**
     * The operand as the gross f64 approximations ({@code rcp.approx.ftz.f64}, {@code rsqrt.approx.ftz.f64})
     * see it: only its upper 32 bits (sign, exponent, 20 mantissa bits); subnormals are already flushed.
     */
    private static double upper32(double x) {
        if (Double.isNaN(x)) {
            return Double.NaN;
        }
        return Double.longBitsToDouble(Double.doubleToRawLongBits(x) & 0xFFFFFFFF00000000L);
    }

    /** A gross f64 result: the upper 32 bits of the value, the lower 32 bits zero (NaN canonical). */
    private static long gross(double r) {
        if (Double.isNaN(r)) {
            return 0x7FF8000000000000L;
        }
        return Double.doubleToRawLongBits(r) & 0xFFFFFFFF00000000L;
    }

    private static double ftz64(double x) {
        return Math.abs(x) < Double.MIN_NORMAL ? Math.copySign(0.0, x) : x;
    }

    static double add64(double a, double b, int rnd) {
        double rn = a + b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b)) {
            return rn;
        }
        if (rn == 0 && a == -b) {
            return zeroSum(a, b, rn, rnd);
        }
        BigDecimal exact = bd(a).add(bd(b));
        return directed(rn, rnd, false, cand -> bd(cand).compareTo(exact));
    }

    static double mul64(double a, double b, int rnd) {
        double rn = a * b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || a == 0 || b == 0) {
            return rn;
        }
        BigDecimal exact = bd(a).multiply(bd(b));
        return directed(rn, rnd, false, cand -> bd(cand).compareTo(exact));
    }

    static double fma64(double a, double b, double c, int rnd) {
        double rn = Math.fma(a, b, c);
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || !finite(c)) {
            return rn;
        }
        BigDecimal exact = bd(a).multiply(bd(b)).add(bd(c));
        if (exact.signum() == 0) {
            return zeroSum(a * b, c, rn, rnd);
        }
        return directed(rn, rnd, false, cand -> bd(cand).compareTo(exact));
    }

    static double div64(double a, double b, int rnd) {
        double rn = a / b;
        if (rnd == Op.RND_RN || !finite(a) || !finite(b) || b == 0 || a == 0) {
            return rn;
        }
        BigDecimal ba = bd(a);
        BigDecimal bb = bd(b);
        int sb = bb.signum();
        return directed(rn, rnd, false, cand -> bd(cand).multiply(bb).compareTo(ba) * sb);
    }

    static double sqrt64(double a, int rnd) {
        double rn = Math.sqrt(a);
        if (rnd == Op.RND_RN || !finite(a) || a <= 0) {
            return rn;
        }
        BigDecimal ba = bd(a);
        return directed(rn, rnd, false, cand -> bd(cand).multiply(bd(cand)).compareTo(ba));
    }

    /** Rounds an exact value to double under {@code rnd} (used by conversions from 64-bit integers). */
    static double roundToDouble(BigDecimal exact, int rnd) {
        double rn = exact.round(MathContext.DECIMAL128).doubleValue();
        // make sure rn is the nearest: adjust by comparing neighbours exactly
        if (finite(rn)) {
            BigDecimal e = exact;
            double up = Math.nextUp(rn);
            double down = Math.nextDown(rn);
            BigDecimal drn = bd(rn).subtract(e).abs();
            if (finite(up) && bd(up).subtract(e).abs().compareTo(drn) < 0) {
                rn = up;
            } else if (finite(down) && bd(down).subtract(e).abs().compareTo(drn) < 0) {
                rn = down;
            }
        }
        BigDecimal ex = exact;
        return directed(rn, rnd, false, cand -> bd(cand).compareTo(ex));
    }

    /** Rounds an exact value to float under {@code rnd}. */
    static float roundToFloat(BigDecimal exact, int rnd) {
        double d = roundToDouble(exact, Op.RND_RN);
        float rn = (float) d;
        if (Float.isInfinite(rn)) {
            return (float) directed(rn, rnd, true, cand -> 0);
        }
        // (float) of the nearest double can double-round; fix with exact neighbours
        BigDecimal drn = bd(rn).subtract(exact).abs();
        float up = Math.nextUp(rn);
        float down = Math.nextDown(rn);
        if (!Float.isInfinite(up) && bd(up).subtract(exact).abs().compareTo(drn) < 0) {
            rn = up;
        } else if (!Float.isInfinite(down) && bd(down).subtract(exact).abs().compareTo(drn) < 0) {
            rn = down;
        } else if (!Float.isInfinite(up)
                && bd(up).subtract(exact).abs().compareTo(drn) == 0
                && (Float.floatToRawIntBits(rn) & 1) == 1) {
            rn = up; // tie: to even
        } else if (!Float.isInfinite(down)
                && bd(down).subtract(exact).abs().compareTo(drn) == 0
                && (Float.floatToRawIntBits(rn) & 1) == 1) {
            rn = down;
        }
        return (float) directed(rn, rnd, true, cand -> bd(cand).compareTo(exact));
    }

    /** Floating-point comparison for setp/set, including the unordered forms. */
    static boolean compare(int cmp, double a, double b) {
        boolean nan = Double.isNaN(a) || Double.isNaN(b);
        switch (cmp) {
            case Op.CMP_EQ:
                return !nan && a == b;
            case Op.CMP_NE:
                return !nan && a != b;
            case Op.CMP_LT:
                return !nan && a < b;
            case Op.CMP_LE:
                return !nan && a <= b;
            case Op.CMP_GT:
                return !nan && a > b;
            case Op.CMP_GE:
                return !nan && a >= b;
            case Op.CMP_EQU:
                return nan || a == b;
            case Op.CMP_NEU:
                return nan || a != b;
            case Op.CMP_LTU:
                return nan || a < b;
            case Op.CMP_LEU:
                return nan || a <= b;
            case Op.CMP_GTU:
                return nan || a > b;
            case Op.CMP_GEU:
                return nan || a >= b;
            case Op.CMP_NUM:
                return !nan;
            case Op.CMP_NAN:
                return nan;
            default:
                throw new IllegalStateException("comparison " + cmp + " is not a float comparison");
        }
    }
}
