package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.exec.Cta;
import dev.gmac.gpu.exec.DivergenceModel;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.MemoryPort;
import dev.gmac.gpu.exec.TmModel;
import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.StateSpace;
import dev.gmac.gpu.tm.TxJournal;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * GPU-LocalTM: eager hardware transactional memory for the local (shared) memory of a work-group (Villegas, Asenjo,
 * Navarro, Plata, "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops,
 * LNCS 10104, §3-4), as the {@code localtm-dcd} and {@code localtm-smdcd} TM models:
 *
 * <ul>
 *   <li><b>Transactional SIMT execution</b> at wavefront granularity: {@code TX_Begin} clears the wavefront's
 *       transaction conflict mask (TCM); a work-item that conflicts gets its TCM bit set and is disabled at once; at
 *       {@code TX_Commit} the others commit and the TCM work-items retry from {@code TX_Begin} (the engine's
 *       retry and running masks, {@link TxScope}, play EXEC's part; {@link WavefrontTx} holds the TCM).
 *   <li><b>Register checkpointing</b> at {@code TX_Begin} (the shadow register file), restored for the work-items
 *       that retry; their private (local-space) stores are undone too.
 *   <li><b>Eager version management</b> in shadow memory inside the work-group's local memory ({@link
 *       ShadowLayout}: backups at {@code N + k}, owners at {@code 2N + k/4} byte {@code k % 4}), which the launch
 *       allocates after the kernel's bytes ({@link #sharedFootprint}) and occupancy charges.
 *   <li><b>Per-bank eager conflict detection</b>, {@link Detection#DCD} or {@link Detection#SMDCD}, with the actions
 *       of Table 1 ({@link ShadowDirectory}), and inter-bank communication through the TCM: an aborted work-item's
 *       backups are restored and its ownership cleared in every bank.
 *   <li><b>Forward progress</b>: a livelock (the TCM unchanged after two consecutive re-executions) switches the
 *       wavefront to wavefront serialisation (WfS: one work-item runs); if that work-item conflicts again, to
 *       work-group serialisation (WgS: it runs alone while every other wavefront's transaction is rolled back and
 *       stalled at {@code TX_Begin}); then back to normal mode.
 *   <li><b>Latency</b>: one extra cycle on {@code TX_Begin} and {@code TX_Commit} and on each instruction that handles
 *       state bits; shadow accesses go to the timing model as local-memory accesses with their bank conflicts
 *       ({@link #describe}).
 * </ul>
 *
 * <p>Scope: transactional accesses to {@code .shared} memory are detected and versioned. Loads from global, constant
 * and parameter memory inside a transaction read memory directly (read-only inputs); a store or atomic to global
 * memory inside a transaction is a fault, since this model cannot undo it. Work-groups have at most 256 work-items
 * (an owner is one byte). Decisions the paper leaves open are recorded in docs/decisions/0350.
 *
 * <p>Confined to the launch's thread.
 */
public final class LocalTm implements TmModel {
    /** Most work-items of a work-group: an owner record is one byte (the paper's Southern Islands limit). */
    public static final int MAX_WORK_ITEMS = 256;

    private final Detection detection;
    private final Counters counters = new Counters();
    private final ShadowTraffic traffic = new ShadowTraffic();
    private final PhaseBreakdown breakdown = new PhaseBreakdown();
    private KernelLaunch launch;
    private MemoryPort port;
    private WorkGroupTm[] groups = new WorkGroupTm[0];
    private Consumer<Attempt> tracer;
    private TxJournal journal;
    private long nextCid;
    private final Map<Long, byte[]> sharedAtFirstBegin = new HashMap<>();

    /** A model with {@code detection} ({@code localtm-dcd} or {@code localtm-smdcd}). */
    public LocalTm(Detection detection) {
        this.detection = detection;
    }

    @Override
    public String name() {
        return detection.modelName();
    }

    /** The conflict-detection strategy. */
    public Detection detection() {
        return detection;
    }

    @Override
    public int sharedFootprint(int kernelBytes) {
        return ShadowLayout.of(kernelBytes).footprintBytes();
    }

    @Override
    public void attach(KernelLaunch launch) {
        long threads = launch.block().count();
        if (threads > MAX_WORK_ITEMS) {
            throw new IllegalArgumentException("kernel " + launch.kernelName() + ": " + name() + " supports work-groups"
                    + " of at most " + MAX_WORK_ITEMS
                    + " work-items (an owner record in the shadow memory is one byte);"
                    + " this launch has " + threads + " threads per block");
        }
        this.launch = launch;
        this.port = launch.port();
    }

    /**
     * One finished attempt of a wavefront's transaction, as the paper's Fig 3 draws it: the work-items it ran
     * ({@code exec}, the EXEC mask of the attempt), those that conflicted ({@code tcm}) and those that committed.
     *
     * @param cta       the work-group's linear id
     * @param wavefront the wavefront's index in the work-group
     * @param number    the attempt's number in its transaction (1 for the first execution)
     * @param mode      the attempt's mode
     * @param exec      the work-items that ran it
     * @param tcm       the transaction conflict mask at its end
     * @param committed the work-items that committed
     * @param rolledBack true when another wavefront's WgS rolled the attempt back before {@code TX_Commit} (such an
     *     attempt is no re-execution for livelock detection)
     */
    public record Attempt(
            long cta,
            int wavefront,
            int number,
            TxMode mode,
            long exec,
            long tcm,
            long committed,
            boolean rolledBack) {}

    /** Calls {@code t} with every attempt as it ends (golden traces; null to stop). */
    public void trace(Consumer<Attempt> t) {
        this.tracer = t;
    }

    /**
     * Records every committed transaction in {@code j} for the serial replay of the correctness harness ({@link
     * dev.gmac.gpu.tm.SerialReplay}), with commit IDs in commit order: eager conflict detection keeps every word a
     * transaction accessed owned until it commits or aborts, so the commit order is a serial order equivalent to the
     * run. Shared-memory addresses are journaled as {@link #journalAddress}; the state the replay starts from is
     * {@link #sharedAtFirstBegin}. Atomics inside transactions are not journaled (a violation is recorded). Off by
     * default; set before the launch runs.
     */
    public void journal(TxJournal j) {
        this.journal = j;
    }

    /**
     * The journal address of byte {@code addr} of work-group {@code linearId}'s shared memory: bit 62 set (no global
     * address has it, so one journal can hold both spaces), the work-group in bits 32-61, the byte in bits 0-31.
     */
    public static long journalAddress(long linearId, long addr) {
        return SHARED_TAG | linearId << 32 | addr;
    }

    /** True for a journal address of shared memory ({@link #journalAddress}). */
    public static boolean isSharedJournalAddress(long journalAddress) {
        return (journalAddress & SHARED_TAG) != 0;
    }

    /** The work-group of a shared journal address. */
    public static long journalWorkGroup(long journalAddress) {
        return (journalAddress & ~SHARED_TAG) >>> 32;
    }

    private static final long SHARED_TAG = 1L << 62;

    /**
     * Aborts running {@code lanes} of {@code scope}'s attempt on another model's verdict (a composite model whose
     * global part failed validation, {@code dev.gmac.gpu.tm.hybrid.HybridTm}): as a conflict, the work-items'
     * backups are restored, their ownership deleted and their TCM bits set.
     */
    public void abort(TxScope scope, long lanes) {
        if (scope.tmState instanceof WavefrontTx t) {
            for (long m = lanes & t.live(); m != 0; m &= m - 1) {
                abortLane(t, Long.numberOfTrailingZeros(m));
            }
        }
    }

    /**
     * The kernel's shared memory of work-group {@code linearId} as it was at the work-group's first {@code TX_Begin}
     * (recorded only with a journal; null for a work-group that ran no transaction).
     */
    public byte[] sharedAtFirstBegin(long linearId) {
        return sharedAtFirstBegin.get(linearId);
    }

    /** Wavefront-cycles per phase of a timed launch (Fig 6); filled by the timing model. */
    public PhaseBreakdown breakdown() {
        return breakdown;
    }

    /** What the launch counted so far. */
    public LocalTmStats stats() {
        return counters.snapshot();
    }

    /**
     * The launch's counters as a flat map for reports ({@code gmac ptx run}'s {@code stats.localtm}): every {@link
     * LocalTmStats} component, the commit ratio (Fig 7), the share of committed transactions per mode (Fig 8) and,
     * after a timed launch, the wavefront-cycles per phase (Fig 6).
     */
    public Map<String, Object> report() {
        LocalTmStats s = stats();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", name());
        for (RecordComponent c : LocalTmStats.class.getRecordComponents()) {
            try {
                m.put(c.getName(), c.getAccessor().invoke(s));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        m.put("committed", s.committed());
        m.put("conflicts", s.conflicts());
        m.put("commitRatio", s.commitRatio());
        for (TxMode mode : TxMode.values()) {
            m.put("share" + mode.label(), s.share(mode));
        }
        if (breakdown.total() > 0) {
            Map<String, Long> phases = new LinkedHashMap<>();
            breakdown.asMap().forEach((p, c) -> phases.put(p.label(), c));
            m.put("phaseCycles", phases);
        }
        return m;
    }

    /**
     * Makes the model record, for every issued instruction, the shadow-memory accesses and extra cycles its hardware
     * adds; the timing model collects them with {@link #describe}.
     */
    public void recordTraffic() {
        traffic.enable();
    }

    /** Adds the shadow accesses and extra cycles of the instruction just issued to {@code rec}. */
    public void describe(IssueRecord rec) {
        traffic.drainInto(rec);
    }

    /** The layout of the shadow memory for {@code cta} (tests, tools). */
    public ShadowLayout layout(Cta cta) {
        return group(cta).directory.layout;
    }

    /** Shadow-memory state of word {@code k} of {@code cta}: its owner byte, or -1 when nobody owns it (tests). */
    public int ownerOf(Cta cta, int k) {
        ShadowDirectory d = group(cta).directory;
        return d.state(k) == detection.empty() ? -1 : d.owner(k);
    }

    /** The transaction conflict mask of {@code scope}'s current or last attempt (tests, traces). */
    public long tcm(TxScope scope) {
        return scope.tmState instanceof WavefrontTx ? ((WavefrontTx) scope.tmState).tcm : 0;
    }

    /** The mode of {@code scope}'s next (or current) attempt (tests, traces). */
    public TxMode mode(TxScope scope) {
        return scope.tmState instanceof WavefrontTx ? ((WavefrontTx) scope.tmState).mode : TxMode.TX;
    }

    private WorkGroupTm group(Cta cta) {
        int s = cta.slot();
        if (s >= groups.length) {
            groups = Arrays.copyOf(groups, Math.max(s + 1, 2 * groups.length));
        }
        WorkGroupTm g = groups[s];
        if (g == null || g.cta != cta || g.linearId != cta.linearId()) {
            g = new WorkGroupTm(cta, detection, counters, traffic);
            groups[s] = g;
            if (journal != null) {
                sharedAtFirstBegin.putIfAbsent(
                        cta.linearId(), Arrays.copyOf(cta.physicalShared(), cta.kernelSharedBytes()));
            }
        }
        return g;
    }

    // ------------------------------------------------------------------ transactional SIMT execution

    @Override
    public long begin(TxScope scope, long lanes) {
        WavefrontTx t = (WavefrontTx) scope.tmState;
        if (t == null) {
            Warp w = wavefront(scope);
            t = new WavefrontTx(scope, w, group(scope.cta()), lanes);
            scope.tmState = t;
            counters.wavefrontTransactions++;
        } else {
            if (t.running != 0) {
                endAttempt(t, 0); // every work-item of the last attempt aborted before TX_Commit
            }
            t.checkpoint.restore(lanes); // the shadow register file gives the retrying work-items their registers
        }
        if (traffic.enabled()) {
            traffic.extraCycles(1); // TX_Begin resets TCM beside EXEC
        }
        WorkGroupTm g = t.group;
        if (g.serializing != null && g.serializing != t) {
            if (!t.stalled) {
                t.stalled = true;
                g.stalled.add(t);
                counters.stalls++;
            }
            return 0;
        }
        t.stalled = false;
        long admitted;
        switch (t.mode) {
            case WFS:
                t.selectedLane = Long.numberOfTrailingZeros(lanes);
                admitted = 1L << t.selectedLane;
                counters.wfsEntries++;
                if (!t.reachedWfs) {
                    t.reachedWfs = true;
                    counters.wavefrontTransactionsWfs++;
                }
                break;
            case WGS:
                if (t.selectedLane < 0 || (lanes & (1L << t.selectedLane)) == 0) {
                    t.selectedLane = Long.numberOfTrailingZeros(lanes);
                }
                admitted = 1L << t.selectedLane;
                g.serializing = t;
                counters.wgsEntries++;
                if (!t.reachedWgs) {
                    t.reachedWgs = true;
                    counters.wavefrontTransactionsWgs++;
                }
                rollBackOthers(g, t);
                break;
            default:
                admitted = lanes;
        }
        t.running = admitted;
        t.tcm = 0;
        t.attempts++;
        if (journal != null) {
            for (long m = admitted; m != 0; m &= m - 1) {
                int lane = Long.numberOfTrailingZeros(m);
                LaneJournal l = t.journal(lane);
                if (!l.pending) {
                    l.pending = true;
                    journal.started(thread(t, lane));
                }
                journal.attempt(thread(t, lane));
                l.clear();
            }
        }
        counters.started += Long.bitCount(admitted);
        if (!g.active.contains(t)) {
            g.active.add(t);
        }
        return admitted;
    }

    /** The static wavefront whose lanes {@code scope}'s masks name, or a fault for a model that regroups lanes. */
    private Warp wavefront(TxScope scope) {
        Cta cta = scope.cta();
        DivergenceModel dm = cta.simt();
        Warp w = cta.warps().get(scope.slot());
        for (int i = 0; i < Math.max(1, dm.members(scope.slot())); i++) {
            if (!dm.perWarpTransactions() || dm.member(scope.slot(), i) != w) {
                throw launch.fault(
                        dm.member(scope.slot(), i),
                        null,
                        Long.numberOfTrailingZeros(dm.memberLanes(scope.slot(), i)),
                        -1,
                        FaultKind.INVALID_INSTRUCTION,
                        name() + " runs transactions at wavefront granularity and needs a divergence model that"
                                + " issues each wavefront's own lanes and runs its transactions on its own (pdom, its); "
                                + dm.name() + " regroups them or synchronises the block's transactions");
            }
        }
        return w;
    }

    /** WgS: every other wavefront's running attempt is aborted and rolled back; they will stall at TX_Begin. */
    private void rollBackOthers(WorkGroupTm g, WavefrontTx t) {
        for (WavefrontTx u : new ArrayList<>(g.active)) {
            if (u == t) {
                continue;
            }
            if (u.running != 0) {
                u.rolledBack = true;
            }
            for (long m = u.live(); m != 0; m &= m - 1) {
                abortLane(u, Long.numberOfTrailingZeros(m));
                counters.wgsRollbacks++;
            }
        }
    }

    /**
     * The running lanes of {@code scope} that aborted and should stop now: the TCM disables a conflicting work-item
     * at once, and the divergence model removes it after the issue ({@link DivergenceModel#txAbort}).
     *
     * <p>While another work-item of the wavefront is still enabled, that is all. When every work-item of the attempt
     * is disabled, the wavefront does not restart at once: in the paper's hardware the retry happens only at {@code
     * TX_Commit} ("conflicting transactions must retry the execution by copying TCM to EXEC and returning to the
     * TX_Begin instruction", §3), so the wavefront goes on to {@code TX_Commit} with its work-items disabled
     * (sandboxed: they write nothing and detect nothing) and retries there. A wavefront that restarted at once would
     * meet the same owner again within a few cycles and reach livelock, WfS and WgS before that owner could commit
     * (docs/decisions/0350). The exception is a WgS of another wavefront, whose rollback stalls this one at {@code
     * TX_Begin} at once (§3, "Forward Progress").
     */
    public long ran(TxScope scope, int warpInstructions) {
        if (!(scope.tmState instanceof WavefrontTx t)) {
            return 0;
        }
        long disabled = t.tcm & scope.running();
        if (disabled == 0) {
            return 0;
        }
        WavefrontTx serializing = t.group.serializing;
        boolean rolledBack = serializing != null && serializing != t;
        return rolledBack || (scope.running() & ~t.tcm) != 0 ? disabled : 0;
    }

    @Override
    public boolean commit(TxScope scope, long lanes) {
        WavefrontTx t = (WavefrontTx) scope.tmState;
        if (traffic.enabled()) {
            traffic.extraCycles(1); // TX_Commit: TCM to EXEC
        }
        long ok = lanes & t.running & ~t.tcm;
        scope.committed(ok);
        endAttempt(t, ok);
        return true;
    }

    /**
     * The attempt of {@code t} ended with {@code committed} work-items committing: their entries are released, the
     * attempt's TCM decides the next mode (livelock detection, WfS, WgS), and a WgS that ended lets the stalled
     * wavefronts go.
     */
    private void endAttempt(WavefrontTx t, long committed) {
        WorkGroupTm g = t.group;
        for (long m = committed; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            g.directory.release(t.workItem(lane), false);
            counters.committed[t.mode.ordinal()]++;
            if (journal != null) {
                LaneJournal l = t.journal(lane);
                l.pending = false;
                journal.committed(l.commit(nextCid++, thread(t, lane)));
            }
        }
        t.forgetLocal(committed);
        long failed = t.running & ~committed;
        for (long m = failed & ~t.tcm; m != 0; m &= m - 1) {
            abortLane(t, Long.numberOfTrailingZeros(m)); // lanes that left the attempt without committing
        }
        long tcm = t.tcm;
        TxMode mode = t.mode;
        boolean rolledBack = t.rolledBack;
        t.rolledBack = false;
        if (tracer != null) {
            tracer.accept(
                    new Attempt(g.linearId, t.warp.index(), t.attempts, mode, t.running, tcm, committed, rolledBack));
        }
        t.running = 0;
        g.active.remove(t);
        switch (mode) {
            case TX: {
                if (rolledBack) {
                    break; // sent back to TX_Begin by another wavefront's WgS: no TCM reached TX_Commit (0350)
                }
                int index = t.streak++;
                if (tcm != 0 && index >= 2 && tcm == t.lastTcm) {
                    counters.livelocks++;
                    t.mode = TxMode.WFS;
                }
                t.lastTcm = tcm;
                break;
            }
            case WFS:
                if (rolledBack) {
                    break; // the selected work-item retries in WfS: a rollback is not a conflict (0350)
                }
                if (tcm == 0) {
                    backToNormal(t);
                } else {
                    t.mode = TxMode.WGS; // the conflict came from another wavefront
                }
                break;
            default:
                if (tcm == 0) {
                    backToNormal(t);
                }
                g.serializing = null;
                List<WavefrontTx> waiting = new ArrayList<>(g.stalled);
                g.stalled.clear();
                for (WavefrontTx u : waiting) {
                    u.stalled = false; // it may stall again, behind a wavefront woken before it
                    u.scope.wake();
                }
        }
    }

    private static void backToNormal(WavefrontTx t) {
        t.mode = TxMode.TX;
        t.streak = 1; // the next attempt is a re-execution
        t.lastTcm = 0;
        t.selectedLane = -1;
    }

    /**
     * Aborts {@code lane} of {@code t}'s attempt: inter-bank communication through the TCM (every bank restores the
     * work-item's backups and deletes its ownership), its private stores undone, its TCM bit set (it is disabled).
     */
    private void abortLane(WavefrontTx t, int lane) {
        t.group.directory.release(t.workItem(lane), true);
        t.undoLocal(lane, (l, a, s, v) -> port.store(t.warp, null, StateSpace.LOCAL, a, s, l, v));
        t.tcm |= 1L << lane;
        counters.aborted++;
        if (journal != null) {
            journal.aborted(thread(t, lane));
        }
    }

    /** The global linear index of {@code lane}'s work-item (the journal's thread). */
    private long thread(WavefrontTx t, int lane) {
        return t.group.linearId * launch.block().count() + t.workItem(lane);
    }

    // ------------------------------------------------------------------ accesses

    @Override
    public long load(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size) {
        WavefrontTx t = (WavefrontTx) scope.tmState;
        if ((t.tcm & (1L << lane)) != 0) {
            return sandboxLoad(w, in, lane, space, addr, size);
        }
        boolean shared = space == StateSpace.SHARED && inKernel(w, addr, size);
        if (shared && !detect(t, lane, addr, size, false)) {
            return 0; // aborted: the value is never used (registers are restored at the retry)
        }
        long v = port.load(w, in, space, addr, size, lane);
        if (shared && journal != null) {
            t.journal(lane).read(journalAddress(t.group.linearId, addr), size, v);
        }
        return v;
    }

    @Override
    public void store(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size, long value) {
        WavefrontTx t = (WavefrontTx) scope.tmState;
        if ((t.tcm & (1L << lane)) != 0) {
            return; // a disabled work-item writes nothing
        }
        switch (space) {
            case StateSpace.SHARED:
                if (inKernel(w, addr, size)) {
                    if (!detect(t, lane, addr, size, true)) {
                        return;
                    }
                    if (journal != null) {
                        t.journal(lane).write(journalAddress(t.group.linearId, addr), size, value);
                    }
                }
                break;
            case StateSpace.LOCAL:
                t.logLocal(lane, addr, size, port.load(w, in, space, addr, size, lane));
                break;
            case StateSpace.GLOBAL:
                throw globalWrite(w, in, lane, addr, "a store");
            default:
                break;
        }
        port.store(w, in, space, addr, size, lane, value);
    }

    @Override
    public long atomic(TxScope scope, Warp w, int lane, Insn in, int space, long addr, long b, long c) {
        WavefrontTx t = (WavefrontTx) scope.tmState;
        if ((t.tcm & (1L << lane)) != 0) {
            return 0;
        }
        if (space == StateSpace.GLOBAL) {
            throw globalWrite(w, in, lane, addr, "an atomic");
        }
        if (inKernel(w, addr, in.width) && !detect(t, lane, addr, in.width, true)) {
            return 0;
        }
        if (journal != null && space == StateSpace.SHARED) {
            journal.violation("an atomic at shared byte " + addr + " inside a transaction of work-item "
                    + thread(t, lane) + ": atomics are not journaled, so the serial replay cannot check this run");
        }
        return port.atomic(w, in, space, addr, lane, b, c);
    }

    private KernelFaultException globalWrite(Warp w, Insn in, int lane, long addr, String what) {
        return launch.fault(
                w,
                in,
                lane,
                addr,
                FaultKind.INVALID_INSTRUCTION,
                what + " to global memory inside a " + name() + " transaction: GPU-LocalTM versions local (shared)"
                        + " memory only and could not undo it; keep global writes outside the transaction, or use a"
                        + " TM model for global memory");
    }

    /** True when the access lies inside the kernel's shared bytes, aligned (else the port raises the fault). */
    private static boolean inKernel(Warp w, long addr, int size) {
        return addr >= 0 && addr <= w.cta().kernelSharedBytes() - size && (addr & (size - 1)) == 0;
    }

    /**
     * Runs conflict detection for every word of a shared access of {@code lane}; on a conflict the work-item is
     * aborted and false returned.
     */
    private boolean detect(WavefrontTx t, int lane, long addr, int size, boolean write) {
        int wi = t.workItem(lane);
        int first = (int) (addr >>> 2);
        int last = (int) ((addr + size - 1) >>> 2);
        ShadowDirectory d = t.group.directory;
        for (int k = first; k <= last; k++) {
            if (d.access(k, wi, write).conflict()) {
                abortLane(t, lane);
                return false;
            }
        }
        return true;
    }

    /**
     * A load by a disabled work-item, which keeps running until the engine removes it: it reads memory as it is
     * (never faulting on an address its doomed attempt computed) and its result is discarded at the retry.
     */
    private long sandboxLoad(Warp w, Insn in, int lane, int space, long addr, int size) {
        if (space == StateSpace.SHARED) {
            return inKernel(w, addr, size) ? port.load(w, in, space, addr, size, lane) : 0;
        }
        try {
            return port.load(w, in, space, addr, size, lane);
        } catch (KernelFaultException e) {
            return 0;
        }
    }
}
