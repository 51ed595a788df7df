package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import java.util.List;

/**
 * {@code pdom}: the pre-Volta SIMT model, one post-dominator reconvergence stack per static warp ({@link
 * PdomStack}; Fung thesis §2.1.2, Fig 2.3; GPGPU architecture slides, Part 1). Slot {@code i} is static warp
 * {@code i} for the CTA's whole life, every issue group has one member, and only divergent branches and
 * reconvergence points reach the model, so the interpreter's fast path runs straight-line code with the PC and
 * mask in locals.
 *
 * <p>A warp arrives at a CTA barrier as a unit: the barrier counts all its live lanes, and live lanes that do not
 * execute the barrier make it a {@link dev.gmac.gpu.FaultKind#BARRIER_DIVERGENCE} fault, except lanes parked at
 * the kernel's exit (the {@code if (i >= n) return;} pattern), which never execute another barrier.
 * {@code bar.warp.sync} is a no-op (the warp runs in lockstep). Transactions use the thesis's R and T entries
 * (§4.2.1, Fig 4.3).
 */
final class PdomModel extends DivergenceModel {
    private PdomStack[] stacks = new PdomStack[0];
    private int[] states = new int[0];
    private int[] waitingBarrier = new int[0];
    private TxScope[] waitingTx = new TxScope[0];
    private int slotCount;
    private int maxDepth;

    @Override
    public String name() {
        return "pdom";
    }

    @Override
    public void start(Cta cta, int entryPc) {
        this.cta = cta;
        int n = cta.warps.length;
        if (stacks.length < n) {
            PdomStack[] grown = new PdomStack[n];
            System.arraycopy(stacks, 0, grown, 0, stacks.length);
            for (int i = stacks.length; i < n; i++) {
                grown[i] = new PdomStack();
            }
            stacks = grown;
            states = new int[n];
            waitingBarrier = new int[n];
            waitingTx = new TxScope[n];
        }
        slotCount = n;
        maxDepth = 0;
        for (int i = 0; i < n; i++) {
            stacks[i].reset(entryPc, cta.warps[i].validMask);
            states[i] = RUNNABLE;
            waitingBarrier[i] = -1;
            waitingTx[i] = null;
        }
    }

    @Override
    public int slots() {
        return slotCount;
    }

    @Override
    public int state(int slot) {
        return states[slot];
    }

    @Override
    public int pc(int slot) {
        return stacks[slot].pc();
    }

    @Override
    public long mask(int slot) {
        return stacks[slot].activeMask();
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
        return stacks[slot].activeMask();
    }

    @Override
    public int memberFrame(int slot, int i) {
        return stacks[slot].frame();
    }

    @Override
    public int watchPc(int slot) {
        return stacks[slot].rpc();
    }

    @Override
    public boolean reportsEveryBranch() {
        return false;
    }

    @Override
    public TxScope txScope(int slot) {
        return stacks[slot].scope();
    }

    @Override
    public void setPc(int slot, int pc) {
        stacks[slot].setPc(pc);
    }

    @Override
    public int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        PdomStack st = stacks[slot];
        st.branch(taken, target, fallthrough, rpc);
        st.reconverge();
        return CONTINUE;
    }

    @Override
    public int reached(int slot) {
        return settle(slot);
    }

    private int settle(int slot) {
        PdomStack st = stacks[slot];
        st.reconverge();
        if (st.isEmpty()) {
            noteDepth(st);
            states[slot] = DONE;
            return STOP;
        }
        return CONTINUE;
    }

    private void noteDepth(PdomStack st) {
        maxDepth = Math.max(maxDepth, st.maxDepth());
    }

    @Override
    public int call(int slot, int entryPc, int returnPc, int[] calleeFrames) {
        stacks[slot].call(entryPc, returnPc, calleeFrames[0]);
        return CONTINUE;
    }

    @Override
    public int ret(int slot) {
        stacks[slot].ret();
        return settle(slot);
    }

    @Override
    public boolean inCall(int slot) {
        return stacks[slot].topKind() == PdomStack.CALL;
    }

    @Override
    public int exited(int slot, long lanes) {
        stacks[slot].exitLanes(lanes);
        return settle(slot);
    }

    @Override
    public long barrierLanes(int slot, long executing, BarrierFault fault) {
        Warp w = cta.warps[slot];
        long missing = w.liveMask & ~executing & ~lanesParkedAtKernelExit(slot);
        if (missing != 0) {
            throw fault.divergent(executing, missing);
        }
        return w.liveMask;
    }

    /**
     * Lanes of the warp that wait, at the kernel's exit or at an unconditional branch to it, for the rest of the
     * warp (the lanes that took {@code if (i >= n) return;}). They never execute another barrier, so, as on
     * pre-Volta hardware where a warp arrives at a barrier as a unit, the warp's other lanes may pass one without
     * them.
     */
    private long lanesParkedAtKernelExit(int slot) {
        Insn[] code = cta.launch.program.code();
        int exitPc = cta.launch.kernel.exitPc;
        long parked = 0;
        long above = 0;
        List<PdomStack.Entry> entries = stacks[slot].entries();
        for (int i = entries.size() - 1; i >= 0; i--) {
            PdomStack.Entry e = entries.get(i);
            Insn at = code[e.pc()];
            boolean returning = e.pc() == exitPc || (at.op == Op.BRA && at.target == exitPc && at.guard < 0);
            if (returning && e.frame() == 0) {
                parked |= e.mask() & ~above;
            }
            above |= e.mask();
        }
        return parked;
    }

    @Override
    public int waitForBlock(int slot, int id, int resumePc) {
        stacks[slot].setPc(resumePc);
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
            stacks[slot].reconverge(); // a released warp may resume exactly at its reconvergence point
        }
    }

    @Override
    public int warpSync(int slot, long members, int resumePc) {
        stacks[slot].setPc(resumePc);
        return CONTINUE;
    }

    @Override
    public int txBegin(int slot, int bodyPc) {
        PdomStack st = stacks[slot];
        TxScope outer = st.scope();
        if (outer != null) {
            outer.depth++;
            st.setPc(bodyPc);
            return CONTINUE;
        }
        TxScope scope = new TxScope(cta, slot, bodyPc);
        scope.retry = st.activeMask();
        st.txOpen(scope);
        return restart(slot, scope);
    }

    private int restart(int slot, TxScope scope) {
        long admitted = scope.restart(cta.launch.tm());
        if (admitted == 0) {
            states[slot] = WAITING;
            waitingTx[slot] = scope;
            return STOP;
        }
        stacks[slot].txRetry(admitted);
        noteDepth(stacks[slot]);
        return CONTINUE;
    }

    @Override
    public int txCommit(int slot, int afterPc) {
        PdomStack st = stacks[slot];
        TxScope scope = st.scope();
        if (scope.depth > 1) {
            scope.depth--;
            st.setPc(afterPc);
            return CONTINUE;
        }
        scope.afterPc = afterPc;
        if (!scope.commit(cta.launch.tm(), st.activeMask())) {
            states[slot] = WAITING;
            waitingTx[slot] = scope;
            return STOP;
        }
        return afterCommit(slot, scope);
    }

    private int afterCommit(int slot, TxScope scope) {
        PdomStack st = stacks[slot];
        st.txPopAttempt();
        if (scope.retry != 0) {
            return restart(slot, scope);
        }
        st.txEnd(scope.afterPc);
        return settle(slot);
    }

    @Override
    public void txWake(int slot) {
        TxScope scope = waitingTx[slot];
        if (states[slot] != WAITING || scope == null) {
            return;
        }
        waitingTx[slot] = null;
        states[slot] = RUNNABLE;
        int r = scope.committing
                ? (scope.commit(cta.launch.tm(), stacks[slot].activeMask()) ? afterCommit(slot, scope) : STOP)
                : restart(slot, scope);
        if (r == STOP && scope.waiting) {
            states[slot] = WAITING;
            waitingTx[slot] = scope;
        }
    }

    @Override
    public int maxDepth() {
        int d = maxDepth;
        for (int i = 0; i < slotCount; i++) {
            d = Math.max(d, stacks[i].maxDepth());
        }
        return d;
    }

    /** The slot's stack (golden tests). */
    PdomStack stack(int slot) {
        return stacks[slot];
    }

    @Override
    public String describe(int slot) {
        StringBuilder sb = new StringBuilder();
        for (PdomStack.Entry e : stacks[slot].entries()) {
            sb.append('(')
                    .append(PdomStack.kindLetter(e.kind()))
                    .append(' ')
                    .append(e.pc())
                    .append(',')
                    .append(e.rpc() < 0 ? "-" : Integer.toString(e.rpc()))
                    .append(",0x")
                    .append(Long.toHexString(e.mask()))
                    .append(')');
        }
        return sb.toString();
    }
}
