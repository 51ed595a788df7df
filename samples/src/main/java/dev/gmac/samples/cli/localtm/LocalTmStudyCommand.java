package dev.gmac.samples.cli.localtm;

import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.cli.study.StudyOutputOptions;
import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmStudy;
import dev.gmac.samples.localtm.LocalTmStudyOptions;
import dev.gmac.samples.localtm.LocalTmStudyResults;
import dev.gmac.samples.localtm.LocalTmWorkloads;
import dev.gmac.samples.localtm.Version;
import dev.gmac.samples.localtm.report.LocalTmPlots;
import dev.gmac.samples.localtm.report.LocalTmReport;
import dev.gmac.samples.localtm.report.LocalTmTables;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gmac localtm-study}: the evaluation of Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for
 * GPU Local Memory", Euro-Par 2016 Workshops, §5, on the simulated GPU: every workload at high and low contention in
 * its serialised, atomics, FGL and TM versions, the TM version under DCD and SMDCD, on the {@code apu8} preset by
 * default (its LDS latency is the paper's simulator's, decision 0357); each
 * version checked against the serialised one; tables, CSV, JSON and the plots of Figs 5 to 8.
 */
@Command(
        name = "localtm-study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the GPU-LocalTM study (Villegas et al., Euro-Par 2016 Workshops, section 5): every workload at high"
                    + " (HC) and low (LC) contention with its critical sections serialised, with shared-memory atomics"
                    + " (atomic; where the critical section allows), with fine-grained locks (fgl), and in transactions"
                    + " under localtm-dcd (dcd) and localtm-smdcd (smdcd), one"
                    + " work-group of 256 work-items (64-lane wavefronts) per launch by default, under the timing model."
                    + " Every version's shared data is checked against the serialised version's.",
            "Prints the speedups over the serialised version (Fig 5), commit ratios and transaction modes (Figs 7"
                    + " and 8), the execution breakdown (Fig 6) and the paper's shapes checked; writes"
                    + " localtm-study.csv, localtm-study.json and PNG/SVG plots into the output folder."
        })
public final class LocalTmStudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--workloads",
            paramLabel = "WORKLOAD",
            split = ",",
            description = "Only these workloads (default: all: HT, IT, VA, GC, GA, KM, DB, QU).")
    List<String> workloads = new ArrayList<>();

    @Option(
            names = "--contention",
            paramLabel = "LEVEL",
            split = ",",
            description = "Inputs: hc, lc or both (default: hc,lc).")
    List<String> contention = new ArrayList<>(List.of("hc", "lc"));

    @Option(
            names = "--versions",
            paramLabel = "VERSION",
            split = ",",
            description = "Versions besides serial, which always runs: atomic, fgl, dcd, smdcd (default: all; GA, GC"
                    + " and VA have no atomic version).")
    List<String> versions = new ArrayList<>(List.of("atomic", "fgl", "dcd", "smdcd"));

    @Option(
            names = "--groups",
            paramLabel = "N",
            description = "Work-groups per launch (default: ${DEFAULT-VALUE}, as in the paper; more for the"
                    + " many-work-group variant).")
    int groups = 1;

    @Option(
            names = "--preset",
            paramLabel = "PRESET",
            description = "Timing preset with 64-lane wavefronts (default: ${DEFAULT-VALUE}).")
    String preset = LocalTmStudyOptions.PRESET;

    @Mixin
    StudyOutputOptions output = new StudyOutputOptions();

    @Override
    public Integer call() throws IOException {
        LocalTmStudyOptions options = options();
        output.createOutputFolder();
        LocalTmStudyResults results = new LocalTmStudy(options).run(output.progress("localtm-study"));
        List<Path> written = new ArrayList<>();
        written.add(LocalTmReport.writeCsv(results, output.out()));
        String document = LocalTmReport.json(results);
        written.add(output.writeJson("localtm-study.json", document));
        if (output.plots()) {
            written.addAll(LocalTmPlots.write(results, output.out()));
        }
        output.finish(document, LocalTmTables.render(results), results.rows().size() + " runs", written);
        return 0;
    }

    private LocalTmStudyOptions options() {
        int jobs = output.jobs();
        if (!TimingPresets.names().contains(preset)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "unknown preset '" + preset + "'; known: " + String.join(", ", TimingPresets.names()));
        }
        if (TimingPresets.load(preset).core().warpSize() != 64) {
            throw new ParameterException(
                    spec.commandLine(),
                    "preset '" + preset + "' does not have 64-lane wavefronts; GPU-LocalTM's masks are 64 work-items"
                            + " wide (use apu8)");
        }
        List<Contention> levels = new ArrayList<>();
        for (String c : contention) {
            try {
                levels.add(Contention.valueOf(c.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--contention takes hc or lc, not '" + c + "'");
            }
        }
        try {
            List<Version> vs = new ArrayList<>();
            for (String v : versions) {
                vs.add(Version.of(v));
            }
            return new LocalTmStudyOptions(
                    preset,
                    workloads.isEmpty() ? LocalTmWorkloads.all() : LocalTmWorkloads.select(workloads),
                    levels,
                    vs,
                    groups,
                    jobs);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
