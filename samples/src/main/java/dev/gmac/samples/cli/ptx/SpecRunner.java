package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.PtxException;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link RunSpec} on a fresh {@link SoftwareGpu}: allocates and fills the buffers, launches the kernel once
 * and returns {@code {"buffers": {name: [values...]}, "stats": {...}}} ready for JSON output. A kernel fault
 * propagates as the engine's {@link dev.gmac.gpu.KernelFaultException}.
 *
 * <p>Given a {@link TimingConfig} (issue 7's {@code --timing --config}), the launch runs through {@link TimedLaunch}
 * on a fresh {@link TimingSimulator}: the same results, and {@code stats} holds the functional statistics followed by
 * every timing statistic ({@link KernelTimingStats#toMap()}) whose key the functional map does not already have
 * (the shared ones, {@code kernel}, {@code warpInstructions}, {@code threadInstructions} and {@code simdEfficiency},
 * are equal by construction).
 */
final class SpecRunner {
    private SpecRunner() {}

    static Map<String, Object> run(RunSpec spec, String ptxText) {
        return run(spec, ptxText, null);
    }

    /** As {@link #run(RunSpec, String)}; with {@code timing} non-null, under the timing model it configures. */
    static Map<String, Object> run(RunSpec spec, String ptxText, TimingConfig timing) {
        TimingSimulator sim = timing == null ? null : new TimingSimulator(timing);
        GpuConfig gpuConfig = sim == null
                ? GpuConfig.defaults()
                : GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build();
        try (SoftwareGpu gpu = new SoftwareGpu(gpuConfig)) {
            PtxModule module;
            try {
                module = gpu.load(ptxText);
            } catch (PtxException e) {
                throw new PtxToolException(spec.ptx() + ": " + e.getMessage(), e);
            }
            KernelSignature kernel = module.kernel(spec.kernel())
                    .orElseThrow(() -> new RunSpecException(
                            "kernel",
                            "no kernel \"" + spec.kernel() + "\" in " + spec.ptx() + " (kernels: "
                                    + String.join(
                                            ", ",
                                            module.kernels().stream()
                                                    .map(KernelSignature::name)
                                                    .toList()) + ")"));
            if (kernel.params().size() != spec.args().size()) {
                throw new RunSpecException(
                        "args",
                        "kernel \"" + kernel.name() + "\" has "
                                + kernel.params().size() + " parameters but the spec gives "
                                + spec.args().size() + " arguments");
            }
            Map<String, Long> addresses = new HashMap<>();
            for (RunSpec.Buffer b : spec.buffers().values()) {
                long ptr = gpu.malloc(b.byteSize());
                ByteBuffer data =
                        ByteBuffer.allocate(Math.toIntExact(b.byteSize())).order(ByteOrder.LITTLE_ENDIAN);
                for (long bits : b.initialBits()) {
                    b.type().put(data, bits);
                }
                data.flip();
                gpu.copyToDevice(ptr, data);
                addresses.put(b.name(), ptr);
            }
            long[] args = new long[spec.args().size()];
            for (int i = 0; i < args.length; i++) {
                RunSpec.Arg a = spec.args().get(i);
                args[i] = a instanceof RunSpec.BufferArg ba
                        ? addresses.get(ba.buffer())
                        : ((RunSpec.ScalarArg) a).rawBits();
            }
            Map<String, Object> stats;
            if (sim == null) {
                stats = gpu.launch(module, spec.kernel(), spec.grid(), spec.block(), spec.sharedBytes(), args)
                        .toMap();
            } else {
                TimedLaunch.Result timed = TimedLaunch.run(
                        gpu, sim, module, spec.kernel(), spec.grid(), spec.block(), spec.sharedBytes(), args);
                stats = merged(timed.functional(), timed.timing());
            }

            Map<String, Object> buffers = new LinkedHashMap<>();
            for (String name : spec.print()) {
                RunSpec.Buffer b = spec.buffers().get(name);
                ByteBuffer data =
                        ByteBuffer.allocate(Math.toIntExact(b.byteSize())).order(ByteOrder.LITTLE_ENDIAN);
                gpu.copyFromDevice(addresses.get(name), data);
                List<Object> values = new ArrayList<>(b.count());
                for (int i = 0; i < b.count(); i++) {
                    values.add(b.type().get(data));
                }
                buffers.put(name, values);
            }
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("buffers", buffers);
            result.put("stats", stats);
            return result;
        }
    }

    private static Map<String, Object> merged(LaunchStats functional, KernelTimingStats timing) {
        Map<String, Object> stats = new LinkedHashMap<>(functional.toMap());
        timing.toMap().forEach(stats::putIfAbsent);
        return stats;
    }
}
