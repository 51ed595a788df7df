package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.StudyFixtures;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportTest {
    private static List<CSVRecord> records(String csv) throws Exception {
        return CSVFormat.RFC4180.parse(new StringReader(csv)).getRecords();
    }

    @Test
    void tableHasAHeaderAndExactCounts() throws Exception {
        String csv = CsvReport.table(StudyFixtures.results());
        assertEquals(-1, csv.indexOf('\r'), "\\n line ends");
        List<CSVRecord> lines = records(csv);
        assertEquals(11, lines.size());
        assertEquals(
                List.of(
                        "workload",
                        "size",
                        "protocol",
                        "blockSize",
                        "rollingSize",
                        "bytesToAccelerator",
                        "bytesToHost",
                        "transfers",
                        "transfersToAccelerator",
                        "transfersToHost",
                        "readFaults",
                        "writeFaults",
                        "evictions",
                        "modelledSeconds",
                        "modelledSecondsToAccelerator",
                        "modelledSecondsToHost",
                        "threadInstructions",
                        "endToEndSeconds",
                        "cpuSeconds",
                        "copySeconds",
                        "signalSeconds",
                        "launchSeconds",
                        "gpuWaitSeconds",
                        "kernelSeconds",
                        "toAcceleratorBusySeconds",
                        "toHostBusySeconds",
                        "evictionsOverlappedSeconds",
                        "bookkeepingSeconds",
                        "hostCompute",
                        "measuredEndToEndSeconds",
                        "measuredCpuSeconds",
                        "kernelCycles",
                        "relativeToBatch",
                        "relativeToExplicit",
                        "timeRelativeToExplicit"),
                lines.get(0).toList());
        assertTrue(
                csv.lines().toList().get(2).startsWith("stencil,tiny,lazy,4096,2,524288,262144,10,5,5,3,4,5,"),
                csv.lines().toList().get(2));
        assertEquals("0.375", lines.get(2).get(32)); // relativeToBatch
        // Fields with commas are quoted; missing ratios are empty.
        assertTrue(csv.lines().toList().get(8).startsWith("\"w, with comma\",tiny,rolling,"), csv);
        assertEquals("w, with comma", lines.get(8).get(0));
        assertEquals("", lines.get(8).get(33)); // relativeToExplicit
    }

    @Test
    void csvAndJsonHaveTheSameColumns() throws Exception {
        List<CSVRecord> csv = records(CsvReport.table(StudyFixtures.results()));
        Map<String, Object> doc = JsonReport.document(StudyFixtures.results());
        Map<?, ?> row = (Map<?, ?>) ((List<?>) doc.get("rows")).get(1);
        assertEquals(
                csv.get(0).toList(),
                List.copyOf(row.keySet().stream().map(String::valueOf).toList()));
        for (int i = 0; i < csv.get(0).size(); i++) { // the same values, field by field
            Object json = row.get(csv.get(0).get(i));
            assertEquals(
                    json == null ? "" : String.valueOf(json),
                    csv.get(2).get(i),
                    csv.get(0).get(i));
        }
        Map<?, ?> point = (Map<?, ?>) ((List<?>) doc.get("figure9")).get(0);
        List<CSVRecord> sweep =
                records(CsvReport.sweep(StudyFixtures.results().sweep(dev.gmac.samples.study.Figure.FIGURE_9)));
        assertEquals(
                sweep.get(0).toList(),
                List.copyOf(point.keySet().stream().map(String::valueOf).toList()));
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
