package dev.gmac.gpu.ptx;

/**
 * The instruction families of the PTX front end: each is lowered by one class (named here), and the generated
 * support list in {@code docs/ptx-support.md} is grouped by them (PTX ISA §9.7 groups instructions the same way).
 */
enum InstructionFamily {
    /** {@code mov ld ldu st cvta isspacep cvt} and performance hints. */
    DATA_MOVEMENT("Data movement, memory and conversion", "DataMovementLowering"),
    /**
     * {@code add sub mul mad div abs neg min max}: one opcode for integer and floating-point types, lowered by
     * {@link IntegerLowering}, which hands floating-point types to {@link FloatLowering}.
     */
    ARITHMETIC("Arithmetic (integer and floating point)", "IntegerLowering, FloatLowering"),
    /** {@code rem sad mul24 mad24} and the carry chains {@code addc subc madc}. */
    INTEGER("Integer-only arithmetic", "IntegerLowering"),
    /** Floating-point arithmetic and the special-function unit. */
    FLOAT("Floating point and special functions", "FloatLowering"),
    /** Logic, shifts and bit manipulation. */
    BITS("Logic, shifts and bit manipulation", "BitsLowering"),
    /** {@code setp set selp slct}. */
    COMPARE("Comparison and selection", "CompareLowering"),
    /** Branches, calls, returns, exit, trap and the transaction bounds. */
    CONTROL("Control flow, calls and transactions", "ControlLowering"),
    /** Barriers, fences, atomics and warp-wide collectives. */
    SYNC("Barriers, atomics and warp-wide operations", "SyncLowering");

    private final String title;
    private final String lowerer;

    InstructionFamily(String title, String lowerer) {
        this.title = title;
        this.lowerer = lowerer;
    }

    /** A heading for documentation. */
    String title() {
        return title;
    }

    /** The simple name of the class that lowers this family. */
    String lowererClass() {
        return lowerer;
    }
}
