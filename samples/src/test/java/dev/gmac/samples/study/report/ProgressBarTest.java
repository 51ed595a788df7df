package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    @Test
    void drawsOneLineInPlaceAndErasesIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        bar.started(4);
        bar.finished(1, 4, "cp batch");
        bar.finished(2, 4, "cp lazy");
        bar.stopped();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("\r[######------------------]   1/4  0:00  cp batch"), out);
        assertTrue(out.contains("\r[############------------]   2/4  0:00  cp lazy "), out);
        assertTrue(out.endsWith("\r"), "the line is erased at the end");
        assertEquals(-1, out.indexOf('\n'), "never more than one line");
    }

    @Test
    void disabledBarPrintsNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressBar bar = new ProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        bar.started(2);
        bar.finished(1, 2, "x");
        bar.stopped();
        assertEquals(0, bytes.size());
    }

    @Test
    void longLabelsAreCut() {
        ProgressBar bar = new ProgressBar(System.err, false);
        bar.started(1);
        assertEquals(100, bar.line(1, 1, "x".repeat(200)).length());
    }
}
