package dev.gmac.samples.cli.study;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.samples.cli.GmacCommand;
import dev.gmac.samples.study.Study;
import dev.gmac.samples.study.StudyOptions;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.Workloads;
import dev.gmac.samples.study.report.CsvReport;
import dev.gmac.samples.study.report.FigurePlots;
import dev.gmac.samples.study.report.JsonReport;
import dev.gmac.samples.study.report.ResultTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gmac study}: the project's main job. Runs every workload under batch-, lazy- and rolling-update, rolling
 * with write-set annotations, and explicit copies (ADSM paper §5.1, Figure 8), then the sweeps of Figures 9, 11
 * and 12; prints the table (or, with {@code --json}, the JSON document) and writes CSV, JSON and plots.
 */
@Command(
        name = "study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the transfer study (ADSM paper section 5): bytes moved by batch, lazy and rolling update, rolling"
                    + " with write-set annotations, and explicit copies, for every workload; then the sweeps of"
                    + " Figures 9, 11 and 12.",
            "Modelled end-to-end time charges every version of a workload the same host work: the fastest"
                    + " host compute measured for each phase between kernel calls over all its runs (decision 0122);"
                    + " the 'measured' column keeps each run's own.",
            "Writes study.csv, study.json, figure*.csv and figure*.png/svg into the output folder."
        })
public final class StudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--full", description = "Paper-sized inputs (slow: see docs/transfer-study.md).")
    boolean full;

    @Mixin
    InputOptions inputs = new InputOptions();

    @Mixin
    StudyOutputOptions output = new StudyOutputOptions();

    @Option(
            names = "--only",
            paramLabel = "WORKLOAD",
            split = ",",
            description = "Only these workloads (and the sweeps of the selected ones): ${COMPLETION-CANDIDATES}.",
            completionCandidates = WorkloadNames.class)
    List<String> only = new ArrayList<>();

    @Option(
            names = "--block-size",
            paramLabel = "SIZE",
            description = "Block size of the table's rolling-update runs, e.g. 4KiB, 256K (default: gmac.blockSize if"
                    + " set, else 4KiB).")
    String blockSize;

    @Option(
            names = "--rolling-size",
            paramLabel = "N",
            description = "Rolling size of the table's runs (default: gmac.rollingSize, 2 unless set).")
    String rollingSize;

    @Option(
            names = "--timing",
            paramLabel = "PRESET",
            description = "Timing preset the kernels are modelled under (fx5800, gtx480, apu8, a preset file, or none;"
                    + " default: gmac.timing if set, else fx5800).")
    String timing;

    @Option(names = "--no-sweeps", description = "Only the table; skip the sweeps of Figures 9, 11 and 12.")
    boolean noSweeps;

    @Option(
            names = "--repeats",
            paramLabel = "N",
            description = "Executions of each run; every execution's host compute takes part in the program's"
                    + " host work, and the fastest modelled end-to-end time counts (default: ${DEFAULT-VALUE}).")
    int repeats = StudyOptions.DEFAULT_REPEATS;

    @Override
    public Integer call() throws IOException {
        if (repeats < 1 || repeats > 100) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--repeats must be from 1 to 100");
        }
        int jobs = output.jobs();
        ResolvedSettings runtime = GmacCommand.settings(spec);
        StudyOptions options = new StudyOptions(
                inputs.scale(full),
                inputs.seed(),
                only.isEmpty() ? Workloads.all() : Workloads.select(only),
                SettingOptions.blockSize(blockSize, runtime, spec.commandLine()),
                SettingOptions.rollingSize(rollingSize, runtime, spec.commandLine()),
                !noSweeps,
                jobs,
                runtime.adsmConfig().withTiming(SettingOptions.timing(timing, runtime, spec.commandLine())),
                repeats);
        if (options.workloads().isEmpty()) {
            throw new IllegalArgumentException("--only selected no workload (known: " + Workloads.namesList() + ")");
        }
        output.createOutputFolder();
        Study study = new Study(options);
        StudyResults results = study.run(output.progress("study"));

        List<Path> written = new ArrayList<>(CsvReport.write(results, output.out()));
        String document = JsonReport.toJson(results);
        written.add(output.writeJson("study.json", document));
        if (output.plots()) {
            written.addAll(FigurePlots.write(results, output.out()));
        }
        output.finish(document, ResultTable.render(results), "", written);
        return 0;
    }

    /** The workload names, for {@code --only}'s help and completion. */
    static final class WorkloadNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        WorkloadNames() {
            super(Workloads.names());
        }
    }
}
