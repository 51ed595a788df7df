package dev.gmac.samples.study.report;

import dev.gmac.samples.study.StudyProgress;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The study's progress as one line on a terminal, redrawn in place after every run:
 * {@code [########------------]  23/108  0:14  figure 9 32^3 lazy}. It draws nothing unless enabled, and
 * {@link #forStandardError()} enables it only when standard error is a terminal, so logs of scripted runs and CI
 * stay clean. The line is erased when the study stops.
 */
public final class ProgressBar implements StudyProgress {
    private static final int BAR = 24;
    private static final int LINE = 100;

    private final PrintStream out;
    private final boolean enabled;
    private long startNanos;
    private int lastLength;

    public ProgressBar(PrintStream out, boolean enabled) {
        this.out = out;
        this.enabled = enabled;
    }

    /** A bar on standard error, drawn only when standard error is a terminal. */
    public static ProgressBar forStandardError() {
        return new ProgressBar(System.err, standardErrorIsTerminal());
    }

    /**
     * Whether standard error is a terminal. Java 17 cannot ask this directly ({@code System.console()} looks at
     * standard input and output), so on Linux this reads where file descriptor 2 points; elsewhere it falls back
     * to the console check.
     */
    static boolean standardErrorIsTerminal() {
        try {
            Path target = Files.readSymbolicLink(Path.of("/proc/self/fd/2"));
            String t = target.toString();
            return t.startsWith("/dev/pts/") || t.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    public boolean enabled() {
        return enabled;
    }

    @Override
    public synchronized void started(int totalRuns) {
        startNanos = System.nanoTime();
        draw(line(0, totalRuns, "starting"));
    }

    @Override
    public synchronized void finished(int done, int totalRuns, String label) {
        draw(line(done, totalRuns, label));
    }

    @Override
    public synchronized void stopped() {
        if (enabled && lastLength > 0) {
            out.print("\r" + " ".repeat(lastLength) + "\r");
            out.flush();
            lastLength = 0;
        }
    }

    /** The line drawn after {@code done} of {@code total} runs. */
    String line(int done, int total, String label) {
        int filled = total == 0 ? BAR : (int) ((long) BAR * done / total);
        long seconds = (System.nanoTime() - startNanos) / 1_000_000_000L;
        String text = String.format(
                Locale.ROOT,
                "[%s%s] %3d/%d  %d:%02d  %s",
                "#".repeat(filled),
                "-".repeat(BAR - filled),
                done,
                total,
                seconds / 60,
                seconds % 60,
                label);
        return text.length() > LINE ? text.substring(0, LINE) : text;
    }

    private void draw(String text) {
        if (!enabled) {
            return;
        }
        String padding = " ".repeat(Math.max(0, lastLength - text.length()));
        out.print("\r" + text + padding);
        out.flush();
        lastLength = text.length();
    }
}
