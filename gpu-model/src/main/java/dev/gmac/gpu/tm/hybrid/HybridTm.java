package dev.gmac.gpu.tm.hybrid;

import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TmModel;
import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.StateSpace;
import dev.gmac.gpu.tm.KiloTm;
import dev.gmac.gpu.tm.TxJournal;
import dev.gmac.gpu.tm.local.Detection;
import dev.gmac.gpu.tm.local.LocalTm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * GPU-LocalTM for shared data and Kilo TM for global data in the same transactions of one launch ({@code
 * localtm-dcd+kilotm}, {@code localtm-smdcd+kilotm}; Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §2:
 * "once both TM approaches are integrated, applications can be developed taking full advantage of the complete GPU
 * memory model"; the design is decision 0351).
 *
 * <ul>
 *   <li>Accesses go by state space: shared and local (private) to {@link LocalTm} (eager detection and versioning
 *       in place, the undo log of private stores), global and the rest to {@link KiloTm} (read and write logs).
 *   <li>Begin: GPU-LocalTM admits (its WfS and WgS may admit one work-item or stall the wavefront), then Kilo TM.
 *   <li>Aborts before the commit (a GPU-LocalTM conflict, a doomed Kilo TM lane) abort the lane in both.
 *   <li>Commit, in two phases: the lanes without a shared conflict go to Kilo TM, which validates their global reads
 *       and publishes their writes in commit-ID order; those it rejects abort in GPU-LocalTM too (backups
 *       restored); then GPU-LocalTM commits the rest and releases their shared ownership. A transaction commits both
 *       parts or neither, and since its shared words stay owned across the global commit point, the commit order is
 *       a serial order of the whole transactions (strict two-phase locking on the shared part, Kilo TM's
 *       validation on the global part).
 * </ul>
 *
 * <p>Kilo TM commits here at once, as on the functional model, also under the timing model (no commit units, no log
 * traffic); the timing model charges GPU-LocalTM's part as for {@code localtm-dcd} (shadow accesses, extra cycles,
 * the phases of Fig 6). Each
 * delegate keeps its per-scope state in {@link TxScope#tmState}; the composite swaps them in around each call.
 */
public final class HybridTm implements TmModel {
    private final LocalTm local;
    private final KiloTm kilo;
    private final TxJournal localJournal = new TxJournal();
    private final TxJournal kiloJournal = new TxJournal();
    private boolean journaling;

    /** The two delegates' states for one scope. */
    private static final class States {
        Object local;
        Object kilo;
        /** Lanes of the current attempt already aborted in Kilo TM (a divergence model may report them again). */
        long kiloAborted;
    }

    /** GPU-LocalTM with {@code detection} for shared data, Kilo TM (no TCD, no warp-level resolution) for global. */
    public HybridTm(Detection detection) {
        this.local = new LocalTm(detection);
        this.kilo = new KiloTm("kilotm", false, false);
    }

    @Override
    public String name() {
        return local.name() + "+kilotm";
    }

    /** The shared-memory part. */
    public LocalTm local() {
        return local;
    }

    /** The global-memory part. */
    public KiloTm kilo() {
        return kilo;
    }

    /** Records both parts' commits (before the launch runs); {@link #journal()} joins them. */
    public void journal(boolean on) {
        journaling = on;
        local.journal(on ? localJournal : null);
        kilo.journal(on ? kiloJournal : null);
    }

    /**
     * Both parts' journals as one, for {@code SerialReplay}: every transaction commits in both parts, in the same
     * order (lanes low to high at each commit), so the k-th commit of each is the same transaction; it gets commit
     * ID k with both parts' reads and writes (shared addresses as {@link LocalTm#journalAddress}). Thread counts are
     * Kilo TM's (both parts see the same attempts); a mismatch between the parts is recorded as a violation.
     */
    public TxJournal journal() {
        if (!journaling) {
            throw new IllegalStateException("journal(true) before the launch");
        }
        TxJournal j = new TxJournal();
        kiloJournal.violations().forEach(j::violation);
        localJournal.violations().forEach(j::violation);
        List<TxJournal.Commit> a = localJournal.commits();
        List<TxJournal.Commit> b = kiloJournal.commits();
        if (a.size() != b.size()) {
            j.violation("GPU-LocalTM recorded " + a.size() + " commits but Kilo TM " + b.size());
        }
        for (Map.Entry<Long, TxJournal.ThreadCounts> e : kiloJournal.threads().entrySet()) {
            TxJournal.ThreadCounts c = e.getValue();
            TxJournal.ThreadCounts l = localJournal.threads().get(e.getKey());
            if (l == null || l.started != c.started || l.aborts != c.aborts || l.attempts != c.attempts) {
                j.violation("thread " + e.getKey() + ": the two parts counted different attempts");
            }
            for (int i = 0; i < c.started; i++) {
                j.started(e.getKey());
            }
            for (int i = 0; i < c.attempts; i++) {
                j.attempt(e.getKey());
            }
            for (int i = 0; i < c.aborts; i++) {
                j.aborted(e.getKey());
            }
        }
        List<TxJournal.Commit> joined = new ArrayList<>();
        for (int k = 0; k < Math.min(a.size(), b.size()); k++) {
            TxJournal.Commit x = a.get(k);
            TxJournal.Commit y = b.get(k);
            if (x.thread() != y.thread()) {
                j.violation("commit " + k + " is thread " + x.thread() + " in GPU-LocalTM but " + y.thread()
                        + " in Kilo TM");
            }
            joined.add(new TxJournal.Commit(
                    k,
                    y.thread(),
                    concat(x.readAddr(), y.readAddr()),
                    concat(x.readSize(), y.readSize()),
                    concat(x.readValue(), y.readValue()),
                    concat(x.writeAddr(), y.writeAddr()),
                    concat(x.writeSize(), y.writeSize()),
                    concat(x.writeValue(), y.writeValue()),
                    k));
        }
        joined.forEach(j::committed);
        return j;
    }

    private static long[] concat(long[] x, long[] y) {
        long[] r = java.util.Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    private static int[] concat(int[] x, int[] y) {
        int[] r = java.util.Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    @Override
    public int sharedFootprint(int kernelBytes) {
        return local.sharedFootprint(kernelBytes);
    }

    @Override
    public void attach(KernelLaunch launch) {
        local.attach(launch);
        kilo.attach(launch);
    }

    private static States states(TxScope scope) {
        if (!(scope.tmState instanceof States)) {
            scope.tmState = new States();
        }
        return (States) scope.tmState;
    }

    private long inLocal(TxScope scope, LongSupplier call) {
        States s = states(scope);
        scope.tmState = s.local;
        try {
            return call.getAsLong();
        } finally {
            s.local = scope.tmState;
            scope.tmState = s;
        }
    }

    private long inKilo(TxScope scope, LongSupplier call) {
        States s = states(scope);
        scope.tmState = s.kilo;
        try {
            return call.getAsLong();
        } finally {
            s.kilo = scope.tmState;
            scope.tmState = s;
        }
    }

    @Override
    public long begin(TxScope scope, long lanes) {
        long admitted = inLocal(scope, () -> local.begin(scope, lanes));
        if (admitted == 0) {
            return 0;
        }
        states(scope).kiloAborted &= ~admitted;
        long k = inKilo(scope, () -> kilo.begin(scope, admitted));
        if (k != admitted) {
            throw new IllegalStateException("Kilo TM admitted lanes 0x" + Long.toHexString(k) + " of 0x"
                    + Long.toHexString(admitted) + "; " + name() + " needs it to admit every lane (no commit units)");
        }
        return admitted;
    }

    private static boolean sharedSide(int space) {
        return space == StateSpace.SHARED || space == StateSpace.LOCAL;
    }

    @Override
    public long load(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size) {
        return sharedSide(space)
                ? inLocal(scope, () -> local.load(scope, w, lane, in, space, addr, size))
                : inKilo(scope, () -> kilo.load(scope, w, lane, in, space, addr, size));
    }

    @Override
    public void store(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size, long value) {
        if (sharedSide(space)) {
            inLocal(scope, () -> {
                local.store(scope, w, lane, in, space, addr, size, value);
                return 0;
            });
        } else {
            inKilo(scope, () -> {
                kilo.store(scope, w, lane, in, space, addr, size, value);
                return 0;
            });
        }
    }

    @Override
    public long atomic(TxScope scope, Warp w, int lane, Insn in, int space, long addr, long b, long c) {
        return sharedSide(space)
                ? inLocal(scope, () -> local.atomic(scope, w, lane, in, space, addr, b, c))
                : inKilo(scope, () -> kilo.atomic(scope, w, lane, in, space, addr, b, c));
    }

    @Override
    public void access(TxScope scope, Warp w, Insn in, long lanes) {
        inKilo(scope, () -> {
            kilo.access(scope, w, in, lanes);
            return 0;
        });
    }

    @Override
    public long ran(TxScope scope, int warpInstructions) {
        long l = inLocal(scope, () -> local.ran(scope, warpInstructions));
        long k = inKilo(scope, () -> kilo.ran(scope, warpInstructions));
        states(scope).kiloAborted |= k;
        abortInKilo(scope, l & ~k);
        if ((k & ~l) != 0) {
            inLocal(scope, () -> {
                local.abort(scope, k & ~l);
                return 0;
            });
        }
        return l | k;
    }

    private void abortInKilo(TxScope scope, long lanes) {
        States s = states(scope);
        long todo = lanes & ~s.kiloAborted;
        if (todo != 0) {
            s.kiloAborted |= todo;
            inKilo(scope, () -> {
                kilo.abort(scope, todo);
                return 0;
            });
        }
    }

    @Override
    public boolean commit(TxScope scope, long lanes) {
        long tcm = inLocal(scope, () -> local.tcm(scope));
        long conflicted = lanes & tcm;
        long candidates = lanes & ~tcm;
        abortInKilo(scope, conflicted);
        long committed = inKilo(scope, () -> {
            if (!kilo.commit(scope, candidates)) {
                throw new IllegalStateException(name() + ": Kilo TM deferred a commit (no commit units here)");
            }
            return scope.committedLanes();
        });
        inLocal(scope, () -> {
            local.abort(scope, candidates & ~committed);
            local.commit(scope, lanes);
            return 0;
        });
        if (scope.committedLanes() != committed) {
            throw new IllegalStateException(name() + ": the parts committed lanes 0x"
                    + Long.toHexString(scope.committedLanes()) + " and 0x" + Long.toHexString(committed));
        }
        return true;
    }
}
