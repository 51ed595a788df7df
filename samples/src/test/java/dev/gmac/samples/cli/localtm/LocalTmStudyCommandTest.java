package dev.gmac.samples.cli.localtm;

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

/**
 * {@code gmac localtm-study}: a small study end to end (tables, CSV, JSON, the plots of Villegas et al., Euro-Par
 * 2016 Workshops, Figs 5 to 8) and its usage errors.
 */
class LocalTmStudyCommandTest {
    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void aSmallStudyWritesItsTablesAndFiles() throws Exception {
        GmacRun r = gmac(
                "localtm-study",
                "--workloads",
                "DB",
                "--contention",
                "lc",
                "--jobs",
                "1",
                "--no-progress",
                "--out",
                dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("== speedup over the serialised version (Fig 5), apu8,"), r.out());
        assertTrue(r.out().contains("== execution breakdown"), r.out());
        assertTrue(r.err().contains("5 runs"), r.err());
        List<String> csv = Files.readAllLines(dir.resolve("localtm-study.csv"));
        assertEquals(6, csv.size(), "a header and one line per version");
        assertTrue(csv.get(0).startsWith("workload,contention,version,groups,cycles,speedup,commitRatio"), csv.get(0));
        for (String plot : List.of("localtm-speedup", "localtm-breakdown", "localtm-commit", "localtm-modes")) {
            assertTrue(Files.size(dir.resolve(plot + ".png")) > 0, plot);
        }
        GmacRun json = gmac(
                "localtm-study",
                "--workloads",
                "db",
                "--contention",
                "hc",
                "--versions",
                "dcd",
                "--groups",
                "2",
                "--no-progress",
                "--no-plots",
                "--json",
                "--out",
                dir.resolve("j").toString());
        Map<String, Object> doc = json.json();
        List<Map<String, Object>> rows = (List<Map<String, Object>>) doc.get("rows");
        assertEquals(2, rows.size(), "serial always runs");
        assertEquals("serial", rows.get(0).get("version"));
        Map<String, Object> dcd = rows.get(1);
        assertEquals("dcd", dcd.get("version"));
        assertEquals(2, ((Number) dcd.get("groups")).intValue());
        assertEquals(2 * 256 * 2, ((Number) dcd.get("committed")).intValue(), "two transfers per work-item");
        double ratio = ((Number) dcd.get("commitRatio")).doubleValue();
        assertTrue(ratio > 0 && ratio < 0.5, "8 accounts: a low commit ratio, " + ratio);
        assertEquals(
                2 * 4 * 2,
                ((Number) dcd.get("wavefrontTransactions")).intValue(),
                "two transfers per work-item: two dynamic transactions per wavefront, 4 wavefronts per work-group");
        double wf = ((Number) dcd.get("wavefrontShareTX")).doubleValue()
                + ((Number) dcd.get("wavefrontShareWfS")).doubleValue()
                + ((Number) dcd.get("wavefrontShareWgS")).doubleValue();
        assertEquals(1.0, wf, 1e-9, "every wavefront transaction in one mode");
    }

    @Test
    void badOptionsAreUsageErrors() {
        GmacRun w = gmac("localtm-study", "--workloads", "XX", "--out", dir.toString());
        assertEquals(2, w.exit());
        assertTrue(w.err().contains("unknown workload 'XX'"), w.err());
        GmacRun c = gmac("localtm-study", "--contention", "mid", "--out", dir.toString());
        assertEquals(2, c.exit());
        assertTrue(c.err().contains("--contention takes hc or lc"), c.err());
        GmacRun v = gmac("localtm-study", "--versions", "cgl", "--out", dir.toString());
        assertEquals(2, v.exit());
        assertTrue(v.err().contains("unknown version 'cgl'"), v.err());
        GmacRun p = gmac("localtm-study", "--preset", "gtx480", "--out", dir.toString());
        assertEquals(2, p.exit());
        assertTrue(p.err().contains("64-lane wavefronts"), p.err());
    }
}
