package dev.gmac.gpu.ptx;

/**
 * One decoded instruction: the compact executable form that {@link Lowering} produces once per instruction
 * at load time, so that the interpreter never looks at text again. Registers are resolved to slots of the
 * function's register frame and stored pre-multiplied by the warp width the program was lowered for ({@link
 * Program#registerStride()}: the index of lane 0 of that register in a warp's flat {@code long[]} register file); predicates are resolved to indices of the warp's predicate masks;
 * immediates live in constant slots of the frame; branch targets and reconvergence points are instruction
 * indices; addresses of named variables are pre-resolved into {@link #imm}.
 *
 * <p>Fields are written only by {@link Lowering} (and the control-flow analysis that fills {@link #rpc}) and
 * are read-only afterwards. Which fields an opcode uses is documented in {@link Op} and {@link Lowering}.
 */
public final class Insn {
    /** Address mode: the address is {@link #imm}. */
    public static final int ADDR_ABS = 0;
    /** Address mode: register {@link #a} plus {@link #imm}. */
    public static final int ADDR_REG = 1;
    /** Address mode: the current frame's local base plus {@link #imm} (device-function params, .local). */
    public static final int ADDR_FRAME = 2;

    /** The opcode ({@link Op}). */
    public final int op;
    /** 1-based PTX source line. */
    public final int line;
    /** 1-based PTX source column where the instruction starts (its guard if any), or 0 for one the lowering added. */
    public final int column;
    /** The CUDA source position of the {@code .loc} directive in effect (nvcc {@code -lineinfo}), or null. */
    public SourceLocation source;
    /** The opcode with modifiers as written, for messages. */
    public final String text;
    /** Index of this instruction in the module's code array. */
    public int pc;
    /** Functional-unit class for a timing model. */
    public InstructionClass cls = InstructionClass.ALU;

    /** Guard predicate index, or -1 when unguarded. */
    public int guard = -1;
    /** True for {@code @!p}. */
    public boolean guardNeg;

    /** Destination register slot base (slot × {@link Program#registerStride()}), or predicate index for predicate destinations; -1 none. */
    public int d = -1;
    /** Second destination (the {@code q} of {@code p|q}); -1 none. */
    public int d2 = -1;
    /** First source. */
    public int a = -1;
    /** Second source. */
    public int b = -1;
    /** Third source. */
    public int c = -1;
    /** Fourth source. */
    public int e = -1;
    /** True when predicate source {@link #c} is negated ({@code !p}). */
    public boolean cNeg;
    /** True when predicate source {@link #a} is negated. */
    public boolean aNeg;
    /** True when predicate source {@link #b} is negated. */
    public boolean bNeg;

    /** Sub-operation within a family opcode. */
    public int sub;
    /** Second sub-operation (boolean combining of setp, prmt mode, ...). */
    public int sub2;
    /** Rounding mode ({@link Op#RND_RN}...). */
    public int rnd = Op.RND_NONE;
    /** Flush subnormals to zero. */
    public boolean ftz;
    /** Saturate. */
    public boolean sat;
    /** Instruction type (the first type modifier). */
    public PtxType type;
    /** Second type modifier (cvt source type, setp/slct operand type, ...). */
    public PtxType type2;
    /** 64 minus the bit width of {@link #type}: the shift that sign- or zero-extends a raw register value. */
    public int sh;
    /** True when {@link #type} is signed. */
    public boolean signed;
    /** Immediate: address offset, absolute address, LUT, ... */
    public long imm;

    /** A load through the read-only (non-coherent) path, {@code ld.global.nc}: the data does not change in the launch. */
    public boolean readOnly;
    /** Memory space ({@link StateSpace}). */
    public int space;
    /** Address mode ({@link #ADDR_ABS}, {@link #ADDR_REG}, {@link #ADDR_FRAME}). */
    public int addrMode;
    /** Access width in bytes of one element. */
    public int width;
    /** Vector registers of a .v2/.v4 access or of pack/unpack (slot bases, -1 for the sink {@code _}). */
    public int[] vec;

    /** Branch target, or callee entry. */
    public int target = -1;
    /** Reconvergence PC: the immediate post-dominator of this branch. */
    public int rpc = -1;
    /**
     * Likely-convergence PC of a conditional branch (Fung thesis §3.4): the backward branch closing the innermost
     * loop around it, when the branch's IPDOM lies outside that loop ({@link dev.gmac.gpu.cfg.LikelyConvergence}),
     * else -1.
     */
    public int lpc = -1;
    /**
     * True for a conditional branch whose predicate {@link Uniformity} proved equal for every thread of a CTA that
     * reaches it together (the compiler's "not potentially divergent" annotation, Fung thesis §3.3.1): thread block
     * compaction does not synchronise there.
     */
    public boolean blockUniform;
    /** True for bra.uni / call.uni. */
    public boolean uniform;
    /** Callee function index (call), or the function this instruction belongs to (ret-exit). */
    public int callee = -1;
    /** Call arguments: kind (0 = frame offset of a .param variable, 1 = register slot base) per argument. */
    public int[] argKind;
    /** Call arguments: frame offset or register slot base per argument. */
    public int[] argValue;
    /** Call return values: kind per return value (as {@link #argKind}). */
    public int[] retKind;
    /** Call return values: frame offset or register slot base. */
    public int[] retValue;

    /** Register slots (not bases) read, for a scoreboard. */
    public int[] srcRegs = new int[0];
    /** Register slots (not bases) written, for a scoreboard. */
    public int[] dstRegs = new int[0];
    /** Predicate registers read (the guard is in {@link #guard}). */
    public int[] srcPreds = new int[0];
    /** Predicate registers written. */
    public int[] dstPreds = new int[0];

    Insn(int op, int line, int column, String text) {
        this.op = op;
        this.line = line;
        this.column = column;
        this.text = text;
    }

    void setType(PtxType t) {
        this.type = t;
        if (t != null) {
            this.sh = 64 - Math.min(64, t.bits());
            this.signed = t.isSigned();
        }
    }

    @Override
    public String toString() {
        return pc + ": " + text + " (line " + line + ")";
    }
}
