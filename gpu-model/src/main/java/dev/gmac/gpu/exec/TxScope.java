package dev.gmac.gpu.exec;

/**
 * One dynamic transaction of one issue group: the thesis's transactional SIMT stack state (Fung thesis §4.2.1,
 * Fig 4.3) that every {@link DivergenceModel} keeps for a {@code tx.begin}: the lanes running the current attempt
 * (the T entry's mask), the lanes that must retry (the R entry's mask), where the body starts, and the nesting
 * depth (nested transactions are flattened: inner {@code tx.begin}/{@code tx.commit} pairs only count).
 *
 * <p>The launch's {@link TmModel} admits lanes at each attempt ({@link TmModel#begin}), sees their accesses, and
 * decides at {@code tx.commit} which lanes committed ({@link TmModel#commit}); the divergence model moves the rest
 * to R and restarts them from {@link #bodyPc()} once every running lane has committed or aborted. A TM model that
 * decides later (a lock granted after a latency, a commit outcome from the timing model's commit units) stores its
 * state in {@link #tmState} and calls {@link #wake()}.
 */
public final class TxScope {
    final Cta cta;
    final int slot;
    final int bodyPc;
    int afterPc = -1;
    long running;
    long retry;
    long committed;
    int depth = 1;
    int attempts;
    /** True while the group waits for the TM model (admission or commit outcome). */
    boolean waiting;
    /** True while the waiting group waits for a commit outcome (else for admission). */
    boolean committing;

    /** Per-scope state of the TM model (logs, lock ownership); null until the model sets it. */
    public Object tmState;

    TxScope(Cta cta, int slot, int bodyPc) {
        this.cta = cta;
        this.slot = slot;
        this.bodyPc = bodyPc;
    }

    /** The CTA of the transaction's threads. */
    public Cta cta() {
        return cta;
    }

    /**
     * The warp slot of the issue group; under thread block compaction, whose compacted warps mix several
     * transactions, the static warp whose threads the scope holds (decision 0335).
     */
    public int slot() {
        return slot;
    }

    /** The first instruction of the transaction's body (after {@code tx.begin}). */
    public int bodyPc() {
        return bodyPc;
    }

    /** Lanes of the current attempt (the T entry). */
    public long running() {
        return running;
    }

    /** Lanes waiting to retry (the R entry). */
    public long retry() {
        return retry;
    }

    /** Attempts started so far. */
    public int attempts() {
        return attempts;
    }

    /** Records the lanes that committed at the current {@code tx.commit} (for a TM model's {@link TmModel#commit}). */
    public void committed(long lanes) {
        committed = lanes;
    }

    /** The lanes the TM model recorded as committed at the current {@code tx.commit} ({@link #committed(long)}). */
    public long committedLanes() {
        return committed;
    }

    /** True while the group waits for the TM model (admission or a commit outcome). */
    public boolean waiting() {
        return waiting;
    }

    /** True while the group waits for a commit outcome (else, when {@link #waiting()}, for admission). */
    public boolean committing() {
        return committing;
    }

    /**
     * Moves running {@code lanes} to the retry set: their attempt aborted before {@code tx.commit} (called by a
     * {@link DivergenceModel#txAbort}); they count as aborted lane-attempts.
     */
    void abortRunning(long lanes) {
        lanes &= running;
        if (lanes == 0) {
            return;
        }
        running &= ~lanes;
        retry |= lanes;
        cta.launch.countTx(0, Long.bitCount(lanes));
    }

    /** Wakes the group waiting for this transaction's admission or commit outcome. */
    public void wake() {
        cta.launch.txWake(cta, slot);
    }

    /**
     * Runs the TM protocol for a {@code tx.commit} reached by {@code lanes} (the running lanes): returns true
     * when the outcome is decided ({@link #committed} set, failed lanes moved to R), false when the group must
     * wait for the TM model.
     */
    boolean commit(TmModel tm, long lanes) {
        if (!tm.commit(this, lanes)) {
            waiting = true;
            committing = true;
            return false;
        }
        waiting = false;
        committing = false;
        long ok = committed & lanes;
        retry |= lanes & ~ok;
        running = 0;
        cta.launch.countTx(Long.bitCount(ok), Long.bitCount(lanes & ~ok));
        return true;
    }

    /**
     * Starts an attempt for the lanes in R: returns the admitted lanes (removed from R), or 0 when the TM model
     * admits none now (the group waits for {@link #wake()}).
     */
    long restart(TmModel tm) {
        long admitted = tm.begin(this, retry) & retry;
        if (admitted == 0) {
            waiting = true;
            committing = false;
            return 0;
        }
        waiting = false;
        attempts++;
        retry &= ~admitted;
        running = admitted;
        return admitted;
    }
}
