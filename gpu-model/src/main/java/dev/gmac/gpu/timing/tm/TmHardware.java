package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.event.Event;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.mem.MemoryRequest;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.ThreadState;
import dev.gmac.gpu.tm.CommitBackend;
import dev.gmac.gpu.tm.KiloTm;
import dev.gmac.gpu.tm.LaneLog;
import dev.gmac.gpu.tm.ResolutionCost;
import dev.gmac.gpu.tm.TmParams;
import dev.gmac.gpu.tm.WarpCommit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kilo TM's hardware under the timing model (Fung thesis §4.2.4-4.2.6, §6.2-6.4; digest §6.6-6.11), the {@link
 * CommitBackend} of a {@link KiloTm}: per core a transaction log unit and a concurrency-control counter, a central
 * commit-ID vendor, and a {@link CommitUnit} in every memory partition. It is an {@link Agent} itself (the log
 * units act on events; the agent reports whether commits are still in flight).
 *
 * <p><b>A warp's commit</b> ({@link #submit}): intra-warp conflict resolution in a shared-memory buffer (WarpTM; the
 * core has {@code tm.warptm.resolution.buffers} of them), credits for commit-unit entries ({@code tm.cu.entries}),
 * contiguous CIDs from the vendor ({@code tm.cid.latency}); then the log unit reads the warp's log rows back through
 * the L1 and sends each row's entries to the partitions that own them (one packet per row and partition, sized by
 * payload), followed by a done/skip message to every partition. Local outcomes come back (per transaction, or per
 * warp with WarpTM's aggregation); once a transaction has them all the core broadcasts its final outcome (per
 * warp with aggregation). Read-only and failed transactions are done then (early release); a passing writer is
 * done when every commit unit it wrote to has retired it. When every lane is done the warp's outcome goes to the
 * functional model, which wakes the warp.
 *
 * <p><b>Concurrency control</b> (§4.2.6): a warp at {@code tx.begin} is admitted while its core has fewer than
 * {@code tm.concurrency} transaction warps, else it stalls (thread state TC) until one finishes.
 *
 * <p>Thread states (Fig 4.9) are accumulated here for TC, TO, TW, TA and TU.
 */
public final class TmHardware implements CommitBackend, Agent {
    private final KiloTm tm;
    private final TmParams p;
    private final TimingSimulator sim;
    private final MemorySystem memory;
    private final EventQueue queue;
    private final int perCore;
    private final int partitions;
    private final CommitUnit[] units;
    private final int portEntries;
    private final boolean aggregation;
    private final boolean coalescing;
    private final int sharedLatency;
    private GpuControl gpu;

    private final int[] txWarps;
    private final List<ArrayDeque<TxScope>> admissionQueue = new ArrayList<>();
    private final Map<TxScope, Boolean> granted = new IdentityHashMap<>();
    private final Map<TxScope, Long> stalledSince = new IdentityHashMap<>();
    private final int[] freeBuffers;
    private final List<ArrayDeque<Runnable>> bufferQueue = new ArrayList<>();
    private final int[] credits;
    private final List<ArrayDeque<CreditWait>> creditQueue = new ArrayList<>();
    private final List<ArrayDeque<CommitJob>> transferQueue = new ArrayList<>();
    private final boolean[] transferring;
    private final Map<TxScope, long[]> committedAt = new IdentityHashMap<>();
    private long nextCid;
    private int inFlight;

    // statistics
    private final long[] threadCycles = new long[ThreadState.values().length];
    private long cids;
    private long resolutionPasses;
    private long messages;
    private long runStart = -1;

    /** The hardware of {@code tm} for a launch on {@code sim}. */
    public TmHardware(KiloTm tm, TimingSimulator sim) {
        this.tm = tm;
        this.sim = sim;
        TimingConfig c = sim.config();
        this.p = c.tm();
        this.memory = sim.memory();
        this.queue = sim.events();
        this.perCore = c.core().maxCtas();
        this.partitions = c.memory().partitions();
        if (partitions > 64) {
            throw new TimingException("preset " + c.name() + " has " + partitions
                    + " memory partitions; the transactional-memory hardware supports at most 64");
        }
        boolean warpLevel = tm.warpLevel();
        this.portEntries = Math.max(1, (warpLevel ? p.warpPortBytes() : p.cuPortBytes()) / 8);
        this.aggregation = warpLevel && p.aggregation();
        this.coalescing = warpLevel && p.coalescing();
        this.sharedLatency = c.shared().latency();
        int cores = c.core().count();
        this.txWarps = new int[cores];
        this.freeBuffers = new int[cores];
        this.credits = new int[cores];
        this.transferring = new boolean[cores];
        for (int i = 0; i < cores; i++) {
            admissionQueue.add(new ArrayDeque<>());
            bufferQueue.add(new ArrayDeque<>());
            creditQueue.add(new ArrayDeque<>());
            transferQueue.add(new ArrayDeque<>());
            freeBuffers[i] = p.resolutionBuffers();
            credits[i] =
                    p.cuEntries() == 0 ? Integer.MAX_VALUE : Math.max(c.core().warpSize(), p.cuEntries() / cores);
        }
        this.units = new CommitUnit[partitions];
        for (int i = 0; i < partitions; i++) {
            units[i] = new CommitUnit(
                    i, this, memory, p, c.clocks().coreMhz(), c.memory().lineBytes());
        }
        tm.configure(p);
        tm.partitions(partitions, memory.addressMap()::partition);
        tm.backend(this);
    }

    /** This agent and the commit units: the agents the run needs. */
    public List<Agent> agents() {
        List<Agent> l = new ArrayList<>();
        l.add(this);
        for (CommitUnit u : units) {
            l.add(u);
        }
        return l;
    }

    int portEntries() {
        return portEntries;
    }

    boolean coalescing() {
        return coalescing;
    }

    // ------------------------------------------------------------------ Agent

    @Override
    public String name() {
        return "tx-log-unit";
    }

    @Override
    public void attach(GpuControl gpu) {
        this.gpu = gpu;
        this.runStart = gpu.cycle();
    }

    @Override
    public long nextActive() {
        return Long.MAX_VALUE;
    }

    @Override
    public long doWork(long cycle) {
        return 0;
    }

    @Override
    public boolean finished() {
        return inFlight == 0;
    }

    @Override
    public long now() {
        return gpu == null ? 0 : gpu.cycle();
    }

    private int coreOf(TxScope s) {
        return s.cta().slot() / perCore;
    }

    // ------------------------------------------------------------------ concurrency control

    @Override
    public boolean admit(TxScope scope) {
        if (granted.remove(scope) != null) {
            Long since = stalledSince.remove(scope);
            if (since != null) {
                threadCycles[ThreadState.TC.ordinal()] += (now() - since) * Long.bitCount(scope.retry());
            }
            return true;
        }
        int core = coreOf(scope);
        if (p.concurrency() == 0 || txWarps[core] < p.concurrency()) {
            txWarps[core]++;
            return true;
        }
        stalledSince.putIfAbsent(scope, now());
        admissionQueue.get(core).add(scope);
        return false;
    }

    @Override
    public void ended(TxScope scope) {
        int core = coreOf(scope);
        long[] at = committedAt.remove(scope);
        if (at != null) {
            long now = now();
            for (int lane = 0; lane < 64; lane++) {
                if (at[lane] > 0) {
                    threadCycles[ThreadState.TW.ordinal()] += now - at[lane];
                }
            }
        }
        txWarps[core]--;
        ArrayDeque<TxScope> q = admissionQueue.get(core);
        if (!q.isEmpty()) {
            TxScope next = q.poll();
            txWarps[core]++;
            granted.put(next, Boolean.TRUE);
            next.wake();
        }
    }

    @Override
    public void attemptAborted(TxScope scope, long lanes) {
        long now = now();
        for (long m = lanes; m != 0; m &= m - 1) {
            LaneLog log = tm.log(scope, Long.numberOfTrailingZeros(m));
            threadCycles[ThreadState.TA.ordinal()] += Math.max(0, now - log.attemptStart());
        }
    }

    // ------------------------------------------------------------------ the log unit

    private final class At extends Event {
        private final Runnable action;

        At(Runnable action) {
            this.action = action;
        }

        @Override
        public void fire(long now) {
            action.run();
        }
    }

    private void at(long tick, Runnable r) {
        queue.schedule(new At(r), tick);
    }

    @Override
    public void submit(WarpCommit wc) {
        TxScope s = wc.scope();
        int slot = s.cta().slot();
        long now = now();
        CommitJob job =
                new CommitJob(wc, slot / perCore, slot % perCore, s.slot(), now, memory.addressMap(), partitions);
        inFlight++;
        long tick = TimeBase.cycleToTick(now);
        ResolutionCost rc = wc.resolution();
        if (rc != null && (rc.passes() > 0 || rc.rounds() > 0)) {
            resolutionPasses += rc.passes();
            Runnable start = () -> {
                long t = Math.max(tick, TimeBase.cycleToTick(now()));
                long cycles = rc.passes() + (long) rc.rounds() * sharedLatency;
                at(t + TimeBase.cycleToTick(cycles), () -> {
                    releaseBuffer(job.core);
                    afterResolution(job, TimeBase.cycleToTick(now()));
                });
            };
            if (freeBuffers[job.core] > 0) {
                freeBuffers[job.core]--;
                start.run();
            } else {
                bufferQueue.get(job.core).add(() -> start.run());
            }
        } else {
            afterResolution(job, tick);
        }
    }

    private void releaseBuffer(int core) {
        ArrayDeque<Runnable> q = bufferQueue.get(core);
        if (q.isEmpty()) {
            freeBuffers[core]++;
        } else {
            q.poll().run();
        }
    }

    private void afterResolution(CommitJob job, long tick) {
        int n = Long.bitCount(job.toUnits);
        if (n == 0) {
            // nothing for the commit units: decided in the next cycle (the warp is parked at tx.commit by then)
            at(
                    Math.max(tick, TimeBase.cycleToTick(now())) + TimeBase.TICKS_PER_CORE_CYCLE,
                    () -> finish(job, TimeBase.cycleToTick(now())));
            return;
        }
        Runnable request = () -> {
            job.credits = true;
            long t = Math.max(tick, TimeBase.cycleToTick(now()));
            long half = TimeBase.cycleToTick(p.cidLatency()) / 2;
            at(t + half, () -> {
                long first = nextCid;
                nextCid += n;
                cids += n;
                long c = first;
                for (long m = job.toUnits; m != 0; m &= m - 1) {
                    int lane = Long.numberOfTrailingZeros(m);
                    job.cid[lane] = c;
                    job.wc.cid(lane, c);
                    c++;
                }
            });
            at(t + TimeBase.cycleToTick(p.cidLatency()), () -> {
                transferQueue.get(job.core).add(job);
                startTransfer(job.core, TimeBase.cycleToTick(now()));
            });
        };
        ArrayDeque<CreditWait> q = creditQueue.get(job.core);
        if (q.isEmpty() && credits[job.core] >= n) {
            credits[job.core] -= n;
            request.run();
        } else {
            q.add(new CreditWait(n, request));
        }
    }

    private record CreditWait(int credits, Runnable request) {}

    private void returnCredits(CommitJob job) {
        if (!job.credits || p.cuEntries() == 0) {
            return;
        }
        int core = job.core;
        credits[core] += Long.bitCount(job.toUnits);
        ArrayDeque<CreditWait> q = creditQueue.get(core);
        while (!q.isEmpty() && credits[core] >= q.peek().credits()) {
            CreditWait w = q.poll();
            credits[core] -= w.credits();
            w.request().run();
        }
    }

    /** The core's log unit sends one warp's logs at a time. */
    private void startTransfer(int core, long tick) {
        if (transferring[core] || transferQueue.get(core).isEmpty()) {
            return;
        }
        transferring[core] = true;
        CommitJob job = transferQueue.get(core).poll();
        WarpCommit wc = job.wc;
        int rows = wc.readRows() + wc.writeRows();
        int[] left = {0};
        long[] last = {tick};
        List<Runnable> reads = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            boolean writeLog = r >= wc.readRows();
            int row = writeLog ? r - wc.readRows() : r;
            Map<Integer, int[][]> packets = rowPackets(job, writeLog, row);
            if (packets.isEmpty()) {
                continue;
            }
            left[0]++;
            reads.add(() -> sim.core(core).logRead(job.localCta, job.warp, writeLog, row, 1, now(), t -> {
                for (Map.Entry<Integer, int[][]> e : packets.entrySet()) {
                    sendPacket(job, e.getKey(), writeLog, e.getValue(), false, t);
                }
                last[0] = Math.max(last[0], t);
                if (--left[0] == 0) {
                    endTransfer(job, last[0]);
                }
            }));
        }
        if (reads.isEmpty()) {
            endTransfer(job, tick);
            return;
        }
        for (Runnable r : reads) {
            r.run();
        }
    }

    private void endTransfer(CommitJob job, long tick) {
        for (int part = 0; part < partitions; part++) {
            send(job.core, part, new TxMessage.Done(job, job.lanesAt[part]), 0, FlitClass.TX_MSG, tick);
        }
        transferring[job.core] = false;
        startTransfer(job.core, tick);
    }

    /** Entries of {@code row} of the committing lanes, by partition: {lanes[], indexes[]}. */
    private Map<Integer, int[][]> rowPackets(CommitJob job, boolean writeLog, int row) {
        Map<Integer, List<int[]>> by = new HashMap<>();
        for (long m = job.toUnits; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = job.wc.log(lane);
            int n = writeLog ? log.writes() : log.reads();
            for (int i = 0; i < n; i++) {
                if ((writeLog ? log.writeRow(i) : log.readRow(i)) != row) {
                    continue;
                }
                long a = writeLog ? log.writePhysical(i) : log.readPhysical(i);
                by.computeIfAbsent(memory.addressMap().partition(a), k -> new ArrayList<>())
                        .add(new int[] {lane, i});
            }
        }
        Map<Integer, int[][]> out = new java.util.TreeMap<>();
        for (Map.Entry<Integer, List<int[]>> e : by.entrySet()) {
            List<int[]> l = e.getValue();
            int[] lanes = new int[l.size()];
            int[] idx = new int[l.size()];
            for (int k = 0; k < l.size(); k++) {
                lanes[k] = l.get(k)[0];
                idx[k] = l.get(k)[1];
            }
            out.put(e.getKey(), new int[][] {lanes, idx});
        }
        return out;
    }

    private void sendPacket(CommitJob job, int part, boolean writeLog, int[][] entries, boolean resend, long tick) {
        TxMessage.LogPacket pk = new TxMessage.LogPacket(job, writeLog, entries[0], entries[1], resend);
        send(
                job.core,
                part,
                pk,
                8 * entries[0].length,
                writeLog ? FlitClass.TX_WRITE_LOG : FlitClass.TX_READ_LOG,
                tick);
    }

    private void send(int core, int part, TxMessage m, int bytes, FlitClass cls, long tick) {
        MemoryRequest r = memory.obtain();
        r.core = core;
        r.partition(part);
        r.bytes = bytes;
        r.flitClass = cls;
        r.tag = m;
        r.handler = units[part]::onMessage;
        messages++;
        memory.sendToPartition(r, tick);
    }

    private void reply(int part, CommitJob job, TxMessage m, long tick) {
        MemoryRequest r = memory.obtain();
        r.core = job.core;
        r.partition(part);
        r.bytes = 0;
        r.flitClass = FlitClass.TX_MSG;
        r.tag = m;
        r.handler = this::atCore;
        messages++;
        memory.sendToCore(r, tick);
    }

    // ------------------------------------------------------------------ from the commit units

    /** Commit unit {@code part} decided lane {@code lane} of {@code job} locally. */
    void localOutcome(CommitUnit unit, int part, CommitJob job, int lane, boolean pass, long tick) {
        if (!aggregation) {
            reply(part, job, new TxMessage.LocalOutcome(job, part, 1L << lane, pass ? 1L << lane : 0), tick);
            return;
        }
        long[] acc = aggregate(job, part);
        acc[0] |= 1L << lane;
        if (pass) {
            acc[1] |= 1L << lane;
        }
        if (acc[0] == job.lanesAt[part]) {
            reply(part, job, new TxMessage.LocalOutcome(job, part, acc[0], acc[1]), tick);
        }
    }

    /** Commit unit {@code part} retired lane {@code lane}'s entry, which wrote memory. */
    void retired(CommitUnit unit, int part, CommitJob job, int lane, long tick) {
        if (!aggregation) {
            reply(part, job, new TxMessage.Retired(job, part, 1L << lane), tick);
            return;
        }
        long[] acc = aggregate(job, part);
        acc[2] |= 1L << lane;
        if (acc[2] == (job.writersAt[part] & ~job.failed)) {
            reply(part, job, new TxMessage.Retired(job, part, acc[2]), tick);
        }
    }

    private final Map<CommitJob, long[][]> aggregates = new IdentityHashMap<>();

    private long[] aggregate(CommitJob job, int part) {
        return aggregates.computeIfAbsent(job, j -> new long[partitions][3])[part];
    }

    /** A commit unit asks for lane {@code lane}'s set again (its buffer overflowed). */
    void requestResend(CommitUnit unit, int part, CommitJob job, int lane, boolean writes, long tick) {
        MemoryRequest r = memory.obtain();
        r.core = job.core;
        r.partition(part);
        r.flitClass = FlitClass.TX_MSG;
        r.tag = new TxMessage.Resend(job, part, lane, writes);
        r.handler = this::atCore;
        messages++;
        memory.sendToCore(r, tick);
    }

    private void atCore(MemoryRequest r, long tick) {
        TxMessage m = (TxMessage) r.tag;
        memory.release(r);
        CommitJob job = m.job;
        if (m instanceof TxMessage.LocalOutcome) {
            TxMessage.LocalOutcome o = (TxMessage.LocalOutcome) m;
            for (long l = o.lanes; l != 0; l &= l - 1) {
                int lane = Long.numberOfTrailingZeros(l);
                job.outcomesDue[lane]--;
                if ((o.pass & (1L << lane)) == 0) {
                    job.failed |= 1L << lane;
                }
            }
            sendFinals(job, tick);
        } else if (m instanceof TxMessage.Retired) {
            TxMessage.Retired rt = (TxMessage.Retired) m;
            for (long l = rt.lanes; l != 0; l &= l - 1) {
                int lane = Long.numberOfTrailingZeros(l);
                if (--job.acksDue[lane] == 0) {
                    laneDone(job, lane, tick);
                }
            }
        } else if (m instanceof TxMessage.Resend) {
            TxMessage.Resend rs = (TxMessage.Resend) m;
            resend(job, rs.partition, rs.lane, rs.writes, tick);
        }
    }

    private void resend(CommitJob job, int part, int lane, boolean writes, long tick) {
        LaneLog log = job.wc.log(lane);
        List<Integer> idx = new ArrayList<>();
        int firstRow = Integer.MAX_VALUE;
        int lastRow = -1;
        int n = writes ? log.writes() : log.reads();
        for (int i = 0; i < n; i++) {
            long a = writes ? log.writePhysical(i) : log.readPhysical(i);
            if (memory.addressMap().partition(a) == part) {
                idx.add(i);
                int row = writes ? log.writeRow(i) : log.readRow(i);
                firstRow = Math.min(firstRow, row);
                lastRow = Math.max(lastRow, row);
            }
        }
        int[] lanes = new int[idx.size()];
        int[] ix = new int[idx.size()];
        for (int k = 0; k < idx.size(); k++) {
            lanes[k] = lane;
            ix[k] = idx.get(k);
        }
        int rows = lastRow - firstRow + 1;
        sim.core(job.core)
                .logRead(
                        job.localCta,
                        job.warp,
                        writes,
                        Math.max(0, firstRow),
                        Math.max(0, rows),
                        now(),
                        t -> sendPacket(job, part, writes, new int[][] {lanes, ix}, true, t));
    }

    /** Sends the final outcomes that are now known. */
    private void sendFinals(CommitJob job, long tick) {
        long complete = job.outcomesComplete() & ~job.finalSent;
        if (complete == 0) {
            return;
        }
        if (aggregation) {
            if ((complete | job.finalSent) != job.toUnits) {
                return; // with aggregation the warp's outcome goes out once
            }
            for (int part = 0; part < partitions; part++) {
                long lanes = job.lanesAt[part];
                if (lanes != 0) {
                    send(
                            job.core,
                            part,
                            new TxMessage.FinalOutcome(job, lanes, lanes & ~job.failed),
                            0,
                            FlitClass.TX_MSG,
                            tick);
                }
            }
        } else {
            for (long l = complete; l != 0; l &= l - 1) {
                int lane = Long.numberOfTrailingZeros(l);
                long bit = 1L << lane;
                for (long pm = job.parts[lane]; pm != 0; pm &= pm - 1) {
                    send(
                            job.core,
                            Long.numberOfTrailingZeros(pm),
                            new TxMessage.FinalOutcome(job, bit, bit & ~job.failed),
                            0,
                            FlitClass.TX_MSG,
                            tick);
                }
            }
        }
        job.finalSent |= complete;
        for (long l = complete; l != 0; l &= l - 1) {
            int lane = Long.numberOfTrailingZeros(l);
            if ((job.failed & (1L << lane)) != 0 || !job.writes(lane)) {
                laneDone(job, lane, tick); // read-only and failed transactions are released now
            } else {
                job.acksDue[lane] = Long.bitCount(job.writeParts[lane]);
            }
        }
    }

    private void laneDone(CommitJob job, int lane, long tick) {
        job.done |= 1L << lane;
        if (job.done == job.toUnits) {
            finish(job, tick);
        }
    }

    /** Every lane of {@code job} is decided: the functional model learns the outcome and wakes the warp. */
    private void finish(CommitJob job, long tick) {
        inFlight--;
        aggregates.remove(job);
        returnCredits(job);
        long passed = job.toUnits & ~job.failed;
        WarpCommit wc = job.wc;
        long now = Math.max(now(), TimeBase.tickToCycleCeil(tick));
        long committed = passed | wc.silent();
        for (long m = wc.lanes(); m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = wc.log(lane);
            boolean ok = (committed & (1L << lane)) != 0;
            threadCycles[(ok ? ThreadState.TU : ThreadState.TA).ordinal()] +=
                    Math.max(0, job.submitted - log.attemptStart());
            threadCycles[ThreadState.TO.ordinal()] += now - job.submitted;
            if (ok) {
                committedAt.computeIfAbsent(wc.scope(), k -> new long[64])[lane] = now;
            }
        }
        wc.decide(passed);
    }

    // ------------------------------------------------------------------ statistics

    /** What the hardware counted during the run. */
    public TmTimingStats stats(long endCycle) {
        long ticks = TimeBase.cycleToTick(endCycle - Math.max(0, runStart));
        long hazards = 0;
        long reval = 0;
        long resends = 0;
        long fails = 0;
        long maxLive = 0;
        double avgLive = 0;
        for (CommitUnit u : units) {
            u.closeOccupancy(TimeBase.cycleToTick(endCycle));
            hazards += u.hazards;
            reval += u.revalidations;
            resends += u.resends;
            fails += u.localFails;
            maxLive = Math.max(maxLive, u.maxLiveEntries);
            avgLive += u.averageLive(ticks);
        }
        return new TmTimingStats(
                threadCycles.clone(),
                cids,
                hazards,
                reval,
                resends,
                fails,
                maxLive,
                avgLive / units.length,
                resolutionPasses,
                messages);
    }
}
