package dev.gmac.samples.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gmac} command: the one entry point people use. Each subcommand is its own class, registered in
 * {@link #subcommands}.
 *
 * <p>Exit status: 0 on success, 1 on failure (a one-line message on stderr), 2 on a usage error.
 */
@Command(
        name = "gmac",
        mixinStandardHelpOptions = true,
        versionProvider = GmacVersion.class,
        description = "ADSM/GMAC and GPU channels on a simulated SIMT GPU.",
        subcommands = {
            BenchCommand.class,
            dev.gmac.samples.cli.ptx.PtxCommand.class,
            dev.gmac.samples.cli.study.StudyCommand.class,
            dev.gmac.samples.cli.study.RunCommand.class,
            MemorySoakCommand.class,
            CommandLine.HelpCommand.class
        })
public final class GmacCommand implements Runnable {
    /** Exit status for a failed command. */
    public static final int EXIT_FAILURE = 1;

    /** Exit status for bad usage (unknown option, missing argument). */
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** Builds the command line with the project's exit codes and one-line error messages. */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new GmacCommand());
        cmd.setExitCodeExceptionMapper(e -> EXIT_FAILURE);
        cmd.setParameterExceptionHandler((ex, args) -> {
            CommandLine failed = ex.getCommandLine();
            PrintWriter err = failed.getErr();
            err.println("gmac: " + ex.getMessage() + " (try '"
                    + failed.getCommandSpec().qualifiedName() + " --help')");
            return EXIT_USAGE;
        });
        cmd.setExecutionExceptionHandler((ex, command, parseResult) -> {
            String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            command.getErr().println("gmac: " + message.lines().findFirst().orElse(message));
            if (Boolean.getBoolean("gmac.debug")) {
                ex.printStackTrace(command.getErr());
            }
            return EXIT_FAILURE;
        });
        return cmd;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
