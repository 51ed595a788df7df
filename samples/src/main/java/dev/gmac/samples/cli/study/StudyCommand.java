package dev.gmac.samples.cli.study;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.samples.cli.GmacCommand;
import dev.gmac.samples.study.Study;
import dev.gmac.samples.study.StudyOptions;
import dev.gmac.samples.study.StudyProgress;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.Workloads;
import dev.gmac.samples.study.report.CsvReport;
import dev.gmac.samples.study.report.FigurePlots;
import dev.gmac.samples.study.report.JsonReport;
import dev.gmac.samples.study.report.ResultTable;
import dev.gmac.samples.study.report.TerminalProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
            "Writes study.csv, study.json, figure*.csv and figure*.png/svg into the output folder."
        })
public final class StudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--full", description = "Paper-sized inputs (slow: see docs/transfer-study.md).")
    boolean full;

    @Mixin
    InputOptions inputs = new InputOptions();

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Folder for CSV, JSON and plots (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("results");

    @Option(names = "--json", description = "Print the JSON document to standard output instead of the table.")
    boolean json;

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

    @Option(names = "--no-plots", description = "Do not write PNG and SVG plots.")
    boolean noPlots;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description =
                    "Runs executed at once (default: the number of processors, at most 4, here ${DEFAULT-VALUE}).")
    int jobs = Math.min(4, Runtime.getRuntime().availableProcessors());

    @Option(
            names = "--repeats",
            paramLabel = "N",
            description = "Executions of each run; the fastest modelled end-to-end time counts (default:"
                    + " ${DEFAULT-VALUE}).")
    int repeats = StudyOptions.DEFAULT_REPEATS;

    @Option(names = "--no-progress", description = "Never draw the progress line on standard error.")
    boolean noProgress;

    @Override
    public Integer call() throws IOException {
        if (repeats < 1 || repeats > 100) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--repeats must be from 1 to 100");
        }
        if (jobs < 1 || jobs > 256) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--jobs must be from 1 to 256");
        }
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
        Files.createDirectories(out); // before the runs: a folder that cannot be made fails fast, losing nothing
        Study study = new Study(options);
        StudyProgress progress = noProgress ? StudyProgress.NONE : TerminalProgress.forStandardError();
        StudyResults results = study.run(progress);

        List<Path> written = new ArrayList<>(CsvReport.write(results, out));
        Path jsonFile = out.resolve("study.json");
        String document = JsonReport.toJson(results);
        Files.writeString(jsonFile, document, StandardCharsets.UTF_8);
        written.add(jsonFile);
        if (!noPlots) {
            written.addAll(FigurePlots.write(results, out));
        }

        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? document : ResultTable.render(results));
        stdout.flush();
        PrintWriter stderr = spec.commandLine().getErr();
        stderr.println("gmac study: wrote " + written.size() + " files to " + out);
        stderr.flush();
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
