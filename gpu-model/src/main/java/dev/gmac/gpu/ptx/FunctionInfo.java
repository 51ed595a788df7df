package dev.gmac.gpu.ptx;

/**
 * A lowered {@code .entry} or {@code .func}: where its code starts and ends in the module's code array, the
 * size of its register frame (declared registers plus constant slots holding the immediates its instructions
 * use), its predicate count, and its local-memory frame layout (device-function parameters and return values,
 * {@code .param} variables of call sites, {@code .local} arrays).
 */
public final class FunctionInfo {
    /** The function name. */
    public final String name;
    /** True for a kernel. */
    public final boolean isEntry;
    /** Index in {@link Program#functions()}. */
    public final int index;
    /** 1-based PTX line of the header. */
    public final int line;
    /** First instruction. */
    public int entryPc;
    /** The function's exit instruction ({@link Op#RET_EXIT}), where every path of the function ends. */
    public int exitPc;
    /** Register slots (declared registers, then constants). */
    public int slots;
    /** Constant slots: slot index of each constant. */
    public int[] constSlots = new int[0];
    /** Constant slots: raw 64-bit value of each constant. */
    public long[] constValues = new long[0];
    /** Predicate registers. */
    public int preds;
    /** Bytes of this function's local frame (16-byte aligned). */
    public int frameBytes;
    /** Device functions: frame offsets of the parameters; kernels: offsets in the parameter buffer. */
    public int[] paramOffsets = new int[0];
    /** Sizes of the parameters. */
    public int[] paramSizes = new int[0];
    /** Device functions: frame offsets of the return values. */
    public int[] returnOffsets = new int[0];
    /** Sizes of the return values. */
    public int[] returnSizes = new int[0];
    /** Kernels: size of the parameter buffer. */
    public int paramBufferBytes;
    /** Kernels: the signature. */
    public KernelSignature signature;
    /**
     * Kernels: bytes of static shared memory per CTA, counting only the {@code .shared} variables this kernel and
     * the device functions it calls use ({@link SharedLayout}).
     */
    public int staticSharedBytes;
    /** Kernels: the shared-space offset where this kernel's dynamic ({@code extern .shared}) area begins. */
    public int dynamicSharedOffset;

    FunctionInfo(String name, boolean isEntry, int index, int line) {
        this.name = name;
        this.isEntry = isEntry;
        this.index = index;
        this.line = line;
    }

    @Override
    public String toString() {
        return (isEntry ? ".entry " : ".func ") + name + " [" + entryPc + ".." + exitPc + "]";
    }
}
