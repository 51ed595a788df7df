package dev.gmac.gpu.cfg;

import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.StateSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Which pointer parameters of a kernel it dereferences, and which it may store through: a dataflow analysis of
 * the lowered code of one {@code .entry} (ADSM paper, Gelado et al., ASPLOS 2010, §4.3: "interprocedural
 * pointer analysis in the compiler" can tell which objects a kernel writes, so the others stay valid on the
 * host across the call).
 *
 * <h2>The analysis</h2>
 *
 * <p>Every register gets a <em>provenance</em>: the set of 64-bit kernel parameters its value may be derived
 * from, plus an <em>unknown</em> flag for values that may be pointers from anywhere (anything loaded from
 * memory, since a pointer may be stored there). It is computed flow-insensitively over the kernel's code (the
 * union over every instruction that defines the register, iterated to a fixed point), which is sound for any
 * control flow and exact for the single-assignment code nvcc emits:
 *
 * <ul>
 *   <li>{@code ld.param} of an 8-byte parameter: that parameter. Other parameters, immediates and special
 *       registers: nothing.
 *   <li>Loads from memory (any space other than the parameter buffer): unknown.
 *   <li>Integer addition, subtraction and multiply-add: the parameters of the operands; unknown only if no
 *       operand carries a parameter (C's rule that a pointer plus an integer points into the same object, so
 *       {@code p + table[i]} is still {@code p}).
 *   <li>Everything else ({@code mov}, {@code cvta}, {@code cvt}, {@code selp}, logic, ...): the union of the
 *       operands.
 * </ul>
 *
 * <p>Then each global or generic load, store and atomic with a register address contributes the parameters of
 * its address: a parameter in a load address is <em>dereferenced</em>; in a store or atomic address it <em>may
 * be written</em>. A store or atomic whose address carries the unknown flag <em>writes through an unknown
 * pointer</em>: it may write the object of any 8-byte parameter (the parameter may have been stored in memory
 * and loaded back). Addresses made only of immediates, special registers, narrow parameters and the addresses of
 * local or module variables ("fixed") never reach a buffer, nor do stores to absolute addresses (module {@code
 * .global} variables), shared or local memory. A kernel that calls a device function is not analysed ({@link #isAnalysed()} false): every 8-byte
 * parameter is then treated as dereferenced and possibly written.
 *
 * <p>So a parameter that is dereferenced and never in a store address, in a kernel without unknown stores, is
 * provably only read through (nvcc's {@code ld.global.nc} for {@code const __restrict__} parameters is the
 * common case, but {@code .nc} is not needed). The analysis reads {@link Program#code()} and the kernel's
 * {@link FunctionInfo}; it relies on the lowering's convention that a register-addressed memory instruction
 * lists its address register first in {@link Insn#srcRegs}.
 */
public final class ParamAccess {
    // Bits of a provenance: UNKNOWN, FIXED (immediates, special registers, local and module-variable
    // addresses, narrow parameters: never a buffer's address), then parameter i at bit FIRST_PARAM + i.
    private static final int UNKNOWN = 0;
    private static final int FIXED = 1;
    private static final int FIRST_PARAM = 2;

    private final String kernel;
    private final int params;
    private final int[] paramSizes;
    private final boolean analysed;
    private final BitSet dereferenced;
    private final BitSet written;
    private final boolean unknownWrites;
    private final List<Integer> unknownWriteLines;
    private final List<List<Integer>> writeLines;

    private ParamAccess(
            String kernel,
            int[] paramSizes,
            boolean analysed,
            BitSet dereferenced,
            BitSet written,
            boolean unknownWrites,
            List<Integer> unknownWriteLines,
            List<List<Integer>> writeLines) {
        this.kernel = kernel;
        this.params = paramSizes.length;
        this.paramSizes = paramSizes.clone();
        this.analysed = analysed;
        this.dereferenced = dereferenced;
        this.written = written;
        this.unknownWrites = unknownWrites;
        this.unknownWriteLines = unknownWriteLines;
        this.writeLines = writeLines;
    }

    /**
     * Analyses kernel {@code kernelName} of {@code program}.
     *
     * @throws IllegalArgumentException when the program has no such kernel
     */
    public static ParamAccess analyze(Program program, String kernelName) {
        FunctionInfo f = program.function(kernelName);
        if (f == null || !f.isEntry) {
            throw new IllegalArgumentException("no kernel named '" + kernelName + "' in the program");
        }
        int n = f.paramOffsets.length;
        Insn[] code = program.code();
        List<List<Integer>> writeLines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            writeLines.add(new ArrayList<>());
        }
        for (int pc = f.entryPc; pc <= f.exitPc; pc++) {
            if (code[pc].op == Op.CALL) {
                BitSet all = new BitSet();
                for (int i = 0; i < n; i++) {
                    if (f.paramSizes[i] == 8) {
                        all.set(i);
                    }
                }
                return new ParamAccess(
                        kernelName,
                        f.paramSizes,
                        false,
                        all,
                        (BitSet) all.clone(),
                        true,
                        List.of(code[pc].line),
                        writeLines);
            }
        }
        BitSet[] provenance = provenance(code, f);
        BitSet dereferenced = new BitSet();
        BitSet written = new BitSet();
        boolean unknownWrites = false;
        List<Integer> unknownLines = new ArrayList<>();
        for (int pc = f.entryPc; pc <= f.exitPc; pc++) {
            Insn insn = code[pc];
            int kind = memoryKind(insn);
            if (kind == NOT_MEMORY || insn.addrMode != Insn.ADDR_REG || !reachesBuffers(insn.space)) {
                continue;
            }
            BitSet address = insn.srcRegs.length == 0 ? unknown() : provenance[insn.srcRegs[0]];
            if (address.isEmpty()) {
                address = unknown(); // a register the kernel never defines: no claim about it
            }
            for (int bit = address.nextSetBit(FIRST_PARAM); bit >= 0; bit = address.nextSetBit(bit + 1)) {
                dereferenced.set(bit - FIRST_PARAM);
                if (kind == STORE) {
                    written.set(bit - FIRST_PARAM);
                    writeLines.get(bit - FIRST_PARAM).add(insn.line);
                }
            }
            if (kind == STORE && address.get(UNKNOWN)) {
                unknownWrites = true;
                unknownLines.add(insn.line);
            }
        }
        return new ParamAccess(
                kernelName, f.paramSizes, true, dereferenced, written, unknownWrites, unknownLines, writeLines);
    }

    private static final int NOT_MEMORY = 0;
    private static final int LOAD = 1;
    private static final int STORE = 2;

    private static int memoryKind(Insn insn) {
        return switch (insn.op) {
            case Op.LD, Op.LD_GLOBAL_32, Op.LD_GLOBAL_64 -> LOAD;
            case Op.ST, Op.ST_GLOBAL_32, Op.ST_GLOBAL_64, Op.ATOM -> STORE;
            default -> NOT_MEMORY;
        };
    }

    /** Whether an access in {@code space} may reach device global memory, where buffers live. */
    private static boolean reachesBuffers(int space) {
        return space == StateSpace.GLOBAL || space == StateSpace.GENERIC;
    }

    /** The provenance of every register slot of {@code f}, to a fixed point. */
    private static BitSet[] provenance(Insn[] code, FunctionInfo f) {
        BitSet[] of = new BitSet[Math.max(1, f.slots)];
        for (int s = 0; s < of.length; s++) {
            of[s] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int pc = f.entryPc; pc <= f.exitPc; pc++) {
                Insn insn = code[pc];
                if (insn.dstRegs.length == 0 && insn.vec == null) {
                    continue;
                }
                BitSet value = valueOf(insn, of, f);
                for (int d : insn.dstRegs) {
                    if (d < of.length && !contains(of[d], value)) {
                        of[d].or(value);
                        changed = true;
                    }
                }
            }
        }
        return of;
    }

    private static BitSet unknown() {
        BitSet value = new BitSet();
        value.set(UNKNOWN);
        return value;
    }

    private static BitSet valueOf(Insn insn, BitSet[] of, FunctionInfo f) {
        BitSet value = new BitSet();
        if (insn.op == Op.LD_KPARAM) {
            int param = paramAt(f, insn.imm);
            value.set(param >= 0 && f.paramSizes[param] == 8 && insn.width == 8 ? FIRST_PARAM + param : FIXED);
            return value;
        }
        if (memoryKind(insn) == LOAD || insn.op == Op.ATOM || insn.op == Op.SHFL) {
            value.set(UNKNOWN); // a value from memory (or another lane) may be any pointer
            return value;
        }
        if (insn.srcRegs.length == 0) {
            value.set(FIXED); // immediates, special registers, addresses of local and module variables
            return value;
        }
        for (int s : insn.srcRegs) {
            if (s < of.length) {
                value.or(of[s]);
            }
        }
        if (isPointerArithmetic(insn) && value.nextSetBit(FIRST_PARAM) >= 0) {
            value.clear(UNKNOWN);
        }
        return value;
    }

    private static boolean isPointerArithmetic(Insn insn) {
        return switch (insn.op) {
            case Op.ADD_I64, Op.SUB_I64, Op.MAD_LO_I64 -> true;
            case Op.IALU ->
                insn.sub == Op.I_ADD || insn.sub == Op.I_SUB || insn.sub == Op.I_MAD_LO || insn.sub == Op.I_MAD_WIDE;
            default -> false;
        };
    }

    private static int paramAt(FunctionInfo f, long offset) {
        for (int i = 0; i < f.paramOffsets.length; i++) {
            if (offset >= f.paramOffsets[i] && offset < f.paramOffsets[i] + f.paramSizes[i]) {
                return i;
            }
        }
        return -1;
    }

    private static boolean contains(BitSet set, BitSet other) {
        BitSet missing = (BitSet) other.clone();
        missing.andNot(set);
        return missing.isEmpty();
    }

    // ---- results ------------------------------------------------------------------------------------

    /** The kernel's name. */
    public String kernel() {
        return kernel;
    }

    /** Whether the code was analysed (false when the kernel calls a device function: all is assumed). */
    public boolean isAnalysed() {
        return analysed;
    }

    /** Whether parameter {@code index} is used (possibly after arithmetic) as a global or generic address. */
    public boolean isDereferenced(int index) {
        check(index);
        return dereferenced.get(index);
    }

    /**
     * Whether the kernel may store through parameter {@code index} (directly, or through a pointer of unknown
     * origin, which may point into the same object).
     */
    public boolean mayWriteThrough(int index) {
        check(index);
        return written.get(index) || (unknownWrites && paramSizes[index] == 8);
    }

    /** Whether parameter {@code index} is provably only ever loaded through (dereferenced, never stored through). */
    public boolean isReadOnly(int index) {
        return isDereferenced(index) && !mayWriteThrough(index);
    }

    /** Whether some store or atomic writes through a pointer the analysis cannot tie to parameters. */
    public boolean writesThroughUnknownPointers() {
        return unknownWrites;
    }

    /** PTX lines of the stores and atomics that write through parameter {@code index}, in code order. */
    public List<Integer> writeLines(int index) {
        check(index);
        return List.copyOf(writeLines.get(index));
    }

    /** PTX lines of the stores and atomics through pointers of unknown origin (or of a call, unanalysed). */
    public List<Integer> unknownWriteLines() {
        return List.copyOf(unknownWriteLines);
    }

    private void check(int index) {
        if (index < 0 || index >= params) {
            throw new IndexOutOfBoundsException("kernel " + kernel + " has " + params + " parameters, not " + index);
        }
    }

    @Override
    public String toString() {
        String[] roles = new String[params];
        for (int i = 0; i < params; i++) {
            roles[i] = !isDereferenced(i) ? "value" : isReadOnly(i) ? "read-only" : "written";
        }
        return "ParamAccess[" + kernel + ": " + Arrays.toString(roles)
                + (unknownWrites ? ", writes through unknown pointers at lines " + unknownWriteLines : "") + "]";
    }
}
