package dev.gmac.gpu.timing.config;

/**
 * The banked shared memory (Fung thesis §2.3.3: 32 banks; accesses of a warp to different words of one bank
 * serialise, the same word is broadcast).
 *
 * @param banks     number of banks
 * @param bankBytes width of one bank (a power of two)
 * @param latency   cycles from the last pass until the loaded value may be used
 */
public record SharedMemoryConfig(int banks, int bankBytes, int latency) {}
