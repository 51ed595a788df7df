package dev.gmac.samples.cli.channels;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.gmac.channels.cilk.ChannelsStudy;
import dev.gmac.channels.cilk.ChannelsStudy.Row;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gmac channels-study}: runs the experiments of Orr et al. (ISCA 2014, §8) on the {@code apu8} preset with
 * the workloads built so far (Cilk Fibonacci, naive Fibonacci, Queens): scaling over compute units (Figure 15),
 * aggregator designs (Table 5), reservation forms (Figure 17), channel widths with yields (Figure 18) and SIMD
 * efficiency (Figure 19). Writes {@code channels-study.csv} and {@code channels-study.json}.
 */
@Command(
        name = "channels-study",
        mixinStandardHelpOptions = true,
        description = {
            "Run the GPU-channels experiments (Orr et al., ISCA 2014, section 8) on the apu8 preset: scaling 1-8 CUs,"
                    + " aggregator designs (Table 5), wavefront vs per-work-item reservation, channel widths and"
                    + " yields, SIMD efficiency. Every run's result is checked against the known answer.",
            "Writes channels-study.csv and channels-study.json into the output folder."
        })
public final class ChannelsStudyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--full",
            description = "The paper's inputs (Table 3): fib(24), queens(13); default: fib(16), queens(9).")
    boolean full;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for CSV and JSON (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("results");

    @Option(names = "--json", description = "Print the JSON document to standard output instead of CSV.")
    boolean json;

    @Option(
            names = "--experiments",
            paramLabel = "NAME",
            split = ",",
            description = "Only these experiments: scaling, aggregator, reservation, width, divergence (default: all).")
    List<String> experiments = new ArrayList<>(EXPERIMENTS);

    @Option(names = "--no-progress", description = "Do not print a line per run on standard error.")
    boolean noProgress;

    private static final List<String> EXPERIMENTS =
            List.of("scaling", "aggregator", "reservation", "width", "divergence");

    @Override
    public Integer call() throws IOException {
        for (String e : experiments) {
            if (!EXPERIMENTS.contains(e)) {
                throw new picocli.CommandLine.ParameterException(
                        spec.commandLine(),
                        "unknown experiment '" + e + "'; choose from " + String.join(", ", EXPERIMENTS));
            }
        }
        Files.createDirectories(out); // before the runs: a folder that cannot be made fails fast
        PrintWriter stderr = spec.commandLine().getErr();
        List<ChannelsStudy.Workload> workloads = full ? ChannelsStudy.fullWorkloads() : ChannelsStudy.smallWorkloads();
        int[] done = {0};
        ChannelsStudy study = new ChannelsStudy(workloads, line -> {
            done[0]++;
            if (!noProgress) {
                stderr.println("[" + done[0] + "] " + line);
                stderr.flush();
            }
        });
        List<Row> rows = new ArrayList<>();
        for (String e : experiments) {
            switch (e) {
                case "scaling" -> rows.addAll(study.scaling());
                case "aggregator" -> rows.addAll(study.aggregators());
                case "reservation" -> rows.addAll(study.reservations());
                case "width" -> rows.addAll(study.widths(ChannelsStudy.smallestWidth(full)));
                case "divergence" -> rows.addAll(study.divergence(List.of("pdom", "tbc")));
                default ->
                    throw new picocli.CommandLine.ParameterException(
                            spec.commandLine(),
                            "unknown experiment '" + e + "'; choose from scaling, aggregator, reservation, width,"
                                    + " divergence");
            }
        }
        List<Map<String, Object>> maps = new ArrayList<>();
        for (Row r : rows) {
            maps.add(r.toMap());
        }
        Path csv = out.resolve("channels-study.csv");
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
                CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT)) {
            if (!maps.isEmpty()) {
                p.printRecord(maps.get(0).keySet());
            }
            for (Map<String, Object> m : maps) {
                p.printRecord(m.values());
            }
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("preset", "apu8");
        doc.put("full", full);
        doc.put("rows", maps);
        String document =
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc);
        Path jsonFile = out.resolve("channels-study.json");
        Files.writeString(jsonFile, document, StandardCharsets.UTF_8);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? document : Files.readString(csv, StandardCharsets.UTF_8));
        stdout.flush();
        stderr.println("gmac channels-study: wrote " + csv + " and " + jsonFile);
        stderr.flush();
        return 0;
    }
}
