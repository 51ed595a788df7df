package dev.gmac.samples.cli.channels;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmac channels-study} end to end on its small inputs, one experiment. */
class ChannelsStudyCommandTest {
    @Test
    void theReservationExperimentWritesCsvAndJsonWithFewerAtomicsForTheWavefrontForm(@TempDir Path dir)
            throws Exception {
        GmacRun r = gmac(
                "channels-study",
                "--experiments",
                "reservation",
                "--workloads",
                "cilk-fibonacci,fibonacci,queens",
                "--out",
                dir.toString(),
                "--no-progress",
                "--jobs",
                "1");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = Files.readAllLines(dir.resolve("channels-study.csv"));
        assertTrue(lines.get(0).startsWith("experiment,workload,cores"), lines.get(0));
        assertEquals(1 + 3 * 2, lines.size(), "three workloads, two reservation forms");
        String[] header = lines.get(0).split(",");
        int atomics = List.of(header).indexOf("atomics");
        int reservation = List.of(header).indexOf("reservation");
        for (int i = 1; i < lines.size(); i += 2) {
            String[] wave = lines.get(i).split(",");
            String[] item = lines.get(i + 1).split(",");
            assertEquals("WAVEFRONT", wave[reservation]);
            assertEquals("WORK_ITEM", item[reservation]);
            assertTrue(
                    Long.parseLong(item[atomics]) > 10 * Long.parseLong(wave[atomics]),
                    lines.get(i) + "\n" + lines.get(i + 1));
        }
        assertTrue(Files.readString(dir.resolve("channels-study.json")).contains("\"reservation\" : \"WORK_ITEM\""));
        assertTrue(Files.size(dir.resolve("channels-reservation.png")) > 0, "the Figure 17 plot");
    }

    @Test
    void anUnknownWorkloadIsAUsageError(@TempDir Path dir) {
        GmacRun r = gmac("channels-study", "--workloads", "mergesort", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("unknown workload 'mergesort'"), r.err());
    }

    @Test
    void anUnknownExperimentIsAUsageError(@TempDir Path dir) {
        GmacRun r = gmac("channels-study", "--experiments", "speed", "--out", dir.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("unknown experiment 'speed'"), r.err());
    }
}
