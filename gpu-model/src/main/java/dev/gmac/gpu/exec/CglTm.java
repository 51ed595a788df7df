package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import java.util.ArrayDeque;

/**
 * {@code cgl}: every transaction of the launch runs under one global lock (the serial baseline the thesis measures
 * Kilo TM against, "CGL", Fung thesis §4.3-4.4). One lane at a time holds the lock: at each attempt the model
 * admits the lowest waiting lane of the group, which runs the transaction body alone and commits; the other lanes
 * stay in the retry entry and are admitted one after another. A group whose {@code tx.begin} finds the lock held by
 * another group waits, in arrival order, until the holder commits. No transaction ever aborts, so the results are
 * serializable by construction (in lock-grant order), and accesses inside transactions go straight to memory.
 *
 * <p>Who gets the lock next is decided by a {@link LockArbiter}: at once in the functional model, or by the timing
 * model after the round trip of a lock request to the memory partition that holds the lock, so the grant order
 * (and so which serial order the results show) may depend on timing.
 */
public final class CglTm implements TmModel {
    /** Decides when a lock request is granted. */
    public interface LockArbiter {
        /**
         * {@code scope}'s group asks for the lock. Returns true when it may take it now; false when the arbiter
         * will call {@link CglTm#granted} later.
         */
        boolean request(TxScope scope);

        /** The holder released the lock. */
        void released(TxScope scope);
    }

    private TxScope holder;
    private final ArrayDeque<TxScope> waiting = new ArrayDeque<>();
    private LockArbiter arbiter = new LockArbiter() {
        @Override
        public boolean request(TxScope scope) {
            return true;
        }

        @Override
        public void released(TxScope scope) {}
    };
    private KernelLaunch launch;
    private long grants;

    @Override
    public String name() {
        return "cgl";
    }

    @Override
    public void attach(KernelLaunch launch) {
        this.launch = launch;
    }

    /** Replaces the arbiter (the timing model installs one that charges the lock's round trip). */
    public void arbiter(LockArbiter a) {
        this.arbiter = a;
    }

    /** Lock grants so far (one per lane-transaction). */
    public long grants() {
        return grants;
    }

    /**
     * The arbiter grants the lock to {@code scope}, which asked for it earlier and waits; false (no grant) when
     * the lock was taken meanwhile.
     */
    public boolean granted(TxScope scope) {
        if (holder != null) {
            return false;
        }
        holder = scope;
        waiting.remove(scope);
        scope.wake();
        return true;
    }

    @Override
    public long begin(TxScope scope, long lanes) {
        if (holder == scope) {
            grants++;
            return Long.lowestOneBit(lanes);
        }
        if (holder == null && (waiting.isEmpty() || waiting.peek() == scope) && arbiter.request(scope)) {
            holder = scope;
            waiting.remove(scope);
            grants++;
            return Long.lowestOneBit(lanes);
        }
        if (!waiting.contains(scope)) {
            waiting.add(scope);
        }
        return 0;
    }

    @Override
    public long load(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size) {
        return launch.port().load(w, in, space, addr, size, lane);
    }

    @Override
    public void store(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size, long value) {
        launch.port().store(w, in, space, addr, size, lane, value);
    }

    @Override
    public long atomic(TxScope scope, Warp w, int lane, Insn in, int space, long addr, long b, long c) {
        return launch.port().atomic(w, in, space, addr, lane, b, c);
    }

    @Override
    public boolean commit(TxScope scope, long lanes) {
        scope.committed(lanes);
        holder = null;
        arbiter.released(scope);
        TxScope next = waiting.peek();
        if (next != null) {
            next.wake();
        }
        return true;
    }
}
