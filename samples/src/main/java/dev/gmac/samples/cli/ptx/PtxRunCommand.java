package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingConfigException;
import dev.gmac.samples.json.Json;
import dev.gmac.samples.json.JsonParseException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmac ptx run SPEC.json}: runs one kernel as the spec describes (format: {@code docs/ptx-run.md}) and prints
 * {@code {"buffers": {...}, "stats": {...}}} on stdout. A bad spec, a PTX error or a kernel fault is one line on
 * stderr and exit status 1.
 *
 * <p>With {@code --timing} the launch runs under the cycle-level timing model (issue 7, {@code
 * dev.gmac.gpu.timing}) configured by {@code --config} (a preset name or a preset file; default {@value
 * #DEFAULT_PRESET}), and {@code stats} gains the timing statistics ({@code cycles}, {@code ipc}, ...). A preset that
 * does not load is one line on stderr naming the file and line, and exit status 1.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a kernel described by a JSON spec and print its buffers and launch statistics as JSON.")
final class PtxRunCommand implements Callable<Integer> {
    /** The timing preset used when {@code --timing} is given without {@code --config}. */
    static final String DEFAULT_PRESET = "gtx480";

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

    @Parameters(paramLabel = "SPEC.json", description = "The run spec (see docs/ptx-run.md).")
    Path specFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (config != null && !timing) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--config needs --timing");
        }
        TimingConfig timingConfig = timing ? loadTimingConfig(config == null ? DEFAULT_PRESET : config) : null;
        String specText = PtxFiles.read(specFile);
        Object json;
        try {
            json = Json.parse(specText);
        } catch (JsonParseException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        Path folder = specFile.toAbsolutePath().getParent();
        RunSpec runSpec;
        try {
            runSpec = RunSpecReader.read(json, folder);
        } catch (RunSpecException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        String ptx = PtxFiles.read(runSpec.ptx());
        Map<String, Object> result;
        try {
            result = SpecRunner.run(runSpec, ptx, timingConfig);
        } catch (RunSpecException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().print(Json.writePretty(result));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * Loads the timing preset before anything runs, so a bad one fails fast. The loader lists every problem on its
     * own {@code file:line:} line; they are joined into the one line the CLI prints.
     */
    private static TimingConfig loadTimingConfig(String nameOrFile) {
        try {
            return TimingConfig.load(nameOrFile);
        } catch (TimingConfigException e) {
            throw new PtxToolException("--config: " + String.join("; ", e.problems()), e);
        }
    }
}
