package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.ParkedCta;
import dev.gmac.gpu.timing.TimedKernel;
import dev.gmac.gpu.timing.WarpExecutor;
import dev.gmac.gpu.timing.config.BlockPriority;
import dev.gmac.gpu.timing.config.CoreConfig;
import dev.gmac.gpu.timing.config.ScoreboardMode;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.timing.mem.UnloadedLatency;
import dev.gmac.gpu.timing.stats.CoreCounters;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.MemoryStall;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * One SIMT core (Fung thesis §2.3.3, Figure 2.2): resident CTAs (of any kernels that fit: CTA slots, warp slots,
 * threads, registers and shared memory are accounted per CTA) and their warps, per-warp instruction buffers and
 * scoreboards, {@code core.schedulers} warp schedulers, the ALU and SFU pipelines and the load/store unit. Each
 * cycle every scheduler may issue one instruction of one of its warps; the functional model executes it at that
 * moment (execute-at-issue, through the CTA's {@link WarpExecutor}). Barriers belong to the functional model: a
 * warp that reports {@link IssueRecord#slotWaits()} is held until the functional model wakes it ({@link
 * #wakeWarp}), {@code core.barrier.latency} cycles after a barrier's release.
 *
 * <p>Stepped only in cycles where something can happen: after a cycle without issue, the core computes the
 * next cycle at which any warp can become issuable (an instruction fetched, a result written back, a pipeline
 * freed, a barrier released) and sleeps until then or until a memory reply wakes it. The issue-slot breakdown
 * of skipped cycles is added in bulk, since nothing that decides it changes while the core sleeps.
 */
public final class SimtCore implements IssueProbe {
    private static final long NEVER = Long.MAX_VALUE;

    private final int id;
    private final CoreConfig config;
    private final CoreCounters counters;
    private final WarpSlot[] warps;
    private final CtaSlot[] ctas;
    private final WarpScheduler[] schedulers;
    /** The CTA order of thread block prioritization, shared by the schedulers; null without block priority. */
    private final BlockOrder blockOrder;

    private final PipelinePool alu;
    private final PipelinePool sfu;
    private final LoadStoreUnit ldst;
    private final int[] gapClass;
    private final boolean warpScoreboard;

    private CtaListener listener;
    private int residentCtas;
    private int usedWarps;
    private long usedThreads;
    private long usedRegisters;
    private long usedShared;
    private long ages;
    private long ctaAges;
    private long lastStep;
    private long nextActive = NEVER;
    private long lastExit;
    private final CtaSlot[] finishedThisStep;
    private int finishedCount;
    /** Cycles to move one cache line of a yielded wavefront's context, and the L2 round trip added once. */
    private final int lineBytes;

    private final long l2Latency;
    /** Warp slots that yielded and are saving their context, with the cycle each is free. */
    private WarpSlot[] yielding = new WarpSlot[4];

    private long[] yieldDone = new long[4];
    private int yieldingCount;

    /** Told when a CTA of this core finished or yielded (the simulator forwards it to the agents). */
    public interface CtaListener {
        /** CTA {@code ctaId} of {@code kernel} finished on core {@code core} in {@code cycle}. */
        void ctaFinished(int core, TimedKernel kernel, int ctaId, long cycle);

        /** The wavefront of {@code parked} yielded; its hardware context is free from {@code cycle}. */
        void ctaYielded(ParkedCta parked, long cycle);
    }

    // Per-cycle probe results.
    private long now;
    private long earliest;
    private boolean sawBlocked;
    private boolean sawMemoryWait;
    /** Probes that found a ready warp held by a busy unit ({@link IssueProbe#stalledProbes}). */
    private long stalledProbes;
    /**
     * Cycles before a group formed now may issue, besides the compactor's: the branch latency when the instruction
     * being issued is a branch (its outcome decides the groups), none when a group reaches a reconvergence point
     * by an ordinary instruction (its next PC is known at decode; decision 0334). Outside an issue: the branch
     * latency.
     */
    private int formationLatency;

    /** Core {@code id} of a GPU configured by {@code config}, sending memory requests to {@code memory}. */
    public SimtCore(int id, TimingConfig config, MemorySystem memory, CoreCounters counters) {
        this.id = id;
        this.config = config.core();
        this.counters = counters;
        this.formationLatency = this.config.branchLatency();
        int maxWarps = this.config.maxWarps();
        this.schedulers = new WarpScheduler[this.config.schedulers()];
        BlockPriority blocks = this.config.blockPriority();
        this.blockOrder = blocks == BlockPriority.NONE ? null : new BlockOrder(blocks);
        for (int s = 0; s < schedulers.length; s++) {
            schedulers[s] = blockOrder == null
                    ? WarpScheduler.create(this.config.scheduler(), maxWarps)
                    : new BlockPriorityScheduler(blockOrder, maxWarps);
        }
        this.warps = new WarpSlot[maxWarps];
        for (int w = 0; w < maxWarps; w++) {
            warps[w] = new WarpSlot(
                    w,
                    w % schedulers.length,
                    this.config.warpSize(),
                    this.config.ibufferEntries(),
                    this.config.fetchLatency(),
                    1);
        }
        this.ctas = new CtaSlot[this.config.maxCtas()];
        this.finishedThisStep = new CtaSlot[this.config.maxCtas()];
        for (int c = 0; c < ctas.length; c++) {
            ctas[c] = new CtaSlot(id * ctas.length + c, c, maxWarps);
        }
        this.alu = new PipelinePool(this.config.alu(), this.config.warpSize());
        this.sfu = new PipelinePool(this.config.sfu(), this.config.warpSize());
        this.ldst = new LoadStoreUnit(this, id, config, memory, counters);
        this.gapClass = new int[schedulers.length];
        this.warpScoreboard = this.config.scoreboard() == ScoreboardMode.WARP;
        this.lineBytes = config.memory().lineBytes();
        this.l2Latency = Math.round(UnloadedLatency.l2Hit(config));
        memory.attach(id, ldst);
    }

    /** Prepares for a run starting at {@code startCycle}; the L1 and constant cache start cold. */
    public void beginRun(CtaListener listener, long startCycle) {
        this.listener = listener;
        this.lastStep = startCycle - 1;
        this.lastExit = startCycle - 1;
        this.nextActive = NEVER;
        Arrays.fill(gapClass, IssueSlot.W0_IDLE);
        ldst.flushCaches();
    }

    /** Core index. */
    public int id() {
        return id;
    }

    /** CTAs resident now. */
    public int residentCtas() {
        return residentCtas;
    }

    /** The next cycle at which this core has work, or {@link Long#MAX_VALUE} while it waits for a reply. */
    public long nextActive() {
        return nextActive;
    }

    /** The cycle in which the last warp exited. */
    public long lastExitCycle() {
        return lastExit;
    }

    /** Something this core waits for happens at {@code cycle}. */
    public void wake(long cycle) {
        if (cycle < nextActive) {
            nextActive = Math.max(cycle, lastStep + 1);
        }
    }

    /**
     * True when this core has room now for one more CTA of {@code kernel}: a free CTA slot, enough free warp
     * slots, and threads, registers and shared memory left (threads and registers are allocated per whole warp,
     * as {@link Occupancy} counts them).
     */
    public boolean canStart(KernelResources kernel) {
        int warps = kernel.warpsPerCta(config.warpSize());
        long threads = (long) warps * config.warpSize();
        return residentCtas < ctas.length
                && usedWarps + warps <= warps()
                && usedThreads + threads <= config.maxThreads()
                && usedRegisters + threads * kernel.registersPerThread() <= config.registers()
                && usedShared + kernel.sharedBytesPerCta() <= config.sharedBytes();
    }

    private int warps() {
        return warps.length;
    }

    /** Places CTA {@code ctaId} of {@code kernel} on this core; its warps may fetch from {@code cycle}. */
    public void launchCta(TimedKernel kernel, int ctaId, long cycle) {
        if (!canStart(kernel.resources())) {
            throw new IllegalStateException("core " + id + " has no room for CTA " + ctaId + " of "
                    + kernel.resources().name());
        }
        place(kernel, ctaId, cycle, null);
    }

    /**
     * True when this core has room now to restart the yielded CTA {@code parked}: a CTA slot, warp slots, threads
     * and registers (its shared memory stayed reserved).
     */
    public boolean canResume(ParkedCta parked) {
        KernelResources res = parked.kernel().resources();
        int warps = res.warpsPerCta(config.warpSize());
        long threads = (long) warps * config.warpSize();
        return residentCtas < ctas.length
                && usedWarps + warps <= warps()
                && usedThreads + threads <= config.maxThreads()
                && usedRegisters + threads * res.registersPerThread() <= config.registers();
    }

    /**
     * Restarts the yielded CTA {@code parked} on this core: its context is read back from memory, one line per
     * cycle plus an L2 round trip ({@link #contextCycles}), and its wavefront fetches from then on.
     */
    public void resumeCta(ParkedCta parked, long cycle) {
        if (parked.core() != id || !canResume(parked)) {
            throw new IllegalStateException("core " + id + " cannot restart CTA " + parked.ctaId() + " of "
                    + parked.kernel().resources().name() + " now");
        }
        usedShared -= parked.kernel().resources().sharedBytesPerCta(); // reserved since the yield; place adds it
        place(parked.kernel(), parked.ctaId(), cycle + contextCycles(parked.bytes()), parked);
        counters.restarts++;
    }

    /** Cycles to save or restore a wavefront context of {@code bytes}: one cache line per cycle, one L2 round trip. */
    long contextCycles(int bytes) {
        return (bytes + lineBytes - 1) / lineBytes + l2Latency;
    }

    private void place(TimedKernel kernel, int ctaId, long cycle, ParkedCta parked) {
        KernelResources res = kernel.resources();
        CtaSlot cta = null;
        for (CtaSlot c : ctas) {
            if (!c.active) {
                cta = c;
                break;
            }
        }
        if (cta == null) {
            throw new IllegalStateException(
                    "core " + id + " has no free CTA slot for CTA " + ctaId + " of " + res.name());
        }
        int warpsPerCta = res.warpsPerCta(config.warpSize());
        long threads = (long) warpsPerCta * config.warpSize();
        cta.active = true;
        cta.age = ctaAges++;
        cta.kernel = kernel;
        cta.ctaId = ctaId;
        cta.warpCount = warpsPerCta;
        cta.liveWarps = warpsPerCta;
        if (parked == null) {
            kernel.executor().startCta(ctaId, cta.globalSlot);
        } else {
            kernel.executor().resumeCta(parked.state(), cta.globalSlot);
        }
        int placed = 0;
        for (int w = 0; w < warps.length && placed < warpsPerCta; w++) {
            WarpSlot slot = warps[w];
            if (slot.active) {
                continue;
            }
            slot.active = true;
            slot.cta = cta;
            slot.warpInCta = placed;
            slot.age = ages++;
            slot.generation++;
            slot.decoded = false;
            slot.atBarrier = false;
            slot.barrierRelease = 0;
            slot.pendingLoads = 0;
            slot.groupLastWrite = 0;
            slot.launched = cycle;
            slot.validLanes =
                    (int) Math.min(config.warpSize(), res.threadsPerCta() - (long) placed * config.warpSize());
            slot.barrierSince = -1;
            slot.scoreboard.reset(res.registerSlots());
            slot.ibuffer.restart(cycle);
            cta.warps[placed++] = slot;
            schedulers[slot.scheduler].add(slot.index, slot.age, cta.localIndex, cta.age);
        }
        residentCtas++;
        usedWarps += warpsPerCta;
        usedThreads += threads;
        usedRegisters += threads * res.registersPerThread();
        usedShared += res.sharedBytesPerCta();
        if (parked == null) {
            counters.ctas++;
        }
        wake(cycle);
    }

    /**
     * The functional model woke warp {@code warp} of the CTA in local slot {@code localCta} at {@code cycle}: it
     * may issue from {@code cycle + 1}, or {@code cycle + core.barrier.latency} after a barrier's release.
     */
    public void wakeWarp(int localCta, int warp, boolean barrier, long cycle) {
        CtaSlot cta = ctas[localCta];
        if (!cta.active || warp >= cta.warpCount) {
            return;
        }
        WarpSlot w = cta.warps[warp];
        if (w.active) {
            // also the warp being issued right now (the last arriver at a barrier): it waits the latency too
            w.atBarrier = false;
            // a TM model may have moved it (a retry restarts the transaction's body), or a regrouping divergence
            // model may have changed the slot's group
            w.decoded = false;
            if (barrier && w.barrierSince >= 0) {
                counters.barrierThreadCycles += (cycle - w.barrierSince) * w.barrierLanes;
                w.barrierSince = -1;
            }
            w.barrierRelease = Math.max(w.barrierRelease, barrier ? cycle + config.barrierLatency() : cycle + 1);
            wake(Math.max(cycle + 1, lastStep + 1));
        }
    }

    /**
     * This core's transaction log unit reads {@code rows} rows from {@code firstRow} of the read-log (or, with
     * {@code writeLog}, the write-log) of warp {@code warp} of the CTA in local slot {@code localCta}, through the L1
     * (Fung thesis §4.2.4); {@code done} gets the tick the last line arrives.
     */
    public void logRead(
            int localCta, int warp, boolean writeLog, int firstRow, int rows, long cycle, LongConsumer done) {
        ldst.logRead(ctas[localCta].warps[warp], writeLog, firstRow, rows, cycle, done);
    }

    /**
     * The divergence model gave warp slot {@code warp} of the CTA in local slot {@code localCta} a new issue group
     * at {@code cycle} (thread block compaction or dynamic warp formation, Fung thesis §3.3.2): it may issue once the
     * synchronising branch's outcome is known ({@code core.branch.latency}, when the instruction issued now is a
     * branch; a reconvergence reached by any other instruction is known at decode) and the compactor has produced
     * it, one warp per cycle ({@code delayCycles}).
     */
    public void formWarp(int localCta, int warp, int delayCycles, long cycle) {
        CtaSlot cta = ctas[localCta];
        if (!cta.active || warp >= cta.warpCount) {
            return;
        }
        WarpSlot w = cta.warps[warp];
        if (w.active) {
            w.atBarrier = false;
            w.decoded = false;
            w.barrierRelease = Math.max(w.barrierRelease, cycle + formationLatency + delayCycles);
            wake(Math.max(cycle + 1, lastStep + 1));
        }
    }

    /** Simulates cycle {@code cycle}; the caller steps a core only when {@code nextActive() <= cycle}. */
    public void step(long cycle) {
        long gap = cycle - lastStep - 1;
        if (gap > 0) {
            accountGap(gap);
        }
        lastStep = cycle;
        now = cycle;
        nextActive = NEVER;
        earliest = NEVER;
        boolean issued = false;
        finishedCount = 0;
        if (yieldingCount > 0) {
            releaseYielded(cycle);
        }
        if (blockOrder != null) {
            blockOrder.beginCycle(cycle);
        }
        for (int s = 0; s < schedulers.length; s++) {
            sawBlocked = false;
            sawMemoryWait = false;
            int w = schedulers[s].select(this);
            while (w >= 0 && holdsNoWarp(w)) {
                // a slot without a warp (a regrouping divergence model): retired or parked, without the issue slot
                vacate(warps[w], cycle);
                w = schedulers[s].select(this);
            }
            if (w >= 0) {
                issue(warps[w], cycle);
                issued = true;
            } else {
                int cls = sawBlocked ? IssueSlot.STALL : sawMemoryWait ? IssueSlot.W0_MEM : IssueSlot.W0_IDLE;
                counters.slots[cls]++;
                gapClass[s] = cls;
            }
        }
        ldst.process(cycle);
        for (int i = 0; i < finishedCount; i++) {
            CtaSlot c = finishedThisStep[i];
            finishedThisStep[i] = null;
            listener.ctaFinished(id, c.kernel, c.ctaId, cycle);
        }
        long next;
        if (issued || ldst.hasWork()) {
            next = cycle + 1;
        } else {
            next = earliest;
        }
        for (int i = 0; i < yieldingCount; i++) {
            next = Math.min(next, Math.max(cycle + 1, yieldDone[i]));
        }
        nextActive = Math.min(next, nextActive);
    }

    private void accountGap(long gap) {
        for (int s = 0; s < schedulers.length; s++) {
            counters.slots[gapClass[s]] += gap;
        }
        if (ldst.isBlocked()) {
            counters.memoryStalls[MemoryStall.CACHE_RESOURCES.ordinal()] += gap;
        }
    }

    /** Adds the idle slots of the cycles after this core's last step, up to the kernel's end. */
    public void endKernel(long endCycle) {
        long gap = endCycle - lastStep - 1;
        if (gap > 0) {
            for (int s = 0; s < schedulers.length; s++) {
                counters.slots[IssueSlot.W0_IDLE] += gap;
            }
        }
        lastStep = endCycle - 1;
    }

    @Override
    public long stalledProbes() {
        return stalledProbes;
    }

    @Override
    public boolean holdsNoWarp(int warpSlot) {
        return warps[warpSlot].instruction.pc() < 0; // decoded without an issue group (WarpExecutor#decode)
    }

    @Override
    public boolean canIssue(int warpSlot) {
        WarpSlot w = warps[warpSlot];
        IssueRecord in = w.instruction;
        if (!w.decoded) {
            w.cta.kernel.executor().decode(w.cta.globalSlot, w.warpInCta, in);
            w.decoded = true;
            w.operandsVersion = -1;
        }
        if (w.atBarrier) {
            return false;
        }
        long ready = Math.max(w.ibuffer.headReady(), w.barrierRelease);
        long groupWarps = in.memberWarps();
        long version = groupWarps == 0 ? w.scoreboard.version() : groupVersion(w, groupWarps);
        long operands;
        if (w.operandsVersion == version) {
            operands = w.operandsReady;
        } else {
            operands = groupWarps == 0 ? operandsReady(w, in) : groupOperandsReady(w, in, groupWarps);
            w.operandsReady = operands;
            w.operandsVersion = version;
        }
        if (operands == Scoreboard.PENDING) {
            sawMemoryWait = true;
            return false;
        }
        ready = Math.max(ready, operands);
        if (ready > now) {
            earliest = Math.min(earliest, ready);
            return false;
        }
        long free = unitFree(in.issueClass());
        if (free > now) {
            sawBlocked = true;
            stalledProbes++;
            earliest = Math.min(earliest, free);
            return false;
        }
        return true;
    }

    private long operandsReady(WarpSlot w, IssueRecord in) {
        long t = w.scoreboard.readyTime(in);
        if (warpScoreboard || in.issueClass() == IssueClass.EXIT) {
            t = Math.max(t, w.scoreboard.allReadyTime());
        }
        return t;
    }

    /**
     * A compacted or dynamic warp reads and writes the registers of its member static warps in the lanes it holds:
     * it is ready when each member's scoreboard is in those lanes (the scoreboard of warp slot {@code m} of the CTA
     * tracks static warp {@code m}; loads of other groups to other lanes of it are no hazard, decision 0336).
     */
    private long groupOperandsReady(WarpSlot w, IssueRecord in, long groupWarps) {
        long t = 0;
        boolean all = warpScoreboard || in.issueClass() == IssueClass.EXIT;
        for (long m = groupWarps; m != 0; m &= m - 1) {
            int warp = Long.numberOfTrailingZeros(m);
            Scoreboard sb = w.cta.warps[warp].scoreboard;
            long lanes = in.memberLanes(warp);
            t = Math.max(t, sb.readyTime(in, lanes));
            if (all) {
                t = Math.max(t, sb.pendingIn(lanes));
            }
        }
        if (all) {
            // one instruction in flight per warp (core.scoreboard = warp): the group's own, not its members' other
            // groups'
            t = Math.max(t, w.groupLastWrite);
        }
        return t;
    }

    private static long groupVersion(WarpSlot w, long groupWarps) {
        long v = 0;
        for (long m = groupWarps; m != 0; m &= m - 1) {
            v += w.cta.warps[Long.numberOfTrailingZeros(m)].scoreboard.version();
        }
        return v;
    }

    private long unitFree(IssueClass c) {
        switch (c) {
            case ALU:
                return alu.earliestFree();
            case SFU:
                return sfu.earliestFree();
            case MEM_GLOBAL:
            case MEM_SHARED:
            case MEM_LOCAL:
            case MEM_CONST:
            case ATOMIC:
                return ldst.acceptTime(now);
            default:
                return now;
        }
    }

    private void issue(WarpSlot w, long cycle) {
        IssueRecord in = w.instruction;
        in.beginExecute();
        formationLatency = in.issueClass() == IssueClass.BRANCH ? config.branchLatency() : 0;
        w.cta.kernel.executor().execute(w.cta.globalSlot, w.warpInCta, in);
        formationLatency = config.branchLatency();
        w.decoded = false;
        int lanes = in.activeLanes();
        if (lanes == 0 && in.insn == null && (in.hasWarpExited() || in.slotWaits())) {
            // decoded with an instruction, yet the functional model ran none and the slot waits or is done
            counters.slots[IssueSlot.W0_IDLE]++;
            leave(w, in, cycle);
            return;
        }
        counters.slots[IssueSlot.laneBucket(lanes, config.warpSize())]++;
        counters.warpInstructions++;
        counters.threadInstructions += lanes;
        switch (in.issueClass()) {
            case ALU:
                writeBack(w, in, alu.issue(cycle));
                break;
            case SFU:
                writeBack(w, in, sfu.issue(cycle));
                break;
            case BRANCH: {
                long done = cycle + config.branchLatency();
                if (in.sideRounds() > 0 || in.extraCycles() > 0) {
                    // a TM instruction's own latency (GPU-LocalTM's TX_Begin/TX_Commit) and shadow traffic
                    done = ldst.sideTraffic(in, cycle) + config.branchLatency() + in.extraCycles();
                }
                w.ibuffer.restart(done);
                writeBack(w, in, done);
                if (in.hasWarpExited()) {
                    retire(w, cycle);
                } else if (in.slotWaits()) {
                    w.atBarrier = true;
                } else if (in.hasYielded()) {
                    beginYield(w, in, cycle);
                }
                return;
            }
            case BARRIER:
            case EXIT:
                break;
            default:
                ldst.issue(w, in, cycle);
                break;
        }
        if (in.hasWarpExited()) {
            retire(w, cycle);
            return;
        }
        if (in.slotWaits()) {
            w.atBarrier = true; // held until the functional model wakes it (wakeWarp)
            if (in.barrierWait()) {
                w.barrierSince = cycle;
                w.barrierLanes = lanes;
            }
        }
        w.ibuffer.issued(cycle);
    }

    /**
     * Slot {@code w} holds no warp to run ({@link #holdsNoWarp}): the functional model reports that it waits again
     * (woken without an issue group) or that its block is done, and the slot is parked or retired. It takes no
     * issue slot: the thesis's warp buffer holds only the warps that can run (Fung thesis §3.3.2, decision 0343).
     */
    private void vacate(WarpSlot w, long cycle) {
        IssueRecord in = w.instruction;
        in.beginExecute();
        formationLatency = 0;
        w.cta.kernel.executor().execute(w.cta.globalSlot, w.warpInCta, in);
        formationLatency = config.branchLatency();
        w.decoded = false;
        if (in.activeLanes() != 0 || in.insn != null || !(in.hasWarpExited() || in.slotWaits())) {
            throw new IllegalStateException("warp slot " + w.warpInCta + " of CTA " + w.cta.ctaId
                    + " was decoded without an issue group but ran " + in.insn);
        }
        leave(w, in, cycle);
    }

    /** A slot that issued nothing is done ({@code in} reports its warp exited) or waits until woken. */
    private void leave(WarpSlot w, IssueRecord in, long cycle) {
        if (in.hasWarpExited()) {
            retire(w, cycle);
        } else {
            w.atBarrier = true;
        }
    }

    private static void writeBack(WarpSlot w, IssueRecord in, long readyCycle) {
        long groupWarps = in.memberWarps();
        if (groupWarps == 0) {
            for (int i = 0; i < in.destinationCount(); i++) {
                w.scoreboard.markReady(in.destination(i), readyCycle);
            }
            return;
        }
        for (long m = groupWarps; m != 0; m &= m - 1) {
            int warp = Long.numberOfTrailingZeros(m);
            Scoreboard sb = w.cta.warps[warp].scoreboard;
            long lanes = in.memberLanes(warp);
            for (int i = 0; i < in.destinationCount(); i++) {
                sb.markReady(in.destination(i), lanes, readyCycle);
            }
        }
        if (in.destinationCount() > 0) {
            w.groupLastWrite = Math.max(w.groupLastWrite, readyCycle);
        }
    }

    /**
     * The wavefront in {@code w} executed {@code yield.wave} (Orr et al., ISCA 2014, §6): it issues no more, its
     * context is written out ({@link #contextCycles}) and then its hardware context is freed.
     */
    private void beginYield(WarpSlot w, IssueRecord in, long cycle) {
        if (w.cta.warpCount != 1) {
            throw new IllegalStateException("a yielding CTA must have one wavefront");
        }
        w.atBarrier = true;
        if (yieldingCount == yielding.length) {
            yielding = Arrays.copyOf(yielding, yieldingCount * 2);
            yieldDone = Arrays.copyOf(yieldDone, yieldingCount * 2);
        }
        yielding[yieldingCount] = w;
        yieldDone[yieldingCount] = cycle + contextCycles(in.yieldBytes());
        w.yieldArea = in.yieldArea();
        w.yieldBytes = in.yieldBytes();
        yieldingCount++;
        counters.yields++;
    }

    /** Frees the contexts of yielded wavefronts whose save is done and whose loads have returned. */
    private void releaseYielded(long cycle) {
        int kept = 0;
        for (int i = 0; i < yieldingCount; i++) {
            WarpSlot w = yielding[i];
            if (yieldDone[i] > cycle || w.pendingLoads > 0) {
                yielding[kept] = w;
                yieldDone[kept++] = Math.max(yieldDone[i], cycle + 1);
                continue;
            }
            CtaSlot cta = w.cta;
            KernelResources res = cta.kernel.resources();
            Object state = cta.kernel.executor().parkCta(cta.globalSlot);
            w.active = false;
            w.generation++;
            w.atBarrier = false;
            schedulers[w.scheduler].remove(w.index);
            long threads = (long) cta.warpCount * config.warpSize();
            cta.active = false;
            cta.liveWarps = 0;
            residentCtas--;
            usedWarps -= cta.warpCount;
            usedThreads -= threads;
            usedRegisters -= threads * res.registersPerThread();
            // usedShared keeps the CTA's share: the local data share stays reserved for the restart
            listener.ctaYielded(new ParkedCta(id, cta.kernel, cta.ctaId, state, w.yieldArea, w.yieldBytes), cycle);
        }
        for (int i = kept; i < yieldingCount; i++) {
            yielding[i] = null;
        }
        yieldingCount = kept;
    }

    private void retire(WarpSlot w, long cycle) {
        CtaSlot cta = w.cta;
        counters.threadCycles += (cycle + 1 - w.launched) * w.validLanes;
        w.active = false;
        w.generation++;
        schedulers[w.scheduler].remove(w.index);
        lastExit = Math.max(lastExit, cycle);
        cta.liveWarps--;
        if (cta.liveWarps == 0) {
            KernelResources res = cta.kernel.resources();
            long threads = (long) cta.warpCount * config.warpSize();
            cta.active = false;
            residentCtas--;
            usedWarps -= cta.warpCount;
            usedThreads -= threads;
            usedRegisters -= threads * res.registersPerThread();
            usedShared -= res.sharedBytesPerCta();
            cta.kernel.executor().finishCta(cta.globalSlot);
            finishedThisStep[finishedCount++] = cta;
        }
    }

    /** A one-line description of every resident warp's state, for deadlock reports. */
    public String describeWarps() {
        StringBuilder sb = new StringBuilder("core ").append(id).append(':');
        for (WarpSlot w : warps) {
            if (!w.active) {
                continue;
            }
            sb.append(" [cta ")
                    .append(w.cta.ctaId)
                    .append(" warp ")
                    .append(w.warpInCta)
                    .append(" pc ")
                    .append(w.decoded ? w.instruction.pc() : -1)
                    .append(w.atBarrier ? " at barrier" : "")
                    .append(w.pendingLoads > 0 ? " waiting for memory" : "")
                    .append(']');
        }
        return sb.toString();
    }
}
