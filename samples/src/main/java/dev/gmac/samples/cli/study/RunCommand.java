package dev.gmac.samples.cli.study;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.samples.cli.GmacCommand;
import dev.gmac.samples.study.PreparedProblem;
import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.RunSettings;
import dev.gmac.samples.study.StudyRunner;
import dev.gmac.samples.study.Variant;
import dev.gmac.samples.study.Workload;
import dev.gmac.samples.study.Workloads;
import dev.gmac.samples.study.report.JsonReport;
import dev.gmac.samples.study.report.ResultTable;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code gmac run WORKLOAD}: one workload of the transfer study under one configuration (protocol, block size,
 * rolling size, annotations; or the explicit-copy baseline), checked against its Java reference, printed as one
 * row.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run one workload of the transfer study under one configuration and print its row.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "WORKLOAD",
            description = "One of: ${COMPLETION-CANDIDATES}.",
            completionCandidates = StudyCommand.WorkloadNames.class)
    String workload;

    @Option(
            names = {"-p", "--protocol"},
            paramLabel = "P",
            description = "batch, lazy, rolling, or explicit for the hand-placed copies (default: gmac.protocol,"
                    + " rolling unless set).")
    String protocol;

    @Option(
            names = {"-b", "--block-size"},
            paramLabel = "SIZE",
            description = "Coherence block size, e.g. 4096, 4KiB, 1M (default: gmac.blockSize if set, else 4KiB).")
    String blockSize;

    @Option(
            names = {"-r", "--rolling-size"},
            paramLabel = "N",
            description = "Rolling size (default: gmac.rollingSize, 2 unless set).")
    String rollingSize;

    @Option(
            names = "--timing",
            paramLabel = "PRESET",
            description = "Timing preset the kernels are modelled under (fx5800, gtx480, apu8, a preset file, or none;"
                    + " default: gmac.timing if set, else fx5800).")
    String timing;

    @Option(names = "--annotate", description = "Pass each kernel call's write set to the runtime.")
    boolean annotate;

    @Option(names = "--full", description = "Paper-sized inputs.")
    boolean full;

    @Mixin
    InputOptions inputs = new InputOptions();

    @Option(names = "--json", description = "Print the row as JSON.")
    boolean json;

    @Override
    public Integer call() {
        Workload w = Workloads.byName(workload);
        ResolvedSettings runtime = GmacCommand.settings(spec);
        String protocolName =
                protocol != null ? protocol : runtime.protocol().name().toLowerCase(Locale.ROOT);
        RunSettings settings = new RunSettings(
                Variant.of(protocolName, annotate),
                SettingOptions.blockSize(blockSize, runtime, spec.commandLine()),
                SettingOptions.rollingSize(rollingSize, runtime, spec.commandLine()),
                runtime.adsmConfig().withTiming(SettingOptions.timing(timing, runtime, spec.commandLine())));
        PreparedProblem problem = new PreparedProblem(w.problem(inputs.scale(full), inputs.seed()));
        RunRow row = StudyRunner.run(problem, settings);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? JsonReport.toJson(row) : ResultTable.single(row));
        out.flush();
        return 0;
    }
}
