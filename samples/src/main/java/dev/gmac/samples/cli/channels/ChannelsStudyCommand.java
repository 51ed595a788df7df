package dev.gmac.samples.cli.channels;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.gmac.channels.cilk.ChannelsStudy;
import dev.gmac.channels.cilk.ChannelsStudy.Row;
import dev.gmac.channels.cilk.ChannelsStudy.Run;
import dev.gmac.channels.cilk.ChannelsStudy.Workload;
import dev.gmac.samples.channels.report.ChannelsPlots;
import dev.gmac.samples.cli.study.StudyOutputOptions;
import dev.gmac.samples.study.StudyProgress;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gmac channels-study}: runs the experiments of Orr et al. (ISCA 2014, §8) on the {@code apu8} preset with the
 * Cilk workloads of §7.1 (Cilk Fibonacci, Queens, Sort, Strassen) and the naive Fibonacci of Figure 6: scaling over
 * compute units (Figure 15), aggregator designs (Table 5), reservation forms (Figure 17), channel widths with yields
 * (Figure 18), done-count granularity (§8.2.1) and SIMD efficiency (Figure 19). Writes {@code channels-study.csv},
 * {@code channels-study.json} and the plots of {@link ChannelsPlots}.
 */
@Command(
        name = "channels-study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the GPU-channels experiments (Orr et al., ISCA 2014, section 8) on the apu8 preset: scaling 1-8 CUs,"
                    + " aggregator designs (Table 5), wavefront vs per-work-item reservation, channel widths and"
                    + " yields, done-count granularity, SIMD efficiency. Every run's result is checked (sort: sorted"
                    + " and a permutation of its input; Strassen: equal to the plain product) and every run is"
                    + " instrumented for the channel invariants.",
            "Writes channels-study.csv, channels-study.json and channels-*.png/.svg plots into the output folder."
        })
public final class ChannelsStudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--full",
            description = "The paper's inputs (Table 3): fib(24), queens(13), sort of 1,000,000, Strassen 512x512;"
                    + " default: fib(16), queens(9), sort of 16,384, Strassen 256x256.")
    boolean full;

    @Option(
            names = "--experiments",
            paramLabel = "NAME",
            split = ",",
            description = "Only these experiments: scaling, scaling-l2x8 (scaling with 8 L2 partitions, beyond the"
                    + " paper), aggregator, reservation, width, donecount, divergence (default: all).")
    List<String> experiments = new ArrayList<>(ChannelsStudy.EXPERIMENTS);

    @Option(
            names = "--workloads",
            paramLabel = "NAME",
            split = ",",
            description = "Only these workloads: " + WORKLOAD_NAMES + " (default: all).")
    List<String> workloadNames = new ArrayList<>();

    @Mixin
    StudyOutputOptions output = new StudyOutputOptions();

    private static final String WORKLOAD_NAMES = "cilk-fibonacci, fibonacci, queens, sort, strassen";

    @Override
    public Integer call() throws IOException {
        for (String e : experiments) {
            if (!ChannelsStudy.EXPERIMENTS.contains(e)) {
                throw new ParameterException(
                        spec.commandLine(),
                        "unknown experiment '" + e + "'; choose from " + String.join(", ", ChannelsStudy.EXPERIMENTS));
            }
        }
        List<Workload> workloads = select(full ? ChannelsStudy.fullWorkloads() : ChannelsStudy.smallWorkloads());
        int jobs = output.jobs();
        output.createOutputFolder();
        ChannelsStudy study = new ChannelsStudy(workloads, line -> {});
        List<Run> plan = study.plan(experiments, ChannelsStudy.smallestWidth(full));
        List<String> skipped = new ArrayList<>();
        List<Row> rows = run(study, plan, jobs, output.progress("channels-study"), skipped);

        List<Map<String, Object>> maps = new ArrayList<>();
        for (Row r : rows) {
            maps.add(r.toMap());
        }
        StringWriter csvText = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(csvText, CSVFormat.DEFAULT)) {
            if (!maps.isEmpty()) {
                p.printRecord(maps.get(0).keySet());
            }
            for (Map<String, Object> m : maps) {
                p.printRecord(m.values());
            }
        }
        List<Path> written = new ArrayList<>();
        Path csv = output.out().resolve("channels-study.csv");
        Files.writeString(csv, csvText.toString(), StandardCharsets.UTF_8);
        written.add(csv);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("preset", "apu8");
        doc.put("full", full);
        doc.put("skipped", skipped);
        doc.put("rows", maps);
        String document =
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc);
        written.add(output.writeJson("channels-study.json", document));
        if (output.plots()) {
            written.addAll(ChannelsPlots.write(rows, output.out()));
        }
        output.finish(
                document,
                csvText.toString(),
                rows.size() + " runs" + (skipped.isEmpty() ? "" : ", " + skipped.size() + " could not run"),
                written);
        return 0;
    }

    /** The workloads named by {@code --workloads} (all when none is named). */
    private List<Workload> select(List<Workload> all) {
        if (workloadNames.isEmpty()) {
            return all;
        }
        List<Workload> chosen = new ArrayList<>();
        for (String name : workloadNames) {
            Workload found = null;
            for (Workload w : all) {
                if (w.name().startsWith(name + "(")) {
                    found = w;
                }
            }
            if (found == null) {
                throw new ParameterException(
                        spec.commandLine(), "unknown workload '" + name + "'; choose from " + WORKLOAD_NAMES);
            }
            chosen.add(found);
        }
        return chosen;
    }

    /**
     * Runs the plan on {@code jobs} threads (runs are independent and deterministic) and returns the rows in plan
     * order; a run allowed to fail that cannot complete is reported in {@code skipped}.
     */
    private static List<Row> run(
            ChannelsStudy study, List<Run> plan, int jobs, StudyProgress progress, List<String> skipped)
            throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        AtomicInteger done = new AtomicInteger();
        progress.started(plan.size());
        try {
            List<Future<Row>> futures = new ArrayList<>();
            for (Run r : plan) {
                futures.add(pool.submit(() -> {
                    try {
                        return study.measure(r);
                    } catch (IllegalStateException e) {
                        if (!r.mayFail()) {
                            throw e;
                        }
                        synchronized (skipped) {
                            skipped.add(r.label() + ": " + e.getMessage());
                        }
                        return null;
                    } finally {
                        progress.finished(done.incrementAndGet(), plan.size(), r.label());
                    }
                }));
            }
            List<Row> rows = new ArrayList<>();
            for (Future<Row> f : futures) {
                Row row = f.get();
                if (row != null) {
                    rows.add(row);
                }
            }
            java.util.Collections.sort(skipped); // finished in any order with several jobs
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
            progress.stopped();
        }
    }
}
