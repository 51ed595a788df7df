package dev.gmac.gpu.timing.stats;

/**
 * Why the memory pipeline of a core was busy longer than one pass (Fung thesis §3.6.1: memory-pipeline stall
 * categories). Each counts extra load/store-unit cycles.
 */
public enum MemoryStall {
    /** Extra shared-memory passes caused by bank conflicts. */
    BANK_CONFLICT("bankConflict"),
    /** Extra passes because a warp's global or local accesses touched more than one segment. */
    COALESCING("coalescing"),
    /** Extra passes because the constant cache serialises distinct addresses. */
    CONSTANT("constant"),
    /** Cycles blocked because no L1 or constant-cache MSHR (or merge slot) was free. */
    CACHE_RESOURCES("cacheResources");

    private final String key;

    MemoryStall(String key) {
        this.key = key;
    }

    /** The name used in statistics maps. */
    public String key() {
        return key;
    }
}
