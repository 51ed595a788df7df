package dev.gmac.gpu.ptx;

/**
 * IEEE 754 binary16 ({@code .f16}) encoding: exact widening to {@code float} and correctly rounded narrowing
 * from {@code float} and {@code double} in every PTX rounding mode (PTX ISA §5.2.5.1, cvt rounding).
 */
public final class Half {
    private Half() {}

    /** The float value of the 16-bit pattern {@code h} (exact). */
    public static float toFloat(int h) {
        int sign = (h >>> 15) & 1;
        int exp = (h >>> 10) & 0x1F;
        int mant = h & 0x3FF;
        float v;
        if (exp == 0x1F) {
            v = mant == 0 ? Float.POSITIVE_INFINITY : Float.intBitsToFloat(0x7FC00000 | (mant << 13));
        } else if (exp == 0) {
            v = mant * 0x1p-24f;
        } else {
            v = Float.intBitsToFloat(((exp - 15 + 127) << 23) | (mant << 13));
        }
        return sign == 1 ? -v : v;
    }

    /** The binary16 pattern of {@code x} rounded with {@code rnd} (an {@link Op} RND_ constant). */
    public static int fromFloat(float x, int rnd) {
        return fromDouble(x, rnd);
    }

    /** The binary16 pattern of {@code x} rounded with {@code rnd} (an {@link Op} RND_ constant). */
    public static int fromDouble(double x, int rnd) {
        if (Double.isNaN(x)) {
            return 0x7FFF;
        }
        int sign = (Double.doubleToRawLongBits(x) < 0) ? 0x8000 : 0;
        double ax = Math.abs(x);
        if (ax == 0) {
            return sign;
        }
        boolean neg = sign != 0;
        // The magnitude in units of the smallest subnormal (2^-24), for a quantum q of the binade.
        int e = Math.getExponent(ax);
        int quantumExp = Math.max(e, -14) - 10; // binade [2^e, 2^(e+1)) holds 11 significant bits
        double scaled = Math.scalb(ax, -quantumExp); // exact (power-of-two scaling, no underflow here)
        double fl = Math.floor(scaled);
        double frac = scaled - fl;
        long m = (long) fl;
        boolean up;
        switch (rnd) {
            case Op.RND_RZ:
            case Op.RND_RZI:
                up = false;
                break;
            case Op.RND_RM:
            case Op.RND_RMI:
                up = neg && frac != 0;
                break;
            case Op.RND_RP:
            case Op.RND_RPI:
                up = !neg && frac != 0;
                break;
            default:
                up = frac > 0.5 || (frac == 0.5 && (m & 1) == 1);
        }
        if (up) {
            m++;
        }
        // value = m * 2^quantumExp; encode
        int biased;
        int mant;
        if (m == 0) {
            return sign;
        }
        if (quantumExp == -24 && m < 1024) {
            biased = 0;
            mant = (int) m;
        } else {
            int exp = quantumExp + 10;
            if (m >= 2048) {
                m >>= 1;
                exp++;
            }
            if (m < 1024) { // came from the subnormal binade and rounded up to the first normal
                biased = 0;
                mant = (int) m;
            } else {
                biased = exp + 15;
                mant = (int) (m - 1024);
            }
        }
        if (biased >= 0x1F) {
            boolean toInf = rnd == Op.RND_RN
                    || rnd == Op.RND_RNI
                    || rnd == Op.RND_NONE
                    || (rnd == Op.RND_RP && !neg)
                    || (rnd == Op.RND_RM && neg);
            return sign | (toInf ? 0x7C00 : 0x7BFF);
        }
        return sign | (biased << 10) | mant;
    }
}
