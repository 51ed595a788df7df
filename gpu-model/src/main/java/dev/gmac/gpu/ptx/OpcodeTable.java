package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one place that knows the PTX opcodes the software GPU accepts (PTX ISA §9.7). Each row maps an opcode name
 * to its family lowerer (which builds the {@link Insn}), its functional-unit class ({@link Insn#cls}, used by the
 * timing model), its forms (PTX ISA syntax lines: accepted modifiers and types, and operand shapes; see {@link
 * OpcodeForm}) including valid PTX forms the engine cannot run, and a sentence of documentation. {@link Lowering}
 * dispatches through it, {@link PtxCoverage} reports against it, and the support list in {@code
 * docs/ptx-support.md} is generated from it ({@link PtxSupportDoc}).
 *
 * <p>Opcodes of the PTX ISA that no row describes are listed in {@link #KNOWN_UNSUPPORTED} and reported as
 * unsupported; any other name that is not in the table is an unknown instruction (a syntax error). {@link
 * InstructionChecker} checks every instruction against its row's forms before the row's lowerer runs.
 */
final class OpcodeTable {
    /**
     * One opcode.
     *
     * @param name the opcode name, e.g. {@code "ld"}
     * @param family the family whose lowerer handles it
     * @param cls the functional-unit class of every instruction of this opcode
     * @param lowerer the lowering function
     * @param forms the syntax lines, supported ones first
     * @param doc what the software GPU does with it
     * @param relaxedSizes true for {@code ld ldu st cvt}, whose data registers may be wider than an integer or
     *     bit type (PTX ISA §6.4.2: the value is zero- or sign-extended, or truncated)
     */
    record Opcode(
            String name,
            InstructionFamily family,
            InstructionClass cls,
            OpcodeLowerer lowerer,
            List<OpcodeForm> forms,
            String doc,
            boolean relaxedSizes) {
        Opcode {
            forms = List.copyOf(forms);
        }
    }

    private static final Map<String, Opcode> TABLE = new LinkedHashMap<>();

    /** The opcodes whose data registers may be wider than the instruction type (PTX ISA §6.4.2). */
    private static final Set<String> RELAXED_SIZES = Set.of("ld", "ldu", "st", "cvt");

    /** Opcodes of the PTX ISA (up to 9.0) that the software GPU does not run at all. */
    static final Set<String> KNOWN_UNSUPPORTED = Collections.unmodifiableSet(new TreeSet<>(List.of(
            "alloca",
            "brx",
            "clusterlaunchcontrol",
            "cp",
            "createpolicy",
            "elect",
            "fns",
            "getctarank",
            "griddepcontrol",
            "istypep",
            "ldmatrix",
            "mapa",
            "mbarrier",
            "mma",
            "movmatrix",
            "multimem",
            "redux",
            "setmaxnreg",
            "stackrestore",
            "stacksave",
            "stmatrix",
            "suld",
            "suq",
            "sured",
            "sust",
            "tcgen05",
            "tensormap",
            "tex",
            "tld4",
            "txq",
            "vabsdiff",
            "vabsdiff2",
            "vabsdiff4",
            "vadd",
            "vadd2",
            "vadd4",
            "vavrg2",
            "vavrg4",
            "vmad",
            "vmax",
            "vmax2",
            "vmax4",
            "vmin",
            "vmin2",
            "vmin4",
            "vset",
            "vset2",
            "vset4",
            "vshl",
            "vshr",
            "vsub",
            "vsub2",
            "vsub4",
            "wgmma",
            "wmma")));

    // ---- modifier and type sets used by several rows
    private static final String RND = ".rn,.rz,.rm,.rp";
    private static final String RND_REQ = "rn,rz,rm,rp";
    private static final String INT = "u16,u32,u64,s16,s32,s64";
    private static final String INT3264 = "u32,s32,u64,s64";
    private static final String BITS = "b16,b32,b64";
    private static final String ALL_DATA = "b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64";
    private static final String MEM_TYPES = "b8,b16,b32,b64,u8,u16,u32,u64,s8,s16,s32,s64,f32,f64";
    private static final String HALF = "f16,f16x2,bf16,bf16x2";
    private static final String CVT_TYPES = "u8,u16,u32,u64,s8,s16,s32,s64,f16,f32,f64";
    private static final String SPACES = ".global,.shared,.shared::cta,.local,.const,.param,.param::entry,.param::func";
    private static final String ST_SPACES = ".global,.shared,.shared::cta,.local,.param,.param::func";
    private static final String LD_SEM = ".weak,.volatile,.relaxed,.acquire,.mmio";
    private static final String ST_SEM = ".weak,.volatile,.relaxed,.release,.mmio";
    private static final String SCOPE = ".cta,.gpu,.sys";
    private static final String LD_CACHE = ".ca,.cg,.cs,.lu,.cv";
    private static final String ST_CACHE = ".wb,.cg,.cs,.wt";
    private static final String L1_EVICT =
            ".L1::evict_normal,.L1::evict_unchanged,.L1::evict_first,.L1::evict_last,.L1::no_allocate";
    private static final String L2_EVICT = ".L2::evict_normal,.L2::evict_first,.L2::evict_last";
    private static final String L2_PREFETCH = ".L2::64B,.L2::128B,.L2::256B";
    private static final String INT_CMP = "eq,ne,lt,le,gt,ge";
    private static final String UINT_CMP = "eq,ne,lt,le,gt,ge,lo,ls,hi,hs";
    private static final String FLOAT_CMP = "eq,ne,lt,le,gt,ge,equ,neu,ltu,leu,gtu,geu,num,nan";
    private static final String BOOL = "and,or,xor";
    private static final String ATOM_SPACE = ".global,.shared,.shared::cta";
    private static final String ATOM_SEM = ".relaxed,.acquire,.release,.acq_rel";

    static {
        InstructionFamily f = InstructionFamily.DATA_MOVEMENT;
        add(
                "mov",
                f,
                InstructionClass.ALU,
                DataMovementLowering::mov,
                "Copies a register, an immediate, a special register (`%tid.x`, `%laneid`, ...), the address of a"
                        + " variable, or packs/unpacks a vector of narrower registers.",
                "mov.pred p, {!}a",
                "mov.{" + ALL_DATA + "} d, a",
                "mov.{b32,b64} d, {a...}",
                "mov.{b32,b64} {d...}, a",
                "!half-precision registers are not supported: mov.{f16,bf16,f16x2,bf16x2} d, a",
                "!128-bit registers are not supported: mov.b128 d, a");
        add(
                "ld",
                f,
                InstructionClass.MEM,
                DataMovementLowering::load,
                "Loads from global, shared, local, const or param memory, or a generic address; cache and"
                        + " eviction hints and memory-order qualifiers are accepted and do not change the result"
                        + " (every access is performed in program order).",
                "ld{" + LD_SEM + "}{" + SCOPE + "}{" + SPACES + "}{" + LD_CACHE + "}{.nc}{" + L1_EVICT + "}{" + L2_EVICT
                        + "}{" + L2_PREFETCH + "}.{" + MEM_TYPES + "} d, [a]",
                "ld{" + LD_SEM + "}{" + SCOPE + "}{" + SPACES + "}{" + LD_CACHE + "}{.nc}{" + L1_EVICT + "}{" + L2_EVICT
                        + "}{" + L2_PREFETCH + "}.{v2,v4}.{" + MEM_TYPES + "} {d...}, [a]",
                "!cache policies are not supported: ld.L2::cache_hint d, [a], policy",
                "!8-element vectors are not supported: ld.v8.{b32,u32,s32,f32} {d...}, [a]");
        add(
                "ldu",
                f,
                InstructionClass.MEM,
                DataMovementLowering::load,
                "Loads a value that is the same for every thread (`ldu.global`): run as `ld`.",
                "ldu{.global}.{" + MEM_TYPES + "} d, [a]",
                "ldu{.global}.{v2,v4}.{" + MEM_TYPES + "} {d...}, [a]");
        add(
                "st",
                f,
                InstructionClass.MEM,
                DataMovementLowering::store,
                "Stores to global, shared or local memory, a device function's `.param` frame, or a generic"
                        + " address; a register wider than the type stores its low bytes.",
                "st{" + ST_SEM + "}{" + SCOPE + "}{" + ST_SPACES + "}{" + ST_CACHE + "}{" + L1_EVICT + "}{" + L2_EVICT
                        + "}.{" + MEM_TYPES + "} [a], b",
                "st{" + ST_SEM + "}{" + SCOPE + "}{" + ST_SPACES + "}{" + ST_CACHE + "}{" + L1_EVICT + "}{" + L2_EVICT
                        + "}.{v2,v4}.{" + MEM_TYPES + "} [a], {a...}",
                "!cache policies are not supported: st.L2::cache_hint [a], b, policy");
        add(
                "cvta",
                f,
                InstructionClass.ALU,
                DataMovementLowering::cvta,
                "Converts between a state-space address and a generic address (each space has its own 4 GiB"
                        + " window of generic addresses; global addresses are generic addresses).",
                "cvta.{const,global,local,shared,shared::cta,param}.u64 d, a",
                "cvta.to.{const,global,local,shared,shared::cta,param}.u64 d, a",
                "!32-bit addresses are not supported: cvta{.to}.{const,global,local,shared,param}.u32 d, a");
        add(
                "isspacep",
                f,
                InstructionClass.ALU,
                DataMovementLowering::isspacep,
                "Tests whether a generic address falls in a state space's window.",
                "isspacep.{const,global,local,shared,shared::cta,param} p, a");
        add(
                "cvt",
                f,
                InstructionClass.ALU,
                DataMovementLowering::cvt,
                "Converts between integer and floating-point types with the PTX rounding, saturation and"
                        + " flush-to-zero rules (float-to-integer needs an integer rounding, integer-to-float and"
                        + " narrowing float conversions a float rounding); also reads special registers.",
                "cvt{.rn,.rz,.rm,.rp,.rni,.rzi,.rmi,.rpi}{.ftz}{.sat}.{" + CVT_TYPES + "}.{" + CVT_TYPES
                        + "} d:t1, a:t2",
                "!bf16 and packed conversions are not supported: cvt{.rn,.rz}{.relu}{.satfinite}.{bf16,bf16x2,f16x2,"
                        + "tf32,e4m3x2,e5m2x2}.{f32,f16,bf16} d, a");
        for (String hint : List.of("prefetch", "prefetchu", "discard", "applypriority", "nanosleep", "pmevent")) {
            boolean memory = !hint.equals("nanosleep") && !hint.equals("pmevent");
            add(
                    hint,
                    f,
                    memory ? InstructionClass.MEM : InstructionClass.ALU,
                    DataMovementLowering::hint,
                    "A performance hint that does not change results: runs as a no-op.",
                    hintForms(hint));
        }

        f = InstructionFamily.ARITHMETIC;
        add(
                "add",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Two's-complement addition (`.sat` clamps `.s32`; `.cc` writes the carry flag); IEEE addition with"
                        + " the given rounding (default `.rn`), `.ftz` and `.sat` for `.f32`.",
                "add.{" + INT + "} d, a, b",
                "add.sat.s32 d, a, b",
                "add.cc.{" + INT3264 + "} d, a, b",
                "add{" + RND + "}{.ftz}{.sat}.f32 d, a, b",
                "add{" + RND + "}.f64 d, a, b",
                "!half-precision arithmetic is not supported: add{" + RND + "}{.ftz}{.sat}.{" + HALF + "} d, a, b",
                "!packed 16-bit integer arithmetic is not supported: add{.sat}.{u16x2,s16x2} d, a, b");
        add(
                "sub",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Two's-complement subtraction (`.sat` for `.s32`, `.cc` writes the borrow as the carry flag); IEEE"
                        + " subtraction.",
                "sub.{" + INT + "} d, a, b",
                "sub.sat.s32 d, a, b",
                "sub.cc.{" + INT3264 + "} d, a, b",
                "sub{" + RND + "}{.ftz}{.sat}.f32 d, a, b",
                "sub{" + RND + "}.f64 d, a, b",
                "!half-precision arithmetic is not supported: sub{" + RND + "}{.ftz}{.sat}.{" + HALF + "} d, a, b");
        add(
                "mul",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Integer multiplication keeping the low half, the high half or the whole (`.wide`) product; IEEE"
                        + " multiplication.",
                "mul.{hi,lo}.{" + INT + "} d, a, b",
                "mul.wide.{u16,u32,s16,s32} d:wide, a, b",
                "mul{" + RND + "}{.ftz}{.sat}.f32 d, a, b",
                "mul{" + RND + "}.f64 d, a, b",
                "!half-precision arithmetic is not supported: mul{" + RND + "}{.ftz}{.sat}.{" + HALF + "} d, a, b");
        add(
                "mad",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Integer multiply-add (low, high or wide product plus `c`; `.hi.sat.s32` saturates; `.cc` writes the"
                        + " carry flag); on floats a fused multiply-add, as `fma`.",
                "mad.{hi,lo}.{" + INT + "} d, a, b, c",
                "mad.wide.{u16,u32,s16,s32} d:wide, a, b, c:wide",
                "mad.hi.sat.s32 d, a, b, c",
                "mad.{hi,lo}.cc.{" + INT3264 + "} d, a, b, c",
                "mad{" + RND + "}{.ftz}{.sat}.f32 d, a, b, c",
                "mad{" + RND + "}.f64 d, a, b, c");
        add(
                "div",
                f,
                InstructionClass.SFU,
                IntegerLowering::arith,
                "Integer division truncating toward zero (division by zero gives all ones, as on the hardware);"
                        + " IEEE division with the given rounding, `.full` (within 2 ulp) or `.approx`.",
                "div.{" + INT + "} d, a, b",
                "div.approx{.ftz}.f32 d, a, b",
                "div.full{.ftz}.f32 d, a, b",
                "div.{" + RND_REQ + "}{.ftz}.f32 d, a, b",
                "div.{" + RND_REQ + "}.f64 d, a, b");
        add(
                "abs",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Absolute value (integer: two's complement, so the most negative value stays; float: clears the"
                        + " sign bit).",
                "abs.{s16,s32,s64} d, a",
                "abs{.ftz}.f32 d, a",
                "abs.f64 d, a",
                "!half-precision arithmetic is not supported: abs{.ftz}.{" + HALF + "} d, a");
        add(
                "neg",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Negation (integer two's complement; float flips the sign bit).",
                "neg.{s16,s32,s64} d, a",
                "neg{.ftz}.f32 d, a",
                "neg.f64 d, a",
                "!half-precision arithmetic is not supported: neg{.ftz}.{" + HALF + "} d, a");
        add(
                "min",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Minimum (float: a NaN operand yields the other operand, `.NaN` propagates NaN).",
                "min.{" + INT + "} d, a, b",
                "min{.ftz}{.NaN}.f32 d, a, b",
                "min.f64 d, a, b",
                "!half-precision arithmetic is not supported: min{.ftz}{.NaN}.{" + HALF + "} d, a, b");
        add(
                "max",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Maximum (float: a NaN operand yields the other operand, `.NaN` propagates NaN).",
                "max.{" + INT + "} d, a, b",
                "max{.ftz}{.NaN}.f32 d, a, b",
                "max.f64 d, a, b",
                "!half-precision arithmetic is not supported: max{.ftz}{.NaN}.{" + HALF + "} d, a, b");

        f = InstructionFamily.INTEGER;
        add(
                "addc",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Addition with the carry flag as carry-in (`.cc` also writes it).",
                "addc{.cc}.{" + INT3264 + "} d, a, b");
        add(
                "subc",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Subtraction with the carry flag as borrow-in (`.cc` also writes it).",
                "subc{.cc}.{" + INT3264 + "} d, a, b");
        add(
                "madc",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Multiply-add with the carry flag as carry-in (`.cc` also writes it).",
                "madc.{hi,lo}{.cc}.{" + INT3264 + "} d, a, b, c");
        add(
                "mul24",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Multiplication of the low 24 bits of each operand, keeping the low or high 32 bits of the 48-bit"
                        + " product.",
                "mul24.{hi,lo}.{u32,s32} d, a, b");
        add(
                "mad24",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "`mul24` plus a 32-bit addend.",
                "mad24.{hi,lo}.{u32,s32} d, a, b, c",
                "!saturating mad24 is not supported: mad24.hi.sat.s32 d, a, b, c");
        add(
                "rem",
                f,
                InstructionClass.SFU,
                IntegerLowering::arith,
                "Integer remainder with the sign of the dividend (by zero: the dividend).",
                "rem.{" + INT + "} d, a, b");
        add(
                "sad",
                f,
                InstructionClass.ALU,
                IntegerLowering::arith,
                "Sum of absolute difference: `|a - b| + c`.",
                "sad.{" + INT + "} d, a, b, c");

        f = InstructionFamily.FLOAT;
        add(
                "fma",
                f,
                InstructionClass.ALU,
                FloatLowering::fma,
                "Fused multiply-add with one rounding (the rounding modifier is required).",
                "fma.{" + RND_REQ + "}{.ftz}{.sat}.f32 d, a, b, c",
                "fma.{" + RND_REQ + "}.f64 d, a, b, c",
                "!half-precision arithmetic is not supported: fma.rn{.ftz}{.sat}{.relu}.{" + HALF + "} d, a, b, c");
        add(
                "rcp",
                f,
                InstructionClass.SFU,
                FloatLowering::sfu,
                "Reciprocal: IEEE with the given rounding, or `.approx` within the ISA's error bound.",
                "rcp.approx{.ftz}.f32 d, a",
                "rcp.{" + RND_REQ + "}{.ftz}.f32 d, a",
                "rcp.{" + RND_REQ + "}.f64 d, a",
                "rcp.approx.ftz.f64 d, a");
        add(
                "sqrt",
                f,
                InstructionClass.SFU,
                FloatLowering::sfu,
                "Square root: IEEE with the given rounding, or `.approx`.",
                "sqrt.approx{.ftz}.f32 d, a",
                "sqrt.{" + RND_REQ + "}{.ftz}.f32 d, a",
                "sqrt.{" + RND_REQ + "}.f64 d, a");
        add(
                "rsqrt",
                f,
                InstructionClass.SFU,
                FloatLowering::sfu,
                "Reciprocal square root, `.approx` within the ISA's error bound.",
                "rsqrt.approx{.ftz}.f32 d, a",
                "rsqrt.approx{.ftz}.f64 d, a");
        for (String sfu : List.of("ex2", "lg2", "sin", "cos")) {
            add(
                    sfu,
                    f,
                    InstructionClass.SFU,
                    FloatLowering::sfu,
                    "`.approx` " + sfuName(sfu) + " within the ISA's error bound.",
                    sfu + ".approx{.ftz}.f32 d, a",
                    "!half-precision arithmetic is not supported: " + sfu + ".approx{.ftz}.{" + HALF + "} d, a");
        }
        add(
                "tanh",
                f,
                InstructionClass.SFU,
                FloatLowering::sfu,
                "`.approx` hyperbolic tangent within the ISA's error bound.",
                "tanh.approx.f32 d, a",
                "!half-precision arithmetic is not supported: tanh.approx.{" + HALF + "} d, a");
        add(
                "copysign",
                f,
                InstructionClass.ALU,
                FloatLowering::copysign,
                "The magnitude of `b` with the sign of `a`.",
                "copysign.{f32,f64} d, a, b");
        add(
                "testp",
                f,
                InstructionClass.ALU,
                FloatLowering::testp,
                "Tests a float for being finite, infinite, a number, NaN, normal or subnormal.",
                "testp.{finite,infinite,number,notanumber,normal,subnormal}.{f32,f64} p, a");

        f = InstructionFamily.BITS;
        for (String logic : List.of("and", "or", "xor")) {
            add(
                    logic,
                    f,
                    InstructionClass.ALU,
                    BitsLowering::logic,
                    "Bitwise " + logic.toUpperCase(java.util.Locale.ROOT) + " of registers or of predicates.",
                    logic + ".pred p, {!}a, {!}b",
                    logic + ".{" + BITS + "} d, a, b");
        }
        add(
                "not",
                f,
                InstructionClass.ALU,
                BitsLowering::logic,
                "Bitwise complement of a register or a predicate.",
                "not.pred p, {!}a",
                "not.{" + BITS + "} d, a");
        add(
                "cnot",
                f,
                InstructionClass.ALU,
                BitsLowering::logic,
                "C logical not: 1 when the operand is zero, else 0.",
                "cnot.{" + BITS + "} d, a");
        add(
                "shl",
                f,
                InstructionClass.ALU,
                BitsLowering::shift,
                "Shift left; shift amounts beyond the width give zero.",
                "shl.{" + BITS + "} d, a, b:u32");
        add(
                "shr",
                f,
                InstructionClass.ALU,
                BitsLowering::shift,
                "Shift right, arithmetic for signed types; shift amounts beyond the width clamp.",
                "shr.{" + BITS + "," + INT + "} d, a, b:u32");
        add("popc", f, InstructionClass.ALU, BitsLowering::bits, "Population count.", "popc.{b32,b64} d:u32, a");
        add("clz", f, InstructionClass.ALU, BitsLowering::bits, "Count of leading zeros.", "clz.{b32,b64} d:u32, a");
        add("brev", f, InstructionClass.ALU, BitsLowering::bits, "Bit reversal.", "brev.{b32,b64} d, a");
        add(
                "bfind",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Position of the most significant non-sign bit (`.shiftamt`: as a left-shift amount); all ones"
                        + " when none.",
                "bfind{.shiftamt}.{u32,u64,s32,s64} d:u32, a");
        add(
                "bfe",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Bit-field extract, sign-extending for signed types.",
                "bfe.{u32,u64,s32,s64} d, a, b:u32, c:u32");
        add(
                "bfi",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Bit-field insert of `a` into `b` at position `c`, length `e`.",
                "bfi.{b32,b64} d, a, b, c:u32, e:u32");
        add(
                "prmt",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Byte permute, generic or with one of the named modes.",
                "prmt.b32{.f4e,.b4e,.rc8,.ecl,.ecr,.rc16} d, a, b, c");
        add(
                "shf",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Funnel shift of the 64-bit pair `b:a`, wrapping or clamping the shift amount.",
                "shf.{l,r}.{clamp,wrap}.b32 d, a, b, c:u32");
        add(
                "lop3",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Any boolean function of three inputs, given by an 8-bit lookup table.",
                "lop3.b32 d, a, b, c, immLut");
        add(
                "dp4a",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Four-way byte dot product plus accumulator.",
                "dp4a.{u32,s32}.{u32,s32} d:b32, a:t1, b:t2, c:b32");
        add(
                "dp2a",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Two-way 16-by-8-bit dot product (low or high bytes of `b`) plus accumulator.",
                "dp2a.{lo,hi}.{u32,s32}.{u32,s32} d:b32, a:t1, b:t2, c:b32");
        add(
                "bmsk",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "A mask of `b` ones starting at bit `a`.",
                "bmsk.{clamp,wrap}.b32 d, a:u32, b:u32");
        add(
                "szext",
                f,
                InstructionClass.ALU,
                BitsLowering::bits,
                "Sign- or zero-extends the low `b` bits of `a`.",
                "szext.{clamp,wrap}.{u32,s32} d, a, b:u32");

        f = InstructionFamily.COMPARE;
        add(
                "setp",
                f,
                InstructionClass.ALU,
                CompareLowering::setp,
                "Compares and writes a predicate and optionally its complement, optionally combined with a"
                        + " third predicate.",
                "setp.{eq,ne}.{" + BITS + "} p{|q}, a, b",
                "setp.{eq,ne}.{" + BOOL + "}.{" + BITS + "} p{|q}, a, b, {!}c",
                "setp.{" + INT_CMP + "}.{s16,s32,s64} p{|q}, a, b",
                "setp.{" + INT_CMP + "}.{" + BOOL + "}.{s16,s32,s64} p{|q}, a, b, {!}c",
                "setp.{" + UINT_CMP + "}.{u16,u32,u64} p{|q}, a, b",
                "setp.{" + UINT_CMP + "}.{" + BOOL + "}.{u16,u32,u64} p{|q}, a, b, {!}c",
                "setp.{" + FLOAT_CMP + "}{.ftz}.{f32,f64} p{|q}, a, b",
                "setp.{" + FLOAT_CMP + "}.{" + BOOL + "}{.ftz}.{f32,f64} p{|q}, a, b, {!}c",
                "!half-precision comparisons are not supported: setp.{" + FLOAT_CMP + "}{.ftz}.{" + HALF
                        + "} p{|q}, a, b");
        add(
                "set",
                f,
                InstructionClass.ALU,
                CompareLowering::set,
                "Compares and writes all ones (integer) or 1.0 (float) when true, else zero.",
                "set.{" + UINT_CMP + "}.{u32,s32,f32}.{" + BITS + "," + INT + "} d:t1, a:t2, b:t2",
                "set.{" + UINT_CMP + "}.{" + BOOL + "}.{u32,s32,f32}.{" + BITS + "," + INT + "} d:t1, a:t2, b:t2, {!}c",
                "set.{" + FLOAT_CMP + "}{.ftz}.{u32,s32,f32}.{f32,f64} d:t1, a:t2, b:t2",
                "set.{" + FLOAT_CMP + "}.{" + BOOL + "}{.ftz}.{u32,s32,f32}.{f32,f64} d:t1, a:t2, b:t2, {!}c");
        add(
                "selp",
                f,
                InstructionClass.ALU,
                CompareLowering::selp,
                "Selects `a` when the predicate is true, else `b`.",
                "selp.{" + ALL_DATA + "} d, a, b, {!}c");
        add(
                "slct",
                f,
                InstructionClass.ALU,
                CompareLowering::slct,
                "Selects `a` when `c >= 0`, else `b`.",
                "slct.{" + ALL_DATA + "}.s32 d:t1, a:t1, b:t1, c:t2",
                "slct{.ftz}.{" + ALL_DATA + "}.f32 d:t1, a:t1, b:t1, c:t2");

        f = InstructionFamily.CONTROL;
        add(
                "bra",
                f,
                InstructionClass.BRANCH,
                ControlLowering::bra,
                "Branch to a label of the same function; divergent lanes reconverge at the immediate"
                        + " post-dominator.",
                "bra{.uni} label");
        add(
                "call",
                f,
                InstructionClass.BRANCH,
                ControlLowering::call,
                "Direct call of a device function of the module with `.param` or register arguments and return"
                        + " values; recursion is supported within the per-thread local memory limit. Of the CUDA"
                        + " device runtime's `.extern` functions, `vprintf` (`printf`: output per launch, in execution"
                        + " order), `__assertfail` (`assert`: an `ASSERTION` fault naming the message, file and line),"
                        + " `malloc` and `free` (a per-launch heap) are provided.",
                "call{.uni} func",
                "call{.uni} func, (a...)",
                "call{.uni} (r...), func",
                "call{.uni} (r...), func, (a...)",
                "!indirect calls are not supported: call{.uni} (r...), fptr, (a...), flist");
        add(
                "ret",
                f,
                InstructionClass.BRANCH,
                ControlLowering::ret,
                "Return: a branch to the function's single exit, where divergent paths reconverge.",
                "ret{.uni}");
        add(
                "exit",
                f,
                InstructionClass.BRANCH,
                ControlLowering::exit,
                "Ends the executing threads (in a kernel: as `ret`).",
                "exit");
        add(
                "trap",
                f,
                InstructionClass.BRANCH,
                ControlLowering::trap,
                "Stops the kernel with a `TRAP` fault naming the line.",
                "trap");
        add(
                "brkpt",
                f,
                InstructionClass.BRANCH,
                ControlLowering::trap,
                "Treated as `trap` (there is no debugger to stop in).",
                "brkpt");
        add(
                "tx",
                f,
                InstructionClass.BRANCH,
                ControlLowering::tx,
                "This project's extension (not NVIDIA PTX): the start and the end of a transaction, run by the"
                        + " launch's transactional-memory model (Fung thesis §4.2.1); reached from CUDA through"
                        + " `asm volatile(\"tx.begin;\" ::: \"memory\")`.",
                "tx.begin",
                "tx.commit");

        f = InstructionFamily.SYNC;
        add(
                "bar",
                f,
                InstructionClass.BARRIER,
                SyncLowering::barrier,
                "CTA barriers with an optional thread count (`.sync`, `.arrive`, `.red` reductions); `bar.warp.sync`"
                        + " makes the lanes of the member mask meet.",
                "bar{.cta}.sync a:u32{, b:u32}",
                "bar{.cta}.arrive a:u32, b:u32",
                "bar{.cta}.red.popc.u32 d, a:u32{, b:u32}, {!}c",
                "bar{.cta}.red.{and,or}.pred p, a:u32{, b:u32}, {!}c",
                "bar.warp.sync membermask:b32");
        add(
                "barrier",
                f,
                InstructionClass.BARRIER,
                SyncLowering::barrier,
                "As `bar` (`.aligned` is accepted; every barrier is treated as aligned).",
                "barrier{.cta}.sync{.aligned} a:u32{, b:u32}",
                "barrier{.cta}.arrive{.aligned} a:u32, b:u32",
                "barrier{.cta}.red.popc{.aligned}.u32 d, a:u32{, b:u32}, {!}c",
                "barrier{.cta}.red.{and,or}{.aligned}.pred p, a:u32{, b:u32}, {!}c");
        add(
                "membar",
                f,
                InstructionClass.BARRIER,
                SyncLowering::fence,
                "Memory fence: every access is performed in program order in this model, so it only counts.",
                "membar.{cta,gl,sys}");
        add(
                "fence",
                f,
                InstructionClass.BARRIER,
                SyncLowering::fence,
                "Memory fence, as `membar`.",
                "fence{.sc,.acq_rel}.{cta,gpu,sys}",
                "fence.proxy.alias",
                "fence.proxy.async{.global,.shared::cta}");
        add(
                "atom",
                f,
                InstructionClass.MEM,
                SyncLowering::atom,
                "Atomic read-modify-write on global, shared or generic addresses; returns the old value.",
                "atom{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{and,or,xor,exch}.{b32,b64} d, [a], b",
                "atom{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.cas.{b32,b64} d, [a], b, c",
                "atom{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.add.{u32,s32,u64,f32,f64} d, [a], b",
                "atom{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{inc,dec}.u32 d, [a], b",
                "atom{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{min,max}.{u32,s32,u64,s64} d, [a], b",
                "!16-bit and half-precision atomics are not supported: atom{" + ATOM_SPACE
                        + "}.{cas,add}{.noftz}.{b16,f16,f16x2,bf16,bf16x2} d, [a], b");
        add(
                "red",
                f,
                InstructionClass.MEM,
                SyncLowering::atom,
                "Atomic reduction without a result.",
                "red{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{and,or,xor}.{b32,b64} [a], b",
                "red{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.add.{u32,s32,u64,f32,f64} [a], b",
                "red{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{inc,dec}.u32 [a], b",
                "red{" + ATOM_SEM + "}{" + SCOPE + "}{" + ATOM_SPACE + "}.{min,max}.{u32,s32,u64,s64} [a], b",
                "!half-precision atomics are not supported: red{" + ATOM_SPACE + "}.add{.noftz}.{" + HALF + "} [a], b");
        add(
                "vote",
                f,
                InstructionClass.BARRIER,
                SyncLowering::vote,
                "Warp vote over the active lanes of the member mask (the forms without `.sync` are not valid for"
                        + " sm_70 and later). On a 64-lane wavefront the 32-bit forms act on the executing lane's"
                        + " 32-lane half. Extension: `.ballot.b64` is the whole wavefront's 64-bit ballot.",
                "vote.sync.{all,any,uni}.pred p, {!}a, membermask:b32",
                "vote.sync.ballot.b32 d, {!}a, membermask:b32",
                "vote.sync.ballot.b64 d, {!}a, membermask:b64",
                "vote.ballot.b64 d, {!}a");
        add(
                "shfl",
                f,
                InstructionClass.BARRIER,
                SyncLowering::shfl,
                "Warp shuffle (up, down, butterfly, indexed) with the clamp/segment operand `c`; the optional"
                        + " predicate says whether the source lane was in range (the forms without `.sync` are not"
                        + " valid for sm_70 and later). On a 64-lane wavefront lane numbers are relative to the"
                        + " executing lane's 32-lane half. Extension: `shfl.wave` shuffles across the whole wavefront"
                        + " (lanes 0..warp size-1, no clamp operand; an out-of-range source lane reads the lane's own"
                        + " value and clears the predicate).",
                "shfl.sync.{up,down,bfly,idx}.b32 d{|p}, a, b, c, membermask:b32",
                "shfl.wave.{up,down,bfly,idx}.b32 d{|p}, a, b");
        add(
                "activemask",
                f,
                InstructionClass.BARRIER,
                SyncLowering::activemask,
                "The mask of the warp's active lanes (on a 64-lane wavefront: of the executing lane's 32-lane half)."
                        + " Extension: `activemask.b64` is the whole wavefront's 64-bit mask.",
                "activemask.b32 d",
                "activemask.b64 d");
        add(
                "match",
                f,
                InstructionClass.BARRIER,
                SyncLowering::match,
                "The lanes of the member mask whose `a` equals this lane's (`.any`), or all lanes when every"
                        + " value is equal (`.all`, with the predicate saying so).",
                "match.any.sync.{b32,b64} d:b32, a, membermask:b32",
                "match.all.sync.{b32,b64} d{|p}:b32, a, membermask:b32");
    }

    private OpcodeTable() {}

    private static String sfuName(String op) {
        switch (op) {
            case "ex2":
                return "base-2 exponential";
            case "lg2":
                return "base-2 logarithm";
            case "sin":
                return "sine";
            default:
                return "cosine";
        }
    }

    private static String[] hintForms(String op) {
        switch (op) {
            case "prefetch":
                return new String[] {
                    "prefetch{.global,.local}.{L1,L2} [a]", "prefetch.global.{L2::evict_last,L2::evict_normal} [a]"
                };
            case "prefetchu":
                return new String[] {"prefetchu.L1 [a]"};
            case "discard":
                return new String[] {"discard.global.L2 [a], immSize"};
            case "applypriority":
                return new String[] {"applypriority.global.L2::evict_normal [a], immSize"};
            case "nanosleep":
                return new String[] {"nanosleep.u32 t"};
            default:
                return new String[] {"pmevent immEvent", "pmevent.mask immMask"};
        }
    }

    /** Adds a row; forms starting with {@code "!reason: "} are valid PTX the engine does not run. */
    private static void add(
            String name,
            InstructionFamily family,
            InstructionClass cls,
            OpcodeLowerer lowerer,
            String doc,
            String... forms) {
        List<OpcodeForm> parsed = new ArrayList<>();
        for (String s : forms) {
            OpcodeForm form;
            if (s.startsWith("!")) {
                int colon = s.indexOf(": ");
                form = OpcodeForm.parse(s.substring(colon + 2), s.substring(1, colon));
            } else {
                form = OpcodeForm.parse(s, null);
            }
            if (!form.opcode().equals(name) && form.unsupported() == null) {
                throw new IllegalStateException("form " + s + " is not of opcode " + name);
            }
            parsed.add(form);
        }
        boolean relaxed = RELAXED_SIZES.contains(name);
        if (TABLE.put(name, new Opcode(name, family, cls, lowerer, parsed, doc, relaxed)) != null) {
            throw new IllegalStateException("opcode " + name + " twice in the table");
        }
    }

    /** The row of opcode {@code name} (without modifiers), or null when the software GPU does not run it. */
    static Opcode lookup(String name) {
        return TABLE.get(name);
    }

    /** Every row, in table order (grouped by family). */
    static List<Opcode> all() {
        return List.copyOf(TABLE.values());
    }
}
