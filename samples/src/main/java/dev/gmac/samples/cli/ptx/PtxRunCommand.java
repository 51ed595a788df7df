package dev.gmac.samples.cli.ptx;

import dev.gmac.samples.json.Json;
import dev.gmac.samples.json.JsonParseException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code gmac ptx run SPEC.json}: runs one kernel as the spec describes (format: {@code docs/ptx-run.md}) and prints
 * {@code {"buffers": {...}, "stats": {...}}} on stdout. A bad spec, a PTX error or a kernel fault is one line on
 * stderr and exit status 1.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run a kernel described by a JSON spec and print its buffers and launch statistics as JSON.")
final class PtxRunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SPEC.json", description = "The run spec (see docs/ptx-run.md).")
    Path specFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
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
            result = SpecRunner.run(runSpec, ptx);
        } catch (RunSpecException e) {
            throw new PtxToolException(specFile + ": " + e.getMessage(), e);
        }
        spec.commandLine().getOut().print(Json.writePretty(result));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
