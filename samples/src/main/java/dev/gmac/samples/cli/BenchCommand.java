package dev.gmac.samples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Runs the project's JMH benchmarks (package {@code dev.gmac.samples.bench}) from the CLI jar. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Run the JMH benchmarks whose names match a pattern (figures go to docs/performance.md).")
final class BenchCommand implements Callable<Integer> {
    @Parameters(
            arity = "0..1",
            paramLabel = "PATTERN",
            description = "Regular expression over benchmark names (default: all).")
    String pattern = "dev.gmac.samples.bench.*";

    @Option(names = "--list", description = "List the matching benchmarks and exit.")
    boolean list;

    @Option(names = "--forks", description = "JMH forks (default: ${DEFAULT-VALUE}).")
    int forks = 1;

    @Option(names = "--warmup", description = "Warm-up iterations (default: ${DEFAULT-VALUE}).")
    int warmup = 3;

    @Option(names = "--iterations", description = "Measurement iterations (default: ${DEFAULT-VALUE}).")
    int iterations = 5;

    @Option(names = "--time", description = "Seconds per iteration (default: ${DEFAULT-VALUE}).")
    int seconds = 2;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write JMH's JSON results to FILE.")
    String json;

    @Option(
            names = "--param",
            paramLabel = "NAME=V1[,V2...]",
            description = "Run only these values of a benchmark @Param (repeatable), e.g. --param init=elements.")
    List<String> params = new ArrayList<>();

    @Option(
            names = "--jvm-arg",
            paramLabel = "ARG",
            description = "Extra JVM argument for the forks (repeatable), e.g. --jvm-arg=-Dgmac.fastPathRefresh=false.")
    List<String> jvmArgs = new ArrayList<>();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(pattern)
                .forks(forks)
                .warmupIterations(warmup)
                .measurementIterations(iterations)
                .warmupTime(TimeValue.seconds(seconds))
                .measurementTime(TimeValue.seconds(seconds));
        if (json != null) {
            options.resultFormat(ResultFormatType.JSON).result(json);
        }
        for (String param : params) {
            int eq = param.indexOf('=');
            if (eq <= 0 || eq == param.length() - 1) {
                throw new IllegalArgumentException("--param wants NAME=V1[,V2...], got '" + param + "'");
            }
            options.param(param.substring(0, eq), param.substring(eq + 1).split(","));
        }
        List<String> forkArgs = new ArrayList<>();
        // the runtime settings given to this command reach the forks as system properties
        GmacCommand.settings(spec).given().forEach((k, v) -> forkArgs.add("-D" + k + "=" + v));
        forkArgs.addAll(jvmArgs);
        if (!forkArgs.isEmpty()) {
            options.jvmArgsAppend(forkArgs.toArray(new String[0]));
        }
        Runner runner = new Runner(options.build());
        if (list) {
            runner.list();
            return 0;
        }
        try {
            if (runner.run().isEmpty()) {
                throw noMatch();
            }
        } catch (NoBenchmarksException e) {
            throw noMatch();
        }
        return 0;
    }

    private IllegalArgumentException noMatch() {
        return new IllegalArgumentException("no benchmark matches '" + pattern + "' (see 'gmac bench --list')");
    }
}
