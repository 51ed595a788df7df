package dev.gmac.samples.cli;

import dev.gmac.api.AdsmException;
import dev.gmac.coherence.CoherenceException;
import dev.gmac.gpu.GpuException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * How the {@code gmac} command reports a failure: always one line on standard error starting with {@code gmac: },
 * never a stack trace unless {@code --debug} is given. A typed error of ours (a spec, PTX, kernel fault, ADSM,
 * configuration or option problem) is its message; an I/O problem names the file; anything else, {@link Error}s
 * included, is an internal error named by its class, with the hint to rerun with {@code --debug} for the trace.
 * Messages are cut to {@value #MAX_MESSAGE} characters and multi-line messages joined with {@code "; "}.
 */
final class CliErrors {
    /** Longest message printed, in characters. */
    static final int MAX_MESSAGE = 1000;

    static final String DEBUG_HINT = "rerun with --debug for the stack trace";

    private CliErrors() {}

    /** The one line (without the {@code gmac: } prefix) that reports {@code failure}. */
    static String describe(Throwable failure) {
        Throwable t = unwrap(failure);
        if (expected(t)) {
            return oneLine(message(t));
        }
        if (t instanceof OutOfMemoryError) {
            return oneLine("out of memory (" + message(t) + "); give the JVM more, e.g. GMAC_JAVA_OPTS=-Xmx8g ./gmac"
                    + " ..., or use smaller inputs; " + DEBUG_HINT);
        }
        if (t instanceof StackOverflowError) {
            return oneLine("stack overflow (input nested too deeply?); " + DEBUG_HINT);
        }
        if (t instanceof FileSystemException fs) {
            String reason = fs.getReason() == null ? t.getClass().getSimpleName() : fs.getReason();
            return oneLine("cannot use " + fs.getFile() + ": " + reason + " ("
                    + t.getClass().getSimpleName() + ")");
        }
        if (t instanceof IOException) {
            return oneLine("I/O error: " + message(t) + "; " + DEBUG_HINT);
        }
        return oneLine("internal error: " + t.getClass().getSimpleName()
                + (t.getMessage() == null ? "" : ": " + t.getMessage()) + "; " + DEBUG_HINT);
    }

    /** Prints the line, and the stack trace when {@code debug}. */
    static void report(Throwable failure, PrintWriter err, boolean debug) {
        err.println("gmac: " + describe(failure));
        if (debug) {
            unwrap(failure).printStackTrace(err);
        }
        err.flush();
    }

    private static Throwable unwrap(Throwable t) {
        Throwable cur = t;
        while ((cur instanceof CommandLine.ExecutionException || cur instanceof UncheckedIOException)
                && cur.getCause() != null) {
            cur = cur.getCause();
        }
        return cur;
    }

    /** Our typed errors, whose messages already say what went wrong and what to fix. */
    private static boolean expected(Throwable t) {
        return t instanceof GpuException
                || t instanceof AdsmException
                || t instanceof CoherenceException
                || t instanceof IllegalArgumentException
                || t instanceof CommandLine.ParameterException
                || t.getClass().getPackageName().startsWith("dev.gmac.samples");
    }

    private static String message(Throwable t) {
        return t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
    }

    /** Joins the lines of {@code text} with {@code "; "} and cuts it to {@link #MAX_MESSAGE} characters. */
    static String oneLine(String text) {
        String line = text.lines().map(String::strip).filter(s -> !s.isEmpty()).collect(Collectors.joining("; "));
        StringBuilder clean = new StringBuilder(Math.min(line.length(), MAX_MESSAGE + 16));
        for (int i = 0; i < line.length() && clean.length() < MAX_MESSAGE; i++) {
            char c = line.charAt(i);
            clean.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (line.length() > MAX_MESSAGE) {
            clean.append("... (cut)");
        }
        return clean.toString();
    }
}
