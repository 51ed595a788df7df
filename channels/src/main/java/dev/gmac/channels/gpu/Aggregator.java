package dev.gmac.channels.gpu;

import dev.gmac.channels.Channel;
import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.Levelization;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.TimedKernel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The aggregator of Orr et al. (ISCA 2014, §3.1, §5.2, §6 and §7.2): the GPU's control processor as a timing-model
 * {@link Agent}. It polls the graph's channels, dispatches wavefronts of ready elements onto compute units (one
 * work-group of one wavefront per dispatch record), deallocates done elements in allocation order by done counts,
 * holds back channel-stack levels by the graph's {@link Levelization}, and restarts yielded wavefronts on their
 * compute unit when the channel they blocked on has room. Every action is charged by an {@link AggregatorCost} on
 * the aggregator's own clock; while it works it does nothing else, so a slow aggregator delays dispatches.
 *
 * <p>Dispatch predicate: a channel is dispatched when it has a full wavefront of ready elements (the SIMD unit's
 * lanes can be filled), or fewer when fewer wavefronts run than there are compute units or when its ready count
 * did not grow since the aggregator's last pass (waiting would not fill the wavefront; without this the run could
 * wait forever for a wavefront that never fills). Wavefronts go to compute units round robin, skipping full ones.
 *
 * <p>"GPU blocked on the aggregator" (Table 5) is measured two ways (decisions 0212 and 0214): per compute unit, the
 * cycles in which a unit has room and work the aggregator has not yet handed it, or waits for a wavefront the
 * aggregator assigned it to start ({@code CuWaitMeter}, sampled every cycle of the run); and for the whole GPU, the
 * cycles during which no wavefront runs on any compute unit while the graph still has work.
 *
 * <p>Single-threaded: the timing loop calls it on its thread.
 */
public final class Aggregator implements Agent, Levelization.InFlight {
    /** One consumed channel: its node, its id on the device and the kernel that processes it. */
    record Input(ChannelNode node, int id, TimedKernel kernel) {}

    /** A yielded wavefront waiting for room in a channel. */
    private record Waiting(long saveArea, int channel, int count) {}

    private final List<Input> inputs;
    private final Channel[] channels;
    private final Levelization levelization;
    private final Channel yieldChannel;
    private final DeviceRuntime runtime;
    private final SaveAreas saveAreas;
    private final AggregatorCost cost;
    private final double coreMhz;
    private final int width;
    private final int maxWavefronts;
    private final int pollCycles;
    private final ChannelAudit audit;

    private final int[] inFlight;
    /** Per channel id: ready elements seen at the last pass that left some undispatched. */
    private final long[] lastReady;

    private final int[] ctaChannel;
    private final long[] ctaSaveArea;
    private final List<Waiting> waiting = new ArrayList<>();
    private final int[] slots;
    private GpuControl gpu;
    private long busyUntil;
    private long wakeAt;
    private int nextCta;
    private int nextCore;
    private int running;
    private long idleSince;
    private boolean started;
    private CuWaitMeter meter;

    final AggregatorStats stats = new AggregatorStats();

    Aggregator(
            List<Input> inputs,
            Channel[] channels,
            Levelization levelization,
            Channel yieldChannel,
            DeviceRuntime runtime,
            SaveAreas saveAreas,
            AggregatorCost cost,
            double coreMhz,
            int width,
            int maxWavefronts,
            ChannelAudit audit) {
        this.audit = audit;
        this.inputs = List.copyOf(inputs);
        this.channels = channels;
        this.levelization = levelization != null && levelization.constrained() ? levelization : null;
        this.yieldChannel = yieldChannel;
        this.runtime = runtime;
        this.saveAreas = saveAreas;
        this.cost = cost;
        this.coreMhz = coreMhz;
        this.width = width;
        this.maxWavefronts = maxWavefronts;
        this.inFlight = new int[channels.length];
        this.lastReady = new long[channels.length];
        this.ctaChannel = new int[maxWavefronts];
        this.ctaSaveArea = new long[maxWavefronts];
        this.slots = new int[width];
        this.pollCycles = (int) Math.max(1, cost.coreCycles(AggregatorCost.POLL_CHANNEL.times(inputs.size()), coreMhz));
    }

    @Override
    public String name() {
        return "aggregator";
    }

    @Override
    public void attach(GpuControl control) {
        this.gpu = control;
        this.busyUntil = control.cycle();
        this.wakeAt = control.cycle();
        this.idleSince = control.cycle();
        this.meter = new CuWaitMeter(control.coreCount());
    }

    @Override
    public long nextActive() {
        if (finished()) {
            return Long.MAX_VALUE;
        }
        // sampled every cycle for the per-unit blocked measure; a pass runs only when it is due
        return Math.min(Math.max(busyUntil, wakeAt), meter.cycle() + 1);
    }

    @Override
    public boolean finished() {
        if (running > 0 || !waiting.isEmpty()) {
            return false;
        }
        for (int i = 0; i < inFlight.length; i++) {
            if (inFlight[i] > 0) {
                return false;
            }
        }
        for (Input in : inputs) {
            if (channels[in.id()].controlReserveTail() != channels[in.id()].controlHead()) {
                return false;
            }
        }
        return yieldChannel.controlReserveTail() == yieldChannel.controlHead();
    }

    @Override
    public int inFlight(ChannelNode node) {
        return inFlight[node.id()];
    }

    @Override
    public long epoch() {
        return 0; // single-threaded: every check is a snapshot
    }

    @Override
    public long doWork(long cycle) {
        sample(cycle);
        if (cycle < Math.max(busyUntil, wakeAt)) {
            return 0;
        }
        AggregatorCost.Work work = new AggregatorCost.Work(0, 0);
        work = work.plus(takeRestartContexts());
        work = work.plus(deallocate());
        work = work.plus(restart(cycle));
        work = work.plus(dispatch(cycle, work));
        long c = cost.coreCycles(work, coreMhz);
        busyUntil = cycle + Math.max(1, c);
        wakeAt = busyUntil + pollCycles;
        stats.busyCycles += c;
        stats.passes++;
        if (audit != null) {
            audit.pass();
        }
        if (running == 0 && !finished() && nothingCanMove()) {
            throw new IllegalStateException("aggregator: no wavefront runs, " + waiting.size()
                    + " yielded wavefront(s) wait for channel room that nothing will free, and nothing can be"
                    + " dispatched; make the channels wider (" + describeChannels() + ")");
        }
        return c;
    }

    /** Moves restart contexts (§6 step 3) from the yield channel into the waiting list. */
    private AggregatorCost.Work takeRestartContexts() {
        AggregatorCost.Work work = new AggregatorCost.Work(0, 0);
        int n;
        while ((n = yieldChannel.dispatch(slots, slots.length)) > 0) {
            for (int i = 0; i < n; i++) {
                int at = yieldChannel.deq(slots[i]);
                long area = yieldChannel.getLong(at);
                int channel = yieldChannel.getInt(at + 8);
                int count = yieldChannel.getInt(at + 12);
                waiting.add(new Waiting(area, channel, count));
                yieldChannel.tfree(slots[i]);
                work = work.plus(AggregatorCost.READ_RESTART);
            }
        }
        return work;
    }

    /** Frees done groups of every channel in allocation order. */
    private AggregatorCost.Work deallocate() {
        AggregatorCost.Work work = new AggregatorCost.Work(0, 0);
        for (Input in : inputs) {
            Channel c = channels[in.id()];
            long head = c.dataHead();
            long freed = c.reclaim();
            if (audit != null) {
                audit.reclaimed(in.id(), head);
            }
            long groups = freed / c.layout().elementsPerDoneCount();
            stats.groupsFreed += groups;
            work = work.plus(AggregatorCost.POLL_CHANNEL).plus(AggregatorCost.FREE_GROUP.times(groups));
        }
        for (int id = 0; id < channels.length; id++) {
            if (!isInput(id) && channels[id] != yieldChannel) {
                Channel c = channels[id];
                long head = c.dataHead();
                long groups = c.reclaim() / c.layout().elementsPerDoneCount();
                if (audit != null && audit.audits(id)) {
                    audit.reclaimed(id, head);
                }
                stats.groupsFreed += groups;
                work = work.plus(AggregatorCost.FREE_GROUP.times(groups));
            }
        }
        return work;
    }

    private boolean isInput(int id) {
        for (Input in : inputs) {
            if (in.id() == id) {
                return true;
            }
        }
        return false;
    }

    /** Restarts yielded wavefronts whose channel has room, on their own compute unit. */
    private AggregatorCost.Work restart(long cycle) {
        AggregatorCost.Work work = new AggregatorCost.Work(0, 0);
        for (Iterator<Waiting> it = waiting.iterator(); it.hasNext(); ) {
            Waiting w = it.next();
            Channel c = channels[w.channel()];
            long free = c.layout().capacity() - (c.dataTail() - c.dataHead());
            if (free < w.count() || gpu.yieldedCore(w.saveArea()) < 0 || !gpu.canResume(w.saveArea())) {
                continue;
            }
            work = work.plus(AggregatorCost.RESTART);
            long at = cycle + cost.coreCycles(work, coreMhz);
            meter.assigned(gpu.yieldedCore(w.saveArea()), at);
            gpu.resume(w.saveArea(), at);
            it.remove();
            stats.restarts++;
            started(at);
        }
        return work;
    }

    /** Dispatches wavefronts from the channels in priority order while compute units have room. */
    private AggregatorCost.Work dispatch(long cycle, AggregatorCost.Work before) {
        AggregatorCost.Work work = new AggregatorCost.Work(0, 0);
        for (Input in : inputs) {
            Channel c = channels[in.id()];
            while (true) {
                long ready = c.readyCount();
                if (ready == 0 || (ready < width && !mayDispatchPartial(in.id(), ready))) {
                    lastReady[in.id()] = ready;
                    break;
                }
                if (levelization != null && !levelization.mayDispatch(in.node(), this)) {
                    break;
                }
                int core = freeCore(in.kernel());
                if (core < 0) {
                    return work;
                }
                if (nextCta == maxWavefronts) {
                    throw new IllegalStateException("aggregator: the run needs more than " + maxWavefronts
                            + " wavefronts; raise GpuGraphExecutor's maxWavefronts");
                }
                if (audit != null) {
                    audit.beforeDispatch(in.id());
                }
                int n = c.dispatch(slots, width);
                if (audit != null) {
                    audit.dispatched(in.id(), slots, n);
                }
                if (n == 0) {
                    break;
                }
                int cta = nextCta++;
                long area = saveAreas.take();
                runtime.writeRecord(cta, in.id(), slots, 0, n, area, saveAreas.bytes());
                ctaChannel[cta] = in.id();
                ctaSaveArea[cta] = area;
                inFlight[in.id()]++;
                work = work.plus(AggregatorCost.DISPATCH_WAVEFRONT)
                        .plus(AggregatorCost.DISPATCH_ELEMENT.times(n))
                        .plus(AggregatorCost.DISPATCH_LINE.times((n + 7) / 8));
                long at = cycle + cost.coreCycles(before.plus(work), coreMhz);
                gpu.startCta(core, in.kernel(), cta, at);
                meter.assigned(core, at);
                stats.wavefronts++;
                stats.elements += n;
                if (n < width) {
                    stats.partialWavefronts++;
                }
                started(at);
            }
        }
        return work;
    }

    /**
     * Counts cycle {@code cycle} for the per-unit blocked measure (decision 0214), before the pass due in it: units
     * with an assigned wavefront not yet started, units a restartable yielded wavefront waits for, and units with
     * room for the wavefronts that a pass would dispatch now (the dispatch predicate and levelization applied).
     */
    private void sample(long cycle) {
        if (cycle <= meter.cycle()) {
            return;
        }
        meter.begin(cycle);
        for (Waiting w : waiting) {
            Channel c = channels[w.channel()];
            int core = gpu.yieldedCore(w.saveArea());
            if (core >= 0
                    && c.layout().capacity() - (c.dataTail() - c.dataHead()) >= w.count()
                    && gpu.canResume(w.saveArea())) {
                meter.restartWaits(core);
            }
        }
        for (Input in : inputs) {
            long ready = channels[in.id()].readyCount();
            if (ready == 0) {
                continue;
            }
            long full = ready / width;
            long wavefronts = full + (ready % width > 0 && mayDispatchPartial(in.id(), ready) ? 1 : 0);
            if (wavefronts == 0 || (levelization != null && !levelization.mayDispatch(in.node(), this))) {
                continue;
            }
            meter.dispatchWaits((int) Math.min(wavefronts, gpu.coreCount()), k -> gpu.canStartCta(k, in.kernel()));
        }
        meter.end();
        stats.cuBlockedCycles = meter.blockedCuCycles();
        stats.cuCycles = meter.cuCycles();
    }

    /**
     * Whether a wavefront with fewer elements than lanes may go: when fewer wavefronts run than there are compute
     * units (waiting would leave a unit idle), or when the channel's ready count did not grow since the last pass
     * (its producers are not about to fill the wavefront).
     */
    private boolean mayDispatchPartial(int id, long ready) {
        return running < gpu.coreCount() || ready <= lastReady[id];
    }

    private int freeCore(TimedKernel kernel) {
        int cores = gpu.coreCount();
        for (int k = 0; k < cores; k++) {
            int core = (nextCore + k) % cores;
            if (gpu.canStartCta(core, kernel)) {
                nextCore = (core + 1) % cores;
                return core;
            }
        }
        return -1;
    }

    /** A wavefront starts (or restarts) at {@code at}: ends a period in which the GPU had nothing to run. */
    private void started(long at) {
        if (running == 0 && idleSince >= 0) {
            if (started) {
                stats.blockedCycles += Math.max(0, at - idleSince);
            } else {
                stats.startupCycles += Math.max(0, at - idleSince);
            }
            idleSince = -1;
        }
        started = true;
        running++;
    }

    private void stopped(long cycle) {
        running--;
        if (running == 0) {
            idleSince = cycle;
        }
        wakeAt = Math.min(wakeAt, cycle);
    }

    @Override
    public void ctaFinished(int core, TimedKernel kernel, int ctaId, long cycle) {
        inFlight[ctaChannel[ctaId]]--;
        saveAreas.give(ctaSaveArea[ctaId]);
        stats.retired++;
        busyUntil = Math.max(busyUntil, cycle) + cost.coreCycles(AggregatorCost.RETIRE, coreMhz);
        stopped(cycle);
    }

    @Override
    public void ctaYielded(int core, TimedKernel kernel, int ctaId, long saveArea, long cycle) {
        stats.yields++;
        stopped(cycle);
    }

    private boolean nothingCanMove() {
        for (Input in : inputs) {
            if (channels[in.id()].readyCount() > 0) {
                return false;
            }
        }
        for (Waiting w : waiting) {
            Channel c = channels[w.channel()];
            if (c.layout().capacity() - (c.dataTail() - c.dataHead()) >= w.count()) {
                return false;
            }
        }
        return yieldChannel.readyCount() == 0;
    }

    private String describeChannels() {
        StringBuilder b = new StringBuilder();
        for (Input in : inputs) {
            Channel c = channels[in.id()];
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append(in.node().name())
                    .append(": ")
                    .append(c.dataTail() - c.dataHead())
                    .append(" of ")
                    .append(c.layout().capacity())
                    .append(" in use");
        }
        return b.toString();
    }

    /** Save areas for wavefront contexts: one per dispatched wavefront until it finishes, reused after. */
    static final class SaveAreas {
        private final dev.gmac.gpu.SoftwareGpu gpu;
        private final long bytes;
        private final ArrayDeque<Long> free = new ArrayDeque<>();
        int allocated;

        SaveAreas(dev.gmac.gpu.SoftwareGpu gpu, long bytes) {
            this.gpu = gpu;
            this.bytes = bytes;
        }

        long bytes() {
            return bytes;
        }

        long take() {
            Long a = free.poll();
            if (a != null) {
                return a;
            }
            allocated++;
            return gpu.malloc(bytes);
        }

        void give(long area) {
            free.push(area);
        }
    }
}
