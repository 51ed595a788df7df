package dev.gmac.samples.cli;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.api.config.RuntimeSettings;
import dev.gmac.api.config.Setting;
import org.junit.jupiter.api.Test;

/** Every command honours the runtime settings: {@code -D} options, {@code gmac.*} system properties. */
class SettingsTest {
    @Test
    void configListsEverySettingWithItsSource() {
        GmacRun r = gmac("config", "-Dgmac.rollingSize=3");
        assertEquals(0, r.exit(), r.err());
        for (Setting s : RuntimeSettings.ALL) {
            assertTrue(r.out().contains(s.name()) && r.out().contains(s.environmentVariable()), s.name());
        }
        assertTrue(
                r.out()
                        .lines()
                        .anyMatch(l -> l.startsWith("gmac.rollingSize") && l.contains("3") && l.contains("-D on")),
                r.out());
        assertTrue(
                r.out()
                        .lines()
                        .anyMatch(l -> l.startsWith("gmac.blockSize") && l.contains("256K") && l.contains("default")),
                r.out());
    }

    @Test
    void runHonoursTheSizeGrammarFromEverySource() {
        GmacRun option = gmac("run", "vecadd", "--scale", "test", "-Dgmac.blockSize=16KiB");
        assertEquals(0, option.exit(), option.err());
        assertTrue(option.out().contains("block 16 KiB"), option.out());
        System.setProperty("gmac.blockSize", "32KiB");
        try {
            GmacRun property = gmac("run", "vecadd", "--scale", "test", "--protocol", "batch");
            assertEquals(0, property.exit(), property.err());
            assertTrue(property.out().contains("under batch, block 32 KiB"), property.out());
            GmacRun explicit = gmac("run", "vecadd", "--scale", "test", "--block-size", "8K");
            assertTrue(explicit.out().contains("block 8 KiB"), "the command's own option wins: " + explicit.out());
        } finally {
            System.clearProperty("gmac.blockSize");
        }
        GmacRun none = gmac("run", "vecadd", "--scale", "test");
        assertTrue(none.out().contains("under rolling, block 4 KiB"), "the study's default: " + none.out());
    }

    @Test
    void theProtocolSettingChoosesGmacRunsProtocol() {
        GmacRun r = gmac("run", "vecadd", "--scale", "test", "-Dgmac.protocol=lazy");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("under lazy,"), r.out());
    }

    @Test
    void studyHonoursTheBlockSizeSetting(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        GmacRun r = gmac(
                "study",
                "--scale",
                "test",
                "--only",
                "vecadd",
                "--no-sweeps",
                "--no-plots",
                "--no-progress",
                "--out",
                dir.toString(),
                "-Dgmac.blockSize=64KiB");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("rolling-update with 64 KiB blocks"), r.out());
    }
}
