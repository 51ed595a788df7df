package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class AdsmConfigTest {

    @Test
    void defaultsAreRollingWithTheDocumentedSizes() {
        AdsmConfig config = AdsmConfig.fromEnvironment(new Properties(), Map.of());
        assertEquals(Protocol.ROLLING, config.protocol());
        assertEquals(256 * 1024, config.blockSize());
        assertEquals(2, config.rollingSize());
        assertEquals("pcie2-x16", config.costModel().name());
    }

    @Test
    void environmentVariablesConfigureTheRuntime() {
        AdsmConfig config = AdsmConfig.fromEnvironment(
                new Properties(),
                Map.of(
                        "GMAC_PROTOCOL",
                        "lazy",
                        "GMAC_BLOCK_SIZE",
                        "64K",
                        "GMAC_ROLLING_SIZE",
                        "5",
                        "GMAC_STRICT",
                        "true"));
        assertEquals(Protocol.LAZY, config.protocol());
        assertEquals(65536, config.blockSize());
        assertEquals(5, config.rollingSize());
        assertTrue(config.strict());
    }

    @Test
    void systemPropertiesWinOverTheEnvironment() {
        Properties properties = new Properties();
        properties.setProperty("gmac.protocol", "BATCH");
        properties.setProperty("gmac.blockSize", "1m");
        properties.setProperty("gmac.rollingSize", "3");
        AdsmConfig config = AdsmConfig.fromEnvironment(
                properties, Map.of("GMAC_PROTOCOL", "lazy", "GMAC_BLOCK_SIZE", "64K", "GMAC_ROLLING_SIZE", "5"));
        assertEquals(Protocol.BATCH, config.protocol());
        assertEquals(1 << 20, config.blockSize());
        assertEquals(3, config.rollingSize());
    }

    /**
     * Issue 13: the configuration names a timing preset (gmac.timing / GMAC_TIMING), and a runtime opened from it
     * runs its kernels under the timing model: stats() report the kernel cycles and the modelled kernel time.
     */
    @Test
    void aTimingPresetFromTheEnvironmentTimesTheKernels() {
        assertEquals(
                null, AdsmConfig.fromEnvironment(new Properties(), Map.of()).timing(), "untimed by default");
        Properties properties = new Properties();
        properties.setProperty("gmac.timing", "fx5800");
        AdsmConfig config = AdsmConfig.fromEnvironment(properties, Map.of("GMAC_TIMING", "gtx480"));
        assertEquals("fx5800", config.timing(), "the property wins over the variable");
        assertEquals(
                "gtx480",
                AdsmConfig.fromEnvironment(new Properties(), Map.of("GMAC_TIMING", "gtx480"))
                        .timing());
        try (Adsm adsm = Adsm.open(config)) {
            FloatView y = adsm.allocFloats(256);
            FloatView x = adsm.allocFloats(256);
            x.set(5, 2f);
            adsm.adsmCall(
                    adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add"), Dim3.of(1), Dim3.of(256), y, x, 3f, 256);
            adsm.adsmSync();
            assertEquals(6f, y.get(5), "the timed kernel computes");
            TransferStats stats = adsm.stats();
            assertTrue(stats.kernelCycles() > 0, "kernel cycles under fx5800: " + stats.kernelCycles());
            assertTrue(stats.time().kernels() > 0, "modelled kernel time: " + stats.time());
        }
    }

    @Test
    void badValuesNameTheSetting() {
        AdsmException protocol = assertThrows(
                AdsmException.class,
                () -> AdsmConfig.fromEnvironment(new Properties(), Map.of("GMAC_PROTOCOL", "eager")));
        assertTrue(protocol.getMessage().contains("GMAC_PROTOCOL"), protocol.getMessage());
        AdsmException size = assertThrows(
                AdsmException.class,
                () -> AdsmConfig.fromEnvironment(new Properties(), Map.of("GMAC_BLOCK_SIZE", "12Q")));
        assertTrue(size.getMessage().contains("gmac.blockSize"), size.getMessage());
        AdsmException odd = assertThrows(
                AdsmException.class,
                () -> AdsmConfig.fromEnvironment(new Properties(), Map.of("GMAC_BLOCK_SIZE", "1001")));
        assertTrue(odd.getMessage().contains("multiple of 8"), odd.getMessage());
        assertThrows(
                AdsmException.class,
                () -> AdsmConfig.fromEnvironment(new Properties(), Map.of("GMAC_ROLLING_SIZE", "0")));
    }

    @Test
    void sizesUseTheOneSizeGrammar() {
        for (String size : new String[] {"4096", "4K", "4KiB", "4kb", "4 KiB"}) {
            Properties p = new Properties();
            p.setProperty("gmac.blockSize", size);
            assertEquals(4096, AdsmConfig.fromEnvironment(p, Map.of()).blockSize(), size);
        }
    }

    @Test
    void anUnknownGmacPropertyIsReported() {
        Properties p = new Properties();
        p.setProperty("gmac.blokSize", "4KiB");
        AdsmException e = assertThrows(AdsmException.class, () -> AdsmConfig.fromEnvironment(p, Map.of()));
        assertTrue(e.getMessage().contains("unknown setting gmac.blokSize"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean gmac.blockSize?"), e.getMessage());
    }
}
