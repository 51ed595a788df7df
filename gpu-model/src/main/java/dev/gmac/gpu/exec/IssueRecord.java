package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.InstructionClass;
import dev.gmac.gpu.ptx.StateSpace;

/**
 * What one issued warp instruction did, for a timing model that drives the functional model instruction by
 * instruction (execute-at-issue): the instruction and its class, the active and executing lanes, and for
 * memory instructions the space, access size and per-lane addresses. Registers read and written are static and
 * available from {@link Insn#srcRegs} and {@link Insn#dstRegs}. One record is reused for every issue; the
 * functional model fills it only when one is passed, so it costs nothing otherwise.
 */
public final class IssueRecord {
    /** The warp that issued. */
    public Warp warp;
    /** The instruction, or null when the warp could not issue. */
    public Insn insn;
    /** Lanes active on the SIMT stack. */
    public int activeMask;
    /** Active lanes whose guard predicate held. */
    public int executedMask;
    /** Memory space of the access ({@link StateSpace}), or -1. */
    public int space = -1;
    /** Bytes per lane per access (a vector access counts its whole width). */
    public int accessBytes;
    /** True for stores and atomics. */
    public boolean writes;
    /** Lanes whose address is recorded. */
    public int addressMask;
    /** Per-lane addresses (generic accesses are recorded with the resolved space's address). */
    public final long[] addresses = new long[32];

    void begin(Warp w, Insn in, int active, int executed) {
        warp = w;
        insn = in;
        activeMask = active;
        executedMask = executed;
        space = -1;
        accessBytes = 0;
        writes = false;
        addressMask = 0;
    }

    void address(int lane, int space, long addr, int bytes, boolean write) {
        this.space = space;
        this.accessBytes = bytes;
        this.writes = write;
        addresses[lane] = addr;
        addressMask |= 1 << lane;
    }

    /** The instruction's functional-unit class. */
    public InstructionClass instructionClass() {
        return insn == null ? null : insn.cls;
    }
}
