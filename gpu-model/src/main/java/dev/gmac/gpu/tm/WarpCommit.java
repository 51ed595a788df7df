package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.TxScope;

/**
 * One warp's {@code tx.commit} handed to the timing model's commit hardware (Fung thesis §4.2.5): which lanes go
 * through the commit units, which committed silently at the core (temporal conflict detection, §6.4.4) and which
 * failed there (doomed lanes, intra-warp conflict losers, §6.3), with their logs. The hardware assigns the CIDs,
 * validates reads ({@link #matches}) and performs writes ({@link #write}) on memory at the simulated times its
 * commit units do so, which is how the timing model decides what the functional model commits; then it calls
 * {@link #decide} once every lane's final outcome is known.
 */
public final class WarpCommit {
    private final KiloTm tm;
    private final TxScope scope;
    private final TxState st;
    private final long lanes;
    private final long toUnits;
    private final long silent;
    private final long failedAtCore;
    private final ResolutionCost resolution;
    private final long[] cids = new long[64];
    private final LaneLog[] logs = new LaneLog[64];
    private boolean decided;
    private long passed;

    WarpCommit(
            KiloTm tm,
            TxScope scope,
            TxState st,
            long lanes,
            long toUnits,
            long silent,
            long failedAtCore,
            ResolutionCost resolution) {
        this.tm = tm;
        this.scope = scope;
        this.st = st;
        this.lanes = lanes;
        this.toUnits = toUnits;
        this.silent = silent;
        this.failedAtCore = failedAtCore;
        this.resolution = resolution;
        java.util.Arrays.fill(cids, -1);
        // the commit units refer to these entries after failed and read-only lanes were released (and may retry)
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            logs[lane] = st.lanes[lane].copy(st.physicalOffset);
        }
    }

    /** The transaction's issue group. */
    public TxScope scope() {
        return scope;
    }

    /** Every lane that reached {@code tx.commit}. */
    public long lanes() {
        return lanes;
    }

    /** The lanes that go through the commit units (each needs a CID). */
    public long toCommitUnits() {
        return toUnits;
    }

    /** The lanes that committed silently at the core (read-only, no temporal conflict). */
    public long silent() {
        return silent;
    }

    /** The lanes that failed at the core (doomed, or lost intra-warp conflict resolution). */
    public long failedAtCore() {
        return failedAtCore;
    }

    /** What intra-warp conflict resolution did (null when the model resolves none). */
    public ResolutionCost resolution() {
        return resolution;
    }

    /** The log of lane {@code lane}. */
    public LaneLog log(int lane) {
        return logs[lane];
    }

    /** Read-log rows of the attempt (the log unit reads them all). */
    public int readRows() {
        return st.readRows;
    }

    /** Write-log rows of the attempt. */
    public int writeRows() {
        return st.writeRows;
    }

    /** The model's parameters. */
    public TmParams params() {
        return tm.params();
    }

    /** True when the model coalesces and aggregates per warp (WarpTM). */
    public boolean warpLevel() {
        return tm.warpLevel();
    }

    /** Lane {@code lane} got commit ID {@code cid} from the vendor. */
    public void cid(int lane, long cid) {
        cids[lane] = cid;
    }

    /** Lane {@code lane}'s commit ID, or -1. */
    public long cid(int lane) {
        return cids[lane];
    }

    /** Read entry {@code i} of lane {@code lane} still matches memory (a commit unit's validation read). */
    public boolean matches(int lane, int i) {
        return tm.matches(logs[lane], i);
    }

    /** Performs write entry {@code i} of lane {@code lane} on memory (a commit unit's commit write). */
    public void write(int lane, int i) {
        tm.write(logs[lane], i);
    }

    /**
     * A commit unit passed lane {@code lane}'s validation: its written blocks are pending until their writes land
     * or the transaction fails (the temporal-conflict-detection gap fix; no-op without it).
     */
    public void pending(int lane, int i) {
        tm.pendingWrite(logs[lane], i, true);
    }

    /** Lane {@code lane} failed after {@link #pending}: its write entry {@code i} no longer makes its block pending. */
    public void unpending(int lane, int i) {
        tm.pendingWrite(logs[lane], i, false);
    }

    /** True once {@link #decide} was called. */
    public boolean decided() {
        return decided;
    }

    /** The lanes that committed (valid once decided). */
    public long committed() {
        return passed;
    }

    /**
     * Every lane is decided: {@code passedUnits} (a subset of {@link #toCommitUnits()}) passed validation at every
     * commit unit and committed; the silent lanes committed too; the rest failed. Wakes the warp.
     */
    public void decide(long passedUnits) {
        if (decided) {
            throw new IllegalStateException("a warp commit decided twice");
        }
        decided = true;
        passedUnits &= toUnits;
        this.passed = passedUnits | silent;
        tm.decided(this, passedUnits);
        scope.wake();
    }

    TxState state() {
        return st;
    }
}
