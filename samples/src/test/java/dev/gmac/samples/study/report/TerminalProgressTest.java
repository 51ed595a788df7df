package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The study's progress bar (me.tongfei:progressbar) draws in place on the stream it is given. */
class TerminalProgressTest {
    @Test
    void drawsRunsDoneOutOfAllAndTheLastRun() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TerminalProgress progress = new TerminalProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        progress.started(4);
        progress.finished(1, 4, "cp batch");
        progress.finished(4, 4, "cp explicit");
        progress.stopped();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("study"), out);
        assertTrue(out.contains("4/4"), out);
        assertTrue(out.contains("\r"), "redrawn in place: " + out);
        for (String line : out.split("[\r\n]")) {
            assertTrue(line.length() <= TerminalProgress.WIDTH, "at most " + TerminalProgress.WIDTH + ": " + line);
        }
    }

    @Test
    void nothingIsDrawnWhenStandardErrorIsNotATerminal() {
        // under the build, standard error is a file or a pipe
        assertEquals(
                TerminalProgress.standardErrorIsTerminal(),
                TerminalProgress.forStandardError() instanceof TerminalProgress);
    }
}
