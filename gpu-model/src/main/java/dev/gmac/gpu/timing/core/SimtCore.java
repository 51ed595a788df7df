package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.IssueClass;
import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.WarpExecutor;
import dev.gmac.gpu.timing.WarpInstruction;
import dev.gmac.gpu.timing.config.CoreConfig;
import dev.gmac.gpu.timing.config.ScoreboardMode;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.timing.stats.CoreCounters;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.MemoryStall;
import java.util.Arrays;

/**
 * One SIMT core (Fung thesis §2.3.3, Figure 2.2): resident CTAs and their warps, per-warp instruction buffers
 * and scoreboards, {@code core.schedulers} warp schedulers, the ALU and SFU pipelines, the load/store unit, and
 * CTA barriers. Each cycle every scheduler may issue one instruction of one of its warps; the functional model
 * executes it at that moment (execute-at-issue, through {@link WarpExecutor}).
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
    private final PipelinePool alu;
    private final PipelinePool sfu;
    private final LoadStoreUnit ldst;
    private final int[] gapClass;
    private final boolean warpScoreboard;

    private WarpExecutor executor;
    private CtaDispatcher dispatcher;
    private KernelResources kernel;
    private int warpsPerCta;
    private int residentCtas;
    private long ages;
    private long lastStep;
    private long nextActive = NEVER;
    private long lastExit;
    private int finishedThisStep;

    // Per-cycle probe results.
    private long now;
    private long earliest;
    private boolean sawBlocked;
    private boolean sawMemoryWait;

    /** Core {@code id} of a GPU configured by {@code config}, sending memory requests to {@code memory}. */
    public SimtCore(int id, TimingConfig config, MemorySystem memory, CoreCounters counters) {
        this.id = id;
        this.config = config.core();
        this.counters = counters;
        int maxWarps = this.config.maxWarps();
        this.schedulers = new WarpScheduler[this.config.schedulers()];
        for (int s = 0; s < schedulers.length; s++) {
            schedulers[s] = WarpScheduler.create(this.config.scheduler(), maxWarps);
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
        for (int c = 0; c < ctas.length; c++) {
            ctas[c] = new CtaSlot(id * ctas.length + c, maxWarps);
        }
        this.alu = new PipelinePool(this.config.alu(), this.config.warpSize());
        this.sfu = new PipelinePool(this.config.sfu(), this.config.warpSize());
        this.ldst = new LoadStoreUnit(this, id, config, memory, counters);
        this.gapClass = new int[schedulers.length];
        this.warpScoreboard = this.config.scoreboard() == ScoreboardMode.WARP;
        memory.attach(id, ldst);
    }

    /** Prepares for a kernel starting at {@code startCycle}; the L1 and constant cache start cold. */
    public void beginKernel(KernelResources kernel, WarpExecutor executor, CtaDispatcher dispatcher, long startCycle) {
        this.kernel = kernel;
        this.executor = executor;
        this.dispatcher = dispatcher;
        this.warpsPerCta = kernel.warpsPerCta(config.warpSize());
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

    /** Places CTA {@code ctaId} on this core; its warps may fetch from {@code cycle}. */
    public void launchCta(int ctaId, long cycle) {
        CtaSlot cta = null;
        for (CtaSlot c : ctas) {
            if (!c.active) {
                cta = c;
                break;
            }
        }
        if (cta == null) {
            throw new IllegalStateException("core " + id + " has no free CTA slot");
        }
        cta.active = true;
        cta.ctaId = ctaId;
        cta.warpCount = warpsPerCta;
        cta.liveWarps = warpsPerCta;
        cta.arrived = 0;
        executor.startCta(ctaId, cta.globalSlot);
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
            slot.scoreboard.reset(kernel.registerSlots());
            slot.ibuffer.restart(cycle);
            cta.warps[placed++] = slot;
            schedulers[slot.scheduler].add(slot.index, slot.age);
        }
        if (placed < warpsPerCta) {
            throw new IllegalStateException("core " + id + " has no room for the warps of CTA " + ctaId);
        }
        residentCtas++;
        counters.ctas++;
        wake(cycle);
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
        finishedThisStep = 0;
        for (int s = 0; s < schedulers.length; s++) {
            sawBlocked = false;
            sawMemoryWait = false;
            int w = schedulers[s].select(this);
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
        for (int i = 0; i < finishedThisStep; i++) {
            dispatcher.ctaFinished(this, cycle);
        }
        long next;
        if (issued || ldst.hasWork()) {
            next = cycle + 1;
        } else {
            next = earliest;
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
    public boolean canIssue(int warpSlot) {
        WarpSlot w = warps[warpSlot];
        WarpInstruction in = w.instruction;
        if (!w.decoded) {
            executor.decode(w.cta.globalSlot, w.warpInCta, in);
            w.decoded = true;
            w.operandsVersion = -1;
        }
        if (w.atBarrier) {
            return false;
        }
        long ready = Math.max(w.ibuffer.headReady(), w.barrierRelease);
        int version = w.scoreboard.version();
        long operands;
        if (w.operandsVersion == version) {
            operands = w.operandsReady;
        } else {
            operands = w.scoreboard.readyTime(in);
            if (warpScoreboard || in.issueClass() == IssueClass.EXIT) {
                operands = Math.max(operands, w.scoreboard.allReadyTime());
            }
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
            earliest = Math.min(earliest, free);
            return false;
        }
        return true;
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
        WarpInstruction in = w.instruction;
        in.beginExecute();
        executor.execute(w.cta.globalSlot, w.warpInCta, in);
        w.decoded = false;
        int lanes = in.activeLanes();
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
            case BRANCH:
                w.ibuffer.restart(cycle + config.branchLatency());
                writeBack(w, in, cycle + config.branchLatency());
                if (in.hasWarpExited()) {
                    retire(w, cycle);
                }
                return;
            case BARRIER:
                arriveAtBarrier(w, cycle);
                break;
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
        w.ibuffer.issued(cycle);
    }

    private static void writeBack(WarpSlot w, WarpInstruction in, long readyCycle) {
        for (int i = 0; i < in.destinationCount(); i++) {
            w.scoreboard.markReady(in.destination(i), readyCycle);
        }
    }

    private void arriveAtBarrier(WarpSlot w, long cycle) {
        CtaSlot cta = w.cta;
        w.atBarrier = true;
        cta.arrived++;
        if (cta.arrived == cta.liveWarps) {
            releaseBarrier(cta, cycle);
        }
    }

    private void releaseBarrier(CtaSlot cta, long cycle) {
        long release = cycle + config.barrierLatency();
        for (int i = 0; i < cta.warpCount; i++) {
            WarpSlot w = cta.warps[i];
            if (w.active && w.atBarrier) {
                w.atBarrier = false;
                w.barrierRelease = release;
            }
        }
        cta.arrived = 0;
    }

    private void retire(WarpSlot w, long cycle) {
        CtaSlot cta = w.cta;
        w.active = false;
        w.generation++;
        schedulers[w.scheduler].remove(w.index);
        lastExit = Math.max(lastExit, cycle);
        cta.liveWarps--;
        if (cta.liveWarps == 0) {
            cta.active = false;
            residentCtas--;
            executor.finishCta(cta.globalSlot);
            finishedThisStep++;
        } else if (cta.arrived > 0 && cta.arrived == cta.liveWarps) {
            releaseBarrier(cta, cycle);
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
