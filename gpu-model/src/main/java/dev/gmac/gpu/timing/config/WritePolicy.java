package dev.gmac.gpu.timing.config;

/** What the L1 data cache does with a global store (local-memory stores are always written back). */
public enum WritePolicy {
    /** Invalidate the line if present and send the store to L2 (Fermi's policy for global data). */
    WRITE_EVICT("write-evict"),
    /** Keep the line if present, never allocate, and send the store to L2. */
    WRITE_THROUGH("write-through"),
    /** Allocate the line without fetching it, mark it dirty, and write it to L2 when it is evicted. */
    WRITE_BACK("write-back");

    private final String token;

    WritePolicy(String token) {
        this.token = token;
    }

    /** The spelling used in preset files. */
    public String token() {
        return token;
    }
}
