package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.InstructionClass;
import dev.gmac.gpu.ptx.StateSpace;

/**
 * One issued warp instruction: the one record shared by the functional and the timing model (execute-at-issue;
 * GPGPU-Sim's split between functional and performance simulation, Fung thesis §2.3.3). The timing model owns
 * one record per warp slot and reuses it for every instruction, so the hot path allocates nothing. It is filled in
 * two steps:
 *
 * <ol>
 *   <li><b>Decode</b> (before issue, by the timing model's executor): PC, {@link IssueClass}, the destination and
 *       source register ids the scoreboard checks, and for memory instructions the access size and direction.
 *   <li><b>Execute</b> (by the interpreter, when the instruction issues): the instruction, the active lanes and
 *       the lanes whose guard held (a group of several static warps adds each member's lanes), for memory
 *       instructions the space and every accessing lane's address, and afterwards whether the slot now waits
 *       ({@link #slotWaits()}) or is done ({@link #hasWarpExited()}).
 * </ol>
 *
 * <p>The functional model fills the execute part only when a record is passed, so it costs nothing otherwise.
 * Register ids are small integers in {@code [0, KernelResources.registerSlots())}; predicate registers take ids
 * after the general registers, as the executor chooses. Lane masks hold up to 64 lanes.
 */
public final class IssueRecord {
    /** Most destination registers one instruction may name (vector loads write up to four). */
    public static final int MAX_DESTINATIONS = 4;
    /** Most source registers one instruction may name (guard predicate included). */
    public static final int MAX_SOURCES = 12;

    private final int warpSize;
    private final int[] destinations = new int[MAX_DESTINATIONS];
    private final int[] sources = new int[MAX_SOURCES];
    private final long[] laneAddress = new long[64];
    private int pc;
    private IssueClass issueClass = IssueClass.ALU;
    private int destinationCount;
    private int sourceCount;
    private int accessBytes;
    private boolean load;
    private boolean store;
    private long activeMask;
    private long executedMask;
    private long accessMask;
    private boolean accessMaskSet;
    private boolean warpExited;
    private boolean slotWaits;
    private boolean barrierWait;
    private int txReadRow;
    private int txReadRows;
    private int txWriteRow;
    private int txWriteRows;
    private int txWalkRows;
    private boolean txBuffered;
    private boolean yielded;
    private long yieldArea;
    private int yieldBytes;
    private long[] sideAddresses = new long[128];
    private int[] sideRoundEnds = new int[8];
    private int sideRounds;
    private int extraCycles;
    private long memberWarps;
    /** Per static warp of {@link #memberWarps}: the lanes of that warp the issue group holds. */
    private final long[] memberLaneMasks = new long[64];

    private boolean multiWarp;
    private final byte[] laneWarp = new byte[64];

    /** The first member warp of the issuing group (functional execute part). */
    public Warp warp;
    /** The instruction (functional execute part), or null when nothing issued. */
    public dev.gmac.gpu.ptx.Insn insn;
    /** Memory space of the access ({@link StateSpace}), or -1 (functional execute part). */
    public int space = -1;
    /** True for stores and atomics (functional execute part). */
    public boolean writes;

    /** A record for warps of up to 64 lanes. */
    public IssueRecord() {
        this(64);
    }

    /** A record for warps of {@code warpSize} lanes (1 to 64). */
    public IssueRecord(int warpSize) {
        if (warpSize < 1 || warpSize > 64) {
            throw new IllegalArgumentException("warp size must be 1..64, got " + warpSize);
        }
        this.warpSize = warpSize;
    }

    // ---- decode (static part) ----

    /** Starts describing a new instruction: sets PC and class and clears registers and memory fields. */
    public IssueRecord decoded(int pc, IssueClass issueClass) {
        this.pc = pc;
        this.issueClass = issueClass;
        this.destinationCount = 0;
        this.sourceCount = 0;
        this.accessBytes = 0;
        this.load = false;
        this.store = false;
        this.memberWarps = 0;
        return this;
    }

    /**
     * The static warps (bit {@code w} for warp {@code w} of the CTA) whose threads the decoded instruction's issue
     * group holds, when that is not just the slot's own static warp (compacted or dynamic warps, Fung thesis
     * §3.3.2); 0 otherwise. The timing model checks and updates those warps' register scoreboards.
     */
    public IssueRecord memberWarps(long warps) {
        this.memberWarps = warps;
        for (long m = warps; m != 0; m &= m - 1) {
            memberLaneMasks[Long.numberOfTrailingZeros(m)] = -1L;
        }
        return this;
    }

    /** See {@link #memberWarps(long)}; 0 when the group is the slot's own static warp. */
    public long memberWarps() {
        return memberWarps;
    }

    /**
     * Adds static warp {@code warp} to {@link #memberWarps()} with the lanes of it the issue group holds, so that
     * the timing model can track the registers of those lanes apart from the lanes other groups hold (Fung thesis
     * §3.3.2: threads keep their home lanes and the register file is banked per lane).
     */
    public IssueRecord memberWarp(int warp, long lanes) {
        long bit = 1L << warp;
        memberLaneMasks[warp] = (memberWarps & bit) != 0 ? memberLaneMasks[warp] | lanes : lanes;
        memberWarps |= bit;
        return this;
    }

    /** The lanes of static warp {@code warp} that the issue group holds ({@link #memberWarp}); -1 (every lane) when unknown. */
    public long memberLanes(int warp) {
        return memberLaneMasks[warp];
    }

    /** Adds a register the instruction writes. */
    public IssueRecord addDestination(int register) {
        if (destinationCount == MAX_DESTINATIONS) {
            throw new IllegalStateException(
                    "instruction at pc " + pc + " names more than " + MAX_DESTINATIONS + " destination registers");
        }
        destinations[destinationCount++] = register;
        return this;
    }

    /** Adds a register the instruction reads. */
    public IssueRecord addSource(int register) {
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
    public IssueRecord memoryAccess(int bytes, boolean load, boolean store) {
        this.accessBytes = bytes;
        this.load = load;
        this.store = store;
        return this;
    }

    // ---- execute (dynamic part) ----

    /** Called by the timing model before execute: clears the masks and outcomes; addresses are overwritten. */
    public void beginExecute() {
        activeMask = 0;
        executedMask = 0;
        accessMask = 0;
        accessMaskSet = false;
        warpExited = false;
        slotWaits = false;
        barrierWait = false;
        yielded = false;
        insn = null;
        space = -1;
        writes = false;
        txReadRows = 0;
        txWriteRows = 0;
        txWalkRows = 0;
        txBuffered = false;
        sideRounds = 0;
        extraCycles = 0;
        multiWarp = false;
    }

    /** Clears the slot outcome of an earlier issue (the functional model reuses a record without a timing model). */
    void clearOutcome() {
        warpExited = false;
        slotWaits = false;
        barrierWait = false;
        yielded = false;
    }

    /** The interpreter starts executing {@code in} for a group whose first member is {@code w}. */
    void begin(Warp w, dev.gmac.gpu.ptx.Insn in, long active, long executed) {
        warp = w;
        multiWarp = false;
        insn = in;
        activeMask = active;
        executedMask = executed;
        space = -1;
        writes = false;
        accessMask = 0;
        accessMaskSet = true;
    }

    /** Member {@code w} of the issuing group adds its active and executing lanes. */
    void addMember(Warp w, long active, long executed) {
        activeMask |= active;
        executedMask |= executed;
        multiWarp = true;
        for (long m = active; m != 0; m &= m - 1) {
            laneWarp[Long.numberOfTrailingZeros(m)] = (byte) w.index;
        }
    }

    /** Lane {@code lane} accessed {@code bytes} at {@code addr} in {@code space}. */
    void address(int lane, int space, long addr, int bytes, boolean write) {
        this.space = space;
        this.writes = write;
        this.accessBytes = bytes;
        this.load = !write;
        this.store = write;
        laneAddress[lane] = addr;
        accessMask |= 1L << lane;
    }

    /** Sets the lanes that executed the instruction (bit {@code i} = lane {@code i}; trace executors). */
    public void activeMask(long mask) {
        this.activeMask = mask;
    }

    /**
     * Sets the lanes that accessed memory, when fewer than the active lanes (lanes whose guard predicate was
     * false); defaults to the active mask. Only these lanes' addresses are read.
     */
    public void accessMask(long mask) {
        this.accessMask = mask;
        this.accessMaskSet = true;
    }

    /** Sets the byte address lane {@code lane} accessed (an offset within its local memory for MEM_LOCAL). */
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
     * The instruction was a transactional global access of a TM model that keeps logs (Fung thesis §4.2.3-4.2.4):
     * it appended {@code readRows} read-log rows from row {@code readRow} and {@code writeRows} write-log rows from
     * {@code writeRow} (each a coalesced local-memory write for the whole warp), some lane read its own write so
     * the warp waits for a walk of {@code walkRows} write-log rows, and when {@code buffered} the global store it
     * stands for was buffered and must not reach memory. Set by the timing model's bridge after execute.
     */
    public void txLog(int readRow, int readRows, int writeRow, int writeRows, int walkRows, boolean buffered) {
        this.txReadRow = readRow;
        this.txReadRows = readRows;
        this.txWriteRow = writeRow;
        this.txWriteRows = writeRows;
        this.txWalkRows = walkRows;
        this.txBuffered = buffered;
    }

    /** First read-log row the instruction appended ({@link #txLog}). */
    public int txReadRow() {
        return txReadRow;
    }

    /** Read-log rows appended. */
    public int txReadRows() {
        return txReadRows;
    }

    /** First write-log row appended. */
    public int txWriteRow() {
        return txWriteRow;
    }

    /** Write-log rows appended. */
    public int txWriteRows() {
        return txWriteRows;
    }

    /** Write-log rows the warp walks before the load completes. */
    public int txWalkRows() {
        return txWalkRows;
    }

    /** True when the store was buffered in the write-log (no global memory access). */
    public boolean txBuffered() {
        return txBuffered;
    }

    /**
     * Adds a round of shared-memory accesses that the TM hardware made for this instruction besides its own
     * (GPU-LocalTM's shadow memory: ownership checks, backups, owner updates, restores of an aborted work-item;
     * Villegas et al., Euro-Par 2016 Workshops, §4 "Latency Overhead": shadow accesses are timed as local-memory
     * accesses). {@code addresses[0..n)} are byte offsets in the CTA's shared memory; the load/store unit serves
     * each round like a warp's shared access, with its bank conflicts, after the instruction's own.
     */
    public void addSideRound(long[] addresses, int n) {
        if (n <= 0) {
            return;
        }
        int start = sideRounds == 0 ? 0 : sideRoundEnds[sideRounds - 1];
        if (start + n > sideAddresses.length) {
            sideAddresses = java.util.Arrays.copyOf(sideAddresses, Math.max(start + n, 2 * sideAddresses.length));
        }
        System.arraycopy(addresses, 0, sideAddresses, start, n);
        if (sideRounds == sideRoundEnds.length) {
            sideRoundEnds = java.util.Arrays.copyOf(sideRoundEnds, 2 * sideRoundEnds.length);
        }
        sideRoundEnds[sideRounds++] = start + n;
    }

    /** Adds {@code cycles} of latency the TM hardware adds to this instruction (mask or state-bit handling). */
    public void addExtraCycles(int cycles) {
        extraCycles += cycles;
    }

    /** Rounds of side accesses ({@link #addSideRound}). */
    public int sideRounds() {
        return sideRounds;
    }

    /** First index of round {@code r} in {@link #sideAddress(int)}. */
    public int sideRoundStart(int r) {
        return r == 0 ? 0 : sideRoundEnds[r - 1];
    }

    /** End (exclusive) of round {@code r} in {@link #sideAddress(int)}. */
    public int sideRoundEnd(int r) {
        return sideRoundEnds[r];
    }

    /** Side access {@code i}: a byte offset in the CTA's shared memory. */
    public long sideAddress(int i) {
        return sideAddresses[i];
    }

    /** Extra cycles of latency ({@link #addExtraCycles}). */
    public int extraCycles() {
        return extraCycles;
    }

    /** Marks that the slot will never issue again (every thread of its group finished). */
    public void warpExited() {
        this.warpExited = true;
    }

    /**
     * Marks that the slot now waits (a CTA barrier, a block-wide synchronisation, a transaction) until the
     * functional model wakes it; {@code barrier} when the wait is a CTA barrier (the timing model adds its release
     * latency).
     */
    public void slotWaits(boolean barrier) {
        this.slotWaits = true;
        this.barrierWait = barrier;
    }

    /**
     * Marks that the slot's wavefront executed {@code yield.wave} (Orr et al., ISCA 2014, §6): its registers are in
     * the save area at {@code area} ({@code bytes} written), and the timing model may free its hardware context.
     */
    public void yielded(long area, int bytes) {
        this.yielded = true;
        this.yieldArea = area;
        this.yieldBytes = bytes;
    }

    // ---- accessors ----

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

    /** Lanes active in the issue group. */
    public long activeMask() {
        return activeMask;
    }

    /** Active lanes whose guard predicate held. */
    public long executedMask() {
        return executedMask;
    }

    public int activeLanes() {
        return Long.bitCount(activeMask);
    }

    /** The lanes whose addresses are valid: the accessing lanes if set, else the active mask. */
    public long memoryLanes() {
        return accessMaskSet ? accessMask : activeMask;
    }

    /** Lanes whose address was recorded (functional execute part). */
    public long addressMask() {
        return accessMaskSet ? accessMask : 0;
    }

    public long address(int lane) {
        return laneAddress[lane];
    }

    /**
     * True when the issuing group held threads of several static warps (each lane's warp is {@link #laneWarp});
     * false when every lane is the first member's ({@link #warp}).
     */
    public boolean isMultiWarp() {
        return multiWarp;
    }

    /** The index in its CTA of the static warp whose thread ran in {@code lane} (see {@link #isMultiWarp}). */
    public int laneWarp(int lane) {
        return multiWarp ? laneWarp[lane] : warp.index;
    }

    public boolean hasWarpExited() {
        return warpExited;
    }

    /** True when the wavefront yielded with this instruction ({@link #yielded(long, int)}). */
    public boolean hasYielded() {
        return yielded;
    }

    /** The yielded wavefront's save area. */
    public long yieldArea() {
        return yieldArea;
    }

    /** Bytes the yield saved. */
    public int yieldBytes() {
        return yieldBytes;
    }

    /** True when the slot waits after this instruction. */
    public boolean slotWaits() {
        return slotWaits;
    }

    /** True when the wait is a CTA barrier. */
    public boolean barrierWait() {
        return barrierWait;
    }

    /** The instruction's functional-unit class (functional execute part). */
    public InstructionClass instructionClass() {
        return insn == null ? null : insn.cls;
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
