package dev.gmac.gpu.tm;

import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.exec.AtomicOps;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TmModel;
import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.StateSpace;

/**
 * The common part of the TM models with lazy version management (Fung thesis §2.2.2 and §4.2.3): Ideal TM and Kilo
 * TM with its refinements. Every transactional global access of a lane goes to its {@link LaneLog}: loads read
 * memory (or the lane's own earlier writes) and append a read entry, stores only append a write entry, atomics do
 * both; nothing reaches memory before commit. Accesses to local, shared, constant and parameter memory inside a
 * transaction go straight to memory: the thesis leaves registers and local memory to software (§4.2.3).
 *
 * <p><b>Opacity by sandboxing</b> (§4.2.2): a lane that faults inside a transaction is validated at once; if its
 * reads no longer match memory it saw an inconsistent view, so it is doomed (its later accesses touch nothing) and
 * aborted at the next chance, and the fault never escapes; otherwise the fault is genuine and propagates. A
 * watchdog forces a validation of every running lane after {@link TmParams#watchdog()} warp instructions of an
 * attempt, so a doomed lane in an endless loop is aborted too.
 *
 * <p>Subclasses decide commits. A {@link CommitBackend} (the timing model's hardware) may take over admission and
 * the commit pipeline; a {@link TxJournal}, when given, records every commit for the correctness harness.
 */
public abstract class LazyTm implements TmModel {
    protected KernelLaunch launch;
    protected TmParams params = TmParams.DEFAULTS;
    protected TxJournal journal;
    protected CommitBackend backend;
    protected final TmCounters counters = new TmCounters();
    /** The next commit ID of an instant commit (a backend's vendor hands out its own). */
    protected long nextCid;

    private int accessSeq;
    private long attemptIds;
    private TxState lastAccess;
    /** The instruction of {@link #lastAccess}. */
    private Insn lastInsn;
    /**
     * Earlier members' accesses of the same issue: a compacted warp ({@code tbc}) issues lanes of several static
     * warps, each in its own transaction, so one issue appends rows to several logs.
     */
    private final java.util.ArrayList<TxState> issueMembers = new java.util.ArrayList<>();

    private final TxAccess merged = new TxAccess();
    private long blockThreads;
    /** The device's {@code GlobalMemory.physicalOffset()} (decision 0112). */
    private long physicalOffset;

    /** Sets the hardware parameters (before the launch runs). */
    public void configure(TmParams p) {
        this.params = p;
    }

    /** The hardware parameters. */
    public TmParams params() {
        return params;
    }

    /** Records every commit in {@code j} (the correctness harness). */
    public void journal(TxJournal j) {
        this.journal = j;
    }

    /** Hands admission and commits to the timing model's hardware. */
    public void backend(CommitBackend b) {
        this.backend = b;
    }

    /** What the model counted so far. */
    public TmCounters counters() {
        return counters;
    }

    /** True when the model writes logs in local memory (Kilo TM's log unit); Ideal TM logs at no cost. */
    public abstract boolean logsInLocalMemory();

    @Override
    public void attach(KernelLaunch launch) {
        this.launch = launch;
        this.blockThreads = launch.block().count();
        this.physicalOffset = launch.memory().physicalOffset();
    }

    /**
     * The physical address of device address {@code address} (decision 0112): what the hardware's tables hash, so
     * their aliasing does not depend on the range of addresses the process gave the device.
     */
    protected long physical(long address) {
        return address - physicalOffset;
    }

    /** The launch this model serves. */
    public KernelLaunch launch() {
        return launch;
    }

    TxState state(TxScope scope) {
        TxState st = (TxState) scope.tmState;
        if (st == null) {
            st = new TxState(scope, launch.warpSize());
            st.physicalOffset = physicalOffset;
            scope.tmState = st;
        }
        return st;
    }

    /** The global linear index of the thread in lane {@code lane} of {@code scope}'s group. */
    long thread(TxScope scope, int lane) {
        return scope.cta().linearId() * blockThreads + (long) scope.slot() * launch.warpSize() + lane;
    }

    /**
     * The access the timing model's current issue made (null when the issued instruction was no transactional
     * global access); consumed by the call.
     */
    public TxAccess takeAccess() {
        TxState st = lastAccess;
        lastAccess = null;
        lastInsn = null;
        if (st == null || issueMembers.isEmpty()) {
            issueMembers.clear();
            return st == null ? null : st.access;
        }
        // one issue of a compacted warp: its members' global lanes and the deepest log rows (the rows of each
        // member's log are written in the same cycles, to its own threads' local memory)
        TxAccess a = st.access;
        merged.readRow = a.readRow;
        merged.readRows = a.readRows;
        merged.writeRow = a.writeRow;
        merged.writeRows = a.writeRows;
        merged.globalLanes = a.globalLanes;
        merged.walkRows = a.walkRows;
        merged.buffered = a.buffered;
        for (TxState m : issueMembers) {
            TxAccess b = m.access;
            merged.readRows = Math.max(merged.readRows, b.readRows);
            merged.writeRows = Math.max(merged.writeRows, b.writeRows);
            merged.globalLanes |= b.globalLanes;
            merged.walkRows = Math.max(merged.walkRows, b.walkRows);
            merged.buffered |= b.buffered;
        }
        issueMembers.clear();
        return merged;
    }

    /** The logs of the scope's lanes (the timing model reads their rows at commit). */
    public LaneLog log(TxScope scope, int lane) {
        return state(scope).lanes[lane];
    }

    // ------------------------------------------------------------------ attempts

    @Override
    public long begin(TxScope scope, long lanes) {
        TxState st = state(scope);
        if (backend != null && !st.admitted) {
            if (st.admissionAsked < 0) {
                st.admissionAsked = backend.now();
            }
            if (!backend.admit(scope)) {
                return 0;
            }
            st.admitted = true;
        }
        boolean first = !st.started;
        st.started = true;
        if (!first && (lanes & ~st.aborted) != 0 && journal != null) {
            journal.violation("lanes 0x" + Long.toHexString(lanes & ~st.aborted) + " of CTA "
                    + scope.cta().linearId() + " warp " + scope.slot()
                    + " re-executed a transaction without having aborted");
        }
        st.aborted &= ~lanes;
        st.doomed &= ~lanes;
        st.readRows = 0;
        st.writeRows = 0;
        st.instructions = 0;
        long now = backend != null ? backend.now() : 0;
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = st.lanes[lane];
            log.reset();
            if (first) {
                log.aborts = 0;
            }
            log.attemptStart = now;
            log.attemptId = ++attemptIds;
            if (journal != null) {
                long t = thread(scope, lane);
                if (first) {
                    journal.started(t);
                }
                journal.attempt(t);
            }
        }
        counters.started(Long.bitCount(lanes));
        return lanes;
    }

    @Override
    public void access(TxScope scope, Warp w, Insn in, long lanes) {
        TxState st = state(scope);
        st.accessSeq = ++accessSeq;
        st.accessReadBase = st.readRows;
        st.accessWriteBase = st.writeRows;
        st.access.clear(st.readRows, st.writeRows);
        if (lastAccess != null && lastAccess != st && lastInsn == in && issueMembers.size() < 64) {
            issueMembers.add(lastAccess); // another member of the same issue
        } else {
            issueMembers.clear();
        }
        lastAccess = st;
        lastInsn = in;
    }

    @Override
    public long ran(TxScope scope, int warpInstructions) {
        TxState st = state(scope);
        st.instructions += warpInstructions;
        long running = scope.running();
        long abort = st.doomed & running;
        if (st.instructions >= params.watchdog()) {
            st.instructions = 0;
            counters.watchdogChecks++;
            for (long m = running & ~abort; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                if (!consistent(st.lanes[lane])) {
                    abort |= 1L << lane;
                    counters.watchdogAborts++;
                }
            }
        }
        abort |= doomedNow(st, running & ~abort);
        if (abort != 0) {
            if (backend != null) {
                backend.attemptAborted(scope, abort);
            }
            aborted(scope, st, abort);
        }
        return abort;
    }

    /** Model-specific lanes to abort at once (Ideal TM's doomed lanes); none by default. */
    protected long doomedNow(TxState st, long running) {
        return 0;
    }

    /** Bookkeeping for lanes whose attempt aborted (before or at {@code tx.commit}). */
    void aborted(TxScope scope, TxState st, long lanes) {
        st.aborted |= lanes;
        st.doomed &= ~lanes;
        for (long m = lanes; m != 0; m &= m - 1) {
            LaneLog log = st.lanes[Long.numberOfTrailingZeros(m)];
            log.attemptId = 0;
            log.aborts++;
        }
        counters.ended(Long.bitCount(lanes));
        if (journal != null) {
            for (long m = lanes; m != 0; m &= m - 1) {
                journal.aborted(thread(scope, Long.numberOfTrailingZeros(m)));
            }
        }
        onAborted(st, lanes);
    }

    /**
     * Aborts running {@code lanes} of {@code scope}'s attempt on another model's verdict (a composite model whose
     * other part failed, {@code dev.gmac.gpu.tm.hybrid.HybridTm}): their logs are dropped, nothing was published.
     */
    public void abort(TxScope scope, long lanes) {
        if (lanes != 0) {
            aborted(scope, state(scope), lanes);
        }
    }

    /** Hook: lanes aborted. */
    protected void onAborted(TxState st, long lanes) {}

    // ------------------------------------------------------------------ accesses

    @Override
    public long load(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size) {
        TxState st = state(scope);
        LaneLog log = st.lanes[lane];
        if (space != StateSpace.GLOBAL) {
            try {
                return launch.port().load(w, in, space, addr, size, lane);
            } catch (KernelFaultException e) {
                return sandbox(st, lane, e);
            }
        }
        log.warp = w;
        if (log.doomed) {
            return 0;
        }
        if (log.writes > 0 && log.writesOverlap(addr, size)) {
            counters.ownWriteReads++;
            st.access.walkRows = st.writeRows;
            if (log.writesCover(addr, size)) {
                return log.overlayWrites(addr, size, 0);
            }
            long base = read(st, log, lane, w, in, addr, size);
            return log.doomed ? 0 : log.overlayWrites(addr, size, base);
        }
        return read(st, log, lane, w, in, addr, size);
    }

    private long read(TxState st, LaneLog log, int lane, Warp w, Insn in, long addr, int size) {
        long v;
        try {
            v = launch.port().load(w, in, StateSpace.GLOBAL, addr, size, lane);
        } catch (KernelFaultException e) {
            return sandbox(st, lane, e);
        }
        log.addRead(addr, size, v, st.readRow(log));
        st.access.globalLanes |= 1L << lane;
        onRead(st, log, lane, addr, size);
        return v;
    }

    /** Hook: lane {@code lane} read {@code size} bytes at {@code addr} from memory (already logged). */
    protected void onRead(TxState st, LaneLog log, int lane, long addr, int size) {}

    @Override
    public void store(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size, long value) {
        TxState st = state(scope);
        LaneLog log = st.lanes[lane];
        if (space != StateSpace.GLOBAL) {
            try {
                launch.port().store(w, in, space, addr, size, lane, value);
            } catch (KernelFaultException e) {
                sandbox(st, lane, e);
            }
            return;
        }
        log.warp = w;
        if (log.doomed) {
            return;
        }
        try {
            launch.port().load(w, in, StateSpace.GLOBAL, addr, size, lane); // the address must be writable later
        } catch (KernelFaultException e) {
            sandbox(st, lane, e);
            return;
        }
        log.addWrite(addr, size, value, st.writeRow(log), in);
        st.access.buffered = true;
    }

    @Override
    public long atomic(TxScope scope, Warp w, int lane, Insn in, int space, long addr, long b, long c) {
        if (space != StateSpace.GLOBAL) {
            TxState st = state(scope);
            try {
                return launch.port().atomic(w, in, space, addr, lane, b, c);
            } catch (KernelFaultException e) {
                return sandbox(st, lane, e);
            }
        }
        int width = in.width;
        long old = load(scope, w, lane, in, space, addr, width);
        if (state(scope).lanes[lane].doomed) {
            return 0;
        }
        long nv = AtomicOps.apply(in, old, b, c);
        store(scope, w, lane, in, space, addr, width, width == 8 ? nv : nv & ((1L << (8 * width)) - 1));
        return old;
    }

    /**
     * A fault inside the transaction: if the lane's reads no longer match memory it saw an inconsistent view and
     * is doomed (the fault is swallowed, the access returns 0); otherwise the fault is genuine and propagates.
     */
    private long sandbox(TxState st, int lane, KernelFaultException e) {
        counters.sandboxedFaults++;
        LaneLog log = st.lanes[lane];
        if (log.doomed || !consistent(log)) {
            if (!log.doomed) {
                log.doomed = true;
                st.doomed |= 1L << lane;
                counters.sandboxAborts++;
            }
            return 0;
        }
        throw e;
    }

    // ------------------------------------------------------------------ validation and commit

    /** True when every read of {@code log} still matches memory (value-based validation, §4.2.2). */
    boolean consistent(LaneLog log) {
        for (int i = 0; i < log.reads; i++) {
            if (memory(log, log.readAddr[i], log.readSize[i]) != log.readValue[i]) {
                return false;
            }
        }
        return true;
    }

    /** Read entry {@code i} of {@code log} still matches memory. */
    boolean matches(LaneLog log, int i) {
        return memory(log, log.readAddr[i], log.readSize[i]) == log.readValue[i];
    }

    private long memory(LaneLog log, long addr, int size) {
        return launch.port().load(log.warp, null, StateSpace.GLOBAL, addr, size, 0);
    }

    /** Performs write entry {@code i} of {@code log} on memory. */
    void write(LaneLog log, int i) {
        launch.port()
                .store(
                        log.warp,
                        log.writeInsn[i],
                        StateSpace.GLOBAL,
                        log.writeAddr[i],
                        log.writeSize[i],
                        0,
                        log.writeValue[i]);
        onWrite(log.writeAddr[i], log.writeSize[i]);
    }

    /** Hook: a committed write reached memory. */
    protected void onWrite(long addr, int size) {}

    /** Performs every write of {@code log}, in log order. */
    void writeAll(LaneLog log) {
        for (int i = 0; i < log.writes; i++) {
            write(log, i);
        }
    }

    /** Records lane {@code lane} of {@code scope} as committed with commit ID {@code cid} (-1: silent). */
    void recordCommit(TxScope scope, LaneLog log, int lane, long cid, long time) {
        counters.committed(log, cid < 0);
        if (journal == null) {
            return;
        }
        long[] ra = new long[log.reads];
        int[] rs = new int[log.reads];
        long[] rv = new long[log.reads];
        for (int i = 0; i < log.reads; i++) {
            ra[i] = log.readAddr[i];
            rs[i] = log.readSize[i];
            rv[i] = log.readValue[i];
        }
        long[] wa = new long[log.writes];
        int[] ws = new int[log.writes];
        long[] wv = new long[log.writes];
        for (int i = 0; i < log.writes; i++) {
            wa[i] = log.writeAddr[i];
            ws[i] = log.writeSize[i];
            wv[i] = log.writeValue[i];
        }
        journal.committed(new TxJournal.Commit(cid, thread(scope, lane), ra, rs, rv, wa, ws, wv, time));
    }

    /**
     * Ends the commit of {@code lanes} with {@code ok} committed: the failed lanes abort; once every lane committed
     * and none waits to retry, the warp's transaction is over and it leaves concurrency control.
     */
    void finish(TxScope scope, TxState st, long lanes, long ok) {
        counters.ended(Long.bitCount(ok & lanes));
        for (long m = ok & lanes; m != 0; m &= m - 1) {
            st.lanes[Long.numberOfTrailingZeros(m)].attemptId = 0;
        }
        long failed = lanes & ~ok;
        if (failed != 0) {
            aborted(scope, st, failed);
        }
        scope.committed(ok & lanes);
        if (failed == 0 && scope.retry() == 0 && st.admitted) {
            st.admitted = false;
            if (backend != null) {
                backend.ended(scope);
            }
        }
    }

    /** The lanes of {@code lanes} that are doomed (they fail at commit without validation). */
    long doomed(TxState st, long lanes) {
        long d = 0;
        for (long m = lanes; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            if (st.lanes[lane].doomed || (st.doomed & (1L << lane)) != 0) {
                d |= 1L << lane;
            }
        }
        return d;
    }
}
