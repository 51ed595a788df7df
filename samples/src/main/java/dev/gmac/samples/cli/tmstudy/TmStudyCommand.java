package dev.gmac.samples.cli.tmstudy;

import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.cli.study.StudyOutputOptions;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmStudy;
import dev.gmac.samples.tmstudy.TmStudyOptions;
import dev.gmac.samples.tmstudy.TmStudyResults;
import dev.gmac.samples.tmstudy.TmWorkloads;
import dev.gmac.samples.tmstudy.report.TmCsvReport;
import dev.gmac.samples.tmstudy.report.TmJsonReport;
import dev.gmac.samples.tmstudy.report.TmPlots;
import dev.gmac.samples.tmstudy.report.TmTables;
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
 * {@code gmac tm-study}: the transactional-memory study of the Fung thesis (§4.4 and §6.7) on the simulated GPU:
 * every workload in its fine-grained-lock version and under CGL, Ideal TM, Kilo TM, Kilo TM with TCD, WarpTM and
 * WarpTM with TCD, the Kilo TM models at every concurrency limit, on the thesis's two presets; tables beside the
 * thesis's, CSV, JSON and plots.
 */
@Command(
        name = "tm-study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the transactional-memory study (Fung thesis sections 4.4 and 6.7): every workload (HT-H, HT-M,"
                    + " HT-L, ATM, CL, CLto, BH-H, BH-L, CC, AP) with fine-grained locks and under cgl, ideal, kilotm,"
                    + " kilotm-tcd, warptm and warptm-tcd, the Kilo TM models at concurrency limits of 1, 2, 4 and 8"
                    + " warps per core and none, on the fx5800 and gtx480 presets, all under the timing model.",
            "Prints the performance table (fraction of FGL, speedup over CGL), Table 4.3 and Table 6.4 beside the"
                    + " thesis's, the limit sweep of Fig 4.8 and the directions checked; writes tm-study.csv,"
                    + " tm-study.json and PNG/SVG plots into the output folder."
        })
public final class TmStudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--scale",
            paramLabel = "SCALE",
            description = "Input sizes: small (an eighth of the thesis's, the default), full (the thesis's Tables 4.2"
                    + " and 6.2; hours) or tiny.")
    String scale = "small";

    @Option(
            names = "--seed",
            paramLabel = "N",
            description = "Seed of the generated inputs (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--presets",
            paramLabel = "PRESET",
            split = ",",
            description = "Timing presets (default: fx5800,gtx480).")
    List<String> presets = new ArrayList<>(TmStudyOptions.PRESETS);

    @Option(
            names = "--workloads",
            paramLabel = "WORKLOAD",
            split = ",",
            description = "Only these workloads (default: all of HT-H, HT-M, HT-L, ATM, CL, CLto, BH-H, BH-L, CC, AP).")
    List<String> workloads = new ArrayList<>();

    @Option(
            names = "--models",
            paramLabel = "MODE",
            split = ",",
            description = "Only these modes (default: fgl, cgl, ideal, kilotm, kilotm-tcd, warptm, warptm-tcd).")
    List<String> modes = new ArrayList<>(TmStudyOptions.MODES);

    @Option(
            names = "--limits",
            paramLabel = "LIMIT",
            split = ",",
            description = "Concurrency limits of the Kilo TM models, warps per core or NL for none (default:"
                    + " 1,2,4,8,NL).")
    List<String> limits = new ArrayList<>(List.of("1", "2", "4", "8", "NL"));

    @Mixin
    StudyOutputOptions output = new StudyOutputOptions();

    @Option(
            names = "--divergence",
            paramLabel = "MODEL",
            description = "Divergence model of every launch: pdom, its, tbc, tbc-lcp or tbc-static (default: each"
                    + " preset's simt.divergence; tbc runs thread block compaction and the TM models together).")
    String divergence;

    @Override
    public Integer call() throws IOException {
        TmStudyOptions options = options();
        output.createOutputFolder();
        TmStudyResults results = new TmStudy(options).run(output.progress("tm-study"));
        List<Path> written = new ArrayList<>();
        written.add(TmCsvReport.write(results, output.out()));
        String document = TmJsonReport.toJson(results);
        written.add(output.writeJson("tm-study.json", document));
        if (output.plots()) {
            written.addAll(TmPlots.write(results, output.out()));
        }
        output.finish(
                document,
                TmTables.render(results),
                results.rows().size() + " runs" + (divergence == null ? "" : " under " + divergence),
                written);
        return 0;
    }

    private TmStudyOptions options() {
        int jobs = output.jobs();
        TmScale s;
        try {
            s = TmScale.valueOf(scale.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(
                    spec.commandLine(), "--scale must be small, full or tiny, not '" + scale + "'");
        }
        for (String p : presets) {
            if (!TimingPresets.names().contains(p)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "unknown preset '" + p + "' in --presets; known: " + String.join(", ", TimingPresets.names()));
            }
        }
        for (String m : modes) {
            if (!TmStudyOptions.MODES.contains(m)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "unknown mode '" + m + "' in --models; known: " + String.join(", ", TmStudyOptions.MODES));
            }
        }
        if (divergence != null && !TmStudyOptions.DIVERGENCE.contains(divergence)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "unknown divergence model '" + divergence + "' in --divergence; with transactions: "
                            + String.join(", ", TmStudyOptions.DIVERGENCE));
        }
        List<Integer> lim = new ArrayList<>();
        for (String l : limits) {
            String t = l.trim();
            try {
                int v = t.equalsIgnoreCase("NL") ? 0 : Integer.parseInt(t);
                if (v < 0 || v > 64) {
                    throw new NumberFormatException();
                }
                lim.add(v);
            } catch (NumberFormatException e) {
                throw new ParameterException(
                        spec.commandLine(), "--limits takes warps per core from 1 to 64 or NL, not '" + l + "'");
            }
        }
        try {
            return new TmStudyOptions(
                    s,
                    seed,
                    List.copyOf(presets),
                    workloads.isEmpty() ? TmWorkloads.all() : TmWorkloads.select(workloads),
                    TmStudyOptions.MODES.stream().filter(modes::contains).toList(),
                    lim,
                    jobs,
                    divergence);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
