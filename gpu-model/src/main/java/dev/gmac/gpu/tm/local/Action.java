package dev.gmac.gpu.tm.local;

/**
 * What a transactional local-memory access does to its word's shadow-memory entry: the rows of the paper's Table 1
 * (Villegas et al., Euro-Par 2016 Workshops, §3 "Conflict Detection"). "Abort" (the three conflict rows) means:
 * restore the accessing work-item's backups, delete its ownership entries and set its bit in the wavefront's
 * transaction conflict mask (TCM).
 */
public enum Action {
    /** First (new) access: the entry has no owner; the accessing work-item becomes the owner (DCD backs up now). */
    FIRST,
    /** Repeated access by the owner: the access proceeds. */
    REPEATED,
    /** SMDCD: a read of an unmodified location another work-item owns; the S bit is set, the read proceeds. */
    SHARE,
    /** SMDCD: the owner's first write to a location it only read; the value is backed up and M set. */
    UPGRADE,
    /** DCD: a read of a location another work-item owns (DCD cannot filter read-read conflicts). */
    CONFLICT_READ_READ,
    /** A read of a location another work-item has written (read after write). */
    CONFLICT_READ_WRITE,
    /** A write to a location other work-items have read (write after read). */
    CONFLICT_WRITE_READ,
    /** A write to a location another work-item has written (write after write). */
    CONFLICT_WRITE_WRITE;

    /** True for the rows that abort the accessing work-item. */
    public boolean conflict() {
        return ordinal() >= CONFLICT_READ_READ.ordinal();
    }
}
