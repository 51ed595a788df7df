package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TxScope;
import java.util.function.LongToIntFunction;

/**
 * Kilo TM (Fung thesis Ch4) and its refinements of Ch6, one class with three switches:
 *
 * <ul>
 *   <li>{@code kilotm}: value-based lazy conflict detection with self-abort (§4.2.2): read-logs and write-logs per
 *       lane (§4.2.3-4.2.4); at {@code tx.commit} each lane's reads are validated against memory and, if they all
 *       still hold, its writes are published, in commit-ID order (lanes of a warp take contiguous IDs, lowest lane
 *       first);
 *   <li>{@code warptm}: warp-level transaction management (§6.2): intra-warp conflict resolution first (§6.3;
 *       2PCR, SCR or ideal), then the survivors are validated and committed as one unit;
 *   <li>{@code kilotm-tcd} and {@code warptm-tcd}: temporal conflict detection (§6.4): a read-only transaction whose
 *       loads all returned a last-written time before its first load commits silently, without validation.
 * </ul>
 *
 * <p>Without a {@link CommitBackend} the model decides at {@code tx.commit} at once (the functional model: commits
 * are atomic, commit IDs follow commit order). Under the timing model its hardware (the commit units of every
 * memory partition, the core's log unit, the CID vendor and concurrency control) takes the warp's {@link
 * WarpCommit}, validates and writes at the simulated times it does so, and decides.
 */
public final class KiloTm extends LazyTm {
    private final String name;
    private final boolean warpLevel;
    private final boolean tcd;
    private TcdTables tables;
    private long logicalTime;

    /** A model named {@code name}: warp-level management ({@code warpLevel}) and temporal conflict detection. */
    public KiloTm(String name, boolean warpLevel, boolean tcd) {
        this.name = name;
        this.warpLevel = warpLevel;
        this.tcd = tcd;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean logsInLocalMemory() {
        return true;
    }

    /** True for WarpTM (intra-warp resolution, coalesced validation and commit, aggregated messages). */
    public boolean warpLevel() {
        return warpLevel;
    }

    /** True with temporal conflict detection. */
    public boolean temporal() {
        return tcd;
    }

    @Override
    public void attach(KernelLaunch launch) {
        super.attach(launch);
        if (tcd && tables == null) {
            tables = new TcdTables(params, 1, a -> 0);
        }
    }

    @Override
    public void configure(TmParams p) {
        super.configure(p);
        if (tcd) {
            tables = new TcdTables(p, 1, a -> 0);
        }
    }

    /** Gives temporal conflict detection one table per memory partition ({@code partitionOf} maps an address). */
    public void partitions(int partitions, LongToIntFunction partitionOf) {
        if (tcd) {
            tables = new TcdTables(params, partitions, partitionOf);
        }
    }

    /** The last-written-time tables (null without temporal conflict detection). */
    public TcdTables tables() {
        return tables;
    }

    // ------------------------------------------------------------------ temporal conflict detection

    /**
     * The time of a load: the timing model's synchronised timers, or the functional model's logical clock (reads
     * see even values, commits stamp odd ones, so a commit after a read is always later and one before always
     * earlier).
     */
    private long readTime() {
        return backend != null ? backend.now() : 2 * logicalTime;
    }

    private long writeTime() {
        return backend != null ? backend.now() : 2 * logicalTime - 1;
    }

    @Override
    protected void onRead(TxState st, LaneLog log, int lane, long addr, int size) {
        if (!tcd) {
            return;
        }
        if (log.firstRead < 0) {
            log.firstRead = readTime();
        }
        if (tables.lastWritten(physical(addr), size) >= log.firstRead) {
            log.tcdFlag = true; // written since (or while) the snapshot was taken: needs value validation
        }
    }

    @Override
    protected void onWrite(long addr, int size) {
        if (tcd) {
            tables.stamp(physical(addr), size, writeTime());
        }
    }

    void pendingWrite(LaneLog log, int i, boolean on) {
        if (tcd) {
            tables.pending(physical(log.writeAddr[i]), log.writeSize[i], on, writeTime());
        }
    }

    // ------------------------------------------------------------------ commit

    @Override
    public boolean commit(TxScope scope, long lanes) {
        TxState st = state(scope);
        if (st.pending != null) {
            WarpCommit wc = st.pending;
            if (!wc.decided()) {
                return false;
            }
            st.pending = null;
            finish(scope, st, lanes, wc.committed());
            return true;
        }
        long failed = doomed(st, lanes);
        long cand = lanes & ~failed;
        long silent = 0;
        if (tcd) {
            for (long m = cand; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                LaneLog log = st.lanes[lane];
                if (log.writes == 0 && !log.tcdFlag) {
                    silent |= 1L << lane;
                }
            }
            cand &= ~silent;
        }
        ResolutionCost resolution = null;
        if (warpLevel) {
            resolution = IntraWarpResolver.resolve(st, cand, params);
            cand &= ~resolution.losers();
            failed |= resolution.losers();
            counters.intraWarpAborts += Long.bitCount(resolution.losers());
        }
        if (backend != null) {
            WarpCommit wc = new WarpCommit(this, scope, st, lanes, cand, silent, failed, resolution);
            st.pending = wc;
            backend.submit(wc);
            return false;
        }
        long ok = silent;
        for (long m = silent; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            recordCommit(scope, st.lanes[lane], lane, -1, st.lanes[lane].firstRead);
        }
        if (warpLevel) {
            long pass = 0;
            for (long m = cand; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                if (consistent(st.lanes[lane])) {
                    pass |= 1L << lane;
                } else {
                    counters.validationAborts++;
                }
            }
            logicalTime++;
            for (long m = pass; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                writeAll(st.lanes[lane]);
                recordCommit(scope, st.lanes[lane], lane, nextCid++, 2 * logicalTime - 1);
            }
            ok |= pass;
        } else {
            for (long m = cand; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                LaneLog log = st.lanes[lane];
                if (consistent(log)) {
                    logicalTime++;
                    writeAll(log);
                    recordCommit(scope, log, lane, nextCid++, 2 * logicalTime - 1);
                    ok |= 1L << lane;
                } else {
                    counters.validationAborts++;
                }
            }
        }
        finish(scope, st, lanes, ok);
        return true;
    }

    /** The timing model decided {@code wc}: records the committed lanes (the engine then asks {@link #commit}). */
    void decided(WarpCommit wc, long passedUnits) {
        TxState st = wc.state();
        TxScope scope = wc.scope();
        for (long m = wc.silent(); m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            recordCommit(scope, wc.log(lane), lane, -1, wc.log(lane).firstRead);
        }
        for (long m = wc.toCommitUnits(); m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            if ((passedUnits & (1L << lane)) != 0) {
                recordCommit(scope, wc.log(lane), lane, wc.cid(lane), backend.now());
            } else {
                counters.validationAborts++;
            }
        }
    }
}
