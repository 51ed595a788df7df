/**
 * GPU-LocalTM (Villegas, Asenjo, Navarro, Plata, "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local
 * Memory", Euro-Par 2016 Workshops, LNCS 10104): eager hardware transactional memory for a work-group's local
 * (shared) memory, as the engine's {@code localtm-dcd} and {@code localtm-smdcd} TM models ({@link
 * dev.gmac.gpu.tm.local.LocalTm}). Owns the shadow-memory layout ({@link dev.gmac.gpu.tm.local.ShadowLayout}), the
 * per-bank conflict detection of Table 1 ({@link dev.gmac.gpu.tm.local.Detection}, {@link
 * dev.gmac.gpu.tm.local.ShadowDirectory}), the wavefront transaction with its TCM, register checkpoint and
 * serialisation modes ({@link dev.gmac.gpu.tm.local.WavefrontTx}, {@link dev.gmac.gpu.tm.local.TxMode}), the
 * counters and phase breakdown the study plots, and the optional journal of committed transactions that the
 * correctness harness's serial replay checks ({@link dev.gmac.gpu.tm.local.LocalTm#journal}, {@code
 * dev.gmac.gpu.tm.TxJournal}, {@code dev.gmac.gpu.tm.SerialReplay}).
 *
 * <p>Reaches the engine only through its TM seam ({@code dev.gmac.gpu.exec.TmModel}, {@code TxScope}, {@code
 * MemoryPort}, {@code RegisterCheckpoint}, {@code Cta.physicalShared}); must not touch the interpreter, the
 * divergence models or the timing model, which reads its shadow traffic from the issue record ({@link
 * dev.gmac.gpu.tm.local.LocalTm#describe}).
 */
package dev.gmac.gpu.tm.local;
