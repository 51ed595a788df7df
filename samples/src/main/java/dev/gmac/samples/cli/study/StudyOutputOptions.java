package dev.gmac.samples.cli.study;

import dev.gmac.samples.study.StudyProgress;
import dev.gmac.samples.study.report.TerminalProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options and the output steps every study command shares (a picocli mixin): {@code --out}, {@code --json},
 * {@code --no-plots}, {@code --jobs} and {@code --no-progress}; a study command validates them, creates the output
 * folder before its runs (so a folder that cannot be made fails fast, losing nothing), draws the progress line,
 * writes its JSON document, prints the JSON or its tables and ends with one summary line on standard error.
 *
 * <p>Every study writes into {@code results} by default; their files carry distinct names ({@code study*},
 * {@code figure*}, {@code divergence*}, {@code tm-*}, ...), so one folder holds them all.
 */
public final class StudyOutputOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Folder for CSV, JSON and plots (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("results");

    @Option(names = "--json", description = "Print the JSON document to standard output instead of the tables.")
    boolean json;

    @Option(names = "--no-plots", description = "Do not write PNG and SVG plots.")
    boolean noPlots;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description =
                    "Runs executed at once (default: the number of processors, at most 4, here ${DEFAULT-VALUE}).")
    int jobs = Math.min(4, Runtime.getRuntime().availableProcessors());

    @Option(names = "--no-progress", description = "Never draw the progress line on standard error.")
    boolean noProgress;

    /** The output folder ({@code --out}). */
    public Path out() {
        return out;
    }

    /** Whether plots are wanted (no {@code --no-plots}). */
    public boolean plots() {
        return !noPlots;
    }

    /** {@code --jobs}, checked to be from 1 to 256. */
    public int jobs() {
        if (jobs < 1 || jobs > 256) {
            throw new ParameterException(mixee.commandLine(), "--jobs must be from 1 to 256");
        }
        return jobs;
    }

    /**
     * Creates the output folder; called before the runs so that a folder that cannot be made fails before any work.
     */
    public void createOutputFolder() throws IOException {
        Files.createDirectories(out);
    }

    /** The progress line on standard error for {@code task}, or none under {@code --no-progress}. */
    public StudyProgress progress(String task) {
        return noProgress ? StudyProgress.NONE : TerminalProgress.forStandardError(task);
    }

    /** Writes {@code document} as {@code fileName} into the output folder and returns its path. */
    public Path writeJson(String fileName, String document) throws IOException {
        Path file = out.resolve(fileName);
        Files.writeString(file, document, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Prints the JSON document under {@code --json}, else the tables, to standard output, then {@code "gmac
     * <command>: <summary>; wrote N files to DIR"} to standard error.
     */
    public void finish(String document, String tables, String summary, List<Path> written) {
        PrintWriter stdout = mixee.commandLine().getOut();
        stdout.print(json ? document : tables);
        stdout.flush();
        PrintWriter stderr = mixee.commandLine().getErr();
        stderr.println("gmac " + mixee.name() + ": " + (summary.isEmpty() ? "" : summary + "; ") + "wrote "
                + written.size() + " files to " + out);
        stderr.flush();
    }
}
