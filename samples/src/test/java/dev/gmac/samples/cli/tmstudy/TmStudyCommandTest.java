package dev.gmac.samples.cli.tmstudy;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmac tm-study}: a tiny study end to end (tables, CSV, JSON, plots) and its usage errors. */
class TmStudyCommandTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void aTinyStudyWritesItsTablesAndFiles() throws Exception {
        GmacRun r = gmac(
                "tm-study",
                "--scale",
                "tiny",
                "--presets",
                "gtx480",
                "--workloads",
                "HT-H",
                "--models",
                "fgl,cgl,kilotm",
                "--limits",
                "2,NL",
                "--jobs",
                "1",
                "--no-progress",
                "--out",
                dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("== gtx480: performance"), r.out());
        assertTrue(r.out().contains("[23040]"), "Table 4.3's count printed beside ours: " + r.out());
        assertTrue(r.err().contains("4 runs"), r.err());
        List<String> csv = Files.readAllLines(dir.resolve("tm-study.csv"));
        assertEquals(5, csv.size(), "a header and one line per run");
        assertTrue(csv.get(0).startsWith("preset,workload,size,mode,limit,cycles"), csv.get(0));
        assertTrue(Files.size(dir.resolve("tm-performance-gtx480.png")) > 0);
        GmacRun json = gmac(
                "tm-study",
                "--scale",
                "tiny",
                "--presets",
                "gtx480",
                "--workloads",
                "HT-H",
                "--models",
                "fgl,kilotm",
                "--limits",
                "NL",
                "--no-progress",
                "--no-plots",
                "--json",
                "--divergence",
                "tbc",
                "--out",
                dir.resolve("j").toString());
        Map<String, Object> doc = json.json();
        List<Map<String, Object>> rows = (List<Map<String, Object>>) doc.get("rows");
        assertEquals(2, rows.size());
        Map<String, Object> kilo = rows.get(1);
        assertEquals("kilotm", kilo.get("mode"));
        assertEquals(
                360,
                ((Number) kilo.get("commits")).intValue(),
                "tiny HT-H under tbc (decision 0335): 23040 / 64 inserts, one each");
        assertTrue(((Number) kilo.get("fraction_of_fgl")).doubleValue() > 0);
    }

    @Test
    void badOptionsAreUsageErrors() {
        GmacRun scale = gmac("tm-study", "--scale", "huge", "--out", dir.toString());
        assertEquals(2, scale.exit());
        assertTrue(scale.err().contains("--scale must be small, full or tiny"), scale.err());
        GmacRun mode = gmac("tm-study", "--models", "kilo", "--out", dir.toString());
        assertEquals(2, mode.exit());
        assertTrue(mode.err().contains("unknown mode 'kilo'"), mode.err());
        GmacRun workload = gmac("tm-study", "--workloads", "XX", "--out", dir.toString());
        assertEquals(2, workload.exit());
        assertTrue(workload.err().contains("unknown TM workload 'XX'"), workload.err());
        GmacRun limit = gmac("tm-study", "--limits", "0x", "--out", dir.toString());
        assertEquals(2, limit.exit());
        assertTrue(limit.err().contains("--limits takes"), limit.err());
        GmacRun div = gmac("tm-study", "--divergence", "dwf", "--out", dir.toString());
        assertEquals(2, div.exit());
        assertTrue(div.err().contains("unknown divergence model 'dwf'"), div.err());
    }
}
