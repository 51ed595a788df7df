package dev.gmac.gpu.timing.config;

/**
 * The per-core constant cache; it serialises the distinct addresses of a warp (Fung thesis §2.3.3).
 *
 * @param geometry size and associativity (the line size is the memory line size)
 * @param latency  hit latency in core cycles
 */
public record ConstantCacheConfig(CacheGeometry geometry, int latency) {}
