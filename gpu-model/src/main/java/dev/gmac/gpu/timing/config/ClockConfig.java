package dev.gmac.gpu.timing.config;

/**
 * The four clock domains, in MHz: SIMT cores, interconnect, L2 slices and DRAM command clock (Fung thesis
 * Tables 3.2, 4.4 and 6.1 list core, interconnect and memory clocks).
 */
public record ClockConfig(double coreMhz, double icntMhz, double l2Mhz, double dramMhz) {}
