package dev.gmac.samples.cli.ptx;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmac ptx run --timing [--config NAME|FILE]}: the timing model's statistics in the JSON output (issue 7). */
class PtxRunTimingTest {
    @TempDir
    Path dir;

    private Path spec;

    /** The saxpy spec of docs/ptx-run.md, 300 elements on CTAs of 64 threads (the last warp diverges). */
    @BeforeEach
    void writeSaxpySpec() throws IOException {
        try (InputStream in = PtxRunTimingTest.class.getResourceAsStream("/ptx/saxpy.ptx")) {
            assertTrue(in != null, "the gpu-model jar carries /ptx/saxpy.ptx");
            Files.write(dir.resolve("saxpy.ptx"), in.readAllBytes());
        }
        spec = write(
                "saxpy.json",
                "{\"ptx\": \"saxpy.ptx\", \"kernel\": \"saxpy\", \"grid\": [5], \"block\": [64],"
                        + " \"buffers\": {\"x\": {\"type\": \"f32\", \"count\": 300, \"init\": {\"iota\": 0}},"
                        + " \"y\": {\"type\": \"f32\", \"count\": 300, \"init\": {\"fill\": 1.5}}},"
                        + " \"args\": [{\"u32\": 300}, {\"f32\": 2.5}, {\"buf\": \"x\"}, {\"buf\": \"y\"}],"
                        + " \"print\": [\"y\"]}");
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Map<String, Object> json(GmacRun r) {
        return r.json();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stats(GmacRun r) {
        return (Map<String, Object>) json(r).get("stats");
    }

    private static long number(Map<String, Object> stats, String key) {
        assertTrue(stats.containsKey(key), key + " in " + stats.keySet());
        return ((BigDecimal) stats.get(key)).longValueExact();
    }

    @SuppressWarnings("unchecked")
    @Test
    void timingAddsCyclesIpcAndTheRestOfTheTimingStatistics() {
        Map<String, Object> json = json(gmac("ptx", "run", "--timing", spec.toString()));
        List<Object> y = (List<Object>) ((Map<String, Object>) json.get("buffers")).get("y");
        for (int i = 0; i < 300; i++) {
            assertEquals(2.5 * i + 1.5, ((BigDecimal) y.get(i)).doubleValue(), "y[" + i + "]");
        }
        Map<String, Object> stats = (Map<String, Object>) json.get("stats");
        assertEquals("saxpy", stats.get("kernel"));
        assertEquals("gtx480", stats.get("preset"), "the default preset");
        assertTrue(number(stats, "cycles") > 330 + 200, "at least one DRAM round trip: " + stats.get("cycles"));
        double ipc = ((BigDecimal) stats.get("ipc")).doubleValue();
        assertEquals(number(stats, "threadInstructions") / (double) number(stats, "cycles"), ipc, 1e-9, "ipc");
        double simd = ((BigDecimal) stats.get("simdEfficiency")).doubleValue();
        assertTrue(simd > 0 && simd < 1, "the last warp diverges: " + simd);
        for (String key : List.of(
                "launchId",
                "divergentBranches",
                "maxStackDepth",
                "warpIpc",
                "occupancy",
                "issueSlots",
                "memoryStalls",
                "l1",
                "l2",
                "dram",
                "perCore",
                "perPartition")) {
            assertTrue(stats.containsKey(key), key + " in " + stats.keySet());
        }
        assertEquals(15, ((List<Object>) stats.get("perCore")).size(), "gtx480 has 15 cores");
    }

    @Test
    void withoutTimingTheStatsHaveNoCycles() {
        Map<String, Object> stats = stats(gmac("ptx", "run", spec.toString()));
        assertTrue(
                !stats.containsKey("cycles") && !stats.containsKey("preset"),
                stats.keySet().toString());
    }

    @Test
    void twoTimedRunsGiveTheSameCyclesAndStatistics() {
        GmacRun first = gmac("ptx", "run", "--timing", "--config", "fx5800", spec.toString());
        GmacRun second = gmac("ptx", "run", "--timing", "--config", "fx5800", spec.toString());
        Map<String, Object> a = stats(first);
        assertEquals("fx5800", a.get("preset"));
        assertEquals(number(a, "cycles"), number(stats(second), "cycles"));
        assertEquals(first.out(), second.out(), "the whole output is deterministic");
    }

    @Test
    void theConfigMayBeAPresetFile() throws IOException {
        Path small = write("small.conf", "extends = gtx480\nname = small\ncore.count = 2\n");
        Map<String, Object> stats =
                stats(gmac("ptx", "run", "--timing", "--config", small.toString(), spec.toString()));
        assertEquals("small", stats.get("preset"));
        assertEquals(2, ((List<?>) stats.get("perCore")).size());
        long twoCores = number(stats, "cycles");
        long fifteen = number(stats(gmac("ptx", "run", "--timing", spec.toString())), "cycles");
        assertTrue(twoCores > fifteen, "5 CTAs on 2 cores take longer than on 15: " + twoCores + " vs " + fifteen);
    }

    @Test
    void anUnknownPresetIsOneLineAndExitOne() {
        GmacRun r = gmac("ptx", "run", "--timing", "--config", "gtx9000", spec.toString());
        assertEquals(1, r.exit(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("gmac: --config: gtx9000: no preset of that name"), r.err());
        assertTrue(r.err().contains("gtx480"), "lists the presets: " + r.err());
    }

    @Test
    void aBadPresetFileNamesFileAndLineOnOneLine() throws IOException {
        Path bad = write("bad.conf", "extends = gtx480\n\ncore.cuont = 4\ncore.alu.latency = -1\n");
        GmacRun r = gmac("ptx", "run", "--timing", "--config", bad.toString(), spec.toString());
        assertEquals(1, r.exit(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(bad + ":3: unknown key 'core.cuont'"), r.err());
        assertTrue(r.err().contains("core.count"), "suggests the right key: " + r.err());
        assertTrue(r.err().contains(bad + ":4:"), "every problem: " + r.err());
    }

    @Test
    void configWithoutTimingIsAUsageError() {
        GmacRun r = gmac("ptx", "run", "--config", "gtx480", spec.toString());
        assertEquals(2, r.exit(), r.out());
        assertTrue(r.err().contains("--config needs --timing"), r.err());
    }

    @Test
    void aKernelFaultUnderTimingIsOneLineAndExitOne() throws IOException {
        Path fault = write("fault.json", Files.readString(spec).replace("{\"u32\": 300}", "{\"u32\": 5000}"));
        GmacRun r = gmac("ptx", "run", "--timing", fault.toString());
        assertEquals(1, r.exit(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("saxpy") && r.err().contains("OUT_OF_BOUNDS"), r.err());
    }
}
