package dev.gmac.samples.cli.ptx;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The element types of a {@code gmac ptx run} buffer and of scalar arguments: how a JSON number becomes the raw
 * little-endian bits of one element (with range checks) and how device bytes become a JSON value again.
 */
enum ElementType {
    U8(1),
    S32(4),
    U32(4),
    S64(8),
    U64(8),
    F32(4),
    F64(8);

    private static final BigInteger U64_LIMIT = BigInteger.ONE.shiftLeft(64);

    final int bytes;

    ElementType(int bytes) {
        this.bytes = bytes;
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

    boolean isFloat() {
        return this == F32 || this == F64;
    }

    /**
     * The raw bits of {@code value} in this type (zero-extended to 64 bits for f32 and narrower integers), or an
     * {@link IllegalArgumentException} saying why it does not fit.
     */
    long rawBits(BigDecimal value) {
        if (isFloat()) {
            return this == F32
                    ? Float.floatToRawIntBits(value.floatValue()) & 0xffff_ffffL
                    : Double.doubleToRawLongBits(value.doubleValue());
        }
        BigInteger integer;
        try {
            integer = value.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(value + " is not an integer, which " + specName() + " needs");
        }
        BigInteger min;
        BigInteger max;
        switch (this) {
            case U8 -> {
                min = BigInteger.ZERO;
                max = BigInteger.valueOf(255);
            }
            case S32 -> {
                min = BigInteger.valueOf(Integer.MIN_VALUE);
                max = BigInteger.valueOf(Integer.MAX_VALUE);
            }
            case U32 -> {
                min = BigInteger.ZERO;
                max = BigInteger.valueOf(0xffff_ffffL);
            }
            case S64 -> {
                min = BigInteger.valueOf(Long.MIN_VALUE);
                max = BigInteger.valueOf(Long.MAX_VALUE);
            }
            default -> {
                min = BigInteger.ZERO;
                max = U64_LIMIT.subtract(BigInteger.ONE);
            }
        }
        if (integer.compareTo(min) < 0 || integer.compareTo(max) > 0) {
            throw new IllegalArgumentException(
                    value + " is out of range for " + specName() + " (" + min + " to " + max + ")");
        }
        long bits = integer.longValue();
        return bytes == 8 ? bits : bits & ((1L << (8 * bytes)) - 1);
    }

    /** The raw bits of a non-finite float value named by a string ({@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}). */
    long rawBitsOfSpecial(String name) {
        if (!isFloat()) {
            throw new IllegalArgumentException("\"" + name + "\" is not a number, which " + specName() + " needs");
        }
        double d =
                switch (name) {
                    case "NaN" -> Double.NaN;
                    case "Infinity" -> Double.POSITIVE_INFINITY;
                    case "-Infinity" -> Double.NEGATIVE_INFINITY;
                    default ->
                        throw new IllegalArgumentException(
                                "\"" + name
                                        + "\" is not a number (the only strings allowed are \"NaN\", \"Infinity\", \"-Infinity\")");
                };
        return this == F32 ? Float.floatToRawIntBits((float) d) & 0xffff_ffffL : Double.doubleToRawLongBits(d);
    }

    void put(ByteBuffer buffer, long raw) {
        switch (bytes) {
            case 1 -> buffer.put((byte) raw);
            case 4 -> buffer.putInt((int) raw);
            default -> buffer.putLong(raw);
        }
    }

    /** Reads one element at the buffer's position as a value for JSON output. */
    Object get(ByteBuffer buffer) {
        return switch (this) {
            case U8 -> buffer.get() & 0xff;
            case S32 -> buffer.getInt();
            case U32 -> buffer.getInt() & 0xffff_ffffL;
            case S64 -> buffer.getLong();
            case U64 -> {
                long v = buffer.getLong();
                yield v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(U64_LIMIT);
            }
            case F32 -> buffer.getFloat();
            case F64 -> buffer.getDouble();
        };
    }
}
