package dev.gmac.gpu.exec;

import dev.gmac.gpu.FaultKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Dynamic warp formation (Fung thesis §2.4 and §3.2; digest §2.2 and pseudo-code §6.4; GPGPU architecture slides,
 * Part 2 "Dynamic Warp Formation"): {@code dwf}, and {@code dwf-wb} with the thesis's warp barrier (§3.2.1).
 *
 * <p><b>Warp pool.</b> Threads that stand at the same PC (in the same call context) form <em>dynamic warps</em>;
 * a thread keeps its home lane, so a dynamic warp holds at most one thread per lane, taken from any static warps of
 * the CTA. The CTA's hardware warp slots each hold one dynamic warp to issue; the others wait in the warp pool.
 * After every instruction a slot's warp goes back to the pool, where its threads are merged into pool warps at
 * their new PC whose lanes are free (the warp LUT's in-lane merge: each thread looks for a pool warp at its PC with
 * its home lane free, oldest first, and starts a new pool warp otherwise). A divergent branch sends each outcome's
 * threads back separately. The slot then takes the pool warp chosen by <b>majority</b> scheduling (the prior work's
 * best policy): the PC held by the most pooled threads, and there the fullest warp; a warp that has waited {@value
 * #PATIENCE} decisions is taken first, so a minority is delayed (the starvation eddy of Fig 3.3a) but never starved
 * for good. Slots without a warp wait and are given one as soon as the pool has one.
 *
 * <p><b>Warp barrier</b> ({@code dwf-wb}, §3.2.1): threads stay in their static warp (its dynamic warp is
 * <em>pinned</em>: it never merges) until the warp diverges at a <em>top-level</em> divergent branch (one taken
 * while its threads are not inside an earlier divergence); the threads then regroup freely with other diverged
 * threads, and a per-static-warp barrier is set at the branch's IPDOM. A thread reaching its warp's barrier PC (in
 * the branch's call context) parks; once every live thread of the static warp is parked, they resume there as the
 * static warp, pinned again. A barrier at the kernel's exit is not set (threads there only exit).
 *
 * <p><b>Scope and our choices.</b> The thesis's DWF forms warps from every thread of a SIMT core; this model, like
 * every divergence model of the engine, sees one CTA, so it regroups threads of one block (decision record 0331).
 * Majority scheduling picks which pool warp a freed hardware slot issues next; the timing model's warp scheduler
 * then interleaves the slots. CTA barriers count the arriving threads (like {@code its}); a slot whose warp waits
 * at a barrier takes another pool warp. {@code bar.warp.sync} is a no-op (pre-Volta). Transactions are not
 * supported. Warp-synchronous code breaks, as the thesis shows for NVRT: threads of a static warp no longer run in
 * lockstep, so a manager thread's shared-memory write may not be seen by the workers that run ahead; {@code dwf-wb}
 * restores the static warp before such coherent code.
 */
final class DwfModel extends DivergenceModel {
    /** Majority decisions after which a waiting pool warp is taken regardless of its size. */
    static final int PATIENCE = 256;

    private final String name;
    private final boolean warpBarrier;

    /** A call context: where the callee returns to, and the caller's context. Structural equality. */
    private record Ctx(int returnPc, Ctx parent) {}

    /** A dynamic warp: a PC, a call context and, per member static warp, its lanes and register frame. */
    private static final class DWarp {
        int pc;
        int watch;
        Ctx ctx;
        int n;
        int[] warp;
        long[] lanes;
        int[] frame;
        long union;
        boolean pinned;
        long since;
        int barrier = -1;

        DWarp(int capacity) {
            warp = new int[capacity];
            lanes = new long[capacity];
            frame = new int[capacity];
        }

        int threads() {
            return Long.bitCount(union);
        }

        int indexOf(int w) {
            for (int i = 0; i < n; i++) {
                if (warp[i] == w) {
                    return i;
                }
            }
            return -1;
        }

        void add(int w, long l, int f) {
            int i = indexOf(w);
            if (i < 0) {
                i = n++;
                warp[i] = w;
                lanes[i] = 0;
                frame[i] = f;
            }
            lanes[i] |= l;
            union |= l;
        }

        void removeLanes(long gone) {
            int k = 0;
            for (int i = 0; i < n; i++) {
                long left = lanes[i] & ~gone;
                if (left != 0) {
                    warp[k] = warp[i];
                    frame[k] = frame[i];
                    lanes[k++] = left;
                }
            }
            n = k;
            union &= ~gone;
        }
    }

    private int warps;
    private int exitPc;
    private DWarp[] bound = new DWarp[0];
    private int[] states = new int[0];
    private boolean[] slotAtBarrier = new boolean[0];
    private final List<DWarp> pool = new ArrayList<>();
    private final List<DWarp> atBarrier = new ArrayList<>();
    private long decisions;
    private int maxWarps;

    // warp barriers (dwf-wb), per static warp
    private int[] wbPc = new int[0];
    private Ctx[] wbCtx = new Ctx[0];
    private long[] wbParked = new long[0];
    private int[] wbFrame = new int[0];

    // majority scratch: distinct PCs and their thread counts
    private int[] pcs = new int[16];
    private int[] counts = new int[16];

    DwfModel(String name, boolean warpBarrier) {
        this.name = name;
        this.warpBarrier = warpBarrier;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(Cta cta, int entryPc) {
        this.cta = cta;
        this.exitPc = cta.launch.kernel.exitPc;
        int n = cta.warps.length;
        if (n != warps) {
            warps = n;
            bound = new DWarp[n];
            states = new int[n];
            slotAtBarrier = new boolean[n];
            wbPc = new int[n];
            wbCtx = new Ctx[n];
            wbParked = new long[n];
            wbFrame = new int[n];
        }
        pool.clear();
        atBarrier.clear();
        decisions = 0;
        maxWarps = n;
        for (int w = 0; w < n; w++) {
            wbPc[w] = -1;
            wbCtx[w] = null;
            wbParked[w] = 0;
            DWarp d = new DWarp(n);
            d.pc = entryPc;
            d.add(w, cta.warps[w].validMask, 0);
            d.pinned = warpBarrier;
            bind(w, d);
            slotAtBarrier[w] = false;
        }
    }

    private void bind(int slot, DWarp d) {
        bound[slot] = d;
        d.watch = d.pc + 1;
        states[slot] = RUNNABLE;
    }

    // ------------------------------------------------------------------ the pool

    /** Puts {@code d}'s threads into the pool at its PC, merging them lane by lane into waiting warps. */
    private void put(DWarp d) {
        if (d.n == 0) {
            return;
        }
        if (d.pinned) {
            enter(d);
            return;
        }
        DWarp rest = null;
        for (int i = 0; i < d.n; i++) {
            int w = d.warp[i];
            long remaining = d.lanes[i];
            for (int p = 0; p < pool.size() && remaining != 0; p++) {
                DWarp q = pool.get(p);
                if (q.pinned || q.pc != d.pc || !java.util.Objects.equals(q.ctx, d.ctx)) {
                    continue;
                }
                int j = q.indexOf(w);
                if (j >= 0 && q.frame[j] != d.frame[i]) {
                    continue;
                }
                long free = remaining & ~q.union;
                if (free != 0) {
                    q.add(w, free, d.frame[i]);
                    remaining &= ~free;
                }
            }
            if (remaining != 0) {
                if (rest == null) {
                    rest = new DWarp(warps);
                    rest.pc = d.pc;
                    rest.ctx = d.ctx;
                }
                rest.add(w, remaining, d.frame[i]);
            }
        }
        if (rest != null) {
            enter(rest);
        }
    }

    private void enter(DWarp d) {
        d.since = decisions;
        pool.add(d);
        maxWarps = Math.max(maxWarps, pool.size() + warps);
    }

    /** Majority scheduling: the pool warp a free slot issues next (removed from the pool), or null. */
    private DWarp pick() {
        if (pool.isEmpty()) {
            return null;
        }
        decisions++;
        int chosen = -1;
        for (int i = 0; i < pool.size(); i++) {
            if (decisions - pool.get(i).since > PATIENCE) {
                chosen = i; // the oldest waiter, in pool order
                break;
            }
        }
        if (chosen < 0) {
            int distinct = 0;
            for (DWarp q : pool) {
                int k = 0;
                while (k < distinct && pcs[k] != q.pc) {
                    k++;
                }
                if (k == distinct) {
                    if (distinct == pcs.length) {
                        pcs = java.util.Arrays.copyOf(pcs, distinct * 2);
                        counts = java.util.Arrays.copyOf(counts, distinct * 2);
                    }
                    pcs[distinct] = q.pc;
                    counts[distinct++] = 0;
                }
                counts[k] += q.threads();
            }
            int best = 0;
            for (int k = 1; k < distinct; k++) {
                if (counts[k] > counts[best]) {
                    best = k;
                }
            }
            int majorityPc = pcs[best];
            for (int i = 0; i < pool.size(); i++) {
                DWarp q = pool.get(i);
                if (q.pc == majorityPc
                        && (chosen < 0 || q.threads() > pool.get(chosen).threads())) {
                    chosen = i;
                }
            }
        }
        return pool.remove(chosen);
    }

    /** Gives every slot without a warp one from the pool. */
    private void fillIdleSlots() {
        for (int s = 0; s < warps && !pool.isEmpty(); s++) {
            if (states[s] == WAITING && bound[s] == null) {
                bind(s, pick());
                slotAtBarrier[s] = false;
                cta.launch.slotFormed(cta, s, 1);
            }
        }
    }

    /**
     * The slot's warp moved (an instruction, a branch outcome, a call or return): park threads at their warp
     * barrier, return the rest to the pool, take the majority warp, and give idle slots work.
     */
    private int regroup(int slot, DWarp d) {
        bound[slot] = null;
        if (d != null) {
            park(d);
            put(d);
        }
        return next(slot);
    }

    private int next(int slot) {
        DWarp d = pick();
        if (d != null) {
            bind(slot, d);
        } else {
            bound[slot] = null;
            states[slot] = liveThreads() ? WAITING : DONE;
        }
        fillIdleSlots();
        if (!liveThreads()) {
            finishAll();
        }
        return states[slot] == RUNNABLE ? CONTINUE : STOP;
    }

    private boolean liveThreads() {
        return cta.liveThreads > 0;
    }

    private void finishAll() {
        for (int s = 0; s < warps; s++) {
            if (states[s] != DONE) {
                states[s] = DONE;
                bound[s] = null;
                cta.launch.slotFormed(cta, s, 1);
            }
        }
    }

    private boolean atWarpBarrier(DWarp d) {
        if (!warpBarrier || d.pinned) {
            return false;
        }
        for (int i = 0; i < d.n; i++) {
            if (wbPc[d.warp[i]] == d.pc) {
                return true;
            }
        }
        return false;
    }

    /** Moves the threads of {@code d} that stand at their static warp's barrier out of it (dwf-wb). */
    private void park(DWarp d) {
        if (!warpBarrier || d.pinned) {
            return;
        }
        long gone = 0;
        boolean any = false;
        for (int i = 0; i < d.n; i++) {
            int w = d.warp[i];
            if (wbPc[w] == d.pc && java.util.Objects.equals(wbCtx[w], d.ctx)) {
                wbParked[w] |= d.lanes[i];
                wbFrame[w] = d.frame[i];
                gone |= d.lanes[i];
                any = true;
            }
        }
        if (any) {
            d.removeLanes(gone);
            releaseWarpBarriers();
        }
    }

    /** Restores every static warp whose live threads have all reached its warp barrier. */
    private void releaseWarpBarriers() {
        for (int w = 0; w < warps; w++) {
            if (wbPc[w] < 0) {
                continue;
            }
            long live = cta.warps[w].liveMask;
            wbParked[w] &= live;
            if (wbParked[w] == live && live != 0) {
                DWarp s = new DWarp(warps);
                s.pc = wbPc[w];
                s.ctx = wbCtx[w];
                s.add(w, live, wbFrame[w]);
                s.pinned = true;
                wbPc[w] = -1;
                wbCtx[w] = null;
                wbParked[w] = 0;
                enter(s);
            } else if (live == 0) {
                wbPc[w] = -1;
                wbParked[w] = 0;
            }
        }
    }

    // ------------------------------------------------------------------ the group of a slot

    @Override
    public int slots() {
        return warps;
    }

    @Override
    public int state(int slot) {
        return states[slot];
    }

    @Override
    public int pc(int slot) {
        DWarp d = bound[slot];
        return d == null ? 0 : d.pc;
    }

    @Override
    public long mask(int slot) {
        DWarp d = bound[slot];
        return d == null ? 0 : d.union;
    }

    @Override
    public int members(int slot) {
        DWarp d = bound[slot];
        return d == null ? 0 : d.n;
    }

    @Override
    public Warp member(int slot, int i) {
        DWarp d = bound[slot];
        return cta.warps[d == null || d.n == 0 ? slot : d.warp[i]];
    }

    @Override
    public long memberLanes(int slot, int i) {
        return bound[slot].lanes[i];
    }

    @Override
    public int memberFrame(int slot, int i) {
        return bound[slot].frame[i];
    }

    @Override
    public int watchPc(int slot) {
        DWarp d = bound[slot];
        return d == null ? -1 : d.watch;
    }

    @Override
    public boolean perWarpTransactions() {
        return false;
    }

    @Override
    public boolean reportsEveryBranch() {
        return true;
    }

    @Override
    public boolean splitsWarps() {
        return true;
    }

    @Override
    public TxScope txScope(int slot) {
        return null;
    }

    @Override
    public void setPc(int slot, int pc) {
        DWarp d = bound[slot];
        if (d != null) {
            d.pc = pc;
        }
    }

    // ------------------------------------------------------------------ control flow

    @Override
    public int reached(int slot) {
        DWarp d = bound[slot];
        if (pool.isEmpty() && !atWarpBarrier(d)) {
            d.watch = d.pc + 1; // nothing waits in the pool to merge with or to take the slot: keep the warp
            return CONTINUE;
        }
        return regroup(slot, d);
    }

    @Override
    public int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        DWarp d = bound[slot];
        taken &= d.union;
        long notTaken = d.union & ~taken;
        if (notTaken == 0 || taken == 0) {
            d.pc = notTaken == 0 ? target : fallthrough;
            return reached(slot);
        }
        DWarp t = new DWarp(warps);
        t.pc = target;
        t.ctx = d.ctx;
        t.pinned = d.pinned;
        for (int i = 0; i < d.n; i++) {
            long l = d.lanes[i] & taken;
            if (l != 0) {
                t.add(d.warp[i], l, d.frame[i]);
            }
        }
        d.removeLanes(taken);
        d.pc = fallthrough;
        if (warpBarrier && d.pinned) {
            // a top-level divergence: the static warp's threads regroup freely until its barrier at the IPDOM
            int w = d.warp[0];
            if (!(rpc == exitPc && d.ctx == null)) {
                wbPc[w] = rpc;
                wbCtx[w] = d.ctx;
            }
            d.pinned = false;
            t.pinned = false;
        }
        bound[slot] = null;
        park(d);
        put(d);
        park(t);
        put(t);
        return next(slot);
    }

    @Override
    public int call(int slot, int entryPc, int returnPc, int[] calleeFrames) {
        DWarp d = bound[slot];
        d.ctx = new Ctx(returnPc, d.ctx);
        for (int i = 0; i < d.n; i++) {
            d.frame[i] = calleeFrames[i];
        }
        d.pc = entryPc;
        return regroup(slot, d);
    }

    @Override
    public int ret(int slot) {
        DWarp d = bound[slot];
        for (int i = 0; i < d.n; i++) {
            d.frame[i] = cta.warps[d.warp[i]].parentFrame[d.frame[i]];
        }
        d.pc = d.ctx.returnPc();
        d.ctx = d.ctx.parent();
        return regroup(slot, d);
    }

    @Override
    public boolean inCall(int slot) {
        DWarp d = bound[slot];
        return d != null && d.ctx != null;
    }

    @Override
    public int exited(int slot, long lanes) {
        DWarp d = bound[slot];
        d.removeLanes(lanes);
        if (warpBarrier) {
            releaseWarpBarriers();
        }
        return regroup(slot, d.n == 0 ? null : d);
    }

    // ------------------------------------------------------------------ barriers

    @Override
    public long barrierLanes(int slot, long executing, BarrierFault fault) {
        long missing = bound[slot].union & ~executing;
        if (missing != 0) {
            throw fault.divergent(executing, missing);
        }
        return executing;
    }

    @Override
    public int waitForBlock(int slot, int id, int resumePc) {
        DWarp d = bound[slot];
        d.pc = resumePc;
        d.barrier = id;
        atBarrier.add(d);
        bound[slot] = null;
        int r = next(slot);
        slotAtBarrier[slot] = states[slot] == WAITING;
        return r;
    }

    @Override
    public boolean waitsAtBarrier(int slot) {
        return states[slot] == WAITING && slotAtBarrier[slot];
    }

    @Override
    public void barrierReleased(int slot, int id) {
        boolean any = false;
        for (int i = 0; i < atBarrier.size(); i++) {
            DWarp d = atBarrier.get(i);
            if (d.barrier == id) {
                atBarrier.remove(i--);
                d.barrier = -1;
                park(d);
                put(d);
                any = true;
            }
        }
        if (any) {
            fillIdleSlots();
        }
    }

    @Override
    public int warpSync(int slot, long members, int resumePc) {
        DWarp d = bound[slot];
        d.pc = resumePc;
        return reached(slot);
    }

    @Override
    public int txBegin(int slot, int bodyPc) {
        DWarp d = bound[slot];
        throw cta.launch.fault(
                member(slot, 0),
                cta.launch.program.code()[d.pc],
                Long.numberOfTrailingZeros(d.union),
                -1,
                FaultKind.INVALID_INSTRUCTION,
                "transactions are not supported under the " + name
                        + " divergence model (a dynamic warp has no transactional stack entries); launch with pdom, its, tbc or"
                        + " tbc-lcp");
    }

    @Override
    public int txCommit(int slot, int afterPc) {
        return txBegin(slot, afterPc);
    }

    @Override
    public void txWake(int slot) {
        // no transactions
    }

    @Override
    public int txAbort(int slot, long lanes) {
        return CONTINUE; // no transaction ever runs (tx.begin faults)
    }

    /** The most dynamic warps the CTA held at once (bound and pooled). */
    @Override
    public int maxDepth() {
        return maxWarps;
    }

    @Override
    public String describe(int slot) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < warps; s++) {
            sb.append("slot ").append(s).append(": ").append(text(bound[s])).append("; ");
        }
        sb.append("pool:");
        for (DWarp d : pool) {
            sb.append(' ').append(text(d));
        }
        if (!atBarrier.isEmpty()) {
            sb.append("; at barriers:");
            for (DWarp d : atBarrier) {
                sb.append(' ').append(text(d));
            }
        }
        return sb.toString();
    }

    private static String text(DWarp d) {
        if (d == null) {
            return "-";
        }
        StringBuilder sb = new StringBuilder("[").append(d.pc);
        for (int i = 0; i < d.n; i++) {
            sb.append(" w").append(d.warp[i]).append(":").append(Long.toHexString(d.lanes[i]));
        }
        return sb.append(d.pinned ? " pinned]" : "]").toString();
    }
}
