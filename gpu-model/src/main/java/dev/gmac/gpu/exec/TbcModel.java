package dev.gmac.gpu.exec;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import java.util.Arrays;

/**
 * Thread block compaction (Fung thesis §3.3, Figures 3.5-3.7; digest §2.3-2.4 and pseudo-code §6.2; GPGPU
 * architecture slides, Part 2 "Thread Block Compaction"), with the likely-convergence points of §3.4 (pseudo-code
 * §6.3) as an option ({@code tbc-lcp}) and the compactor switched off for warp-synchronous kernels ({@code
 * tbc-static}).
 *
 * <p><b>Block-wide stack.</b> One SIMT stack per CTA. An entry holds a PC, a reconvergence PC (RPC), the warp count
 * WCnt of its compacted warps still running, a block-wide active mask (one lane mask per static warp: bit {@code l}
 * of warp {@code w}'s mask is the thread in home lane {@code l} of static warp {@code w}) and, with LCP, the LPC and
 * LPos fields. Only the top entry's compacted warps run, each in one hardware warp slot, independently, until they
 * reach a <em>synchronisation point</em>: a potentially divergent branch (a conditional branch the lowering could
 * not prove block-uniform, {@link Insn#blockUniform}; an unconditional {@code bra} never synchronises), the entry's
 * RPC or LPC, a call or a return. A warp that
 * arrives there stops (its slot waits) and WCnt drops; the last arrival (WCnt = 0) acts for the block:
 *
 * <ul>
 *   <li><b>Branch.</b> Arriving warps add each thread to the taken or the not-taken target mask by its outcome (the
 *       thesis populates the two target entries as warps arrive; here they are held beside the top entry until
 *       WCnt reaches 0, which lets a divergent branch inside a loop replace its own path entry instead of stacking
 *       a new one each iteration, as {@link PdomStack} does). Then the top entry's PC becomes the branch's IPDOM
 *       (it is the reconvergence entry), and the non-empty targets are pushed, taken first, so the not-taken path
 *       runs first as under {@code pdom}; a target equal to the IPDOM gets no entry (its threads are already in
 *       the reconvergence entry), and a target all threads of the block skipped gets none either (the thesis's
 *       empty entry, popped at once).
 *   <li><b>Reconvergence.</b> At the RPC the entry is popped. With LCP, at the LPC the warp's threads are ORed
 *       into the likely-convergence entry at LPos and the entry is popped once WCnt reaches 0.
 *   <li><b>Compaction.</b> The new top entry's mask goes to the thread compactor: one priority encoder per home lane
 *       takes, per cycle, the lowest-numbered static warp whose bit is set in that lane and clears it; one cycle's
 *       outputs form one compacted warp. WCnt = the most threads in any one lane (never more than the static warp
 *       count). Compacted warp {@code k} runs in warp slot {@code k}, ready {@code k + 1} cycles after the
 *       compaction ({@link KernelLaunch.SlotListener#slotFormed}). A full mask rebuilds the static warps, because
 *       each encoder drains its lane in warp order. Entries left with no thread are popped.
 * </ul>
 *
 * <p><b>LCP</b> ({@code tbc-lcp}, thesis §3.4): for a divergent branch whose likely-convergence PC ({@link
 * Insn#lpc}: the closest enclosing backward branch, see {@link dev.gmac.gpu.cfg.LikelyConvergence}) differs from
 * its IPDOM, a likely-convergence entry (PC = LPC, RPC = IPDOM, empty mask) is pushed below the target entries,
 * which carry LPC and LPos. A path entry replaced in a loop hands its LC entry on, so loops do not grow the stack.
 *
 * <p><b>Static warps</b> ({@code tbc-static}): the compactor is disabled, as the thesis allows for warp-synchronous
 * kernels such as the SDK reduction: an entry's threads issue in their static warps (warp {@code w}'s threads in
 * slot {@code w}), with the same block-wide stack and synchronisation.
 *
 * <p><b>Our choices where the thesis is silent.</b> nvcc no longer writes {@code bra.uni} on conditional branches,
 * so the lowering's divergence analysis ({@code Uniformity}) decides which ones are potentially divergent; a
 * conditional {@code bra.uni} it cannot prove uniform synchronises too (uniformity within a static warp says
 * nothing about a compacted warp). A call and the callee's return synchronise the block, so that a call entry (with each static warp's callee frame)
 * holds the whole entry's threads. CTA barriers work as under {@code pdom}: threads parked at the kernel's exit
 * count as arrived, once per barrier; a barrier that some live thread can never reach (it waits in another entry)
 * is a {@link FaultKind#BARRIER_DIVERGENCE} fault. {@code bar.warp.sync} is a no-op (warps run in lockstep).
 *
 * <p><b>Transactions</b> (decision 0335; the thesis never combines TBC with Kilo TM): the transactional stack of
 * §4.2.1 (Fig 4.3) made block-wide. {@code tx.begin} and {@code tx.commit} are synchronisation points; {@code
 * tx.begin} pushes an R entry with the entry's threads and gives each static warp a {@link TxScope} (its {@code
 * slot()} is the static warp, where the threads' logs live); each attempt is a T entry of the threads the TM model
 * admits, compacted like any entry; at the commit point every static warp's running threads commit through its scope,
 * and once every outcome is known the aborted threads of all warps, back in R, are compacted afresh for the retry.
 *
 * <p>Results equal {@code pdom}'s for every kernel that does not rely on static warps inside divergent code
 * (warp votes, shuffles or {@code activemask} there see compacted warps): threads keep their home lanes and each
 * executes its own instructions in order.
 */
final class TbcModel extends DivergenceModel {
    static final int BASE = 0;
    static final int PATH = 1;
    static final int LC = 2;
    static final int CALL = 3;
    /** A transaction's retry entry (R): the threads that must run the body again (thesis §4.2.1, Fig 4.3). */
    static final int RETRY = 4;
    /** A transaction's running entry (T): the threads of the current attempt. */
    static final int TX = 5;

    private static final int NONE = 0;
    private static final int BRANCH = 1;
    private static final int POP = 2;
    private static final int CALLING = 3;
    private static final int RETURNING = 4;
    private static final int TX_BEGIN = 5;
    private static final int TX_COMMIT = 6;

    private final String name;
    private final boolean lcp;
    private final boolean compact;

    private int warps;
    private int width;
    private Insn[] code;
    private int exitPc;
    private boolean starting;

    // ---- block-wide stack (parallel arrays; masks and frames per static warp) ----
    private int top = -1;
    private int[] pcs = new int[8];
    private int[] rpcs = new int[8];
    private int[] lpcs = new int[8];
    private int[] lposs = new int[8];
    private int[] kinds = new int[8];
    private int[] wcnts = new int[8];
    private long[][] masks = new long[8][];
    private int[][] frames = new int[8][];
    private int maxDepth;

    // ---- the pending synchronisation of the top entry ----
    private int pending = NONE;
    private int branchPc;
    private int branchTarget;
    private int branchFall;
    private int branchRpc;
    private int branchLpc;
    private long[] takenAcc = new long[0];
    private long[] fallAcc = new long[0];
    private int callEntry;
    private int callReturn;
    private int[] calleeFrame = new int[0];

    // ---- warp slots: one compacted warp each ----
    private int[] states = new int[0];
    private int[] slotPcs = new int[0];
    private int[] memberCount = new int[0];
    private int[][] memberWarp = new int[0][];
    private long[][] memberLanes = new long[0][];
    private long[] unions = new long[0];
    private int[] waitingBarrier = new int[0];
    /** Compactor output: lanes of static warp w in compacted warp k, at [k][w]. */
    private long[][] compacted = new long[0][];

    // ---- the block's transaction (thesis §4.2.1 on the block-wide stack; decision 0335) ----
    /** Per static warp, its threads' transaction while the block is inside one (its {@code slot()} is the warp). */
    private TxScope[] txs = new TxScope[0];
    /** Per static warp: the TM model woke its waiting transaction (admission or commit outcome): ask again. */
    private boolean[] txWoken = new boolean[0];
    /** Flattened nesting depth of the block's transaction (0: outside). */
    private int txDepth;

    private int txBody;
    private int txBeginPc;
    private int txAfter;
    /** Transactions whose commit outcome the block waits for at the commit point. */
    private int txCommits;
    /** The model is acting for the block: wake-ups from the TM model are only recorded. */
    private boolean busy;

    TbcModel(String name, boolean lcp, boolean compact) {
        this.name = name;
        this.lcp = lcp;
        this.compact = compact;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start(Cta cta, int entryPc) {
        this.cta = cta;
        this.code = cta.launch.program.code();
        this.exitPc = cta.launch.kernel.exitPc;
        int n = cta.warps.length;
        this.width = cta.warps[0].width;
        if (n != warps || states.length < n) {
            warps = n;
            states = new int[n];
            slotPcs = new int[n];
            memberCount = new int[n];
            memberWarp = new int[n][n];
            memberLanes = new long[n][n];
            unions = new long[n];
            waitingBarrier = new int[n];
            compacted = new long[n][n];
            takenAcc = new long[n];
            fallAcc = new long[n];
            calleeFrame = new int[n];
            txs = new TxScope[n];
            txWoken = new boolean[n];
            for (int i = 0; i < masks.length; i++) {
                masks[i] = new long[n];
                frames[i] = new int[n];
            }
        }
        top = -1;
        maxDepth = 0;
        pending = NONE;
        Arrays.fill(waitingBarrier, -1);
        Arrays.fill(txs, null);
        Arrays.fill(txWoken, false);
        txDepth = 0;
        txCommits = 0;
        busy = false;
        int e = push(BASE, entryPc, -1);
        for (int w = 0; w < n; w++) {
            masks[e][w] = cta.warps[w].validMask;
            frames[e][w] = 0;
        }
        starting = true;
        activate();
        starting = false;
    }

    // ------------------------------------------------------------------ the stack

    private int push(int kind, int pc, int rpc) {
        int t = ++top;
        if (t == pcs.length) {
            int len = pcs.length * 2;
            pcs = Arrays.copyOf(pcs, len);
            rpcs = Arrays.copyOf(rpcs, len);
            lpcs = Arrays.copyOf(lpcs, len);
            lposs = Arrays.copyOf(lposs, len);
            kinds = Arrays.copyOf(kinds, len);
            wcnts = Arrays.copyOf(wcnts, len);
            masks = Arrays.copyOf(masks, len);
            frames = Arrays.copyOf(frames, len);
        }
        if (masks[t] == null || masks[t].length < warps) {
            masks[t] = new long[warps];
            frames[t] = new int[warps];
        }
        kinds[t] = kind;
        pcs[t] = pc;
        rpcs[t] = rpc;
        lpcs[t] = -1;
        lposs[t] = -1;
        wcnts[t] = 0;
        Arrays.fill(masks[t], 0, warps, 0);
        if (t > 0) {
            System.arraycopy(frames[t - 1], 0, frames[t], 0, warps);
        }
        maxDepth = Math.max(maxDepth, t + 1);
        return t;
    }

    private boolean empty(int e) {
        long[] m = masks[e];
        for (int w = 0; w < warps; w++) {
            if (m[w] != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Makes the top entry run: pops entries that have no thread left or already stand at their RPC or LPC, then
     * compacts the top entry's mask into warps (or, with the compactor off, issues it in its static warps) and
     * gives compacted warp {@code k} to slot {@code k}.
     */
    private void activate() {
        pending = NONE;
        boolean idle = false;
        while (top >= 0) {
            int t = top;
            if (kinds[t] == RETRY) {
                // the attempt above it is over (committed, or every thread aborted): retry or leave
                if (txNext()) {
                    continue;
                }
                idle = true; // no thread admitted now: the block waits for the TM model
                break;
            }
            if (empty(t)) {
                top--;
                continue;
            }
            if ((kinds[t] == PATH || kinds[t] == LC) && pcs[t] == rpcs[t]) {
                top--;
                continue;
            }
            if (lpcs[t] >= 0 && pcs[t] == lpcs[t]) {
                long[] lc = masks[lposs[t]];
                for (int w = 0; w < warps; w++) {
                    lc[w] |= masks[t][w];
                }
                top--;
                continue;
            }
            break;
        }
        for (int s = 0; s < warps; s++) {
            memberCount[s] = 0;
            unions[s] = 0;
            waitingBarrier[s] = -1;
        }
        if (idle) {
            Arrays.fill(states, 0, warps, WAITING);
            return;
        }
        if (top < 0) {
            for (int s = 0; s < warps; s++) {
                states[s] = DONE;
                formed(s, 1);
            }
            return;
        }
        int t = top;
        long[] m = masks[t];
        int wcnt = 0;
        if (compact) {
            for (int k = 0; k < warps; k++) {
                Arrays.fill(compacted[k], 0, warps, 0);
            }
            for (int l = 0; l < width; l++) {
                long bit = 1L << l;
                int k = 0;
                for (int w = 0; w < warps; w++) {
                    if ((m[w] & bit) != 0) {
                        compacted[k++][w] |= bit; // this lane's priority encoder: lowest warp first
                    }
                }
                wcnt = Math.max(wcnt, k);
            }
            for (int k = 0; k < wcnt; k++) {
                long[] c = compacted[k];
                for (int w = 0; w < warps; w++) {
                    if (c[w] != 0) {
                        addMember(k, w, c[w]);
                    }
                }
            }
        } else {
            for (int w = 0; w < warps; w++) {
                if (m[w] != 0) {
                    addMember(w, w, m[w]);
                    wcnt++;
                }
            }
        }
        wcnts[t] = wcnt;
        int k = 0;
        for (int s = 0; s < warps; s++) {
            if (memberCount[s] > 0) {
                states[s] = RUNNABLE;
                slotPcs[s] = pcs[t];
                formed(s, ++k);
            } else {
                states[s] = WAITING;
            }
        }
    }

    private void addMember(int slot, int warp, long lanes) {
        int i = memberCount[slot]++;
        memberWarp[slot][i] = warp;
        memberLanes[slot][i] = lanes;
        unions[slot] |= lanes;
    }

    private void formed(int slot, int delay) {
        if (!starting) {
            cta.launch.slotFormed(cta, slot, delay);
        }
    }

    /** The compacted warp in {@code slot} is done with the top entry; the last one acts for the block. */
    private int finish(int slot) {
        states[slot] = WAITING;
        memberCount[slot] = 0;
        unions[slot] = 0;
        if (--wcnts[top] == 0) {
            resolve();
        }
        return states[slot] == RUNNABLE ? CONTINUE : STOP;
    }

    private void note(int kind) {
        if (pending != NONE && pending != kind) {
            throw new IllegalStateException("tbc: the compacted warps of one entry reached different"
                    + " synchronisation points (" + describe(0) + ")");
        }
        pending = kind;
    }

    private void resolve() {
        boolean outer = !busy;
        busy = true;
        try {
            if (resolvePending()) {
                activate();
            }
        } finally {
            busy = !outer;
        }
        if (outer) {
            drain();
        }
    }

    /** Acts on the pending synchronisation; false when the block now waits (for commit outcomes). */
    private boolean resolvePending() {
        switch (pending) {
            case BRANCH:
                diverge();
                break;
            case POP:
                top--;
                break;
            case CALLING: {
                int e = top;
                pcs[e] = callReturn;
                long[] saved = masks[e];
                int c = push(CALL, callEntry, -1);
                System.arraycopy(saved, 0, masks[c], 0, warps);
                System.arraycopy(calleeFrame, 0, frames[c], 0, warps);
                break;
            }
            case RETURNING:
                top--;
                break;
            case TX_BEGIN:
                txOpen();
                break;
            case TX_COMMIT:
                if (!txCommitPoint()) {
                    pending = NONE;
                    return false;
                }
                break;
            default:
                break; // every warp of the entry exited: the empty entry is popped below
        }
        return true;
    }

    /** The last warp reached the pending divergent branch: reconvergence entry, LC entry, target entries. */
    private void diverge() {
        int e = top;
        int rpc = branchRpc;
        boolean replace = (kinds[e] == PATH || kinds[e] == LC) && rpcs[e] == rpc;
        int lpc = lcp && branchLpc >= 0 && branchLpc != rpc ? branchLpc : -1;
        int lpos = -1;
        if (replace) {
            if (lpc >= 0 && kinds[e] == PATH && lposs[e] >= 0 && pcs[lposs[e]] == lpc && rpcs[lposs[e]] == rpc) {
                lpos = lposs[e]; // the loop's LC entry serves this iteration too
            }
            top--; // the entry below already waits at the IPDOM: this path is replaced by its sub-paths
        } else {
            pcs[e] = rpc;
        }
        if (lpc >= 0 && lpos < 0) {
            lpos = push(LC, lpc, rpc);
        }
        pushTarget(branchTarget, rpc, lpc, lpos, takenAcc);
        pushTarget(branchFall, rpc, lpc, lpos, fallAcc);
    }

    private void pushTarget(int pc, int rpc, int lpc, int lpos, long[] acc) {
        if (pc == rpc) {
            return;
        }
        boolean any = false;
        for (int w = 0; w < warps; w++) {
            any |= acc[w] != 0;
        }
        if (!any) {
            return;
        }
        int t = push(PATH, pc, rpc);
        lpcs[t] = lpc;
        lposs[t] = lpc >= 0 ? lpos : -1;
        System.arraycopy(acc, 0, masks[t], 0, warps);
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
        return slotPcs[slot];
    }

    @Override
    public long mask(int slot) {
        return unions[slot];
    }

    @Override
    public int members(int slot) {
        return memberCount[slot];
    }

    @Override
    public Warp member(int slot, int i) {
        return cta.warps[memberCount[slot] == 0 ? slot : memberWarp[slot][i]];
    }

    @Override
    public long memberLanes(int slot, int i) {
        return memberLanes[slot][i];
    }

    @Override
    public int memberFrame(int slot, int i) {
        return top < 0 ? 0 : frames[top][memberWarp[slot][i]];
    }

    @Override
    public int watchPc(int slot) {
        return top < 0 ? -1 : rpcs[top];
    }

    @Override
    public int secondWatchPc(int slot) {
        return top < 0 ? -1 : lpcs[top];
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
        return compact; // tbc-static issues each static warp's threads in its own slot only
    }

    @Override
    public TxScope txScope(int slot) {
        return txDepth == 0 || memberCount[slot] == 0 ? null : txs[memberWarp[slot][0]];
    }

    @Override
    public TxScope memberTxScope(int slot, int i) {
        return txDepth == 0 || memberCount[slot] == 0 ? null : txs[memberWarp[slot][i]];
    }

    @Override
    public void setPc(int slot, int pc) {
        slotPcs[slot] = pc;
    }

    // ------------------------------------------------------------------ control flow

    @Override
    public int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        Insn in = code[slotPcs[slot]];
        if (in.guard < 0) {
            return moveTo(slot, target); // an unconditional branch never diverges
        }
        if (in.blockUniform && (taken == unions[slot] || taken == 0)) {
            // not potentially divergent: every thread of the block that reaches it goes the same way
            return moveTo(slot, taken == 0 ? fallthrough : target);
        }
        if (pending == NONE) {
            pending = BRANCH;
            branchPc = in.pc;
            branchTarget = target;
            branchFall = fallthrough;
            branchRpc = rpc;
            branchLpc = in.lpc;
            Arrays.fill(takenAcc, 0, warps, 0);
            Arrays.fill(fallAcc, 0, warps, 0);
        } else if (pending != BRANCH || branchPc != in.pc) {
            note(-1);
        }
        for (int i = 0, n = memberCount[slot]; i < n; i++) {
            int w = memberWarp[slot][i];
            long lanes = memberLanes[slot][i];
            takenAcc[w] |= lanes & taken;
            fallAcc[w] |= lanes & ~taken;
        }
        return finish(slot);
    }

    /** The group moved to {@code pc} without diverging: it may stand at the entry's RPC or LPC now. */
    private int moveTo(int slot, int pc) {
        slotPcs[slot] = pc;
        if (pc == rpcs[top] || pc == lpcs[top]) {
            return reached(slot);
        }
        return CONTINUE;
    }

    @Override
    public int reached(int slot) {
        int pc = slotPcs[slot];
        int t = top;
        if (pc == rpcs[t]) {
            note(POP);
        } else if (pc == lpcs[t]) {
            note(POP);
            long[] lc = masks[lposs[t]];
            for (int i = 0, n = memberCount[slot]; i < n; i++) {
                lc[memberWarp[slot][i]] |= memberLanes[slot][i];
            }
        } else {
            return CONTINUE;
        }
        return finish(slot);
    }

    @Override
    public int call(int slot, int entryPc, int returnPc, int[] calleeFrames) {
        if (pending == NONE) {
            callEntry = entryPc;
            callReturn = returnPc;
        }
        note(CALLING);
        for (int i = 0, n = memberCount[slot]; i < n; i++) {
            calleeFrame[memberWarp[slot][i]] = calleeFrames[i];
        }
        return finish(slot);
    }

    @Override
    public int ret(int slot) {
        note(RETURNING);
        return finish(slot);
    }

    @Override
    public boolean inCall(int slot) {
        return top >= 0 && kinds[top] == CALL;
    }

    @Override
    public int exited(int slot, long lanes) {
        int n = memberCount[slot];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int w = memberWarp[slot][i];
            long gone = memberLanes[slot][i] & lanes;
            if (gone != 0) {
                for (int e = 0; e <= top; e++) {
                    masks[e][w] &= ~gone;
                }
            }
            long left = memberLanes[slot][i] & ~lanes;
            if (left != 0) {
                memberWarp[slot][kept] = w;
                memberLanes[slot][kept++] = left;
            }
        }
        memberCount[slot] = kept;
        unions[slot] &= ~lanes;
        if (kept == 0) {
            return finish(slot);
        }
        return moveTo(slot, slotPcs[slot]);
    }

    // ------------------------------------------------------------------ barriers

    @Override
    public long barrierLanes(int slot, long executing, BarrierFault fault) {
        long missing = unions[slot] & ~executing;
        if (missing != 0) {
            throw fault.divergent(executing, missing);
        }
        return executing;
    }

    @Override
    public int barrierArrivals(int slot, int id, long executing, BarrierFault fault) {
        barrierLanes(slot, executing, fault);
        int t = top;
        long[] parked = parkedAtExit();
        int parkedThreads = 0;
        for (int w = 0; w < warps; w++) {
            long stranded = cta.warps[w].liveMask & ~masks[t][w] & ~parked[w];
            if (stranded != 0) {
                // a live thread waits in another entry of the block-wide stack: it cannot reach this barrier
                // before this entry's threads pass it
                throw fault.divergent(executing, stranded);
            }
            parkedThreads += Long.bitCount(parked[w]);
        }
        return Long.bitCount(executing) + (cta.arrived[id] == 0 ? parkedThreads : 0);
    }

    /**
     * Per static warp, the threads waiting below the top entry at the kernel's exit (or at an unconditional branch
     * to it) in the kernel's frame: the threads that took {@code if (i >= n) return;}. They never execute another
     * barrier, so they count as arrived, as under {@code pdom}.
     */
    private long[] parkedAtExit() {
        long[] parked = new long[warps];
        long[] above = masks[top].clone();
        for (int e = top - 1; e >= 0; e--) {
            Insn at = code[pcs[e]];
            boolean returning = pcs[e] == exitPc || (at.op == Op.BRA && at.target == exitPc && at.guard < 0);
            boolean kernelFrame = kinds[e] != CALL;
            for (int w = 0; w < warps; w++) {
                if (returning && kernelFrame && frames[e][w] == 0) {
                    parked[w] |= masks[e][w] & ~above[w];
                }
                above[w] |= masks[e][w];
            }
        }
        return parked;
    }

    @Override
    public int waitForBlock(int slot, int id, int resumePc) {
        slotPcs[slot] = resumePc;
        states[slot] = WAITING;
        waitingBarrier[slot] = id;
        return STOP;
    }

    @Override
    public boolean waitsAtBarrier(int slot) {
        return states[slot] == WAITING && waitingBarrier[slot] >= 0;
    }

    @Override
    public void barrierReleased(int slot, int id) {
        if (states[slot] == WAITING && waitingBarrier[slot] == id) {
            waitingBarrier[slot] = -1;
            states[slot] = RUNNABLE;
            moveTo(slot, slotPcs[slot]); // a released warp may resume exactly at its RPC or LPC
        }
    }

    @Override
    public int warpSync(int slot, long members, int resumePc) {
        return moveTo(slot, resumePc);
    }

    // ------------------------------------------------------------------ transactions (decision 0335)

    /**
     * {@code tx.begin} synchronises the block like a potentially divergent branch: once every compacted warp of the
     * top entry arrived, {@link #txOpen} opens the block's transaction.
     */
    @Override
    public int txBegin(int slot, int bodyPc) {
        if (pending == NONE) {
            txBeginPc = bodyPc;
        }
        note(TX_BEGIN);
        return finish(slot);
    }

    /**
     * {@code tx.commit} is the commit point: once every compacted warp of the attempt arrived, {@link
     * #txCommitPoint} commits each static warp's running threads.
     */
    @Override
    public int txCommit(int slot, int afterPc) {
        if (pending == NONE) {
            txAfter = afterPc;
        }
        note(TX_COMMIT);
        return finish(slot);
    }

    /**
     * The last warp reached {@code tx.begin}: nested, only the depth counts; otherwise an R entry with the top
     * entry's threads is pushed and one {@link TxScope} per static warp holds its threads' retry and running sets
     * (the first attempt starts in {@link #activate} through {@link #txNext}).
     */
    private void txOpen() {
        int t = top;
        pcs[t] = txBeginPc;
        if (txDepth > 0) {
            txDepth++; // flattened nesting
            return;
        }
        txDepth = 1;
        txBody = txBeginPc;
        int r = push(RETRY, txBody, -1);
        for (int w = 0; w < warps; w++) {
            long lanes = masks[t][w];
            masks[r][w] = lanes;
            txWoken[w] = false;
            if (lanes == 0) {
                txs[w] = null;
                continue;
            }
            TxScope s = new TxScope(cta, w, txBody);
            s.retry = lanes;
            txs[w] = s;
        }
    }

    /**
     * The R entry is on top: starts the next attempt for the retry threads the TM model admits now (a T entry,
     * compacted by {@link #activate}: the retry threads of every static warp regroup), or ends the transaction once
     * no thread is left to retry (the entry below resumes after {@code tx.commit}). Returns false when threads wait
     * to retry but none is admitted now: the block waits for the TM model's wake-up.
     */
    private boolean txNext() {
        int r = top;
        boolean left = false;
        for (int w = 0; w < warps; w++) {
            left |= txs[w] != null && txs[w].retry != 0;
        }
        if (!left) {
            Arrays.fill(txs, 0, warps, null);
            Arrays.fill(txWoken, 0, warps, false);
            txDepth = 0;
            top--;
            pcs[top] = txAfter;
            return true;
        }
        if (txDepth != 1) {
            throw new IllegalStateException("tbc: a transaction attempt ended inside a nested transaction");
        }
        TmModel tm = cta.launch.tm();
        int a = push(TX, txBody, -1);
        boolean any = false;
        for (int w = 0; w < warps; w++) {
            TxScope s = txs[w];
            if (s == null || s.retry == 0 || (s.waiting && !txWoken[w])) {
                continue; // nothing to retry, or waiting for the TM model to admit it
            }
            txWoken[w] = false;
            long admitted = s.restart(tm);
            masks[a][w] = admitted;
            any |= admitted != 0;
        }
        for (int w = 0; w < warps; w++) {
            masks[r][w] = txs[w] == null ? 0 : txs[w].retry;
        }
        if (!any) {
            top--;
            return false;
        }
        return true;
    }

    /**
     * Every compacted warp of the attempt reached {@code tx.commit}: each static warp's running threads commit
     * through its {@link TxScope} (the TM model decides; failed threads join the R entry). Returns true when every
     * outcome is known (the T entry is popped and {@link #activate} starts the retry or leaves), false when the
     * block waits for outcomes ({@link #txWake}).
     */
    private boolean txCommitPoint() {
        int t = top;
        if (txDepth > 1) {
            txDepth--; // flattened nesting: an inner commit only counts
            pcs[t] = txAfter;
            return true;
        }
        if (kinds[t] != TX) {
            throw new IllegalStateException("tbc: tx.commit reached inside a divergent path of the transaction ("
                    + describe(0) + "); the commit must post-dominate the transaction's branches");
        }
        TmModel tm = cta.launch.tm();
        txCommits = 0;
        for (int w = 0; w < warps; w++) {
            long lanes = masks[t][w];
            if (lanes == 0) {
                continue;
            }
            TxScope s = txs[w];
            s.afterPc = txAfter;
            txWoken[w] = false;
            if (!s.commit(tm, lanes)) {
                txCommits++;
            }
        }
        if (txCommits > 0) {
            return false;
        }
        top--; // the attempt is over: the R entry is on top
        return true;
    }

    /** {@code slot} is the static warp whose transaction the TM model woke ({@link TxScope#slot()}). */
    @Override
    public void txWake(int slot) {
        if (slot >= 0 && slot < warps && txs[slot] != null) {
            txWoken[slot] = true;
        }
        if (!busy) {
            drain();
        }
    }

    /** Acts on the wake-ups recorded while the model was busy, or just received. */
    private void drain() {
        if (txDepth == 0 || top < 0) {
            return;
        }
        busy = true;
        try {
            if (txCommits > 0) {
                TmModel tm = cta.launch.tm();
                int t = top;
                for (int w = 0; w < warps; w++) {
                    TxScope s = txs[w];
                    if (txWoken[w] && s != null && s.waiting && s.committing) {
                        txWoken[w] = false;
                        if (s.commit(tm, masks[t][w])) {
                            txCommits--;
                        }
                    }
                }
                if (txCommits == 0) {
                    top--; // every outcome is known: the attempt is over
                    activate();
                }
            } else if (kinds[top] == RETRY) {
                boolean admit = false;
                for (int w = 0; w < warps; w++) {
                    admit |= txWoken[w] && txs[w] != null && txs[w].waiting && !txs[w].committing;
                }
                if (admit) {
                    activate(); // the block waited between attempts: start the threads the TM model admits now
                }
            }
        } finally {
            busy = false;
        }
    }

    @Override
    public int txAbort(int slot, long lanes) {
        return txAbort(slot, txScope(slot), lanes);
    }

    /**
     * The TM model aborts running threads of {@code scope} (static warp {@code scope.slot()}) before {@code
     * tx.commit}: they leave every entry of the attempt (and the targets a pending branch collected) and join the R
     * entry; a compacted warp left without threads is done with the entry, as if it had arrived.
     */
    @Override
    public int txAbort(int slot, TxScope scope, long lanes) {
        if (scope == null || txDepth == 0 || scope.waiting || states[slot] != RUNNABLE) {
            return CONTINUE;
        }
        lanes &= scope.running;
        if (lanes == 0) {
            return CONTINUE;
        }
        int w = scope.slot;
        int a = top;
        while (a >= 0 && kinds[a] != TX) {
            a--;
        }
        if (a < 1) {
            return CONTINUE;
        }
        for (int e = top; e >= a; e--) {
            masks[e][w] &= ~lanes;
        }
        masks[a - 1][w] |= lanes; // the R entry
        takenAcc[w] &= ~lanes;
        fallAcc[w] &= ~lanes;
        scope.abortRunning(lanes);
        boolean self = false;
        for (int s = 0; s < warps; s++) {
            int n = memberCount[s];
            int kept = 0;
            boolean hit = false;
            long union = 0;
            for (int i = 0; i < n; i++) {
                int mw = memberWarp[s][i];
                long l = memberLanes[s][i];
                if (mw == w && (l & lanes) != 0) {
                    hit = true;
                    l &= ~lanes;
                }
                if (l != 0) {
                    memberWarp[s][kept] = mw;
                    memberLanes[s][kept++] = l;
                    union |= l;
                }
            }
            memberCount[s] = kept;
            unions[s] = union;
            if (hit && kept == 0) {
                if (s == slot) {
                    self = true;
                } else if (states[s] == RUNNABLE) {
                    states[s] = WAITING;
                    wcnts[top]--;
                }
            }
        }
        if (self) {
            return finish(slot);
        }
        return CONTINUE;
    }

    @Override
    public int maxDepth() {
        return maxDepth;
    }

    // ------------------------------------------------------------------ pictures

    /** The block-wide stack, bottom first, then the targets of a pending branch (golden tests). */
    @Override
    public String describe(int slot) {
        StringBuilder sb = new StringBuilder();
        for (int e = 0; e <= top; e++) {
            sb.append('(')
                    .append(kindLetter(kinds[e]))
                    .append(' ')
                    .append(pcs[e])
                    .append(',')
                    .append(rpcs[e] < 0 ? "-" : Integer.toString(rpcs[e]));
            if (lcp) {
                sb.append(',').append(lpcs[e] < 0 ? "-" : Integer.toString(lpcs[e]));
                sb.append(',').append(lposs[e] < 0 ? "-" : Integer.toString(lposs[e]));
            }
            sb.append(",w")
                    .append(wcnts[e])
                    .append(',')
                    .append(maskText(masks[e]))
                    .append(')');
        }
        if (pending == BRANCH) {
            sb.append(" pending@")
                    .append(branchPc)
                    .append(" taken->")
                    .append(branchTarget)
                    .append(' ')
                    .append(maskText(takenAcc))
                    .append(" fall->")
                    .append(branchFall)
                    .append(' ')
                    .append(maskText(fallAcc));
        }
        return sb.toString();
    }

    private String maskText(long[] m) {
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < warps; w++) {
            sb.append(w == 0 ? "" : "|").append(Long.toHexString(m[w]));
        }
        return sb.toString();
    }

    private static String kindLetter(int kind) {
        switch (kind) {
            case BASE:
                return "B";
            case LC:
                return "L";
            case CALL:
                return "C";
            case RETRY:
                return "R";
            case TX:
                return "T";
            default:
                return "N";
        }
    }

    // ------------------------------------------------------------------ golden tests

    /** Entries of the block-wide stack, bottom first. */
    java.util.List<Entry> entries() {
        java.util.List<Entry> l = new java.util.ArrayList<>();
        for (int e = 0; e <= top; e++) {
            l.add(new Entry(kinds[e], pcs[e], rpcs[e], lpcs[e], lposs[e], wcnts[e], masks[e].clone()));
        }
        return l;
    }

    /** The target masks a pending divergent branch has collected so far (taken, not taken), or null. */
    long[][] pendingTargets() {
        return pending == BRANCH ? new long[][] {takenAcc.clone(), fallAcc.clone()} : null;
    }

    /** The compacted warp in {@code slot}: per member, the static warp and its lanes. */
    long[][] group(int slot) {
        long[][] g = new long[memberCount[slot]][];
        for (int i = 0; i < g.length; i++) {
            g[i] = new long[] {memberWarp[slot][i], memberLanes[slot][i]};
        }
        return g;
    }

    /** A stack entry as seen from outside (golden tests). */
    record Entry(int kind, int pc, int rpc, int lpc, int lpos, int wcnt, long[] masks) {}
}
