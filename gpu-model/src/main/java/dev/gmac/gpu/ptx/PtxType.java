package dev.gmac.gpu.ptx;

/** The PTX fundamental types the software GPU supports (PTX ISA §5.2.1). */
public enum PtxType {
    B8(1, Kind.BITS),
    B16(2, Kind.BITS),
    B32(4, Kind.BITS),
    B64(8, Kind.BITS),
    U8(1, Kind.UNSIGNED),
    U16(2, Kind.UNSIGNED),
    U32(4, Kind.UNSIGNED),
    U64(8, Kind.UNSIGNED),
    S8(1, Kind.SIGNED),
    S16(2, Kind.SIGNED),
    S32(4, Kind.SIGNED),
    S64(8, Kind.SIGNED),
    F16(2, Kind.FLOAT),
    F32(4, Kind.FLOAT),
    F64(8, Kind.FLOAT),
    PRED(1, Kind.PREDICATE);

    /** The family of a type. */
    public enum Kind {
        BITS,
        UNSIGNED,
        SIGNED,
        FLOAT,
        PREDICATE
    }

    private final int byteSize;
    private final Kind kind;

    PtxType(int byteSize, Kind kind) {
        this.byteSize = byteSize;
        this.kind = kind;
    }

    /** The PTX spelling without the dot: {@code "u32"}, {@code "f64"}, {@code "pred"}. */
    public String ptxName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** Size in bytes (a predicate counts 1). */
    public int byteSize() {
        return byteSize;
    }

    /** Size in bits. */
    public int bits() {
        return byteSize * 8;
    }

    /** The family. */
    public Kind kind() {
        return kind;
    }

    /** True for s8..s64. */
    public boolean isSigned() {
        return kind == Kind.SIGNED;
    }

    /** True for f16, f32, f64. */
    public boolean isFloat() {
        return kind == Kind.FLOAT;
    }

    /** True for the bit, unsigned and signed integer types. */
    public boolean isInteger() {
        return kind == Kind.BITS || kind == Kind.UNSIGNED || kind == Kind.SIGNED;
    }

    /** The type spelled {@code name} (without the dot), or null when it is not a supported type. */
    public static PtxType fromName(String name) {
        switch (name) {
            case "b8":
                return B8;
            case "b16":
                return B16;
            case "b32":
                return B32;
            case "b64":
                return B64;
            case "u8":
                return U8;
            case "u16":
                return U16;
            case "u32":
                return U32;
            case "u64":
                return U64;
            case "s8":
                return S8;
            case "s16":
                return S16;
            case "s32":
                return S32;
            case "s64":
                return S64;
            case "f16":
                return F16;
            case "f32":
                return F32;
            case "f64":
                return F64;
            case "pred":
                return PRED;
            default:
                return null;
        }
    }
}
