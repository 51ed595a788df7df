package dev.gmac.samples.study.report;

import dev.gmac.samples.study.StudyProgress;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The study's progress as a terminal progress bar (me.tongfei:progressbar): runs done out of all, elapsed time,
 * estimated time left and the last finished run, redrawn in place on standard error. {@link #forStandardError()}
 * draws only when standard error is a terminal, so logs of scripted runs and CI stay clean.
 */
public final class TerminalProgress implements StudyProgress {
    /** Widest line drawn, in characters (fixed, so the library never has to query the terminal). */
    static final int WIDTH = 100;

    private final PrintStream out;
    private final String task;
    private ProgressBar bar;

    /** A bar drawn on {@code out}. */
    public TerminalProgress(PrintStream out) {
        this(out, "study");
    }

    /** A bar named {@code task} drawn on {@code out}. */
    public TerminalProgress(PrintStream out, String task) {
        this.out = out;
        this.task = task;
    }

    /** A bar on standard error when standard error is a terminal; otherwise nothing is drawn. */
    public static StudyProgress forStandardError() {
        return forStandardError("study");
    }

    /** A bar named {@code task} on standard error when it is a terminal; otherwise nothing is drawn. */
    public static StudyProgress forStandardError(String task) {
        return standardErrorIsTerminal() ? new TerminalProgress(System.err, task) : StudyProgress.NONE;
    }

    /**
     * Whether standard error is a terminal. Java 17 cannot ask this directly ({@code System.console()} looks at
     * standard input and output), so on Linux this reads where file descriptor 2 points; elsewhere it falls back
     * to the console check.
     */
    static boolean standardErrorIsTerminal() {
        try {
            String t = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return t.startsWith("/dev/pts/") || t.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    @Override
    public synchronized void started(int totalRuns) {
        bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(totalRuns)
                .setStyle(ProgressBarStyle.ASCII)
                .setUnit(" runs", 1)
                .setMaxRenderedLength(WIDTH)
                .setConsumer(new ConsoleProgressBarConsumer(out, WIDTH))
                .clearDisplayOnFinish()
                .build();
    }

    @Override
    public synchronized void finished(int done, int totalRuns, String label) {
        if (bar != null) {
            bar.stepTo(done);
            bar.setExtraMessage(label);
        }
    }

    @Override
    public synchronized void stopped() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
