package dev.gmac.samples.divergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gmac divergence-study} end to end on small inputs: the timed runs, the files it writes, the JSON document's
 * speedups and directions, and its errors for bad options.
 */
class DivergenceStudyCommandTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void runsTheModelsAndWritesEveryReport() throws IOException {
        GmacRun r = GmacRun.gmac(
                "divergence-study",
                "--only",
                "cp,sto,lps",
                "--models",
                "tbc-lcp,tbc-lcp-srr,dwf",
                "--test-size",
                "--jobs",
                "2",
                "--json",
                "--no-progress",
                "--out",
                dir.toString());
        Map<String, Object> doc = r.json();
        List<Map<String, Object>> runs = (List<Map<String, Object>>) doc.get("runs");
        assertEquals(3 * 4, runs.size(), "3 workloads x (pdom + 3 models)");
        for (Map<String, Object> run : runs) {
            assertEquals(Boolean.TRUE, run.get("correct"), run.get("workload") + " " + run.get("model"));
            assertTrue(((Number) run.get("cycles")).longValue() > 0);
            assertTrue(run.get("speedupVsPdom") instanceof Number);
            if (run.get("model").equals("pdom")) {
                assertEquals(1.0, ((Number) run.get("speedupVsPdom")).doubleValue(), 1e-12);
            }
            if (run.get("model").equals("tbc-lcp-srr")) {
                assertEquals("srr", run.get("blockPriority"));
            }
        }
        List<Map<String, Object>> directions = (List<Map<String, Object>>) doc.get("directions");
        assertFalse(directions.isEmpty());
        for (Map<String, Object> d : directions) {
            assertTrue(d.containsKey("thesis") && d.containsKey("measured") && d.containsKey("met"));
        }
        for (String f : List.of(
                "divergence.csv",
                "divergence-summary.csv",
                "divergence.json",
                "divergence-speedup.png",
                "divergence-speedup.svg",
                "divergence-breakdown-divg.png",
                "divergence-breakdown-cohe.png")) {
            assertTrue(Files.size(dir.resolve(f)) > 0, f);
        }
        List<String> csv = Files.readAllLines(dir.resolve("divergence.csv"));
        assertEquals(1 + 12, csv.size());
        assertTrue(csv.get(0).contains("slotsW0_Idle") && csv.get(0).contains("slotsW29-32"), csv.get(0));
    }

    @Test
    void badOptionsSayWhatToFix() {
        GmacRun m = GmacRun.gmac("divergence-study", "--models", "tbc-fast", "--out", dir.toString());
        assertNotEquals(0, m.exit());
        assertTrue(m.err().contains("unknown model 'tbc-fast'") && m.err().contains("tbc-lcp"), m.err());
        GmacRun w = GmacRun.gmac("divergence-study", "--only", "raytrace", "--out", dir.toString());
        assertNotEquals(0, w.exit());
        assertTrue(w.err().contains("unknown workload 'raytrace'") && w.err().contains("NVRT"), w.err());
        GmacRun c = GmacRun.gmac("divergence-study", "--config", "no-such-gpu", "--out", dir.toString());
        assertNotEquals(0, c.exit());
        assertTrue(c.err().contains("no-such-gpu") && c.err().contains("gtx480"), c.err());
    }
}
