package dev.gmac.samples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.samples.json.PlainJson;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
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

    /** Standard output as JSON (maps, lists, exact numbers), after asserting the run succeeded. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> json() {
        assertEquals(0, exit, err);
        return (Map<String, Object>) PlainJson.parse(out);
    }
}
