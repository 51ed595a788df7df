package dev.gmac.samples.cli.ptx;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.exec.DivergenceModels;
import dev.gmac.gpu.exec.TmModels;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingConfigException;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.cli.GmacCommand;
import dev.gmac.samples.json.Json;
import dev.gmac.samples.json.JsonSyntaxException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmac ptx run SPEC.json}: runs the kernel launches a spec describes (format: {@code docs/ptx-run.md}), all
 * in one process on one device, and prints {@code {"buffers": {...}, "stats": {...}}} (plus {@code "launches"} for
 * a multi-launch spec) on stdout. A bad spec, a PTX error or a kernel fault is one line on stderr and exit status 1.
 *
 * <p>What the kernels print with device {@code printf} goes to stderr, as it is, after each launch in launch order
 * (CUDA shows it at the synchronization after the launch), so that stdout stays one JSON document; when a kernel
 * faults, its output comes before the fault's line.
 *
 * <p>With {@code --timing} the launches run under the cycle-level timing model (issue 7, {@code
 * dev.gmac.gpu.timing}) configured by {@code --config} (a preset name or a preset file; default {@value
 * #DEFAULT_PRESET}). With {@code --out DIR} the printed buffers go to raw little-endian files instead of the JSON.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run the kernel launches described by a JSON spec (one launch, or a list with repeats, swaps and loops)"
                    + " and print the buffers and launch statistics as JSON.",
            "What the kernels print with printf goes to standard error, launch by launch.",
            "Spec format: docs/ptx-run.md."
        })
final class PtxRunCommand implements Callable<Integer> {
    /** The timing preset used when {@code --timing} is given without {@code --config}. */
    static final String DEFAULT_PRESET = "gtx480";

    /** Largest preset file {@code --config} reads. */
    static final long MAX_PRESET_BYTES = 1L << 20;

    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,200}");

    @Option(
            names = "--timing",
            description = "Run under the cycle-level timing model and add its statistics (cycles, ipc, ...) to stats.")
    boolean timing;

    @Option(
            names = "--config",
            paramLabel = "NAME|FILE",
            description = "Timing preset (fx5800, fx5800-tbc, gtx480, apu8) or preset file; needs --timing."
                    + " Default: " + DEFAULT_PRESET + ".")
    String config;

    @Option(
            names = "--divergence",
            paramLabel = "NAME",
            description = "Divergence model of every launch: ${COMPLETION-CANDIDATES} (default: gmac.gpu.divergence"
                    + " when set, else the timing preset's simt.divergence under --timing, else pdom).",
            completionCandidates = DivergenceNames.class)
    String divergence;

    @Option(
            names = "--warp-size",
            paramLabel = "32|64",
            description = "Lanes per warp (default: gmac.gpu.warpSize, 32); under --timing the preset's"
                    + " core.warp.size, which this must match.")
    Integer warpSize;

    @Option(
            names = "--tm",
            paramLabel = "NAME",
            description = "Transactional-memory model for kernels with tx.begin/tx.commit: ${COMPLETION-CANDIDATES}"
                    + " (default: gmac.gpu.tm, none).",
            completionCandidates = TmNames.class)
    String tm;

    /** The divergence models the engine knows. */
    static final class DivergenceNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return DivergenceModels.names().iterator();
        }
    }

    /** The TM models the engine knows. */
    static final class TmNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return TmModels.names().iterator();
        }
    }

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Write each printed buffer to DIR/NAME.bin (raw little-endian) instead of into the JSON.")
    Path out;

    @Option(
            names = "--time",
            description = "Print the wall time of loading, setting up and launching on standard error.")
    boolean time;

    @Parameters(paramLabel = "SPEC.json", description = "The run spec (see docs/ptx-run.md).")
    Path specFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        long start = System.nanoTime();
        if (config != null && !timing) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--config needs --timing");
        }
        TimingConfig timingConfig = timing ? loadTimingConfig(config == null ? DEFAULT_PRESET : config) : null;
        ResolvedSettings settings = GmacCommand.settings(spec);
        GpuConfig.Builder gpuConfig = settings.gpuConfig().toBuilder();
        LaunchOptions options = settings.launchOptions();
        try {
            if (divergence != null) {
                options = options.withDivergence(divergence);
            }
            if (tm != null) {
                gpuConfig.tm(tm);
            }
            if (warpSize != null) {
                gpuConfig.warpSize(warpSize);
                if (timingConfig != null && timingConfig.core().warpSize() != warpSize) {
                    throw new IllegalArgumentException("--warp-size " + warpSize + " does not match preset "
                            + timingConfig.name() + ", whose warps have "
                            + timingConfig.core().warpSize()
                            + " lanes (leave --warp-size out under --timing)");
                }
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        String specText = InputFiles.readText(specFile, InputFiles.MAX_TEXT_BYTES);
        JsonNode json;
        try {
            json = Json.parse(specText);
        } catch (JsonSyntaxException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        Path folder = specFile.toAbsolutePath().getParent();
        RunSpec runSpec;
        Map<String, String> ptx = new LinkedHashMap<>();
        SpecRunner.Result result;
        try {
            runSpec = RunSpecReader.read(json, folder);
            for (Map.Entry<String, Path> m : runSpec.modules().entrySet()) {
                ptx.put(m.getKey(), InputFiles.readText(m.getValue(), InputFiles.MAX_TEXT_BYTES));
            }
            PrintWriter err = spec.commandLine().getErr();
            try {
                result = SpecRunner.run(runSpec, ptx, timingConfig, gpuConfig.build(), options, text -> {
                    err.print(text);
                    err.flush();
                });
            } catch (KernelFaultException e) {
                err.print(e.deviceOutput()); // what the kernel printed before the fault, then the fault's line
                err.flush();
                throw e;
            }
        } catch (RunSpecException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("buffers", buffers(result));
        List<Map<String, Object>> launches = result.launches();
        if (runSpec.singleLaunch()) {
            document.put("stats", launches.get(0));
        } else {
            document.put("stats", SpecRunner.totals(launches));
            document.put("launches", launches);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(Json.writePretty(document));
        stdout.flush();
        if (time) {
            SpecRunner.Timings t = result.timings();
            spec.commandLine()
                    .getErr()
                    .println(String.format(
                            Locale.ROOT,
                            "gmac ptx run: %.1f ms in all: load %.1f ms, buffers %.1f ms, %d launch%s %.1f ms",
                            (System.nanoTime() - start) / 1e6,
                            t.loadNanos() / 1e6,
                            t.setupNanos() / 1e6,
                            t.launchCount(),
                            t.launchCount() == 1 ? "" : "es",
                            t.launchNanos() / 1e6));
        }
        return 0;
    }

    private Map<String, Object> buffers(SpecRunner.Result result) throws IOException {
        Map<String, Object> buffers = new LinkedHashMap<>();
        if (out != null) {
            for (String name : result.printed().keySet()) {
                if (!FILE_NAME.matcher(name).matches()) {
                    throw new PtxToolException("--out: buffer name " + SpecText.quote(name)
                            + " cannot be a file name (use letters, digits, '_', '-' and '.')");
                }
            }
            Files.createDirectories(out);
        }
        for (Map.Entry<String, SpecRunner.Printed> e : result.printed().entrySet()) {
            SpecRunner.Printed p = e.getValue();
            if (out == null) {
                buffers.put(e.getKey(), p.values());
            } else {
                Path file = out.resolve(e.getKey() + ".bin");
                Files.write(file, p.bytes());
                Map<String, Object> written = new LinkedHashMap<>();
                written.put("file", file.toString());
                written.put("type", p.buffer().type().describe());
                written.put("count", p.buffer().count());
                written.put("bytes", p.bytes().length);
                buffers.put(e.getKey(), written);
            }
        }
        return buffers;
    }

    /**
     * Loads the timing preset before anything runs, so a bad one fails fast. A preset file is checked like every
     * input file first; the loader lists every problem on its own {@code file:line:} line, joined here into one.
     */
    private static TimingConfig loadTimingConfig(String nameOrFile) {
        if (!TimingPresets.names().contains(nameOrFile)) {
            Path file;
            try {
                file = Path.of(nameOrFile);
            } catch (InvalidPathException e) {
                throw new PtxToolException("--config: " + SpecText.quote(nameOrFile) + " is not a valid path");
            }
            if (Files.exists(file)) { // checked like every input (a device or a huge file is refused unread)
                try {
                    InputFiles.readText(file, MAX_PRESET_BYTES);
                } catch (PtxToolException e) {
                    throw new PtxToolException("--config: " + e.getMessage(), e);
                }
            } // else the loader's own message lists the presets
        }
        try {
            return TimingConfig.load(nameOrFile);
        } catch (TimingConfigException e) {
            throw new PtxToolException("--config: " + String.join("; ", e.problems()), e);
        }
    }
}
