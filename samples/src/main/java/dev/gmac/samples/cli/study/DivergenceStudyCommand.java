package dev.gmac.samples.cli.study;

import dev.gmac.gpu.exec.DivergenceModels;
import dev.gmac.samples.divergence.DivergenceOptions;
import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceStudy;
import dev.gmac.samples.divergence.DivergenceWorkloads;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyModel;
import dev.gmac.samples.divergence.report.DivergenceCsv;
import dev.gmac.samples.divergence.report.DivergenceJson;
import dev.gmac.samples.divergence.report.DivergencePlots;
import dev.gmac.samples.divergence.report.DivergenceTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gmac divergence-study}: every divergence-study workload under PDOM, DWF, DWF-WB, TBC and TBC-LCP (AGE,
 * RRB and SRR block priority) on the timing model (Fung thesis §3.5-3.6); prints speedups over PDOM, harmonic
 * means beside the thesis's, SIMD efficiency, cycles, the issue-slot breakdown, memory stalls, stack depths and the
 * directions it checks; writes CSV, JSON and plots.
 */
@Command(
        name = "divergence-study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the divergence study (Fung thesis Ch3): every workload of the divergent and coherent sets under"
                    + " PDOM, DWF, DWF-WB, TBC and TBC-LCP on the timing model; speedup over PDOM, harmonic means"
                    + " beside the thesis's, SIMD efficiency, issue-slot breakdown, memory stalls, stack depth.",
            "Writes divergence.csv, divergence-summary.csv, divergence.json and divergence-*.png/svg into the"
                    + " output folder. Warps are scheduled loose round-robin (thesis Table 3.2) unless"
                    + " --keep-scheduler; TBC models use AGE block priority unless their name ends in -rrb or -srr."
        })
public final class DivergenceStudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--config",
            paramLabel = "PRESET|FILE",
            description = "The simulated GPU: a preset (gtx480, fx5800-tbc, ...) or a preset file (default:"
                    + " ${DEFAULT-VALUE}).")
    String config = "gtx480";

    @Option(
            names = "--models",
            paramLabel = "MODEL",
            split = ",",
            description = "Models to compare with PDOM: a divergence model, optionally -age, -rrb or -srr"
                    + " (default: dwf,dwf-wb,tbc,tbc-lcp,tbc-lcp-rrb,tbc-lcp-srr).")
    List<String> models = new ArrayList<>();

    @Option(
            names = "--only",
            paramLabel = "WORKLOAD",
            split = ",",
            description = "Only these workloads: ${COMPLETION-CANDIDATES}.",
            completionCandidates = WorkloadNames.class)
    List<String> only = new ArrayList<>();

    @Option(
            names = "--l2-sensitivity",
            description = "Also run everything with 1 MB/64-way and with 128 KB/8-way of L2 per partition (thesis"
                    + " Figure 3.15).")
    boolean l2Sensitivity;

    @Option(names = "--keep-scheduler", description = "Keep the preset's warp scheduler instead of loose round-robin.")
    boolean keepScheduler;

    @Option(names = "--test-size", description = "The small inputs the unit tests use (quick, few CTAs per core).")
    boolean testSize;

    @Option(names = "--seed", description = "Seed of the generated inputs (default: ${DEFAULT-VALUE}).")
    long seed = 17;

    @Mixin
    StudyOutputOptions output = new StudyOutputOptions();

    @Override
    public Integer call() throws IOException {
        int jobs = output.jobs();
        List<StudyModel> chosen;
        try {
            chosen = models.isEmpty() ? StudyModel.DEFAULT : StudyModel.parseList(models);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--models: " + e.getMessage());
        }
        DivergenceOptions options;
        try {
            options = new DivergenceOptions(
                    config,
                    keepScheduler,
                    only.isEmpty() ? DivergenceWorkloads.all() : DivergenceWorkloads.select(only),
                    chosen,
                    l2Sensitivity,
                    testSize ? InputSize.TEST : InputSize.STUDY,
                    seed,
                    jobs);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--only: " + e.getMessage());
        }
        DivergenceStudy study = new DivergenceStudy(options);
        try {
            study.config(StudyModel.PDOM, options.l2Variants().get(0)); // a bad --config fails before any run
        } catch (RuntimeException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        output.createOutputFolder();
        DivergenceResults results = study.run(output.progress("divergence"));
        List<Path> written = new ArrayList<>(DivergenceCsv.write(results, output.out()));
        String document = DivergenceJson.toJson(results);
        written.add(output.writeJson("divergence.json", document));
        if (output.plots()) {
            written.addAll(DivergencePlots.write(results, output.out()));
        }
        output.finish(
                document,
                DivergenceTable.render(results),
                "models known to the engine: " + String.join(", ", DivergenceModels.names()),
                written);
        return 0;
    }

    /** The workload names, for {@code --only}'s help and completion. */
    static final class WorkloadNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        WorkloadNames() {
            super(DivergenceWorkloads.names());
        }
    }
}
