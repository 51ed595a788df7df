package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.TxScope;

/**
 * The hardware a lazy TM model hands its warps to when a timing model runs the launch (Fung thesis §4.2.5-4.2.6):
 * concurrency control at {@code tx.begin}, and the validation/commit pipeline at {@code tx.commit}. Without one,
 * a model decides at once (the functional model). The backend reports back through {@link TxScope#wake()}: the
 * engine then asks the model again, which answers from the decided {@link WarpCommit}.
 */
public interface CommitBackend {
    /**
     * {@code scope}'s warp asks to enter its transaction (its first attempt). Returns true to admit it now; false
     * when its core is at its limit of transaction warps, in which case the backend wakes the scope once a slot
     * frees.
     */
    boolean admit(TxScope scope);

    /** The warp of {@code scope}, admitted earlier, finished its transaction (every lane committed). */
    void ended(TxScope scope);

    /** A warp reached {@code tx.commit}; the backend calls {@link WarpCommit#decide} when every lane is decided. */
    void submit(WarpCommit commit);

    /** Lanes {@code lanes} of {@code scope} aborted their attempt before {@code tx.commit} (watchdog, doomed). */
    default void attemptAborted(TxScope scope, long lanes) {}

    /** The current time of the globally synchronised timers (temporal conflict detection): the core cycle. */
    long now();
}
