package dev.gmac.gpu.exec;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code its}: Volta-style independent thread scheduling (NVIDIA Volta architecture whitepaper, 2017, "Independent
 * Thread Scheduling"; contrast with the per-warp stack of Fung thesis §2.1.2). Each static warp (slot) holds one
 * or more <em>paths</em>: lanes that share a PC, a register frame and a stack of open constructs (divergence
 * groups, calls, transactions). The warp issues one path at a time, and diverged paths are scheduled
 * independently, so a thread spinning on a lock held by another lane of its warp cannot starve that lane: the
 * naive spin lock that deadlocks under {@code pdom} completes.
 *
 * <p><b>Rules</b> (the model's definition; the whitepaper describes behaviour, not an algorithm):
 *
 * <ul>
 *   <li><b>Divergence.</b> At a branch whose lanes go both ways the path splits; both halves open a
 *       <em>convergence group</em> at the branch's immediate post-dominator (the point where pre-Volta hardware
 *       would reconverge). The fall-through half runs first, as under {@code pdom}.
 *   <li><b>Opportunistic reconvergence.</b> A path that reaches its group's convergence point parks there; once
 *       every lane still bound to the group has arrived, the parked paths merge and run on as one. Paths also
 *       merge whenever they <em>meet</em>: same PC, frame and open constructs.
 *   <li><b>Forward progress.</b> A parked path gives up waiting (leaves its group and runs on alone) after the
 *       warp has issued {@value #PATIENCE} branches of other paths, or at once when no other path of the warp can
 *       run. The running path yields to the next ready path (round-robin) after {@value #QUANTUM} branches.
 *   <li><b>{@code bar.warp.sync} ({@code __syncwarp}).</b> The lanes of the member mask wait for each other, then
 *       run on together. CTA barriers ({@code bar.sync}) count the arriving lanes of each path; the warp's other
 *       paths keep running.
 *   <li><b>Transactions</b> (Fung thesis §4.2.1): lanes admitted by the TM model run the body as a path inside the
 *       transaction; at {@code tx.commit} the running lanes wait for each other, committed lanes run on at once,
 *       failed lanes join the retry set and restart from the body's first instruction.
 * </ul>
 *
 * <p>Every branch is reported to the model ({@link #reportsEveryBranch()}), which keeps the bookkeeping simple at a
 * small cost per branch.
 */
final class ItsModel extends DivergenceModel {
    /** Branches of other paths after which a path parked at a convergence point runs on alone. */
    static final int PATIENCE = 64;
    /** Branches after which the running path yields to another ready path of its warp. */
    static final int QUANTUM = 32;

    private static final int READY = 0;
    private static final int AT_CONVERGENCE = 1;
    private static final int AT_BARRIER = 2;
    private static final int AT_WARP_SYNC = 3;
    private static final int AT_COMMIT = 4;
    private static final int TM_WAIT = 5;

    private static final int CONV = 0;
    private static final int CALL = 1;
    private static final int TX = 2;

    /** A convergence group: the lanes still expected at its convergence point, and those that have arrived. */
    private static final class Group {
        final int rpc;
        long expected;
        long arrived;

        Group(int rpc, long expected) {
            this.rpc = rpc;
            this.expected = expected;
        }
    }

    /** An open construct of a path, as an immutable list shared by paths that split from one another. */
    private record Node(int kind, int pc, int frame, Group group, TxScope scope, Node next, int depth) {}

    private static final class Path {
        long lanes;
        int pc;
        int frame;
        Node stack;
        int state = READY;
        int barrier = -1;
        long syncMembers;
        int parkedAt;

        Path(long lanes, int pc, int frame, Node stack) {
            this.lanes = lanes;
            this.pc = pc;
            this.frame = frame;
            this.stack = stack;
        }
    }

    /** The paths of one warp, the one running, and its transactions between attempts. */
    private static final class WarpPaths {
        final List<Path> paths = new ArrayList<>();
        final List<TxScope> retrying = new ArrayList<>();
        Path current;
        int ticks;
        int ranSince;
        int state;
    }

    private WarpPaths[] warps = new WarpPaths[0];
    /** Per open transaction: the path whose stack, frame and PC every attempt starts from. */
    private final Map<TxScope, Path> templates = new IdentityHashMap<>();

    private int slotCount;
    private int maxDepth;

    @Override
    public String name() {
        return "its";
    }

    @Override
    public void start(Cta cta, int entryPc) {
        this.cta = cta;
        int n = cta.warps.length;
        if (warps.length < n) {
            warps = new WarpPaths[n];
        }
        slotCount = n;
        maxDepth = 1;
        templates.clear();
        for (int i = 0; i < n; i++) {
            WarpPaths wp = new WarpPaths();
            Path p = new Path(cta.warps[i].validMask, entryPc, 0, null);
            wp.paths.add(p);
            wp.current = p;
            wp.state = RUNNABLE;
            warps[i] = wp;
        }
    }

    @Override
    public int slots() {
        return slotCount;
    }

    @Override
    public int state(int slot) {
        return warps[slot].state;
    }

    private Path cur(int slot) {
        return warps[slot].current;
    }

    @Override
    public int pc(int slot) {
        Path p = cur(slot);
        return p == null ? 0 : p.pc;
    }

    @Override
    public long mask(int slot) {
        Path p = cur(slot);
        return p == null ? 0 : p.lanes;
    }

    @Override
    public int members(int slot) {
        return 1;
    }

    @Override
    public Warp member(int slot, int i) {
        return cta.warps[slot];
    }

    @Override
    public long memberLanes(int slot, int i) {
        return mask(slot);
    }

    @Override
    public int memberFrame(int slot, int i) {
        Path p = cur(slot);
        return p == null ? 0 : p.frame;
    }

    @Override
    public int watchPc(int slot) {
        Path p = cur(slot);
        return p == null || p.stack == null || p.stack.kind != CONV ? -1 : p.stack.pc;
    }

    @Override
    public boolean reportsEveryBranch() {
        return true;
    }

    @Override
    public TxScope txScope(int slot) {
        Path p = cur(slot);
        for (Node n = p == null ? null : p.stack; n != null; n = n.next) {
            if (n.kind == TX) {
                return n.scope;
            }
        }
        return null;
    }

    @Override
    public void setPc(int slot, int pc) {
        Path p = cur(slot);
        if (p != null) {
            p.pc = pc;
        }
    }

    private static Node push(Node top, int kind, int pc, int frame, Group g, TxScope s) {
        return new Node(kind, pc, frame, g, s, top, top == null ? 1 : top.depth + 1);
    }

    private void noteDepth(Node n) {
        if (n != null && n.depth + 1 > maxDepth) {
            maxDepth = n.depth + 1;
        }
    }

    // ------------------------------------------------------------------ control flow

    @Override
    public int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        wp.ticks++;
        wp.ranSince++;
        long notTaken = p.lanes & ~taken;
        taken &= p.lanes;
        if (notTaken == 0 || taken == 0) {
            p.pc = notTaken == 0 ? target : fallthrough;
        } else {
            Group g;
            Node base;
            if (p.stack != null && p.stack.kind == CONV && p.stack.pc == rpc) {
                g = p.stack.group; // a divergent branch inside a loop that exits to the same point
                base = p.stack;
            } else {
                g = new Group(rpc, p.lanes);
                base = push(p.stack, CONV, rpc, p.frame, g, null);
                noteDepth(base);
            }
            Path t = new Path(taken, target, p.frame, base);
            wp.paths.add(wp.paths.indexOf(p) + 1, t);
            p.lanes = notTaken;
            p.pc = fallthrough;
            p.stack = base;
            wp.ranSince = 0;
            settle(wp, t);
        }
        settle(wp, p);
        return schedule(slot);
    }

    @Override
    public int reached(int slot) {
        WarpPaths wp = warps[slot];
        settle(wp, wp.current);
        return schedule(slot);
    }

    /** Parks {@code p} when it stands at its convergence point; merges its group once every bound lane arrived. */
    private void settle(WarpPaths wp, Path p) {
        if (p.state != READY || p.stack == null || p.stack.kind != CONV || p.pc != p.stack.pc) {
            return;
        }
        Group g = p.stack.group;
        p.state = AT_CONVERGENCE;
        p.parkedAt = wp.ticks;
        g.arrived |= p.lanes;
        tryConverge(wp, g);
    }

    /** Merges the paths parked at {@code g}'s point once its expected lanes have all arrived. */
    private void tryConverge(WarpPaths wp, Group g) {
        long live = 0;
        for (Path q : wp.paths) {
            live |= q.lanes;
        }
        for (TxScope s : wp.retrying) {
            live |= s.retry;
        }
        g.expected &= live;
        if ((g.expected & ~g.arrived) != 0) {
            return;
        }
        Path merged = null;
        for (int i = 0; i < wp.paths.size(); i++) {
            Path q = wp.paths.get(i);
            if (q.state == AT_CONVERGENCE && q.stack != null && q.stack.group == g) {
                if (merged == null) {
                    merged = q;
                    q.stack = q.stack.next;
                    q.state = READY;
                } else {
                    merged.lanes |= q.lanes;
                    if (wp.current == q) {
                        wp.current = merged;
                    }
                    wp.paths.remove(i--);
                }
            }
        }
        g.arrived = 0;
        if (merged != null) {
            settle(wp, merged);
        }
    }

    /**
     * Chooses the path the warp runs next: merges paths that meet, releases parked paths that waited too long,
     * keeps the current path until its quantum is used, then rotates; the slot waits when no path can run.
     */
    private int schedule(int slot) {
        WarpPaths wp = warps[slot];
        mergeMeeting(wp);
        for (Path q : wp.paths) {
            if (q.state == AT_CONVERGENCE && wp.ticks - q.parkedAt > PATIENCE) {
                release(wp, q);
            }
        }
        Path c = wp.current;
        if (c != null && c.state == READY && wp.paths.contains(c) && wp.ranSince < QUANTUM) {
            wp.state = RUNNABLE;
            return CONTINUE;
        }
        Path next = nextReady(wp, c);
        if (next == null) {
            boolean released = false;
            for (Path q : new ArrayList<>(wp.paths)) {
                if (q.state == AT_CONVERGENCE) {
                    release(wp, q); // no other path can run: waiting would never end
                    released = true;
                }
            }
            if (released) {
                mergeMeeting(wp);
                next = nextReady(wp, c);
            }
        }
        if (next == null) {
            wp.current = wp.paths.isEmpty() ? null : wp.paths.get(0);
            wp.state = wp.paths.isEmpty() && wp.retrying.isEmpty() ? DONE : WAITING;
            return STOP;
        }
        if (next != c) {
            wp.ranSince = 0;
        }
        wp.current = next;
        wp.state = RUNNABLE;
        return CONTINUE;
    }

    private static Path nextReady(WarpPaths wp, Path after) {
        int n = wp.paths.size();
        int start = after == null ? 0 : wp.paths.indexOf(after) + 1;
        if (start < 0) {
            start = 0;
        }
        for (int i = 0; i < n; i++) {
            Path q = wp.paths.get((start + i) % n);
            if (q.state == READY) {
                return q;
            }
        }
        return null;
    }

    /** A parked path leaves its convergence group and runs on alone. */
    private void release(WarpPaths wp, Path q) {
        Group g = q.stack.group;
        g.expected &= ~q.lanes;
        g.arrived &= ~q.lanes;
        q.stack = q.stack.next;
        q.state = READY;
        tryConverge(wp, g);
        settle(wp, q);
    }

    /** Paths that stand at the same PC in the same frame with the same open constructs run on as one. */
    private static void mergeMeeting(WarpPaths wp) {
        for (int i = 0; i < wp.paths.size(); i++) {
            Path a = wp.paths.get(i);
            if (a.state != READY) {
                continue;
            }
            for (int j = i + 1; j < wp.paths.size(); j++) {
                Path b = wp.paths.get(j);
                if (b.state == READY && b.pc == a.pc && b.frame == a.frame && b.stack == a.stack) {
                    a.lanes |= b.lanes;
                    if (wp.current == b) {
                        wp.current = a;
                    }
                    wp.paths.remove(j--);
                }
            }
        }
    }

    // ------------------------------------------------------------------ calls and exits

    @Override
    public int call(int slot, int entryPc, int returnPc, int[] calleeFrames) {
        Path p = cur(slot);
        p.stack = push(p.stack, CALL, returnPc, p.frame, null, null);
        noteDepth(p.stack);
        p.frame = calleeFrames[0];
        p.pc = entryPc;
        return CONTINUE;
    }

    @Override
    public int ret(int slot) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        if (p.stack == null || p.stack.kind != CALL) {
            throw new IllegalStateException("return without a call on the path's stack");
        }
        p.pc = p.stack.pc;
        p.frame = p.stack.frame;
        p.stack = p.stack.next;
        settle(wp, p);
        return schedule(slot);
    }

    @Override
    public boolean inCall(int slot) {
        Path p = cur(slot);
        return p != null && p.stack != null && p.stack.kind == CALL;
    }

    @Override
    public int exited(int slot, long lanes) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        p.lanes &= ~lanes;
        if (p.lanes == 0) {
            wp.paths.remove(p);
        }
        for (Path q : new ArrayList<>(wp.paths)) {
            if (q.state == AT_CONVERGENCE && wp.paths.contains(q)) {
                tryConverge(wp, q.stack.group);
            }
        }
        return schedule(slot);
    }

    // ------------------------------------------------------------------ barriers

    @Override
    public long barrierLanes(int slot, long executing, BarrierFault fault) {
        return executing;
    }

    @Override
    public int waitForBlock(int slot, int id, int resumePc) {
        Path p = cur(slot);
        p.pc = resumePc;
        p.state = AT_BARRIER;
        p.barrier = id;
        return schedule(slot);
    }

    @Override
    public boolean waitsAtBarrier(int slot) {
        WarpPaths wp = warps[slot];
        if (wp.state != WAITING) {
            return false;
        }
        for (Path q : wp.paths) {
            if (q.state == AT_BARRIER) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void barrierReleased(int slot, int id) {
        WarpPaths wp = warps[slot];
        for (Path q : wp.paths) {
            if (q.state == AT_BARRIER && q.barrier == id) {
                q.state = READY;
                q.barrier = -1;
                settle(wp, q);
            }
        }
        if (wp.state == WAITING) {
            schedule(slot);
        }
    }

    @Override
    public int warpSync(int slot, long members, int resumePc) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        p.pc = resumePc;
        p.state = AT_WARP_SYNC;
        p.syncMembers = members;
        long live = cta.warps[slot].liveMask;
        long arrived = 0;
        for (Path q : wp.paths) {
            if (q.state == AT_WARP_SYNC && q.syncMembers == members) {
                arrived |= q.lanes;
            }
        }
        if ((members & live & ~arrived) == 0) {
            for (Path q : wp.paths) {
                if (q.state == AT_WARP_SYNC && q.syncMembers == members) {
                    q.state = READY;
                }
            }
            mergeMeeting(wp);
            if (wp.current.state != READY || !wp.paths.contains(wp.current)) {
                wp.current = nextReady(wp, null);
            }
            wp.ranSince = 0;
        }
        return schedule(slot);
    }

    // ------------------------------------------------------------------ transactions

    @Override
    public int txBegin(int slot, int bodyPc) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        TxScope outer = txScope(slot);
        if (outer != null) {
            outer.depth++;
            p.pc = bodyPc;
            return CONTINUE;
        }
        TxScope scope = new TxScope(cta, slot, bodyPc);
        scope.retry = p.lanes;
        wp.paths.remove(p);
        p.stack = push(p.stack, TX, bodyPc, p.frame, null, scope);
        noteDepth(p.stack);
        templates.put(scope, p);
        wp.retrying.add(scope);
        return restart(slot, scope);
    }

    private int restart(int slot, TxScope scope) {
        WarpPaths wp = warps[slot];
        long admitted = scope.restart(cta.launch.tm());
        if (admitted != 0) {
            Path t = templates.get(scope);
            Path run = new Path(admitted, scope.bodyPc, t.frame, t.stack);
            run.state = READY;
            wp.paths.add(run);
            wp.current = run;
            wp.ranSince = 0;
            if (scope.retry == 0) {
                wp.retrying.remove(scope);
            }
        }
        return schedule(slot);
    }

    @Override
    public int txCommit(int slot, int afterPc) {
        WarpPaths wp = warps[slot];
        Path p = wp.current;
        TxScope scope = txScope(slot);
        if (scope.depth > 1) {
            scope.depth--;
            p.pc = afterPc;
            return CONTINUE;
        }
        scope.afterPc = afterPc;
        p.state = AT_COMMIT;
        long arrived = 0;
        long running = 0;
        for (Path q : wp.paths) {
            if (txOf(q) == scope) {
                running |= q.lanes;
                if (q.state == AT_COMMIT) {
                    arrived |= q.lanes;
                }
            }
        }
        if (arrived != running) {
            return schedule(slot); // the transaction's other lanes have not reached tx.commit yet
        }
        for (int i = 0; i < wp.paths.size(); i++) {
            Path q = wp.paths.get(i);
            if (q != p && txOf(q) == scope) {
                p.lanes |= q.lanes;
                if (wp.current == q) {
                    wp.current = p;
                }
                wp.paths.remove(i--);
            }
        }
        return commit(slot, p, scope);
    }

    private static TxScope txOf(Path q) {
        for (Node n = q.stack; n != null; n = n.next) {
            if (n.kind == TX) {
                return n.scope;
            }
        }
        return null;
    }

    private int commit(int slot, Path p, TxScope scope) {
        WarpPaths wp = warps[slot];
        if (!scope.commit(cta.launch.tm(), p.lanes)) {
            p.state = TM_WAIT;
            return schedule(slot);
        }
        long ok = scope.committed & p.lanes;
        Node below = p.stack;
        while (below.kind != TX) {
            below = below.next;
        }
        if (ok != 0) {
            p.lanes = ok;
            p.stack = below.next;
            p.pc = scope.afterPc;
            p.state = READY;
            settle(wp, p);
        } else {
            wp.paths.remove(p);
        }
        if (scope.retry != 0) {
            if (!wp.retrying.contains(scope)) {
                wp.retrying.add(scope);
            }
            return restart(slot, scope);
        }
        templates.remove(scope);
        return schedule(slot);
    }

    @Override
    public void txWake(int slot) {
        WarpPaths wp = warps[slot];
        for (Path q : new ArrayList<>(wp.paths)) {
            if (q.state == TM_WAIT) {
                TxScope s = txOf(q);
                q.state = AT_COMMIT;
                commit(slot, q, s);
            }
        }
        for (TxScope s : new ArrayList<>(wp.retrying)) {
            boolean running = false;
            for (Path q : wp.paths) {
                running |= txOf(q) == s;
            }
            if (!running && s.retry != 0) {
                restart(slot, s);
            }
        }
        schedule(slot);
    }

    @Override
    public int maxDepth() {
        return maxDepth;
    }

    @Override
    public String describe(int slot) {
        WarpPaths wp = warps[slot];
        StringBuilder sb = new StringBuilder();
        for (Path q : wp.paths) {
            sb.append('[')
                    .append(q.pc)
                    .append(" 0x")
                    .append(Long.toHexString(q.lanes))
                    .append(q == wp.current ? " run" : stateName(q.state))
                    .append(']');
        }
        return sb.toString();
    }

    private static String stateName(int s) {
        switch (s) {
            case AT_CONVERGENCE:
                return " parked";
            case AT_BARRIER:
                return " barrier";
            case AT_WARP_SYNC:
                return " syncwarp";
            case AT_COMMIT:
                return " commit";
            case TM_WAIT:
                return " tm-wait";
            default:
                return " ready";
        }
    }

    /** Each path as (PC, lanes, state), in the warp's order (golden traces). */
    List<long[]> paths(int slot) {
        List<long[]> l = new ArrayList<>();
        for (Path q : warps[slot].paths) {
            l.add(new long[] {q.pc, q.lanes, q == warps[slot].current ? -1 : q.state});
        }
        return l;
    }
}
