package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.ParamDecl;
import dev.gmac.gpu.ptx.PtxException;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.ptx.PtxType;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.tm.local.LocalTm;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs a {@link RunSpec} on one fresh {@link SoftwareGpu}: loads every module, resolves every launch (kernel by PTX
 * or CUDA name, arguments checked against the kernel's parameters) before anything runs, allocates and fills the
 * buffers, runs the steps in order (buffers persist between launches; {@code swap} exchanges two buffers' device
 * memory; a loop runs until its buffer reads zero) and collects what to print. A kernel fault propagates as the
 * engine's {@link dev.gmac.gpu.KernelFaultException}, which carries what the faulting launch printed.
 *
 * <p>Device allocations carry the spec's buffer names (and keep them across swaps), so an out-of-bounds fault names
 * the buffer ("512 bytes before buffer a"). What each launch prints with device {@code printf} goes to the output
 * sink given to {@link #run(RunSpec, Map, TimingConfig, GpuConfig, LaunchOptions, Consumer)} after the launch, in
 * launch order.
 *
 * <p>Given a {@link TimingConfig} ({@code --timing --config}), every launch runs through {@link TimedLaunch} on one
 * {@link TimingSimulator}: the same results, and each launch's statistics hold the functional ones followed by every
 * timing statistic ({@link KernelTimingStats#toMap()}) whose key the functional map does not already have.
 */
final class SpecRunner {
    /** Counters summed over launches in the {@code "stats"} of a multi-launch spec. */
    private static final List<String> TOTALS = List.of(
            "warpInstructions", "threadInstructions", "divergentBranches", "atomics", "barriers", "fences", "cycles");

    /** What a run produced: the launches' statistics in order, and the printed buffers' final contents. */
    record Result(List<Map<String, Object>> launches, Map<String, Printed> printed, Timings timings) {}

    /** A printed buffer: its spec and its bytes after the last step. */
    record Printed(RunSpec.Buffer buffer, byte[] bytes) {
        /** The elements as JSON values: numbers, or objects for a struct buffer. */
        List<Object> values() {
            ByteBuffer data = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            List<Object> values = new ArrayList<>(buffer.count());
            for (int i = 0; i < buffer.count(); i++) {
                values.add(buffer.type().read(data));
            }
            return values;
        }
    }

    /** Wall-clock nanoseconds of the phases, for {@code --time}. */
    record Timings(long loadNanos, long setupNanos, long launchNanos, int launchCount) {}

    /** A launch with its kernel found and its arguments as raw values (buffer arguments resolved at run time). */
    private record Resolved(RunSpec.Launch launch, PtxModule module, String kernel) {}

    private final RunSpec spec;
    private final Map<String, String> ptxTexts;
    private final TimingConfig timing;
    private final Map<RunSpec.Launch, Resolved> resolved = new HashMap<>();
    private final List<Map<String, Object>> launchStats = new ArrayList<>();
    private final Map<String, Long> address = new HashMap<>();
    private SoftwareGpu gpu;
    private TimingSimulator sim;
    private LaunchOptions options = LaunchOptions.DEFAULTS;
    private Consumer<String> deviceOutput = text -> {};

    private SpecRunner(RunSpec spec, Map<String, String> ptxTexts, TimingConfig timing) {
        this.spec = spec;
        this.ptxTexts = ptxTexts;
        this.timing = timing;
    }

    /**
     * Runs the spec; {@code ptxTexts} maps each module name to its PTX text, {@code timing} is null for the
     * functional model alone, {@code base} the GPU configuration to start from.
     */
    static Result run(RunSpec spec, Map<String, String> ptxTexts, TimingConfig timing, GpuConfig base) {
        return run(spec, ptxTexts, timing, base, LaunchOptions.DEFAULTS, text -> {});
    }

    /**
     * As {@link #run(RunSpec, Map, TimingConfig, GpuConfig)} with every launch made with {@code options}; what a
     * launch prints with device {@code printf} is handed to {@code deviceOutput} when the launch ends (not when
     * nothing was printed).
     */
    static Result run(
            RunSpec spec,
            Map<String, String> ptxTexts,
            TimingConfig timing,
            GpuConfig base,
            LaunchOptions options,
            Consumer<String> deviceOutput) {
        SpecRunner r = new SpecRunner(spec, ptxTexts, timing);
        r.options = options;
        r.deviceOutput = deviceOutput;
        return r.run(base);
    }

    private Result run(GpuConfig base) {
        long t0 = System.nanoTime();
        sim = timing == null ? null : new TimingSimulator(timing);
        GpuConfig config = sim == null
                ? base
                : base.toBuilder().maxResidentCtas(sim.ctaSlots()).build();
        try (SoftwareGpu device = new SoftwareGpu(config)) {
            gpu = device;
            Map<String, PtxModule> modules = new LinkedHashMap<>();
            for (Map.Entry<String, Path> m : spec.modules().entrySet()) {
                try {
                    modules.put(m.getKey(), gpu.load(ptxTexts.get(m.getKey())));
                } catch (PtxException e) {
                    throw new PtxToolException(m.getValue() + ": " + e.getMessage(), e);
                }
            }
            resolveAll(spec.steps(), modules);
            long t1 = System.nanoTime();
            for (RunSpec.Buffer b : spec.buffers().values()) {
                long ptr = gpu.malloc(b.byteSize(), b.name());
                gpu.copyToDevice(ptr, ByteBuffer.wrap(b.initial()));
                address.put(b.name(), ptr);
            }
            long t2 = System.nanoTime();
            for (RunSpec.Step step : spec.steps()) {
                run(step);
            }
            long t3 = System.nanoTime();
            Map<String, Printed> printed = new LinkedHashMap<>();
            for (RunSpec.Buffer b : spec.buffers().values()) {
                byte[] now = download(b);
                boolean wanted = spec.print().isPresent()
                        ? spec.print().get().contains(b.name())
                        : !Arrays.equals(now, b.initial());
                if (wanted) {
                    printed.put(b.name(), new Printed(b, now));
                }
            }
            if (spec.print().isPresent()) { // in the order the spec lists them
                Map<String, Printed> ordered = new LinkedHashMap<>();
                spec.print().get().forEach(n -> ordered.put(n, printed.get(n)));
                printed.clear();
                printed.putAll(ordered);
            }
            return new Result(launchStats, printed, new Timings(t1 - t0, t2 - t1, t3 - t2, launchStats.size()));
        }
    }

    private byte[] download(RunSpec.Buffer b) {
        ByteBuffer data = ByteBuffer.allocate((int) b.byteSize());
        gpu.copyFromDevice(address.get(b.name()), data);
        return data.array();
    }

    // ---- resolution -----------------------------------------------------------------------------------------------

    private void resolveAll(List<RunSpec.Step> steps, Map<String, PtxModule> modules) {
        for (RunSpec.Step step : steps) {
            if (step instanceof RunSpec.Loop loop) {
                resolveAll(loop.body(), modules);
            } else {
                RunSpec.Launch launch = (RunSpec.Launch) step;
                resolved.put(launch, resolve(launch, modules));
            }
        }
    }

    private Resolved resolve(RunSpec.Launch launch, Map<String, PtxModule> modules) {
        String key = launch.key().isEmpty() ? "kernel" : launch.key() + ".kernel";
        Map<String, PtxModule> searched = modules;
        if (launch.module() != null) {
            PtxModule m = modules.get(launch.module());
            if (m == null) {
                throw new RunSpecException(
                        launch.key().isEmpty() ? "module" : launch.key() + ".module",
                        "no module named " + SpecText.quote(launch.module()) + " (modules: "
                                + String.join(", ", modules.keySet()) + ")");
            }
            searched = Map.of(launch.module(), m);
        }
        List<String[]> exact = new ArrayList<>(); // {module, ptx name}
        List<String[]> byCudaName = new ArrayList<>();
        for (Map.Entry<String, PtxModule> m : searched.entrySet()) {
            for (KernelSignature k : m.getValue().kernels()) {
                if (k.name().equals(launch.kernel())) {
                    exact.add(new String[] {m.getKey(), k.name()});
                } else if (KernelNames.cudaNameMatches(k.name(), launch.kernel())) {
                    byCudaName.add(new String[] {m.getKey(), k.name()});
                }
            }
        }
        List<String[]> found = exact.isEmpty() ? byCudaName : exact;
        if (found.isEmpty()) {
            throw new RunSpecException(
                    key,
                    "no kernel " + SpecText.quote(launch.kernel()) + " in " + describe(searched) + " (kernels: "
                            + kernelList(searched) + ")");
        }
        if (found.size() > 1) {
            List<String> names = new ArrayList<>();
            for (String[] f : found) {
                names.add(f[1] + (modules.size() > 1 ? " in module " + f[0] : ""));
            }
            throw new RunSpecException(
                    key,
                    SpecText.quote(launch.kernel()) + " is ambiguous: it could be " + String.join(", ", names)
                            + "; name the kernel by its PTX name"
                            + (modules.size() > 1 ? " or add \"module\"" : ""));
        }
        PtxModule module = modules.get(found.get(0)[0]);
        KernelSignature sig = module.kernel(found.get(0)[1]).orElseThrow();
        checkArguments(launch, sig);
        return new Resolved(launch, module, sig.name());
    }

    private String describe(Map<String, PtxModule> searched) {
        if (searched.size() == 1) {
            String name = searched.keySet().iterator().next();
            return spec.modules().get(name).toString();
        }
        return "modules " + String.join(", ", searched.keySet());
    }

    private static String kernelList(Map<String, PtxModule> modules) {
        List<String> names = new ArrayList<>();
        for (PtxModule m : modules.values()) {
            for (KernelSignature k : m.kernels()) {
                String cuda = KernelNames.demangle(k.name());
                names.add(cuda == null ? k.name() : cuda + " = " + k.name());
            }
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static void checkArguments(RunSpec.Launch launch, KernelSignature sig) {
        String key = launch.key().isEmpty() ? "args" : launch.key() + ".args";
        List<ParamDecl> params = sig.params();
        if (params.size() != launch.args().size()) {
            throw new RunSpecException(
                    key,
                    "kernel " + SpecText.quote(sig.name()) + " has " + params.size() + " parameters but the spec gives "
                            + launch.args().size() + " arguments");
        }
        for (int i = 0; i < params.size(); i++) {
            ParamDecl p = params.get(i);
            RunSpec.Arg a = launch.args().get(i);
            String where = key + "[" + i + "]";
            String param = "parameter " + i + " of " + sig.name() + " is ."
                    + p.type().ptxName() + " (" + p.byteSize() + " bytes)";
            if (a instanceof RunSpec.BufferArg) {
                boolean pointer =
                        p.byteSize() == 8 && p.type().isInteger() || p.type() == PtxType.B8 && p.byteSize() == 8;
                if (!pointer) {
                    throw new RunSpecException(where, param + ": a buffer address needs a 64-bit integer parameter");
                }
            } else {
                ElementType t = ((RunSpec.ScalarArg) a).type();
                if (!t.fitsParameter(p.type(), p.byteSize())) {
                    throw new RunSpecException(
                            where,
                            param + ", which a " + t.specName() + " argument (" + t.bytes + " bytes) does not fit");
                }
            }
        }
    }

    // ---- execution ------------------------------------------------------------------------------------------------

    private void run(RunSpec.Step step) {
        if (step instanceof RunSpec.Loop loop) {
            RunSpec.Buffer flag = spec.buffers().get(loop.untilZero());
            byte[] zeros = new byte[(int) flag.byteSize()];
            for (int iteration = 0; iteration < loop.max(); iteration++) {
                if (loop.clearFirst()) {
                    gpu.copyToDevice(address.get(flag.name()), ByteBuffer.wrap(zeros));
                }
                for (RunSpec.Step s : loop.body()) {
                    run(s);
                }
                if (Arrays.equals(download(flag), zeros)) {
                    return;
                }
            }
            throw new PtxToolException(loop.key() + ": buffer \"" + flag.name() + "\" was still not zero after "
                    + loop.max() + " iterations (the loop's \"max\"; raise it if the program needs more)");
        }
        RunSpec.Launch launch = (RunSpec.Launch) step;
        Resolved r = resolved.get(launch);
        for (int rep = 0; rep < launch.repeat(); rep++) {
            long[] args = new long[launch.args().size()];
            for (int i = 0; i < args.length; i++) {
                RunSpec.Arg a = launch.args().get(i);
                args[i] = a instanceof RunSpec.BufferArg ba
                        ? address.get(ba.buffer()) + ba.offset()
                        : ((RunSpec.ScalarArg) a).rawBits();
            }
            Map<String, Object> stats = new LinkedHashMap<>();
            if (!spec.singleLaunch()) {
                stats.put("step", launch.key());
            }
            AtomicReference<KernelLaunch> prepared = new AtomicReference<>();
            if (sim == null) {
                KernelLaunch l = gpu.prepare(
                        r.module(), r.kernel(), launch.grid(), launch.block(), launch.sharedBytes(), options, args);
                prepared.set(l);
                LaunchStats functional = l.run();
                print(functional);
                stats.putAll(functional.toMap());
            } else {
                TimedLaunch.Result timed = TimedLaunch.run(
                        gpu,
                        sim,
                        0,
                        TimedLaunch.DEFAULT_CYCLE_LIMIT,
                        r.module(),
                        r.kernel(),
                        launch.grid(),
                        launch.block(),
                        launch.sharedBytes(),
                        options,
                        prepared::set,
                        args);
                print(timed.functional());
                stats.putAll(merged(timed.functional(), timed.timing()));
            }
            if (prepared.get().tm() instanceof LocalTm localTm) {
                stats.put("localtm", localTm.report()); // GPU-LocalTM's commit ratio, modes and phases
            }
            launchStats.add(stats);
            if (!launch.swap().isEmpty()) {
                String a = launch.swap().get(0);
                String b = launch.swap().get(1);
                long pa = address.get(a);
                address.put(a, address.get(b));
                address.put(b, pa);
                gpu.name(address.get(a), a); // fault messages follow the buffers' names
                gpu.name(address.get(b), b);
            }
        }
    }

    private void print(LaunchStats launched) {
        if (!launched.deviceOutput().isEmpty()) {
            deviceOutput.accept(launched.deviceOutput());
        }
    }

    private static Map<String, Object> merged(LaunchStats functional, KernelTimingStats timing) {
        Map<String, Object> stats = new LinkedHashMap<>(functional.toMap());
        timing.toMap().forEach(stats::putIfAbsent);
        return stats;
    }

    /** The counters of {@link #TOTALS} summed over every launch, with the launch count first. */
    static Map<String, Object> totals(List<Map<String, Object>> launches) {
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("launches", launches.size());
        for (String key : TOTALS) {
            long sum = 0;
            boolean present = false;
            for (Map<String, Object> s : launches) {
                if (s.get(key) instanceof Number n) {
                    sum += n.longValue();
                    present = true;
                }
            }
            if (present) {
                totals.put(key, sum);
            }
        }
        return totals;
    }
}
