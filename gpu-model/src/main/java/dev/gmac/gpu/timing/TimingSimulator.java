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
import java.util.List;

/**
 * The cycle-level timing model of one GPU (issue 7; Fung thesis §2.3.3 and Tables 3.2, 4.4, 6.1): SIMT cores
 * and a memory system built from a {@link TimingConfig}, driving a functional model through {@link
 * WarpExecutor} (execute-at-issue). {@link #run} simulates one kernel launch to completion and returns its
 * statistics.
 *
 * <p>The simulation loop alternates two kinds of work in time order: memory events (from the {@link
 * EventQueue}, in ticks) and core cycles. In each iteration it finds the earliest cycle at which a core has work
 * or a memory event falls due, fires the memory events up to the end of that cycle, then steps the cores whose
 * next active cycle it is. Idle cores and idle memory components cost nothing; fully idle stretches are skipped.
 *
 * <p>State that outlives a launch: simulated time, L2 contents, DRAM open rows and in-flight write-backs. L1 and
 * constant caches start each kernel cold (they are not coherent). Deterministic: the same launches in the same
 * order with the same functional results give the same cycle counts. Not thread-safe.
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

    /** The current global cycle (the end of the last kernel). */
    public long cycle() {
        return cycle;
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
        Occupancy occupancy = occupancy(kernel);
        long start = cycle;
        memory.beginKernel();
        CtaDispatcher dispatcher = new CtaDispatcher(kernel.ctaCount(), occupancy.ctasPerCore());
        for (int i = 0; i < cores.length; i++) {
            counters[i].reset();
            cores[i].beginKernel(kernel, executor, dispatcher, start);
        }
        dispatcher.start(cores, start);
        long now = start;
        while (!(dispatcher.allFinished() && memory.outstandingWrites() == 0)) {
            long next = Long.MAX_VALUE;
            for (SimtCore c : cores) {
                next = Math.min(next, c.nextActive());
            }
            long eventTick = queue.peekTime();
            if (eventTick != Long.MAX_VALUE) {
                next = Math.min(next, Math.max(now, TimeBase.tickToCycleCeil(eventTick)));
            }
            if (next == Long.MAX_VALUE) {
                throw deadlock(kernel, dispatcher);
            }
            if (next - start > cycleLimit) {
                throw new TimingException("kernel " + kernel.name() + " on preset " + config.name()
                        + " did not finish within " + cycleLimit + " cycles (" + dispatcher.unfinished()
                        + " CTAs unfinished); raise the cycle limit or look for a loop that never ends");
            }
            now = next;
            queue.runUntil(TimeBase.cycleToTick(now));
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
        return stats(kernel, occupancy, start, end);
    }

    private TimingException deadlock(KernelResources kernel, CtaDispatcher dispatcher) {
        StringBuilder sb = new StringBuilder();
        sb.append("kernel ")
                .append(kernel.name())
                .append(" on preset ")
                .append(config.name())
                .append(": no warp can ever issue again with ")
                .append(dispatcher.unfinished())
                .append(" CTAs unfinished (a barrier some warps never reach?)");
        for (SimtCore c : cores) {
            if (c.residentCtas() > 0) {
                sb.append(System.lineSeparator()).append(c.describeWarps());
            }
        }
        return new TimingException(sb.toString());
    }

    private KernelTimingStats stats(KernelResources kernel, Occupancy occupancy, long start, long end) {
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
                perPartition);
    }
}
