package dev.gmac.gpu.exec;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * C {@code printf} formatting as CUDA's device {@code printf} does it (CUDA C++ Programming Guide, "Formatted Output":
 * the C99 conversions with flags, width, precision and length modifiers; no {@code %n}), over an argument buffer laid
 * out as nvcc lays out {@code vprintf}'s: each argument at the next multiple of its own size, integers of 4 bytes
 * (8 with {@code l}, {@code ll}, {@code j}, {@code z}, {@code t}), floating-point values as 8-byte doubles (C's default
 * promotion) and strings and pointers as 8-byte addresses.
 *
 * <p>Floating-point conversions are exact and round half to even, as glibc's: the digits of the binary value, not of
 * its shortest decimal form (Java's {@link java.util.Formatter} differs, for example on {@code %.2f} of 0.125).
 * Infinities and NaNs print as {@code inf} and {@code nan} ({@code INF}, {@code NAN} for upper-case conversions).
 */
final class PrintfFormat {
    /** Widest field width and precision honoured (2^20): a larger one, from the format or a device value, is capped. */
    static final int MAX_FIELD = 1 << 20;

    /** The arguments of one call. */
    interface Args {
        /** The next argument of {@code bytes} bytes (4 or 8), little-endian, zero-extended. */
        long next(int bytes);

        /** The NUL-terminated string at device address {@code pointer} (not 0), without the NUL. */
        byte[] string(long pointer);
    }

    private PrintfFormat() {}

    /**
     * Formats {@code format} with {@code args} into {@code out}; returns the number of arguments consumed (what
     * CUDA's {@code printf} returns).
     */
    static int format(byte[] format, Args args, ByteArrayOutputStream out) {
        int consumed = 0;
        int i = 0;
        while (i < format.length) {
            byte c = format[i];
            if (c != '%') {
                out.write(c);
                i++;
                continue;
            }
            int start = i++;
            if (i < format.length && format[i] == '%') {
                out.write('%');
                i++;
                continue;
            }
            Spec s = new Spec();
            // flags
            while (i < format.length && "-+ #0".indexOf(format[i]) >= 0) {
                switch (format[i]) {
                    case '-':
                        s.left = true;
                        break;
                    case '+':
                        s.plus = true;
                        break;
                    case ' ':
                        s.space = true;
                        break;
                    case '#':
                        s.alt = true;
                        break;
                    default:
                        s.zero = true;
                }
                i++;
            }
            // width
            if (i < format.length && format[i] == '*') {
                int w = (int) args.next(4);
                consumed++;
                if (w < 0) {
                    s.left = true;
                    w = w == Integer.MIN_VALUE ? Integer.MAX_VALUE : -w;
                }
                s.width = Math.min(MAX_FIELD, w); // a device value: capped like the digit forms
                i++;
            } else {
                while (i < format.length && format[i] >= '0' && format[i] <= '9') {
                    s.width = Math.min(MAX_FIELD, s.width * 10 + (format[i] - '0'));
                    i++;
                }
            }
            // precision
            if (i < format.length && format[i] == '.') {
                i++;
                s.precision = 0;
                if (i < format.length && format[i] == '*') {
                    int p = (int) args.next(4);
                    consumed++;
                    s.precision = p < 0 ? -1 : Math.min(MAX_FIELD, p);
                    i++;
                } else {
                    while (i < format.length && format[i] >= '0' && format[i] <= '9') {
                        s.precision = Math.min(MAX_FIELD, s.precision * 10 + (format[i] - '0'));
                        i++;
                    }
                }
            }
            // length
            int length = 0; // 0: int, 1: char, 2: short, 8: long
            while (i < format.length && "hlLqjzt".indexOf(format[i]) >= 0) {
                switch (format[i]) {
                    case 'h':
                        length = length == 2 ? 1 : 2;
                        break;
                    default:
                        length = 8;
                }
                i++;
            }
            if (i >= format.length) {
                out.writeBytes(java.util.Arrays.copyOfRange(format, start, format.length));
                break;
            }
            char conv = (char) format[i++];
            switch (conv) {
                case 'd':
                case 'i': {
                    long v = args.next(length == 8 ? 8 : 4);
                    consumed++;
                    v = length == 8 ? v : length == 1 ? (byte) v : length == 2 ? (short) v : (int) v;
                    integer(s, v < 0, BigInteger.valueOf(v).abs(), 10, false, out);
                    break;
                }
                case 'u':
                case 'o':
                case 'x':
                case 'X': {
                    long v = args.next(length == 8 ? 8 : 4);
                    consumed++;
                    v = length == 8 ? v : length == 1 ? v & 0xFF : length == 2 ? v & 0xFFFF : v & 0xFFFFFFFFL;
                    BigInteger u = new BigInteger(Long.toUnsignedString(v));
                    s.plus = false;
                    s.space = false;
                    integer(s, false, u, conv == 'u' ? 10 : conv == 'o' ? 8 : 16, conv == 'X', out);
                    break;
                }
                case 'c': {
                    long v = args.next(4);
                    consumed++;
                    pad(s, new byte[] {(byte) v}, out);
                    break;
                }
                case 's': {
                    long p = args.next(8);
                    consumed++;
                    byte[] text = p == 0 ? "(null)".getBytes(StandardCharsets.US_ASCII) : args.string(p);
                    if (s.precision >= 0 && text.length > s.precision) {
                        text = java.util.Arrays.copyOf(text, s.precision);
                    }
                    pad(s, text, out);
                    break;
                }
                case 'p': {
                    long p = args.next(8);
                    consumed++;
                    if (p == 0) {
                        pad(s, "(nil)".getBytes(StandardCharsets.US_ASCII), out);
                        break;
                    }
                    s.alt = true;
                    s.plus = false;
                    s.space = false;
                    integer(s, false, new BigInteger(Long.toUnsignedString(p)), 16, false, out);
                    break;
                }
                case 'f':
                case 'F':
                case 'e':
                case 'E':
                case 'g':
                case 'G':
                case 'a':
                case 'A': {
                    double v = Double.longBitsToDouble(args.next(8));
                    consumed++;
                    floating(s, conv, v, out);
                    break;
                }
                case 'n':
                    args.next(8); // CUDA does not support %n: the pointer is consumed, nothing is written
                    consumed++;
                    break;
                default:
                    out.writeBytes(java.util.Arrays.copyOfRange(format, start, i));
            }
        }
        return consumed;
    }

    /** A conversion's flags, width and precision (-1: none). */
    private static final class Spec {
        boolean left;
        boolean plus;
        boolean space;
        boolean alt;
        boolean zero;
        int width;
        int precision = -1;
    }

    private static void integer(
            Spec s, boolean negative, BigInteger magnitude, int radix, boolean upper, ByteArrayOutputStream out) {
        String digits = magnitude.toString(radix);
        if (upper) {
            digits = digits.toUpperCase(java.util.Locale.ROOT);
        }
        if (s.precision == 0 && magnitude.signum() == 0) {
            digits = "";
        }
        if (s.precision > digits.length()) {
            digits = "0".repeat(s.precision - digits.length()) + digits;
        }
        String prefix = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
        if (s.alt && radix == 8 && !digits.startsWith("0")) {
            digits = "0" + digits;
        }
        if (s.alt && radix == 16 && magnitude.signum() != 0) {
            prefix += upper ? "0X" : "0x";
        }
        body(s, prefix, digits, s.zero && s.precision < 0, out);
    }

    private static void floating(Spec s, char conv, double v, ByteArrayOutputStream out) {
        boolean upper = Character.isUpperCase(conv);
        boolean negative = (Double.doubleToRawLongBits(v) < 0) && !Double.isNaN(v);
        String prefix = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            String word = Double.isNaN(v) ? "nan" : "inf";
            body(s, prefix, upper ? word.toUpperCase(java.util.Locale.ROOT) : word, false, out);
            return;
        }
        double a = Math.abs(v);
        int p = s.precision < 0 ? 6 : s.precision;
        String digits;
        switch (Character.toLowerCase(conv)) {
            case 'f':
                digits = fixed(a, p, s.alt);
                break;
            case 'e':
                digits = scientific(a, p, s.alt);
                break;
            case 'g': {
                int sig = p == 0 ? 1 : p;
                int x = a == 0 ? 0 : decimalExponent(a, sig);
                digits = sig > x && x >= -4 ? fixed(a, sig - 1 - x, s.alt) : scientific(a, sig - 1, s.alt);
                if (!s.alt) {
                    digits = stripZeros(digits);
                }
                break;
            }
            default:
                digits = hex(a, s.precision);
                prefix += "0x";
        }
        if (upper) {
            digits = digits.toUpperCase(java.util.Locale.ROOT);
            prefix = prefix.toUpperCase(java.util.Locale.ROOT);
        }
        body(s, prefix, digits, s.zero, out);
    }

    /** {@code a} (not negative) with {@code p} decimals. */
    private static String fixed(double a, int p, boolean alt) {
        String t = new BigDecimal(a).setScale(p, RoundingMode.HALF_EVEN).toPlainString();
        return p == 0 && alt ? t + "." : t;
    }

    /** The decimal exponent of {@code a} (positive) rounded to {@code sig} significant digits. */
    private static int decimalExponent(double a, int sig) {
        BigDecimal r = new BigDecimal(a).round(new MathContext(sig, RoundingMode.HALF_EVEN));
        return r.precision() - r.scale() - 1;
    }

    /** {@code a} (not negative) as {@code d.ddde+XX} with {@code p} decimals. */
    private static String scientific(double a, int p, boolean alt) {
        String mantissa;
        int exponent;
        if (a == 0) {
            mantissa = "0" + (p > 0 ? "." + "0".repeat(p) : alt ? "." : "");
            exponent = 0;
        } else {
            BigDecimal r = new BigDecimal(a).round(new MathContext(p + 1, RoundingMode.HALF_EVEN));
            String d = r.unscaledValue().toString();
            d = d + "0".repeat(Math.max(0, p + 1 - d.length()));
            exponent = r.precision() - r.scale() - 1;
            mantissa = d.charAt(0) + (p > 0 ? "." + d.substring(1, p + 1) : alt ? "." : "");
        }
        int e = Math.abs(exponent);
        return mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
    }

    /** Drops trailing zeros of the fraction (and a bare point), keeping an exponent. */
    private static String stripZeros(String digits) {
        int e = digits.indexOf('e');
        String mantissa = e < 0 ? digits : digits.substring(0, e);
        String exponent = e < 0 ? "" : digits.substring(e);
        if (mantissa.indexOf('.') >= 0) {
            int end = mantissa.length();
            while (mantissa.charAt(end - 1) == '0') {
                end--;
            }
            if (mantissa.charAt(end - 1) == '.') {
                end--;
            }
            mantissa = mantissa.substring(0, end);
        }
        return mantissa + exponent;
    }

    /** {@code a} (not negative) as C's {@code %a} without the {@code 0x}: {@code 1.8p+0}; precision -1: exact. */
    private static String hex(double a, int precision) {
        if (a == 0) {
            return "0" + (precision > 0 ? "." + "0".repeat(precision) : "") + "p+0";
        }
        long bits = Double.doubleToRawLongBits(a);
        int exp = (int) ((bits >>> 52) & 0x7FF);
        long mant = bits & ((1L << 52) - 1);
        long lead = exp == 0 ? 0 : 1;
        int e = exp == 0 ? -1022 : exp - 1023;
        if (precision >= 0 && precision < 13) {
            int drop = 4 * (13 - precision);
            long half = 1L << (drop - 1);
            long rest = mant & ((1L << drop) - 1);
            mant >>>= drop;
            long last = precision == 0 ? lead : mant; // ties to an even last digit
            if (rest > half || rest == half && (last & 1) != 0) {
                mant++;
                if (mant >>> (4 * precision) != 0) {
                    mant = 0;
                    lead++;
                }
            }
            String frac = precision == 0 ? "" : String.format(java.util.Locale.ROOT, "%0" + precision + "x", mant);
            return lead + (frac.isEmpty() ? "" : "." + frac) + "p" + (e < 0 ? "" : "+") + e;
        }
        String frac = String.format(java.util.Locale.ROOT, "%013x", mant);
        int end = frac.length();
        while (end > 0 && frac.charAt(end - 1) == '0') {
            end--;
        }
        frac = frac.substring(0, end);
        if (precision > 13) {
            frac = frac + "0".repeat(precision - frac.length());
        }
        return lead + (frac.isEmpty() ? "" : "." + frac) + "p" + (e < 0 ? "" : "+") + e;
    }

    /** Pads {@code prefix + digits} to the width: spaces left or right, or zeros after the prefix. */
    private static void body(Spec s, String prefix, String digits, boolean zeroPad, ByteArrayOutputStream out) {
        int len = prefix.length() + digits.length();
        int fill = Math.max(0, s.width - len);
        StringBuilder sb = new StringBuilder(len + fill);
        if (s.left) {
            sb.append(prefix).append(digits).append(" ".repeat(fill));
        } else if (zeroPad) {
            sb.append(prefix).append("0".repeat(fill)).append(digits);
        } else {
            sb.append(" ".repeat(fill)).append(prefix).append(digits);
        }
        out.writeBytes(sb.toString().getBytes(StandardCharsets.US_ASCII));
    }

    private static void pad(Spec s, byte[] text, ByteArrayOutputStream out) {
        int fill = Math.max(0, s.width - text.length);
        if (!s.left) {
            out.writeBytes(" ".repeat(fill).getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(text);
        if (s.left) {
            out.writeBytes(" ".repeat(fill).getBytes(StandardCharsets.US_ASCII));
        }
    }
}
