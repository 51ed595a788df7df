package dev.gmac.gpu.timing;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.core.CtaDispatcher;
import dev.gmac.gpu.timing.core.Occupancy;
import dev.gmac.gpu.timing.core.SimtCore;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.timing.stats.CoreCounters;
import dev.gmac.gpu.timing.stats.CoreTimingStats;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.stats.PartitionTimingStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cycle-level timing model of one GPU (Fung thesis §2.3.3 and Tables 3.2, 4.4, 6.1): SIMT cores and a memory
 * system built from a {@link TimingConfig}, driving functional models through {@link WarpExecutor}
 * (execute-at-issue), with {@link Agent}s in the loop that place work on the cores: the CTA launch unit ({@link
 * CtaDispatcher}) and any control processor a model adds. {@link #run(KernelResources, WarpExecutor, long)}
 * simulates one kernel launch; {@link #run(List, List, long)} runs agents that may start CTAs of several kernels,
 * mid-run, on cores of their choice.
 *
 * <p>The simulation loop alternates three kinds of work in time order: agent duty cycles, memory events (from the
 * {@link EventQueue}, in ticks) and core cycles. In each iteration it finds the earliest cycle at which an agent or
 * a core has work or a memory event falls due, fires the memory events up to the end of that cycle, runs the
 * agents due, then steps the cores whose next active cycle it is. Idle cores, idle agents and idle memory
 * components cost nothing; fully idle stretches are skipped.
 *
 * <p>State that outlives a run: simulated time, L2 contents, DRAM open rows and in-flight write-backs. L1 and
 * constant caches start each run cold (they are not coherent). Deterministic: the same launches in the same order
 * with the same functional results give the same cycle counts. Not thread-safe.
 */
public final class TimingSimulator {
    private final TimingConfig config;
    private final EventQueue queue = new EventQueue();
    private final MemorySystem memory;
    private final SimtCore[] cores;
    private final CoreCounters[] counters;
    private long cycle;

    /** A GPU configured by {@code config}, idle at cycle 0. */
    public TimingSimulator(TimingConfig config) {
        this.config = config;
        this.memory = new MemorySystem(config, queue);
        int n = config.core().count();
        this.cores = new SimtCore[n];
        this.counters = new CoreCounters[n];
        for (int i = 0; i < n; i++) {
            counters[i] = new CoreCounters();
            cores[i] = new SimtCore(i, config, memory, counters[i]);
        }
    }

    /** The configuration. */
    public TimingConfig config() {
        return config;
    }

    /** The current global cycle (the end of the last run). */
    public long cycle() {
        return cycle;
    }

    /** The memory system (for agents that send messages or access a partition's L2: the TM commit units). */
    public MemorySystem memory() {
        return memory;
    }

    /** SIMT core {@code i} (for the hardware a model adds to the cores: a TM log unit). */
    public SimtCore core(int i) {
        return cores[i];
    }

    /** The memory system's event queue (for agents and models that schedule their own events). */
    public EventQueue events() {
        return queue;
    }

    /**
     * Hardware CTA slots in the whole GPU: {@link WarpExecutor#startCta}'s {@code ctaSlot} is below this, so a
     * functional model may keep its per-CTA state in an array of this size.
     */
    public int ctaSlots() {
        return config.core().count() * config.core().maxCtas();
    }

    /** The occupancy {@code kernel} would have. */
    public Occupancy occupancy(KernelResources kernel) {
        return Occupancy.of(config.core(), kernel, config.name());
    }

    /**
     * Simulates one launch of {@code kernel}, whose instructions {@code executor} decodes and executes.
     *
     * @throws TimingException when a CTA does not fit in a core, or warps can never issue again
     */
    public KernelTimingStats run(KernelResources kernel, WarpExecutor executor) {
        return run(kernel, executor, Long.MAX_VALUE);
    }

    /**
     * As {@link #run(KernelResources, WarpExecutor)}, but gives up with a {@link TimingException} once the kernel
     * has run {@code cycleLimit} cycles (a watchdog for kernels that never finish, such as a SIMT spin-lock
     * deadlock).
     */
    public KernelTimingStats run(KernelResources kernel, WarpExecutor executor, long cycleLimit) {
        return run(kernel, executor, List.of(), cycleLimit);
    }

    /** As {@link #run(KernelResources, WarpExecutor, long)}, with {@code extra} agents in the loop beside the launch unit. */
    public KernelTimingStats run(KernelResources kernel, WarpExecutor executor, List<Agent> extra, long cycleLimit) {
        TimedKernel k = new TimedKernel(kernel, executor);
        List<Agent> agents = new ArrayList<>();
        agents.add(new CtaDispatcher(k, cycle));
        agents.addAll(extra);
        return run(agents, List.of(k), cycleLimit);
    }

    /**
     * Runs {@code agents} until every one of them is finished, no CTA is resident and memory is idle; the
     * statistics describe the first of {@code kernels} (name and occupancy) and all cores' work.
     *
     * @param kernels the kernels the agents will start (their executors are given the wake-up callback)
     */
    public KernelTimingStats run(List<Agent> agents, List<TimedKernel> kernels, long cycleLimit) {
        if (kernels.isEmpty()) {
            throw new IllegalArgumentException("a run needs at least one kernel");
        }
        KernelResources first = kernels.get(0).resources();
        Occupancy occupancy = occupancy(first);
        long start = cycle;
        memory.beginKernel();
        Run run = new Run(agents, start);
        for (TimedKernel k : kernels) {
            k.executor().onWake(new WarpWaker() {
                @Override
                public void wake(int ctaSlot, int warp, boolean barrier) {
                    run.wakeWarp(ctaSlot, warp, barrier);
                }

                @Override
                public void formed(int ctaSlot, int warp, int delayCycles) {
                    run.formWarp(ctaSlot, warp, delayCycles);
                }
            });
        }
        for (int i = 0; i < cores.length; i++) {
            counters[i].reset();
            cores[i].beginRun(run, start);
        }
        for (Agent a : agents) {
            a.attach(run);
        }
        long now = start;
        while (!(run.allFinished() && resident() == 0 && run.parked.isEmpty() && memory.outstandingWrites() == 0)) {
            long next = Long.MAX_VALUE;
            for (SimtCore c : cores) {
                next = Math.min(next, c.nextActive());
            }
            for (Agent a : agents) {
                next = Math.min(next, Math.max(now, a.nextActive()));
            }
            long eventTick = queue.peekTime();
            if (eventTick != Long.MAX_VALUE) {
                next = Math.min(next, Math.max(now, TimeBase.tickToCycleCeil(eventTick)));
            }
            if (next == Long.MAX_VALUE) {
                throw deadlock(first, run);
            }
            if (next - start > cycleLimit) {
                throw new TimingException("kernel " + first.name() + " on preset " + config.name()
                        + " did not finish within " + cycleLimit + " cycles (" + run.unfinished()
                        + "); raise the cycle limit or look for a loop that never ends");
            }
            now = next;
            run.now = now;
            queue.runUntil(TimeBase.cycleToTick(now));
            for (Agent a : agents) {
                if (a.nextActive() <= now) {
                    run.charge(a, a.doWork(now));
                }
            }
            for (SimtCore c : cores) {
                if (c.nextActive() <= now) {
                    c.step(now);
                }
            }
        }
        long lastExit = start - 1;
        for (SimtCore c : cores) {
            lastExit = Math.max(lastExit, c.lastExitCycle());
        }
        long end = Math.max(lastExit + 1, TimeBase.tickToCycleCeil(memory.lastRetireTick()));
        end = Math.max(end, start);
        for (SimtCore c : cores) {
            c.endKernel(end);
        }
        cycle = end;
        return stats(first, occupancy, start, end, run.agentCycles());
    }

    private int resident() {
        int n = 0;
        for (SimtCore c : cores) {
            n += c.residentCtas();
        }
        return n;
    }

    /** The control the agents of one run hold, and the cores' CTA-finished and wake-up callbacks. */
    private final class Run implements GpuControl, SimtCore.CtaListener {
        private final List<Agent> agents;
        private final long[] busy;
        /** Yielded CTAs by save area, in yield order. */
        final Map<Long, ParkedCta> parked = new LinkedHashMap<>();

        long now;

        Run(List<Agent> agents, long start) {
            this.agents = agents;
            this.busy = new long[agents.size()];
            this.now = start;
        }

        @Override
        public long cycle() {
            return now;
        }

        @Override
        public int coreCount() {
            return cores.length;
        }

        @Override
        public boolean canStartCta(int core, TimedKernel kernel) {
            return cores[core].canStart(kernel.resources());
        }

        @Override
        public void startCta(int core, TimedKernel kernel, int ctaId, long at) {
            cores[core].launchCta(kernel, ctaId, at);
        }

        @Override
        public Occupancy occupancy(TimedKernel kernel) {
            return TimingSimulator.this.occupancy(kernel.resources());
        }

        @Override
        public void wake(int core, long at) {
            cores[core].wake(at);
        }

        @Override
        public void ctaFinished(int core, TimedKernel kernel, int ctaId, long at) {
            for (Agent a : agents) {
                a.ctaFinished(core, kernel, ctaId, at);
            }
        }

        @Override
        public void ctaYielded(ParkedCta p, long at) {
            if (parked.putIfAbsent(p.saveArea(), p) != null) {
                throw new TimingException("two yielded wavefronts saved their context to the same area 0x"
                        + Long.toHexString(p.saveArea()) + " (kernel "
                        + p.kernel().resources().name()
                        + "); each wavefront needs its own save area");
            }
            for (Agent a : agents) {
                a.ctaYielded(p.core(), p.kernel(), p.ctaId(), p.saveArea(), at);
            }
        }

        @Override
        public int yieldedCore(long saveArea) {
            ParkedCta p = parked.get(saveArea);
            return p == null ? -1 : p.core();
        }

        @Override
        public boolean canResume(long saveArea) {
            ParkedCta p = parked.get(saveArea);
            return p != null && cores[p.core()].canResume(p);
        }

        @Override
        public void resume(long saveArea, long at) {
            ParkedCta p = parked.get(saveArea);
            if (p == null) {
                throw new IllegalStateException(
                        "no yielded wavefront saved its context at 0x" + Long.toHexString(saveArea));
            }
            cores[p.core()].resumeCta(p, at);
            parked.remove(saveArea);
        }

        void wakeWarp(int ctaSlot, int warp, boolean barrier) {
            int perCore = config.core().maxCtas();
            cores[ctaSlot / perCore].wakeWarp(ctaSlot % perCore, warp, barrier, now);
        }

        void formWarp(int ctaSlot, int warp, int delayCycles) {
            int perCore = config.core().maxCtas();
            cores[ctaSlot / perCore].formWarp(ctaSlot % perCore, warp, delayCycles, now);
        }

        void charge(Agent a, long cycles) {
            busy[agents.indexOf(a)] += cycles;
        }

        boolean allFinished() {
            for (Agent a : agents) {
                if (!a.finished()) {
                    return false;
                }
            }
            return true;
        }

        String unfinished() {
            StringBuilder sb = new StringBuilder();
            for (Agent a : agents) {
                if (!a.finished()) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(a.name()).append(" unfinished");
                }
            }
            return sb.append(sb.length() == 0 ? "" : ", ")
                    .append(resident())
                    .append(" CTAs resident")
                    .append(parked.isEmpty() ? "" : ", " + parked.size() + " yielded wavefronts not restarted")
                    .toString();
        }

        Map<String, Long> agentCycles() {
            Map<String, Long> m = new LinkedHashMap<>();
            for (int i = 0; i < agents.size(); i++) {
                m.merge(agents.get(i).name(), busy[i], Long::sum);
            }
            return m;
        }
    }

    private TimingException deadlock(KernelResources kernel, Run run) {
        StringBuilder sb = new StringBuilder();
        sb.append("kernel ")
                .append(kernel.name())
                .append(" on preset ")
                .append(config.name())
                .append(": no warp can ever issue again (")
                .append(run.unfinished())
                .append("; a barrier some warps never reach?)");
        for (SimtCore c : cores) {
            if (c.residentCtas() > 0) {
                sb.append(System.lineSeparator()).append(c.describeWarps());
            }
        }
        return new TimingException(sb.toString());
    }

    private KernelTimingStats stats(
            KernelResources kernel, Occupancy occupancy, long start, long end, Map<String, Long> agentCycles) {
        List<CoreTimingStats> perCore = new ArrayList<>();
        for (int i = 0; i < cores.length; i++) {
            perCore.add(CoreTimingStats.of(i, config.core().warpSize(), counters[i]));
        }
        List<PartitionTimingStats> perPartition = new ArrayList<>();
        for (int p = 0; p < memory.partitionCount(); p++) {
            perPartition.add(PartitionTimingStats.of(p, memory.counters(p)));
        }
        return new KernelTimingStats(
                kernel.name(),
                config.name(),
                config.core().warpSize(),
                start,
                end - start,
                occupancy.ctasPerCore(),
                occupancy.limitedBy(),
                config.clocks().coreMhz(),
                config.peakDramBytesPerCoreCycle(),
                perCore,
                perPartition,
                agentCycles);
    }
}
