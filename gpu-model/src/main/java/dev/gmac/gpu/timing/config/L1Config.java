package dev.gmac.gpu.timing.config;

/**
 * The per-core L1 data cache (Fung thesis §2.3.3, Tables 3.2, 4.4, 6.1).
 *
 * @param geometry    size, line size and associativity; size 0 disables the L1
 * @param latency     hit latency in core cycles
 * @param mshrEntries outstanding missed lines
 * @param mshrMerge   accesses one MSHR entry may hold (the first miss plus merged ones)
 * @param writePolicy what a global store does
 * @param cacheGlobal false when global loads bypass L1 (Kilo TM's configurations cache only local and
 *                    transactional data)
 */
public record L1Config(
        CacheGeometry geometry,
        int latency,
        int mshrEntries,
        int mshrMerge,
        WritePolicy writePolicy,
        boolean cacheGlobal) {}
