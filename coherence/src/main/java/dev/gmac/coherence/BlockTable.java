package dev.gmac.coherence;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The states of the blocks of one shared object, one {@code int} per block, read and changed only through a
 * {@link VarHandle} so that every transition is a single atomic step.
 *
 * <p>Memory ordering: every access is in volatile mode. Reads happen on slow paths only (faults, window
 * computation, releases), so the cost does not matter, and volatile mode puts the state accesses into the
 * same total order as the CAS on {@link SharedObject}'s writer field. Rolling-update's eviction relies on
 * that order (a Dekker-style handshake: the evictor CASes the state, then reads the writers; a joining
 * writer CASes the writers, then reads the state; at least one of them sees the other). A thread that moves
 * a block out of {@link BlockState#FETCHING} after filling the host copy publishes the host bytes with that
 * volatile write; a thread that reads the new state with a volatile read may then read the bytes.
 *
 * <p>Each block's word also counts its evictions: the state takes the low {@link #STATE_BITS} bits, and every
 * {@code DIRTY -> FLUSHING} transition adds one to the bits above, in the same CAS. An eager eviction's DMA job
 * remembers the word it found ({@link #word}) and publishes the block clean only with a CAS from exactly that
 * word ({@link #casWord}): if a host write took the block back and a later eviction made it {@code FLUSHING}
 * again while the job was copying, the state is the same but the count is not, so the job cannot mistake the
 * later eviction for its own and mark the newer host bytes clean (the ABA of decision 0121).
 */
final class BlockTable {
    static final int INVALID = BlockState.INVALID.ordinal();
    static final int READ_ONLY = BlockState.READ_ONLY.ordinal();
    static final int DIRTY = BlockState.DIRTY.ordinal();
    static final int FETCHING = BlockState.FETCHING.ordinal();
    static final int FLUSHING = BlockState.FLUSHING.ordinal();

    /** Bits of a block's word that hold its state; the bits above count its evictions. */
    static final int STATE_BITS = 3;

    private static final int STATE_MASK = (1 << STATE_BITS) - 1;
    private static final int ONE_EVICTION = 1 << STATE_BITS;

    private static final VarHandle STATES = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle RANGES = MethodHandles.arrayElementVarHandle(Object[].class);

    private final int[] states;
    private final Object[] ranges; // BlockRanges or null; allocated only for objects that track ranges

    BlockTable(int blocks, int initialState, boolean tracksRanges) {
        this.states = new int[blocks];
        this.ranges = tracksRanges ? new Object[blocks] : null;
        for (int i = 0; i < blocks; i++) {
            STATES.setVolatile(states, i, initialState);
        }
    }

    /**
     * The sub-block ranges of {@code block}, or null when the block is whole (its state says it all). Read in
     * volatile mode after the state; written, in volatile mode, before the state write that publishes them, by
     * the thread that holds the block in {@code FETCHING} (or under the owning context's call lock while no
     * host access may race, at a release).
     */
    BlockRanges ranges(int block) {
        return ranges == null ? null : (BlockRanges) RANGES.getVolatile(ranges, block);
    }

    void setRanges(int block, BlockRanges value) {
        if (ranges != null) {
            RANGES.setVolatile(ranges, block, value);
        }
    }

    int size() {
        return states.length;
    }

    int get(int block) {
        return stateOf(word(block));
    }

    /** The block's whole word: its state and its eviction count (see the class comment). */
    int word(int block) {
        return (int) STATES.getVolatile(states, block);
    }

    /** The state held in a word returned by {@link #word}. */
    static int stateOf(int word) {
        return word & STATE_MASK;
    }

    /**
     * Moves the block from state {@code expected} to {@code next} (keeping its eviction count, adding one for
     * {@code DIRTY -> FLUSHING}); false when the block was not in state {@code expected}.
     */
    boolean cas(int block, int expected, int next) {
        for (; ; ) {
            int word = word(block);
            if (stateOf(word) != expected) {
                return false;
            }
            if (STATES.compareAndSet(states, block, word, next(word, next))) {
                return true;
            }
        }
    }

    /** Moves the block to {@code next} only if its word is still exactly {@code expectedWord}. */
    boolean casWord(int block, int expectedWord, int next) {
        return STATES.compareAndSet(states, block, expectedWord, next(expectedWord, next));
    }

    /** Sets the state, keeping the eviction count (called by the thread that holds the block). */
    void set(int block, int state) {
        for (; ; ) {
            int word = word(block);
            if (STATES.compareAndSet(states, block, word, (word & ~STATE_MASK) | state)) {
                return;
            }
        }
    }

    private static int next(int word, int state) {
        int count = word & ~STATE_MASK;
        if (stateOf(word) == DIRTY && state == FLUSHING) {
            count += ONE_EVICTION; // wraps after 2^29 evictions of one block: harmless, one job cannot span them
        }
        return count | state;
    }

    /** A copy of all states (each read in volatile mode; not one atomic snapshot). */
    int[] snapshot() {
        int[] copy = new int[states.length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = get(i);
        }
        return copy;
    }

    static boolean readable(int state) {
        return state == READ_ONLY || state == DIRTY || state == FLUSHING;
    }
}
