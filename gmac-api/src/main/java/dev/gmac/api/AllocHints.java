package dev.gmac.api;

import dev.gmac.coherence.ObjectHints;

/**
 * How one shared buffer's data follows its accesses, chosen at {@link Adsm#adsmAlloc(long, AllocHints)}: its
 * own protocol and block size (the ADSM paper picks one of each for the whole program, §4.3 and §5.2), whether
 * rolling-update tracks valid and dirty byte ranges inside a block, the least a read fault fetches, and
 * read-mostly (the Unified-Memory habits: {@code cudaMemAdvise}). Immutable; start from {@link #defaults()}.
 *
 * <pre>{@code
 * SharedBuffer volume = adsm.adsmAlloc(bytes, AllocHints.defaults().blockSize(1 << 20));
 * SharedBuffer table = adsm.adsmAlloc(bytes, AllocHints.defaults().protocol(Protocol.LAZY).readMostly());
 * }</pre>
 */
public final class AllocHints {
    private static final AllocHints DEFAULTS = new AllocHints(ObjectHints.defaults());

    private final ObjectHints hints;

    private AllocHints(ObjectHints hints) {
        this.hints = hints;
    }

    /**
     * The runtime's protocol and block size, sub-block tracking under rolling-update, read faults that fetch
     * what is read (the element, or the rest of the block once reads run sequentially).
     */
    public static AllocHints defaults() {
        return DEFAULTS;
    }

    /** This buffer's protocol, whatever the runtime's. */
    public AllocHints protocol(Protocol protocol) {
        if (protocol == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the protocol must not be null");
        }
        return new AllocHints(hints.withProtocol(protocol.kind()));
    }

    /** This buffer's rolling-update block size in bytes (a positive multiple of 8 below 2 GiB). */
    public AllocHints blockSize(long bytes) {
        if (bytes <= 0 || bytes % 8 != 0 || bytes > Integer.MAX_VALUE) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    "block size must be a positive multiple of 8 bytes below 2 GiB, got " + bytes);
        }
        return new AllocHints(hints.withBlockSize((int) bytes));
    }

    /**
     * Whether rolling-update tracks valid and dirty byte ranges inside this buffer's blocks (the default): a host
     * write of 4 bytes sends 4 bytes. Off, blocks move whole, as in the paper.
     */
    public AllocHints subBlock(boolean on) {
        return new AllocHints(hints.withSubBlock(on));
    }

    /** The least a read fault fetches, in bytes, aligned to it (0: follow the access). */
    public AllocHints fetchGranularity(long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT, "fetch granularity must be in [0, 2 GiB), got " + bytes);
        }
        return new AllocHints(hints.withFetchGranularity((int) bytes));
    }

    /** The buffer is read far more than written: a read fault fetches its whole block. */
    public AllocHints readMostly() {
        return new AllocHints(hints.withReadMostly(true));
    }

    ObjectHints toObjectHints() {
        return hints;
    }

    @Override
    public String toString() {
        return "AllocHints" + hints.toString().substring("ObjectHints".length());
    }
}
