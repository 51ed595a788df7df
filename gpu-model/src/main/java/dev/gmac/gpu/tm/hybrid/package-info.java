/**
 * Composite transactional memory: GPU-LocalTM for shared data and Kilo TM for global data in one transaction of one
 * launch ({@link dev.gmac.gpu.tm.hybrid.HybridTm}; Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §2: "once
 * both TM approaches are integrated"; decision 0351). Owns only the routing of accesses, the two-phase commit and the
 * joint journal; the two designs stay in {@code dev.gmac.gpu.tm.local} and {@code dev.gmac.gpu.tm}, reached through
 * their public API. Must not touch the interpreter, the divergence models or the timing model.
 */
package dev.gmac.gpu.tm.hybrid;
