package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.exec.CglTm;
import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.mem.UnloadedLatency;
import java.util.ArrayDeque;

/**
 * The global lock of the {@code cgl} TM model in the timing loop: an {@link Agent} standing for the lock word's
 * home in a memory partition (Fung thesis §4.4: the CGL baseline serialises every transaction on one lock). A
 * transaction's lock request reaches it after an L2 round trip ({@link UnloadedLatency#l2Hit}); requests are granted
 * in arrival order once the lock is free, one per cycle of the unit's work, and a grant wakes the waiting warp. This
 * is the timing model reporting back to the functional model: which transaction runs next, and so which serial
 * order the results show, is decided here in simulated time.
 */
final class CglLockUnit implements Agent, CglTm.LockArbiter {
    private final CglTm tm;
    private final long latency;
    private final ArrayDeque<TxScope> pending = new ArrayDeque<>();
    private final ArrayDeque<Long> readyAt = new ArrayDeque<>();
    private GpuControl gpu;
    private long freeAt;
    private long grants;

    CglLockUnit(CglTm tm, TimingConfig config) {
        this.tm = tm;
        this.latency = Math.max(1, Math.round(UnloadedLatency.l2Hit(config)));
        tm.arbiter(this);
    }

    @Override
    public String name() {
        return "cgl-lock";
    }

    @Override
    public void attach(GpuControl gpu) {
        this.gpu = gpu;
    }

    @Override
    public boolean request(TxScope scope) {
        if (!pending.contains(scope)) {
            pending.add(scope);
            readyAt.add(gpu.cycle() + latency);
        }
        return false;
    }

    @Override
    public void released(TxScope scope) {
        freeAt = gpu.cycle() + 1;
    }

    @Override
    public long nextActive() {
        return pending.isEmpty() ? Long.MAX_VALUE : Math.max(readyAt.peek(), freeAt);
    }

    @Override
    public long doWork(long cycle) {
        if (pending.isEmpty() || readyAt.peek() > cycle || freeAt > cycle) {
            return 0;
        }
        TxScope scope = pending.peek();
        if (!tm.granted(scope)) {
            freeAt = cycle + 1; // the lock is held: try again once it is released
            return 1;
        }
        pending.poll();
        readyAt.poll();
        grants++;
        return 1;
    }

    @Override
    public boolean finished() {
        return pending.isEmpty();
    }

    /** Grants made so far. */
    long grants() {
        return grants;
    }
}
