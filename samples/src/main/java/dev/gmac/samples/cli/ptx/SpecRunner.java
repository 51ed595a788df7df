package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.PtxException;
import dev.gmac.gpu.ptx.PtxModule;
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
 * <p>The functional model is all it runs today; a timing run (issue 7's {@code --timing --config}) would take the
 * same spec and add its figures next to {@code stats}.
 */
final class SpecRunner {
    private SpecRunner() {}

    static Map<String, Object> run(RunSpec spec, String ptxText) {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
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
            LaunchStats stats = gpu.launch(module, spec.kernel(), spec.grid(), spec.block(), spec.sharedBytes(), args);

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
            result.put("stats", stats.toMap());
            return result;
        }
    }
}
