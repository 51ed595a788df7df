package dev.gmac.gpu.timing.config;

/**
 * The two crossbars between cores and memory partitions, one per direction (Fung thesis Tables 4.4, 6.1).
 *
 * @param flitBytes     bytes a port moves per interconnect cycle
 * @param latency       interconnect cycles for a flit to cross
 * @param concentration cores sharing one crossbar port (a cluster)
 * @param controlBytes  bytes of a request without data (address and command)
 */
public record InterconnectConfig(int flitBytes, int latency, int concentration, int controlBytes) {}
