package dev.gmac.samples.cli.ptx;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code gmac ptx}: the PTX tools; a subcommand ({@code check} or {@code run}) is required. */
@Command(
        name = "ptx",
        mixinStandardHelpOptions = true,
        description = "Check PTX files and run kernels on the software GPU.",
        subcommands = {PtxCheckCommand.class, PtxRunCommand.class})
public final class PtxCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (check or run)");
    }
}
