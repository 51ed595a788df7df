package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.ptx.PtxType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The element types of {@code gmac ptx run} buffers, struct fields and scalar arguments: how a JSON number becomes
 * the raw little-endian bits of one element (range-checked before any conversion, so a huge literal costs nothing)
 * and how device bytes become a JSON value again.
 */
enum ElementType {
    U8(1, false, false),
    S8(1, true, false),
    U16(2, false, false),
    S16(2, true, false),
    U32(4, false, false),
    S32(4, true, false),
    U64(8, false, false),
    S64(8, true, false),
    F32(4, true, true),
    F64(8, true, true);

    private static final BigInteger U64_LIMIT = BigInteger.ONE.shiftLeft(64);
    /** Integer digits of the largest value any integer type holds (2^64 - 1 has 20). */
    private static final int MAX_INTEGER_DIGITS = 20;

    final int bytes;
    final boolean signed;
    final boolean isFloat;

    ElementType(int bytes, boolean signed, boolean isFloat) {
        this.bytes = bytes;
        this.signed = signed;
        this.isFloat = isFloat;
    }

    /** The spec's name: {@code u8}, {@code s32}, ... */
    String specName() {
        return name().toLowerCase(Locale.ROOT);
    }

    static ElementType bySpecName(String name) {
        for (ElementType t : values()) {
            if (t.specName().equals(name)) {
                return t;
            }
        }
        return null;
    }

    static String specNames() {
        StringBuilder sb = new StringBuilder();
        for (ElementType t : values()) {
            sb.append(sb.length() == 0 ? "" : " ").append(t.specName());
        }
        return sb.toString();
    }

    /**
     * Whether a value of this type may be passed for a kernel parameter of type {@code param}: the same width, and
     * a float for a float parameter, an integer for an integer one ({@code .bN} parameters take either; a by-value
     * {@code .b8} array takes any scalar that fits).
     */
    boolean fitsParameter(PtxType param, int paramBytes) {
        if (param == PtxType.B8 && paramBytes > 1) {
            return bytes <= paramBytes;
        }
        if (paramBytes != bytes) {
            return false;
        }
        return switch (param.kind()) {
            case BITS -> true;
            case FLOAT -> isFloat;
            case SIGNED, UNSIGNED -> !isFloat;
            default -> false;
        };
    }

    private BigInteger min() {
        if (!signed) {
            return BigInteger.ZERO;
        }
        return BigInteger.ONE.shiftLeft(8 * bytes - 1).negate();
    }

    private BigInteger max() {
        return signed
                ? BigInteger.ONE.shiftLeft(8 * bytes - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(8 * bytes).subtract(BigInteger.ONE);
    }

    /**
     * The raw bits of {@code value} in this type (zero-extended to 64 bits for narrower types), or an {@link
     * IllegalArgumentException} saying why it does not fit. Floats round to nearest; a finite literal beyond the
     * type's largest finite value is out of range rather than an infinity.
     */
    long rawBits(BigDecimal value) {
        if (isFloat) {
            double d = value.doubleValue();
            if (this == F32) {
                float f = value.floatValue();
                if (Float.isInfinite(f)) {
                    throw new IllegalArgumentException(SpecText.brief(value)
                            + " is out of range for f32 (largest finite " + Float.MAX_VALUE + ")");
                }
                return Float.floatToRawIntBits(f) & 0xffff_ffffL;
            }
            if (Double.isInfinite(d)) {
                throw new IllegalArgumentException(
                        SpecText.brief(value) + " is out of range for f64 (largest finite " + Double.MAX_VALUE + ")");
            }
            return Double.doubleToRawLongBits(d);
        }
        if (value.signum() != 0 && value.precision() - value.scale() > MAX_INTEGER_DIGITS) {
            throw outOfRange(value); // decided on the digit count: no conversion of a huge literal
        }
        BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        if (stripped.scale() > 0) {
            throw new IllegalArgumentException(
                    SpecText.brief(value) + " is not an integer, which " + specName() + " needs");
        }
        BigInteger integer = stripped.toBigIntegerExact();
        if (integer.compareTo(min()) < 0 || integer.compareTo(max()) > 0) {
            throw outOfRange(value);
        }
        long bits = integer.longValue();
        return bytes == 8 ? bits : bits & ((1L << (8 * bytes)) - 1);
    }

    private IllegalArgumentException outOfRange(BigDecimal value) {
        return new IllegalArgumentException(
                SpecText.brief(value) + " is out of range for " + specName() + " (" + min() + " to " + max() + ")");
    }

    /** The raw bits of a non-finite float named by a string ({@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}). */
    long rawBitsOfSpecial(String name) {
        if (!isFloat) {
            throw new IllegalArgumentException(
                    SpecText.quote(name) + " is not a number, which " + specName() + " needs");
        }
        double d =
                switch (name) {
                    case "NaN" -> Double.NaN;
                    case "Infinity" -> Double.POSITIVE_INFINITY;
                    case "-Infinity" -> Double.NEGATIVE_INFINITY;
                    default ->
                        throw new IllegalArgumentException(
                                SpecText.quote(name)
                                        + " is not a number (the only strings allowed are \"NaN\", \"Infinity\", \"-Infinity\")");
                };
        return this == F32 ? Float.floatToRawIntBits((float) d) & 0xffff_ffffL : Double.doubleToRawLongBits(d);
    }

    /** Writes the low {@link #bytes} of {@code raw} at the buffer's position (little-endian buffers). */
    void put(ByteBuffer buffer, long raw) {
        switch (bytes) {
            case 1 -> buffer.put((byte) raw);
            case 2 -> buffer.putShort((short) raw);
            case 4 -> buffer.putInt((int) raw);
            default -> buffer.putLong(raw);
        }
    }

    /** Reads one element at the buffer's position as a value for JSON output. */
    Object get(ByteBuffer buffer) {
        return switch (this) {
            case U8 -> buffer.get() & 0xff;
            case S8 -> (int) buffer.get();
            case U16 -> buffer.getShort() & 0xffff;
            case S16 -> (int) buffer.getShort();
            case U32 -> buffer.getInt() & 0xffff_ffffL;
            case S32 -> buffer.getInt();
            case U64 -> {
                long v = buffer.getLong();
                yield v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(U64_LIMIT);
            }
            case S64 -> buffer.getLong();
            case F32 -> buffer.getFloat();
            case F64 -> buffer.getDouble();
        };
    }
}
