package dev.gmac.gpu.exec;

import java.util.List;

/**
 * A per-warp divergence model: which lanes run next, at which PC, and where divergent paths reconverge
 * (Fung thesis §2.1.2, Fig 2.3; GPGPU architecture slides, Part 2 "SIMT stack"). The interpreter asks it for
 * the active PC and mask before each instruction and reports control flow to it. The PDOM stack ({@link
 * PdomStack}) is the first implementation; thread block compaction and the transactional-memory retry entries
 * of Kilo TM plug in as other implementations or entry kinds.
 *
 * <p>Every entry also records the call depth of its lanes' register frame, so that device-function calls are
 * entries too: {@link #call} pushes one, {@link #ret} pops it.
 */
public interface SimtStack {
    /** A stack entry as seen from outside (bottom to top in {@link #entries()}). */
    record Entry(int pc, int rpc, int mask, int frameDepth, Kind kind) {
        @Override
        public String toString() {
            return "(" + pc + "," + (rpc < 0 ? "-" : Integer.toString(rpc)) + "," + Integer.toBinaryString(mask)
                    + (kind == Kind.CALL ? ",call" : "") + ")";
        }
    }

    /** Why an entry exists. */
    enum Kind {
        /** The warp's initial entry. */
        BASE,
        /** A divergent path, or the reconvergence entry below divergent paths. */
        PATH,
        /** A device-function call. */
        CALL
    }

    /** Empties the stack and pushes the initial entry. */
    void reset(int entryPc, int mask);

    /** True when no entry is left (every lane finished). */
    boolean isEmpty();

    /** PC of the top entry. */
    int pc();

    /** Reconvergence PC of the top entry (-1 for none). */
    int rpc();

    /** Active mask of the top entry. */
    int activeMask();

    /** Call depth of the top entry's register frame. */
    int frameDepth();

    /** Kind of the top entry. */
    Kind topKind();

    /** Moves the top entry to {@code pc} (straight-line execution or a uniform branch). */
    void setPc(int pc);

    /**
     * A conditional branch at the top entry: lanes of {@code takenMask} (a subset of the active mask) go to
     * {@code target}, the other active lanes to {@code fallthroughPc}; divergent paths reconverge at {@code
     * reconvergencePc}. Returns true when the lanes went both ways.
     */
    boolean branch(int takenMask, int target, int fallthroughPc, int reconvergencePc);

    /** A call: the top entry resumes at {@code returnPc} later; a call entry runs from {@code entryPc}. */
    void call(int entryPc, int returnPc);

    /** Returns from a call: pops the top entry, which must be a call entry. */
    void ret();

    /** Removes {@code lanes} from every entry (the lanes exited or trapped). */
    void exitLanes(int lanes);

    /** Pops entries that reached their reconvergence point or have no lanes left. */
    void reconverge();

    /** Number of entries. */
    int depth();

    /** The deepest the stack has been since {@link #reset}. */
    int maxDepth();

    /** A snapshot, bottom entry first. */
    List<Entry> entries();
}
