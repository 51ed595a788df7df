package dev.gmac.coherence;

/**
 * State of one block of a shared object (ADSM paper §4.3, Figure 6).
 *
 * <p>The paper's three states are {@link #INVALID}, {@link #READ_ONLY} and {@link #DIRTY}. The two
 * transient states exist because a JVM thread cannot make a transition atomic with the data movement the
 * way a page-fault handler holding the process's memory map can: {@link #FETCHING} marks a block whose
 * fetch (or whole-block overwrite) one thread has claimed, so other threads wait instead of fetching it
 * twice or reading it half-copied; {@link #FLUSHING} marks a dirty block that rolling-update is eagerly
 * copying to the accelerator (readable; a write makes it {@link #DIRTY} again).
 */
public enum BlockState {
    /** Valid only in accelerator memory: a host access must fetch it first. */
    INVALID,
    /** Host and accelerator hold the same data: reads are free, a write is a fault. */
    READ_ONLY,
    /** The host copy is newer: it must be sent to the accelerator before the next kernel call. */
    DIRTY,
    /** Transient: one thread is fetching the block (or overwriting it whole); others wait. */
    FETCHING,
    /** Transient: an eager eviction is copying the block to the accelerator; readable. */
    FLUSHING;

    private static final BlockState[] BY_CODE = values();

    static BlockState of(int code) {
        return BY_CODE[code];
    }

    /** Whether the host copy may be read in this state. */
    public boolean hostReadable() {
        return this == READ_ONLY || this == DIRTY || this == FLUSHING;
    }
}
