package dev.gmac.gpu.timing.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped presets carry the papers' numbers (Fung thesis Tables 3.2, 4.4, 6.1; channels paper Table 2). */
class TimingPresetsTest {

    @Test
    void everyPresetLoadsAndRoundTripsThroughTheFileFormat() {
        for (String name : TimingPresets.names()) {
            TimingConfig c = TimingPresets.load(name);
            assertEquals(name, c.name());
            TimingConfig again = TimingPresets.parse(name + "-formatted", TimingPresets.format(c));
            assertEquals(c, again, name);
        }
    }

    /**
     * apu8's local memory answers in 5 cycles (decision 0357): Multi2Sim 4.2's Southern Islands LDS path, which the
     * GPU-LocalTM evaluation simulates (decode, read and write one cycle each, LDS module 2), and not slower than the
     * channels paper's 4-cycle L1 hit (Orr et al., ISCA 2014, Table 2) plus one.
     */
    @Test
    void apu8LocalMemoryIsNotSlowerThanItsL1() {
        TimingConfig apu8 = TimingPresets.load("apu8");
        assertEquals(5, apu8.shared().latency());
        assertTrue(apu8.shared().latency() <= apu8.l1().latency() + 1, "LDS at most one cycle behind an L1 hit");
    }

    @Test
    void fx5800MatchesThesisTable44() {
        TimingConfig c = TimingPresets.load("fx5800");
        CoreConfig k = c.core();
        assertEquals(30, k.count());
        assertEquals(32, k.warpSize());
        assertEquals(8, k.alu().width());
        assertEquals(4, k.alu().initiationInterval(k.warpSize()), "a 32-wide warp on 8 lanes occupies 4 cycles");
        assertEquals(1024, k.maxThreads());
        assertEquals(16384, k.registers());
        assertEquals(16 * 1024, k.sharedBytes());
        assertEquals(SchedulerPolicy.LRR, k.scheduler());
        assertEquals(new ClockConfig(1300, 650, 650, 800), c.clocks());
        assertEquals(8, c.memory().partitions());
        assertEquals(256, c.memory().interleaveBytes());
        assertEquals(new CacheGeometry(48 * 1024, 128, 6), c.l1().geometry());
        assertFalse(c.l1().cacheGlobal(), "Ch4's L1 caches only local and transactional data");
        assertEquals(new CacheGeometry(64 * 1024, 128, 8), c.memory().l2());
        assertEquals(460, c.memory().l2HitLatency());
        assertEquals(3, c.interconnect().concentration());
        assertEquals(240, c.peakThreadIpc(), "the thesis's peak IPC of 240");
        assertEquals(102.4e9, c.peakDramBytesPerSecond(), 1e6);
    }

    @Test
    void fx5800TbcMatchesThesisTable32() {
        TimingConfig c = TimingPresets.load("fx5800-tbc");
        assertEquals(new CacheGeometry(32 * 1024, 64, 8), c.l1().geometry());
        assertTrue(c.l1().cacheGlobal());
        assertEquals(new CacheGeometry(1024 * 1024, 64, 64), c.memory().l2());
        assertEquals(ScoreboardMode.WARP, c.core().scoreboard());
        assertEquals(new DramConfig(0, 32, DramSchedulerPolicy.FR_FCFS, 8, 2048, 8, 2, 10, 12, 10, 25, 35), c.dram());
    }

    @Test
    void gtx480MatchesThesisTable61() {
        TimingConfig c = TimingPresets.load("gtx480");
        CoreConfig k = c.core();
        assertEquals(15, k.count());
        assertEquals(2, k.alu().units());
        assertEquals(16, k.alu().width());
        assertEquals(1536, k.maxThreads());
        assertEquals(32768, k.registers());
        assertEquals(SchedulerPolicy.GTO, k.scheduler());
        assertEquals(48 * 1024, c.l1().geometry().sizeBytes());
        assertEquals(128 * 1024, c.memory().l2().sizeBytes());
        assertEquals(6, c.memory().partitions());
        assertEquals(330, c.memory().l2HitLatency());
        assertEquals(200, c.dram().schedulerLatency());
        assertEquals(new ClockConfig(1400, 1400, 1400, 924), c.clocks());
        assertEquals(177e9, c.peakDramBytesPerSecond(), 0.5e9, "Table 6.1: 177 GB/s");
        assertEquals(480, c.peakThreadIpc());
    }

    @Test
    void apu8MatchesChannelsPaperTable2() {
        TimingConfig c = TimingPresets.load("apu8");
        CoreConfig k = c.core();
        assertEquals(8, k.count());
        assertEquals(1000, c.clocks().coreMhz());
        assertEquals(4, k.alu().units());
        assertEquals(64, k.warpSize());
        assertEquals(40, k.maxWarps(), "40 wavefronts per CU");
        assertEquals(new CacheGeometry(16 * 1024, 64, 16), c.l1().geometry());
        assertEquals(4, c.l1().latency());
        assertEquals(1024 * 1024, c.memory().l2().sizeBytes() * c.memory().partitions());
        assertEquals(20e9, c.peakDramBytesPerSecond(), 1e6);
        assertEquals(30, c.dram().tCL(), "30 ns at the 1 GHz DRAM clock");
    }

    @Test
    void unknownKeyIsReportedWithFileLineAndASuggestion() {
        String text = TimingPresets.presetText("gtx480").replace("core.warp.size", "core.wrap.size");
        TimingConfigException e = assertThrows(TimingConfigException.class, () -> TimingPresets.parse("my.conf", text));
        int line = lineOf(text, "core.wrap.size");
        assertEquals(line, e.line());
        assertTrue(
                e.getMessage()
                        .contains("my.conf:" + line + ": unknown key 'core.wrap.size' (did you mean core.warp.size"),
                e.getMessage());
    }

    @Test
    void duplicateKeyNamesBothLines() {
        String text = TimingPresets.presetText("apu8") + "\ncore.count = 4\n";
        TimingConfigException e =
                assertThrows(TimingConfigException.class, () -> TimingPresets.parse("dup.conf", text));
        int first = lineOf(text, "core.count =");
        int second = text.split("\n", -1).length - 1;
        assertTrue(
                e.getMessage()
                        .contains("dup.conf:" + second + ": duplicate key 'core.count' (first set at line " + first
                                + ")"),
                e.getMessage());
    }

    @Test
    void missingKeysAreListed() {
        TimingConfigException e = assertThrows(
                TimingConfigException.class, () -> TimingPresets.parse("short.conf", "name = x\ncore.count = 4\n"));
        assertTrue(e.getMessage().startsWith("short.conf: missing keys description, clock.core.mhz"), e.getMessage());
        assertTrue(e.getMessage().contains("extends = PRESET"), e.getMessage());
    }

    @Test
    void badValuesAreReportedTogether() {
        String text = "extends = fx5800\n"
                + "core.count = many\n"
                + "core.warp.size = 128   # beyond the 64 lanes a mask holds\n"
                + "core.scheduler = fifo\n"
                + "l1.size = 12Q\n"
                + "this line has no equals sign\n";
        TimingConfigException e =
                assertThrows(TimingConfigException.class, () -> TimingPresets.parse("bad.conf", text));
        assertEquals(5, e.problems().size(), e.getMessage());
        assertTrue(e.problems().get(0).startsWith("bad.conf:6: expected 'key = value'"), e.getMessage());
        assertTrue(e.getMessage().contains("bad.conf:2: key 'core.count' expects a whole number, got 'many'"));
        assertTrue(
                e.getMessage().contains("bad.conf:3: key 'core.warp.size' expects a whole number in [8, 64], got 128"));
        assertTrue(e.getMessage().contains("bad.conf:4: key 'core.scheduler' expects one of lrr, gto, got 'fifo'"));
        assertTrue(e.getMessage().contains("bad.conf:5: key 'l1.size' expects a size such as 4096, 16K or 1M"));
        assertEquals(6, e.line(), "line of the first problem found");
    }

    @Test
    void contradictoryValuesAreReportedAtTheKeysLine() {
        String text = "extends = gtx480\nmem.line.bytes = 96\nl2.hit.latency = 10\n";
        TimingConfigException e = assertThrows(TimingConfigException.class, () -> TimingPresets.parse("x.conf", text));
        assertTrue(e.getMessage().contains("x.conf:2: mem.line.bytes (96) must be a power of two"), e.getMessage());
        assertTrue(e.getMessage().contains("x.conf:3: l2.hit.latency (10) is below the"), e.getMessage());
    }

    @Test
    void aUserFileMayExtendAPresetAndIsLoadedByPath(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("small.conf");
        Files.writeString(
                f,
                "# a smaller GTX 480\nextends = gtx480\nname = small\ndescription = four cores\ncore.count = 4\n"
                        + "core.scheduler = LRR\n");
        TimingConfig c = TimingPresets.load(f.toString());
        assertEquals("small", c.name());
        assertEquals(4, c.core().count());
        assertEquals(SchedulerPolicy.LRR, c.core().scheduler());
        assertEquals(TimingPresets.load("gtx480").memory(), c.memory());
        Path g = dir.resolve("smaller.conf");
        Files.writeString(g, "extends = small.conf\ncore.count = 2\n");
        assertEquals(2, TimingPresets.load(g.toString()).core().count(), "relative extends resolves beside the file");
    }

    @Test
    void unknownPresetNameSaysWhichExist() {
        TimingConfigException e = assertThrows(TimingConfigException.class, () -> TimingPresets.load("gtx999"));
        assertTrue(e.getMessage().contains("no preset of that name and no such file; presets are fx5800"));
    }

    @Test
    void extendsCycleIsAnError(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.conf");
        Files.writeString(a, "extends = a.conf\n");
        TimingConfigException e = assertThrows(TimingConfigException.class, () -> TimingPresets.load(a.toString()));
        assertTrue(e.getMessage().contains("deeper than"), e.getMessage());
    }

    private static int lineOf(String text, String needle) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(needle)) {
                return i + 1;
            }
        }
        throw new AssertionError(needle + " not found");
    }
}
