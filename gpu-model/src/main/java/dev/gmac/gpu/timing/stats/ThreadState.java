package dev.gmac.gpu.timing.stats;

/**
 * What a thread does in a cycle (Fung thesis Fig 4.9): stalled by transaction concurrency control (TC), committing
 * (TO), passed and waiting for the rest of its warp (TW), running a transaction attempt that will abort (TA) or one
 * that will commit (TU), waiting for an atomic or a lock (AT), waiting at a barrier (BA), and anything else,
 * non-transactional work included (NL). Counted in thread-cycles.
 */
public enum ThreadState {
    TC,
    TO,
    TW,
    TA,
    TU,
    AT,
    BA,
    NL
}
