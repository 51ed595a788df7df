package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.StudyFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportTest {
    @Test
    void tableHasAHeaderAndExactCounts() {
        List<String> lines = CsvReport.table(StudyFixtures.results()).lines().toList();
        assertEquals(11, lines.size());
        assertEquals(
                "workload,size,protocol,blockSize,rollingSize,bytesToAccelerator,bytesToHost,transfersToAccelerator,"
                        + "transfersToHost,readFaults,writeFaults,evictions,modelledSeconds,"
                        + "modelledSecondsToAccelerator,modelledSecondsToHost,threadInstructions,relativeToBatch,"
                        + "relativeToExplicit",
                lines.get(0));
        assertTrue(lines.get(2).startsWith("stencil,tiny,lazy,4096,2,524288,262144,5,5,3,4,5,"), lines.get(2));
        assertTrue(lines.get(2).endsWith(",1000,0.375000,2.99927"), lines.get(2));
        // Fields with commas are quoted; missing ratios are empty.
        assertTrue(lines.get(8).startsWith("\"w, with comma\",tiny,rolling,"), lines.get(8));
        assertTrue(lines.get(8).endsWith(",1.00000,"), lines.get(8));
    }

    @Test
    void writesOneFilePerTableAndSweep(@TempDir Path dir) throws Exception {
        List<Path> files = CsvReport.write(StudyFixtures.results(), dir);
        assertEquals(
                List.of("study.csv", "figure9.csv", "figure11.csv", "figure12.csv"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        List<String> figure9 = Files.readAllLines(dir.resolve("figure9.csv"));
        assertTrue(figure9.get(0).startsWith("figure,series,x,workload,"), figure9.get(0));
        assertTrue(
                figure9.get(1).startsWith("figure9,rolling 4 KiB,16,stencil,tiny,rolling,4096,2,4096,8192,"),
                figure9.get(1));
    }
}
