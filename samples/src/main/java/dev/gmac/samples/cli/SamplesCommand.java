package dev.gmac.samples.cli;

import dev.gmac.api.AdsmConfig;
import dev.gmac.api.Protocol;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.samples.adsm.AdsmSample;
import dev.gmac.samples.adsm.SampleRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmac samples}: runs issue 14's five ADSM samples (vector add, heat stencil with a point source and probes,
 * tiled matmul, file-kernel-file, two host threads) in their ADSM and explicit-copy versions and prints, per sample,
 * the bytes each moved and its modelled end-to-end time (timing preset {@code fx5800} unless {@code gmac.timing}
 * names another).
 */
@Command(
        name = "samples",
        mixinStandardHelpOptions = true,
        description = "Run the five ADSM samples of issue 14 against explicit copies: bytes moved and modelled"
                + " end-to-end time. Both versions are charged the same host work, the fastest measured for each"
                + " phase over all their runs (decision 0122); 'measured x' compares each version's own measured"
                + " host compute instead.")
public final class SamplesCommand implements Callable<Integer> {
    @Option(
            names = "--protocol",
            description = "batch, lazy or rolling (default: ${DEFAULT-VALUE}).",
            converter = MemorySoakCommand.ProtocolConverter.class)
    Protocol protocol = Protocol.ROLLING;

    @Option(names = "--warmups", description = "Unmeasured runs of each version first (default: ${DEFAULT-VALUE}).")
    int warmups = 5;

    @Option(
            names = "--repeats",
            description = "Measured runs of each version; the fastest counts (default: ${DEFAULT-VALUE}).")
    int repeats = 5;

    @Option(
            names = "--breakdown",
            description = "Under each sample, where each version's time went (the ADSM paper's Figure 10 categories,"
                    + " in ms).")
    boolean breakdown;

    @Option(
            names = "--only",
            split = ",",
            paramLabel = "SAMPLE",
            description = "Run only these samples (vector-add, heat-stencil, matmul-tiled, file-kernel-file,"
                    + " two-threads).")
    java.util.List<String> only;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        AdsmConfig config = AdsmConfig.fromEnvironment().withProtocol(protocol);
        if (config.timing() == null) {
            config = config.withTiming("fx5800");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                Locale.ROOT,
                "%-18s %12s %12s %7s %11s %11s %7s %9s %10s%n",
                "sample",
                "adsm bytes",
                "expl bytes",
                "bytes x",
                "adsm ms",
                "expl ms",
                "time x",
                "no-cpu x",
                "measured x");
        Path scratch = Files.createTempDirectory("gmac-samples");
        try {
            for (AdsmSample sample : selected()) {
                SampleRunner.Result r = SampleRunner.run(sample, config, scratch, warmups, repeats);
                out.printf(
                        Locale.ROOT,
                        "%-18s %12d %12d %7.2f %11.3f %11.3f %7.2f %9.2f %10.2f%s%n",
                        r.sample(),
                        r.adsm().bytes(),
                        r.explicit().bytes(),
                        r.byteRatio(),
                        r.adsm().time().endToEnd() * 1e3,
                        r.explicit().time().endToEnd() * 1e3,
                        r.timeRatio(),
                        r.modelledRatio(),
                        r.measuredRatio(),
                        r.adsm().programHostWork() ? "" : "  (host compute as measured: versions differ in shape)");
                if (breakdown) {
                    printBreakdown(out, "adsm", r.adsm().time());
                    printBreakdown(out, "explicit", r.explicit().time());
                }
                out.flush();
            }
        } finally {
            try (var files = Files.list(scratch)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(scratch);
        }
        return 0;
    }

    private java.util.List<AdsmSample> selected() {
        if (only == null || only.isEmpty()) {
            return AdsmSample.all();
        }
        java.util.List<AdsmSample> chosen = new java.util.ArrayList<>();
        for (String name : only) {
            AdsmSample sample = AdsmSample.all().stream()
                    .filter(s -> s.name().equals(name.trim()))
                    .findFirst()
                    .orElseThrow(() -> new CommandLine.ParameterException(
                            spec.commandLine(),
                            "--only: no sample " + name + "; the samples: "
                                    + AdsmSample.all().stream()
                                            .map(AdsmSample::name)
                                            .toList()));
            chosen.add(sample);
        }
        return chosen;
    }

    private static void printBreakdown(PrintWriter out, String version, TimelineSnapshot t) {
        out.printf(
                Locale.ROOT,
                "  %-9s cpu %.3f  copy %.3f  signal %.3f  launch %.3f  gpu-wait %.3f  | kernels %.3f  to-accel %.3f"
                        + "  to-host %.3f  evictions-overlapped %.3f  (left out: bookkeeping %.3f)%n",
                version,
                t.cpu() * 1e3,
                t.copy() * 1e3,
                t.signal() * 1e3,
                t.launch() * 1e3,
                t.gpuWait() * 1e3,
                t.kernels() * 1e3,
                t.toAccelerator() * 1e3,
                t.toHost() * 1e3,
                t.evictionsOverlapped() * 1e3,
                t.bookkeeping() * 1e3);
    }
}
