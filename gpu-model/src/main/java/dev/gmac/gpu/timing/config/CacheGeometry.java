package dev.gmac.gpu.timing.config;

/**
 * Size, line size and associativity of a set-associative cache; a size of 0 means the cache is absent.
 *
 * @param sizeBytes capacity in bytes
 * @param lineBytes line size in bytes (a power of two)
 * @param assoc     ways per set
 */
public record CacheGeometry(long sizeBytes, int lineBytes, int assoc) {
    /** True when the cache exists. */
    public boolean present() {
        return sizeBytes > 0;
    }

    /** Sets in the cache (0 when absent). */
    public int sets() {
        return present() ? (int) (sizeBytes / ((long) lineBytes * assoc)) : 0;
    }
}
