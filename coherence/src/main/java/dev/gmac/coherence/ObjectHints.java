package dev.gmac.coherence;

/**
 * How one shared object's coherence follows its accesses, chosen at allocation (beyond the ADSM paper, which
 * picks one protocol and one block size for the whole program at load time, §4.3 and §5.2; the hints are the
 * per-buffer knobs of CUDA Unified Memory's {@code cudaMemAdvise} in ADSM terms).
 *
 * @param protocol the object's protocol, or null for the runtime's
 * @param blockSize rolling-update's block size for this object in bytes (a positive multiple of 8), or 0 for
 *     the runtime's
 * @param subBlock whether rolling-update tracks valid and dirty byte ranges inside a block (decision 0113): a
 *     host write of 4 bytes then sends 4 bytes, and a sparse read fetches what it reads; false: blocks move
 *     whole (the paper's rolling-update); null: the runtime's setting ({@link CoherenceConfig#subBlock()})
 * @param fetchGranularity the least a read fault fetches, in bytes (aligned to it), or 0 to follow the access:
 *     the element read, the rest of the block once reads run sequentially
 * @param readMostly the object is read far more than written: a read fault fetches its whole block
 */
public record ObjectHints(
        ProtocolKind protocol, int blockSize, Boolean subBlock, int fetchGranularity, boolean readMostly) {

    private static final ObjectHints DEFAULTS = new ObjectHints(null, 0, null, 0, false);

    public ObjectHints {
        if (blockSize < 0 || blockSize % 8 != 0) {
            throw new IllegalArgumentException("block size must be 0 or a positive multiple of 8 bytes: " + blockSize);
        }
        if (fetchGranularity < 0) {
            throw new IllegalArgumentException("fetch granularity must be >= 0: " + fetchGranularity);
        }
    }

    /** The runtime's protocol, block size and sub-block setting, fetches that follow the access. */
    public static ObjectHints defaults() {
        return DEFAULTS;
    }

    public ObjectHints withProtocol(ProtocolKind value) {
        return new ObjectHints(value, blockSize, subBlock, fetchGranularity, readMostly);
    }

    public ObjectHints withBlockSize(int value) {
        return new ObjectHints(protocol, value, subBlock, fetchGranularity, readMostly);
    }

    public ObjectHints withSubBlock(Boolean value) {
        return new ObjectHints(protocol, blockSize, value, fetchGranularity, readMostly);
    }

    public ObjectHints withFetchGranularity(int value) {
        return new ObjectHints(protocol, blockSize, subBlock, value, readMostly);
    }

    public ObjectHints withReadMostly(boolean value) {
        return new ObjectHints(protocol, blockSize, subBlock, fetchGranularity, value);
    }
}
