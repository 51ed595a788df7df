package dev.gmac.samples.cli;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.api.config.RuntimeSettings;
import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code gmac} command: the one entry point people use. Each subcommand is its own class, registered in
 * {@link #subcommands}.
 *
 * <p>Exit status: 0 on success, 1 on failure (one line on stderr, {@link CliErrors}), 2 on a usage error. No input
 * makes it print a stack trace unless {@code --debug} (an option of every subcommand) asks for it.
 *
 * <p>Every command resolves the runtime settings ({@link RuntimeSettings}: {@code -D gmac.KEY=VALUE} options of
 * every subcommand, then {@code gmac.*} system properties, then {@code GMAC_*} environment variables) before it
 * runs; a bad value or an unknown {@code gmac.*} name is a usage error (exit 2) of every command.
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
            dev.gmac.samples.cli.tmstudy.TmStudyCommand.class,
            dev.gmac.samples.cli.localtm.LocalTmStudyCommand.class,
            dev.gmac.samples.cli.channels.ChannelsStudyCommand.class,
            MemorySoakCommand.class,
            SamplesCommand.class,
            dev.gmac.samples.cli.study.DivergenceStudyCommand.class,
            ConfigCommand.class,
            CommandLine.HelpCommand.class
        })
public final class GmacCommand implements Runnable {
    /** Exit status for a failed command. */
    public static final int EXIT_FAILURE = 1;

    /** Exit status for bad usage (unknown option, missing argument). */
    public static final int EXIT_USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--debug",
            scope = ScopeType.INHERIT,
            description = "On a failure, also print the Java stack trace.")
    boolean debug;

    @Option(
            names = "-D",
            paramLabel = "gmac.KEY=VALUE",
            scope = ScopeType.INHERIT,
            description = "Set a runtime setting, e.g. -Dgmac.blockSize=64KiB (every setting: gmac config); wins over"
                    + " system properties and GMAC_* environment variables.")
    Map<String, String> defines = new LinkedHashMap<>();

    /** The settings this run resolved; set before the command runs. */
    private ResolvedSettings settings;

    /**
     * The runtime settings of the command line that {@code spec} belongs to (resolved from the JVM's properties and
     * environment when the command runs outside a {@code gmac} command line).
     */
    public static ResolvedSettings settings(CommandLine.Model.CommandSpec spec) {
        if (spec.root().userObject() instanceof GmacCommand root && root.settings != null) {
            return root.settings;
        }
        return RuntimeSettings.fromEnvironment().requireValid();
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** Builds the command line with the project's exit codes and one-line error messages. */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new GmacCommand());
        cmd.registerConverter(Path.class, GmacCommand::path);
        cmd.setExitCodeExceptionMapper(e -> EXIT_FAILURE);
        cmd.setParameterExceptionHandler((ex, args) -> {
            CommandLine failed = ex.getCommandLine();
            PrintWriter err = failed.getErr();
            String hint = ex instanceof BadSettingsException
                    ? "see 'gmac config'"
                    : "try '" + failed.getCommandSpec().qualifiedName() + " --help'";
            err.println("gmac: " + CliErrors.oneLine(ex.getMessage()) + " (" + hint + ")");
            err.flush();
            return EXIT_USAGE;
        });
        CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
        cmd.setExecutionStrategy(parseResult -> {
            List<CommandLine> chain = parseResult.asCommandLineList();
            CommandLine last = chain.get(chain.size() - 1);
            if (!helpRequested(parseResult)) {
                GmacCommand root = (GmacCommand) parseResult.commandSpec().userObject();
                ResolvedSettings resolved =
                        RuntimeSettings.resolve(System.getProperties(), System.getenv(), root.defines);
                if (!resolved.problems().isEmpty()) {
                    throw new BadSettingsException(last, String.join("; ", resolved.problems()));
                }
                resolved.exportJvmWideSettings();
                root.settings = resolved;
            }
            try {
                return runLast.execute(parseResult);
            } catch (Error e) {
                // Errors (out of memory, stack overflow) escape picocli's handling: make them execution failures
                throw new CommandLine.ExecutionException(last, "error", e);
            }
        });
        cmd.setExecutionExceptionHandler((ex, command, parseResult) -> {
            CliErrors.report(ex, command.getErr(), debugRequested(parseResult));
            return EXIT_FAILURE;
        });
        return cmd;
    }

    /** Whether {@code --debug} was given to any command of the line, or the setting {@code gmac.debug} is on. */
    private static boolean debugRequested(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
            if (pr.hasMatchedOption("--debug")) {
                return true;
            }
        }
        ResolvedSettings s = ((GmacCommand) parseResult.commandSpec().userObject()).settings;
        return s != null && s.debug();
    }

    private static boolean helpRequested(CommandLine.ParseResult parseResult) {
        for (CommandLine.ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
            if (pr.isUsageHelpRequested() || pr.isVersionHelpRequested()) {
                return true;
            }
        }
        return false;
    }

    /** Runtime settings that do not resolve: a usage error whose hint is {@code gmac config}. */
    static final class BadSettingsException extends CommandLine.ParameterException {
        private static final long serialVersionUID = 1L;

        BadSettingsException(CommandLine commandLine, String message) {
            super(commandLine, message);
        }
    }

    private static Path path(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            throw new CommandLine.TypeConversionException("not a valid path"
                    + (text.indexOf('\0') >= 0 ? " (it holds a NUL character)" : " (" + e.getReason() + ")"));
        }
    }

    public static void main(String[] args) {
        int status;
        try {
            status = commandLine().execute(args);
        } catch (Throwable t) { // the last guard: still one line, never a trace
            System.err.println("gmac: " + CliErrors.describe(t));
            status = EXIT_FAILURE;
        }
        System.exit(status);
    }
}
