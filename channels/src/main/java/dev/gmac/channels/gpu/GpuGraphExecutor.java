package dev.gmac.channels.gpu;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import dev.gmac.channels.gpu.DeviceRuntime.DeviceChannel;
import dev.gmac.channels.gpu.DeviceRuntime.Reservation;
import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.ChannelStackNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphBuffer;
import dev.gmac.channels.graph.GraphExecution;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.KernelNode;
import dev.gmac.channels.graph.PtxKernel;
import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.TimedKernel;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.LaunchExecutor;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a channel-flow graph on the software GPU under the timing model (Orr et al., ISCA 2014, §4.2 and §7): the
 * graph's channels are in device memory ({@link Graph#onDevice}), each kernel node's GPU form ({@link
 * KernelNode#ptx()}) is a kernel that includes {@code channels.cuh}, and the {@link Aggregator} dispatches their
 * wavefronts as elements become ready. The same graph runs on the {@link dev.gmac.channels.graph.HostGraphExecutor}
 * with the nodes' Java forms.
 *
 * <p>{@link #start} simulates the whole run before it returns (the simulation is single-threaded and
 * deterministic); the returned execution is already done and carries the timing and aggregator statistics.
 */
public final class GpuGraphExecutor implements GraphExecutor {
    /** Default bound on the wavefronts one run dispatches (dispatch records are preallocated). */
    public static final int DEFAULT_MAX_WAVEFRONTS = 1 << 15;
    /** Default cycle limit of a run. */
    public static final long DEFAULT_CYCLE_LIMIT = 4_000_000_000L;

    private final TimingConfig config;
    private final AggregatorCost cost;
    private final Reservation reservation;
    private final String divergence;
    private final int maxWavefronts;
    private final long cycleLimit;
    private final boolean audit;
    private volatile GpuRun lastRun;

    /** On {@code config}'s GPU with the {@code cost} aggregator, the GPU-efficient channel, the preset's divergence. */
    public GpuGraphExecutor(TimingConfig config, AggregatorCost cost) {
        this(config, cost, Reservation.WAVEFRONT, null, DEFAULT_MAX_WAVEFRONTS, DEFAULT_CYCLE_LIMIT);
    }

    /**
     * @param divergence    divergence model name ({@code pdom}, ...), or null for the preset's
     * @param maxWavefronts wavefronts one run may dispatch at most
     */
    public GpuGraphExecutor(
            TimingConfig config,
            AggregatorCost cost,
            Reservation reservation,
            String divergence,
            int maxWavefronts,
            long cycleLimit) {
        this(config, cost, reservation, divergence, maxWavefronts, cycleLimit, false);
    }

    /**
     * @param audit whether to check the channel invariants while running (an instrumented run, {@link
     *              ChannelAudit}; a violation fails the run); the statistics are the same either way
     */
    public GpuGraphExecutor(
            TimingConfig config,
            AggregatorCost cost,
            Reservation reservation,
            String divergence,
            int maxWavefronts,
            long cycleLimit,
            boolean audit) {
        this.audit = audit;
        this.config = Objects.requireNonNull(config, "config");
        this.cost = Objects.requireNonNull(cost, "cost");
        this.reservation = Objects.requireNonNull(reservation, "reservation");
        this.divergence = divergence;
        if (maxWavefronts < 1) {
            throw new IllegalArgumentException("maxWavefronts must be >= 1, got " + maxWavefronts);
        }
        this.maxWavefronts = maxWavefronts;
        this.cycleLimit = cycleLimit;
    }

    /** A software GPU that can hold as many CTAs as {@code preset}'s timing model (for {@link Graph#onDevice}). */
    public static SoftwareGpu device(String preset) {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load(preset));
        return new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
    }

    /** The statistics of the last run this executor did, or null. */
    public GpuRun lastRun() {
        return lastRun;
    }

    /**
     * The result of one run.
     *
     * @param timing     the timing model's statistics (cycles, SIMD efficiency, caches) over all kernel nodes
     * @param aggregator what the aggregator did
     * @param saveAreas  wavefront context save areas allocated (wavefronts alive at once, at most)
     * @param atomics    atomic operations executed by work-items of all kernel nodes (channel operations and the
     *                   kernels' own atomics)
     * @param warpInstructions warp instructions executed by all kernel nodes
     * @param threadInstructions thread instructions executed by all kernel nodes
     * @param width      lanes per wavefront
     * @param audit      what the instrumented run checked, or null when it was not audited
     */
    public record GpuRun(
            KernelTimingStats timing,
            AggregatorStats aggregator,
            int saveAreas,
            long atomics,
            long warpInstructions,
            long threadInstructions,
            int width,
            ChannelAudit audit) {
        /** Active lanes per issued lane slot over all kernel nodes (the functional model's count). */
        public double simdEfficiency() {
            return warpInstructions == 0 ? 0 : threadInstructions / (double) warpInstructions / width;
        }
    }

    @Override
    public GpuExecution start(Graph graph) {
        SoftwareGpu gpu = graph.device();
        if (gpu == null) {
            throw new IllegalStateException(
                    "the graph is in host memory; make it with Graph.onDevice(gpu) to run it" + " on the software GPU");
        }
        TimingSimulator sim = new TimingSimulator(config);
        if (gpu.config().maxResidentCtas() < sim.ctaSlots()) {
            throw new IllegalStateException("the graph's SoftwareGpu holds "
                    + gpu.config().maxResidentCtas()
                    + " resident CTAs, the timing model " + sim.ctaSlots() + "; make it with GpuGraphExecutor.device(\""
                    + config.name() + "\")");
        }
        int width = config.core().warpSize();
        List<ChannelNode> nodes = graph.channelNodes();
        List<DeviceChannel> device = new ArrayList<>();
        Channel[] channels = new Channel[nodes.size() + 1];
        for (ChannelNode n : nodes) {
            if (n.address() < 0) {
                throw new IllegalStateException("channel node '" + n.name() + "' is not in the graph's memory;"
                        + " create it with Graph.channelNode(name, elementSize, capacity)");
            }
            device.add(new DeviceChannel(n.address(), n.channel().layout()));
            channels[n.id()] = n.channel();
        }
        int yieldCapacity = Integer.highestOneBit(Math.max(1, maxWavefronts - 1)) << 1;
        ChannelLayout yieldLayout = ChannelLayout.of(DeviceRuntime.RESTART_BYTES, yieldCapacity);
        long yieldAddress = gpu.malloc(yieldLayout.regionLength());
        Channel yieldChannel = Channel.format(gpu.deviceView(yieldAddress, yieldLayout.regionLength()), yieldLayout);
        int yieldId = nodes.size();
        device.add(new DeviceChannel(yieldAddress, yieldLayout));
        channels[yieldId] = yieldChannel;
        DeviceRuntime runtime = new DeviceRuntime(gpu, device, reservation, maxWavefronts, width, yieldId);

        LaunchOptions options = LaunchOptions.DEFAULTS.withWarpSize(width);
        if (divergence != null) {
            options = options.withDivergence(divergence);
        }
        Map<KernelNode, TimedKernel> kernels = new HashMap<>();
        List<TimedKernel> timed = new ArrayList<>();
        long saveBytes = 0;
        List<KernelLaunch> launches = new ArrayList<>();
        Map<String, PtxModule> modules = new HashMap<>();
        for (KernelNode k : graph.kernelNodes()) {
            PtxKernel ptx = k.ptx();
            if (ptx == null) {
                throw new IllegalStateException("kernel node '" + k.name() + "' has no GPU form; give it one with"
                        + " KernelNode.ptx(PtxKernel)");
            }
            PtxModule module = modules.get(ptx.ptx());
            if (module == null) { // kernel nodes from one PTX module share it (loading lowers every kernel in it)
                module = gpu.load(ptx.ptx());
                runtime.install(module);
                modules.put(ptx.ptx(), module);
            }
            KernelLaunch launch = gpu.prepare(
                    module,
                    ptx.entry(),
                    new Dim3(maxWavefronts, 1, 1),
                    new Dim3(width, 1, 1),
                    0,
                    options,
                    arguments(k));
            launches.add(launch);
            saveBytes = Math.max(saveBytes, launch.yieldContextBytes());
            LaunchExecutor executor = new LaunchExecutor(launch, 0);
            TimedKernel t = new TimedKernel(executor.resources(), executor);
            kernels.put(k, t);
            timed.add(t);
        }
        List<Aggregator.Input> inputs = new ArrayList<>();
        for (ChannelNode n : graph.levelization().priorityOrder()) {
            if (n.consumer() != null) {
                inputs.add(new Aggregator.Input(n, n.id(), kernels.get(n.consumer())));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalStateException("no channel node of the graph is connected to a kernel node");
        }
        ChannelAudit channelAudit = null;
        if (audit) {
            Channel[] audited = channels.clone();
            audited[yieldId] = null; // the aggregator's own channel, consumed on the host
            channelAudit = new ChannelAudit(audited);
        }
        Aggregator.SaveAreas areas = new Aggregator.SaveAreas(gpu, Math.max(8, (saveBytes + 7) & ~7L));
        Aggregator aggregator = new Aggregator(
                inputs,
                channels,
                graph.levelization(),
                yieldChannel,
                runtime,
                areas,
                cost,
                config.clocks().coreMhz(),
                width,
                maxWavefronts,
                channelAudit);
        List<Agent> agents = List.of(aggregator);
        KernelTimingStats stats = sim.run(agents, timed, cycleLimit);
        if (channelAudit != null) {
            channelAudit.finish();
        }
        graph.markProcessed((int) graph.pendingElements());
        long atomics = 0;
        long warps = 0;
        long threads = 0;
        for (KernelLaunch l : launches) {
            atomics += l.stats().atomics();
            warps += l.stats().warpInstructions();
            threads += l.stats().threadInstructions();
        }
        GpuRun run = new GpuRun(stats, aggregator.stats, areas.allocated, atomics, warps, threads, width, channelAudit);
        lastRun = run;
        return new GpuExecution(run);
    }

    /** The kernel parameters of {@code k}: its constant arguments as the GPU sees them. */
    private static long[] arguments(KernelNode k) {
        List<Object> args = k.constArgs();
        long[] out = new long[args.size()];
        for (int i = 0; i < args.size(); i++) {
            Object a = args.get(i);
            if (a instanceof ChannelNode c) {
                out[i] = c.id();
            } else if (a instanceof ChannelStackNode s) {
                out[i] = s.id();
            } else if (a instanceof GraphBuffer b) {
                out[i] = b.address();
            } else if (a instanceof Float f) {
                out[i] = Float.floatToRawIntBits(f);
            } else if (a instanceof Double d) {
                out[i] = Double.doubleToRawLongBits(d);
            } else if (a instanceof Number n) {
                out[i] = n.longValue();
            } else {
                throw new IllegalStateException("kernel node '" + k.name() + "': constant argument " + (i + 2)
                        + " is a "
                        + (a == null ? "missing value" : a.getClass().getSimpleName()) + "; on the GPU a constant"
                        + " argument must be a ChannelNode, a ChannelStackNode, a GraphBuffer or a number");
            }
        }
        return out;
    }

    /** A finished GPU run. */
    public static final class GpuExecution implements GraphExecution {
        private final GpuRun run;

        GpuExecution(GpuRun run) {
            this.run = run;
        }

        /** The run's statistics. */
        public GpuRun run() {
            return run;
        }

        @Override
        public boolean awaitDone(Duration timeout) {
            return true;
        }

        @Override
        public void stop() {}

        @Override
        public long completedInvocations() {
            return run.aggregator().elements();
        }
    }
}
