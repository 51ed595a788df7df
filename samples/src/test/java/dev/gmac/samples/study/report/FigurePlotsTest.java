package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.StudyFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FigurePlotsTest {
    @Test
    void writesPngAndSvgForEveryFigure(@TempDir Path dir) throws Exception {
        List<Path> files = FigurePlots.write(StudyFixtures.results(), dir);
        assertEquals(
                List.of(
                        "figure7.png",
                        "figure7.svg",
                        "figure8.png",
                        "figure8.svg",
                        "figure10.png",
                        "figure10.svg",
                        "figure9.png",
                        "figure9.svg",
                        "figure9-time.png",
                        "figure9-time.svg",
                        "figure11.png",
                        "figure11.svg",
                        "figure11-time.png",
                        "figure11-time.svg",
                        "figure12.png",
                        "figure12.svg"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            assertTrue(bytes.length > 1000, f + " is too small to hold a plot");
            if (f.toString().endsWith(".png")) {
                assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(bytes, 4), f.toString());
            } else {
                assertTrue(
                        new String(bytes, 0, 200, java.nio.charset.StandardCharsets.UTF_8).contains("<svg"),
                        f.toString());
            }
        }
    }
}
