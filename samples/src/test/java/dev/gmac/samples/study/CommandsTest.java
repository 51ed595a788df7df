package dev.gmac.samples.study;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmac study} and {@code gmac run} end to end, on test-scale inputs. */
class CommandsTest {
    @Test
    void runPrintsOneRow() {
        GmacRun r = gmac("run", "pns", "--scale", "test", "--protocol", "lazy", "--block-size", "64k");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("pns ("), r.out());
        assertTrue(r.out().contains(" under lazy, block 64 KiB,"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("pns") && l.contains("lazy")), r.out());
    }

    @Test
    void runPrintsJsonForTheBaselineToo() {
        GmacRun r = gmac("run", "vecadd", "--scale", "TEST", "--protocol", "explicit", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\"protocol\": \"explicit\""), r.out());
        assertTrue(r.out().contains("\"bytesToAccelerator\": 65536"), r.out());
    }

    @Test
    void runRejectsUnknownNames() {
        GmacRun r = gmac("run", "nbody", "--scale", "test");
        assertTrue(r.exit() != 0);
        GmacRun p = gmac("run", "cp", "--scale", "test", "--protocol", "explicit", "--annotate");
        assertTrue(p.exit() != 0);
        GmacRun s = gmac("run", "cp", "--scale", "huge");
        assertTrue(s.exit() != 0);
        assertTrue(s.err().contains("unknown scale 'huge' (expected test, default or full)"), s.err());
    }

    @Test
    void studyPrintsJsonAndWritesEveryFile(@TempDir Path dir) throws Exception {
        GmacRun r = gmac(
                "study", "--scale", "test", "--only", "cp,pns", "--json", "--out", dir.toString(), "--no-progress");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("{\n  \"study\": {"), r.out());
        assertTrue(r.out().contains("\"rows\": ["), r.out());
        assertEquals(10, r.out().split("\"protocol\":", -1).length - 1, "five variants of two workloads");
        assertTrue(r.err().contains("gmac study: wrote "), r.err());
        for (String name : List.of("study.csv", "study.json", "figure8.png", "figure8.svg")) {
            assertTrue(Files.size(dir.resolve(name)) > 0, name);
        }
        assertEquals(r.out(), Files.readString(dir.resolve("study.json")));
    }

    @Test
    void studyPrintsTheTableByDefault(@TempDir Path dir) {
        GmacRun r = gmac(
                "study",
                "--scale",
                "test",
                "--only",
                "vecadd",
                "--no-sweeps",
                "--no-plots",
                "--out",
                dir.toString(),
                "--no-progress");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Transfer study (ADSM paper section 5): test inputs"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("vecadd") && l.contains("batch")), r.out());
        assertTrue(r.out().contains("Paper's relations on these numbers:"), r.out());
    }
}
