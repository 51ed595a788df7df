package dev.gmac.gpu.ptx;

/**
 * The limits the PTX front end enforces while loading a module, each checked before anything of that size is
 * allocated, so that loading is bounded in time and memory by the length of the text. Some are the limits nvcc's
 * {@code ptxas} enforces for {@code sm_75} (constant bank, kernel parameters, static shared memory per kernel);
 * the others are this engine's own (text size, registers, alignment, local frame). Exceeding a ptxas limit is a
 * {@link PtxSyntaxException}; exceeding one of ours is an {@link UnsupportedPtxException} naming the limit.
 * Documented in {@code docs/ptx-support.md}.
 */
public final class PtxLimits {
    private PtxLimits() {}

    /** Characters of PTX text in one module (32 Mi; nvcc's PTX of our largest kernel is under 30 Ki). */
    public static final int MAX_TEXT_CHARS = 32 << 20;

    /** Data registers declared in one function (the interpreter keeps every one for every warp). */
    public static final int MAX_REGISTERS_PER_FUNCTION = 1 << 16;

    /** Predicate registers declared in one function. */
    public static final int MAX_PREDICATES_PER_FUNCTION = 1 << 16;

    /** Bytes of {@code .const} variables in a module (ptxas: 64 KiB). */
    public static final int MAX_CONST_BYTES = 64 << 10;

    /** Bytes of a kernel's parameters (ptxas for sm_70 and later: 32764). */
    public static final int MAX_KERNEL_PARAM_BYTES = 32764;

    /** Bytes of static {@code .shared} variables a kernel uses, with those of the functions it calls (ptxas: 48 KiB). */
    public static final int MAX_STATIC_SHARED_BYTES = 48 << 10;

    /** Bytes of one function's local frame: parameters, return values, {@code .param} and {@code .local} variables. */
    public static final int MAX_FRAME_BYTES = 16 << 20;

    /** Largest {@code .align} (device allocations are aligned to 256 bytes). */
    public static final int MAX_ALIGN = 256;
}
