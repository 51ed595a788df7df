package dev.gmac.samples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One {@code gmac} command line run in-process: its exit status and both streams. */
public record GmacRun(int exit, String out, String err) {
    /** Runs {@code gmac args...} on a fresh command line, capturing standard output and standard error. */
    public static GmacRun gmac(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = GmacCommand.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new GmacRun(exit, out.toString(), err.toString());
    }
}
