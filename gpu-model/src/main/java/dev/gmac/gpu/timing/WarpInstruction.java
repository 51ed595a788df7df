package dev.gmac.gpu.timing;

/**
 * The seam record between the functional and the timing model: one warp instruction, described in two steps.
 *
 * <ol>
 *   <li><b>Decode</b> ({@link WarpExecutor#decode}) fills the static part, known before issue: PC, {@link
 *       IssueClass}, the destination and source register ids the scoreboard checks, and for memory
 *       instructions the access size and direction.
 *   <li><b>Execute</b> ({@link WarpExecutor#execute}, called when the timing model issues the instruction:
 *       execute-at-issue) fills the dynamic part: the active mask, the address of every active lane, and
 *       whether the whole warp has now exited.
 * </ol>
 *
 * <p>Mutable and reused: the timing model owns one record per warp slot and hands the same record to decode and
 * execute for every instruction, so the hot path allocates nothing. Register ids are small integers in {@code [0,
 * KernelResources.registerSlots())}; predicate registers take ids after the general registers, as the functional
 * model chooses. Warps of up to 64 lanes are supported (the mask is a {@code long}).
 */
public final class WarpInstruction {
    /** Most destination registers one instruction may name (vector loads write up to four). */
    public static final int MAX_DESTINATIONS = 4;
    /** Most source registers one instruction may name (guard predicate included). */
    public static final int MAX_SOURCES = 12;

    private final int warpSize;
    private final int[] destinations = new int[MAX_DESTINATIONS];
    private final int[] sources = new int[MAX_SOURCES];
    private final long[] laneAddress;
    private int pc;
    private IssueClass issueClass = IssueClass.ALU;
    private int destinationCount;
    private int sourceCount;
    private int accessBytes;
    private boolean load;
    private boolean store;
    private long activeMask;
    private long accessMask;
    private boolean accessMaskSet;
    private boolean warpExited;

    /** A record for warps of {@code warpSize} lanes (1 to 64). */
    public WarpInstruction(int warpSize) {
        if (warpSize < 1 || warpSize > 64) {
            throw new IllegalArgumentException("warp size must be 1..64, got " + warpSize);
        }
        this.warpSize = warpSize;
        this.laneAddress = new long[warpSize];
    }

    // ---- decode (static part) ----

    /** Starts describing a new instruction: sets PC and class and clears registers and memory fields. */
    public WarpInstruction decoded(int pc, IssueClass issueClass) {
        this.pc = pc;
        this.issueClass = issueClass;
        this.destinationCount = 0;
        this.sourceCount = 0;
        this.accessBytes = 0;
        this.load = false;
        this.store = false;
        return this;
    }

    /** Adds a register the instruction writes. */
    public WarpInstruction addDestination(int register) {
        if (destinationCount == MAX_DESTINATIONS) {
            throw new IllegalStateException(
                    "instruction at pc " + pc + " names more than " + MAX_DESTINATIONS + " destination registers");
        }
        destinations[destinationCount++] = register;
        return this;
    }

    /** Adds a register the instruction reads. */
    public WarpInstruction addSource(int register) {
        if (sourceCount == MAX_SOURCES) {
            throw new IllegalStateException(
                    "instruction at pc " + pc + " names more than " + MAX_SOURCES + " source registers");
        }
        sources[sourceCount++] = register;
        return this;
    }

    /**
     * Describes the memory access of a memory or atomic instruction.
     *
     * @param bytes per-lane access size (1, 2, 4, 8 or 16; vector accesses give their total size)
     * @param load  true when the instruction reads memory (atomics both read and write)
     * @param store true when the instruction writes memory
     */
    public WarpInstruction memoryAccess(int bytes, boolean load, boolean store) {
        this.accessBytes = bytes;
        this.load = load;
        this.store = store;
        return this;
    }

    // ---- execute (dynamic part) ----

    /** Called by the timing model before execute: clears the mask, addresses are overwritten as needed. */
    public void beginExecute() {
        activeMask = 0;
        accessMaskSet = false;
        warpExited = false;
    }

    /** The lanes that executed the instruction (bit {@code i} = lane {@code i}). */
    public void activeMask(long mask) {
        this.activeMask = mask;
    }

    /**
     * The lanes that accessed memory, when fewer than the active lanes (lanes whose guard predicate was false);
     * defaults to the active mask. Only these lanes' addresses are read.
     */
    public void accessMask(long mask) {
        this.accessMask = mask;
        this.accessMaskSet = true;
    }

    /** The byte address lane {@code lane} accessed (an offset within its local memory for MEM_LOCAL). */
    public void laneAddress(int lane, long address) {
        laneAddress[lane] = address;
    }

    /**
     * Refines the class of a memory instruction during execute, when its space is known only then (a generic
     * address resolved to shared, local or global memory). Both classes must be memory classes: the decoded one
     * already decided which pipeline the instruction waits for.
     */
    public void resolvedClass(IssueClass memoryClass) {
        if (!isMemory() || !isMemoryClass(memoryClass)) {
            throw new IllegalStateException("instruction at pc " + pc + ": cannot change class " + issueClass + " to "
                    + memoryClass + "; only a memory class may be refined to another memory class");
        }
        this.issueClass = memoryClass;
    }

    /**
     * Marks that every lane of the warp has now finished: the warp leaves its slot after this instruction. Any
     * class may end a warp (a functional model may finish the warp as part of its last instruction).
     */
    public void warpExited() {
        this.warpExited = true;
    }

    // ---- accessors for the timing model ----

    public int warpSize() {
        return warpSize;
    }

    public int pc() {
        return pc;
    }

    public IssueClass issueClass() {
        return issueClass;
    }

    public int destinationCount() {
        return destinationCount;
    }

    public int destination(int i) {
        return destinations[i];
    }

    public int sourceCount() {
        return sourceCount;
    }

    public int source(int i) {
        return sources[i];
    }

    public int accessBytes() {
        return accessBytes;
    }

    public boolean isLoad() {
        return load;
    }

    public boolean isStore() {
        return store;
    }

    public long activeMask() {
        return activeMask;
    }

    public int activeLanes() {
        return Long.bitCount(activeMask);
    }

    /** The lanes whose addresses are valid: {@link #accessMask(long)} if set, else the active mask. */
    public long memoryLanes() {
        return accessMaskSet ? accessMask : activeMask;
    }

    public long address(int lane) {
        return laneAddress[lane];
    }

    public boolean hasWarpExited() {
        return warpExited;
    }

    /** True for the classes that use the load/store unit. */
    public boolean isMemory() {
        return isMemoryClass(issueClass);
    }

    private static boolean isMemoryClass(IssueClass c) {
        switch (c) {
            case MEM_GLOBAL:
            case MEM_SHARED:
            case MEM_LOCAL:
            case MEM_CONST:
            case ATOMIC:
                return true;
            default:
                return false;
        }
    }
}
