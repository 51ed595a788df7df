package dev.gmac.samples.cli.ptx;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code gmac ptx run --divergence}, {@code --warp-size}, {@code --tm} and {@code --timing --config apu8} on the
 * engine examples of {@code docs/examples/engine} (the naive spin lock, a transactional counter), on SAXPY, and on
 * GPU-LocalTM's {@code docs/examples/localtm}.
 */
class PtxRunEngineOptionsTest {
    private static Path example(String name) {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("docs/examples"))) {
            root = root.getParent();
        }
        assertTrue(root != null, "docs/examples above " + Path.of("").toAbsolutePath());
        return root.resolve("docs/examples").resolve(name);
    }

    @SuppressWarnings("unchecked")
    private static Object buffer(Map<String, Object> out, String name) {
        return ((Map<String, Object>) out.get("buffers")).get(name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stats(Map<String, Object> out) {
        return (Map<String, Object>) out.get("stats");
    }

    @Test
    void theNaiveSpinLockCompletesUnderIts() {
        Path spec = example("engine/spin-lock.json");
        GmacRun its = gmac("ptx", "run", "--divergence", "its", spec.toString());
        assertEquals(0, its.exit(), its.err());
        assertEquals("[256]", String.valueOf(buffer(its.json(), "counter")));
        assertEquals("[0]", String.valueOf(buffer(its.json(), "lock")));
        assertEquals("its", stats(its.json()).get("divergence"));
        GmacRun timed = gmac("ptx", "run", "--timing", "--divergence", "its", spec.toString());
        assertEquals(0, timed.exit(), timed.err());
        assertEquals("[256]", String.valueOf(buffer(timed.json(), "counter")));
    }

    @Test
    void transactionsNeedATmModelAndAreSerializableUnderCgl() {
        Path spec = example("engine/tx-counter.json");
        GmacRun none = gmac("ptx", "run", spec.toString());
        assertEquals(1, none.exit());
        assertTrue(none.err().contains("--tm"), none.err());
        for (String[] extra : new String[][] {{}, {"--timing"}, {"--timing", "--config", "apu8"}}) {
            String[] args = new String[extra.length + 5];
            args[0] = "ptx";
            args[1] = "run";
            args[2] = "--tm";
            args[3] = "cgl";
            System.arraycopy(extra, 0, args, 4, extra.length);
            args[args.length - 1] = spec.toString();
            GmacRun r = gmac(args);
            assertEquals(0, r.exit(), r.err());
            assertEquals("[1000]", String.valueOf(buffer(r.json(), "counter")));
            assertEquals(1000, ((Number) stats(r.json()).get("txCommitted")).intValue());
        }
    }

    /**
     * GPU-LocalTM's example specs (docs/examples/localtm): the DB workload's transactional version under {@code
     * localtm-dcd} and {@code localtm-smdcd}, functional and on {@code apu8}, ends with the serialised version's
     * balances, and {@code stats.localtm} reports the transactions and, when timed, the phase cycles.
     */
    @Test
    @SuppressWarnings("unchecked")
    void localTmRunsReportTheirTransactionsAndEqualTheSerialisedVersion() {
        GmacRun serial = gmac(
                "ptx",
                "run",
                "--warp-size",
                "64",
                example("localtm/db-hc-serial.json").toString());
        assertEquals(0, serial.exit(), serial.err());
        Path spec = example("localtm/db-hc-tm.json");
        for (String[] extra : new String[][] {{"--warp-size", "64"}, {"--timing", "--config", "apu8"}}) {
            for (String tm : new String[] {"localtm-dcd", "localtm-smdcd"}) {
                String[] args = new String[extra.length + 5];
                args[0] = "ptx";
                args[1] = "run";
                args[2] = "--tm";
                args[3] = tm;
                System.arraycopy(extra, 0, args, 4, extra.length);
                args[args.length - 1] = spec.toString();
                GmacRun r = gmac(args);
                assertEquals(0, r.exit(), r.err());
                assertEquals(buffer(serial.json(), "balances"), buffer(r.json(), "balances"), tm);
                Map<String, Object> localtm =
                        (Map<String, Object>) stats(r.json()).get("localtm");
                assertEquals(tm, localtm.get("model"));
                assertEquals(512, ((Number) localtm.get("committed")).intValue(), "256 work-items, 2 transfers each");
                assertTrue(((Number) localtm.get("commitRatio")).doubleValue() < 1, "8 accounts conflict");
                assertEquals(extra[0].equals("--timing"), localtm.containsKey("phaseCycles"), localtm.toString());
            }
        }
    }

    @Test
    void everyLazyTmModelRunsTheCounterFunctionallyAndTimed() {
        Path spec = example("engine/tx-counter.json");
        for (String model : List.of("ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd")) {
            for (boolean timing : new boolean[] {false, true}) {
                GmacRun r = timing
                        ? gmac("ptx", "run", "--tm", model, "--timing", spec.toString())
                        : gmac("ptx", "run", "--tm", model, spec.toString());
                assertEquals(0, r.exit(), model + ": " + r.err());
                assertEquals("[1000]", String.valueOf(buffer(r.json(), "counter")), model);
                assertEquals(1000, ((Number) stats(r.json()).get("txCommitted")).intValue(), model);
                assertEquals(model, stats(r.json()).get("tm"));
            }
        }
    }

    @Test
    void apu8RunsSixtyFourLaneWavefrontsWithTheResultsOfThirtyTwo() {
        Path spec = example("saxpy.json");
        GmacRun narrow = gmac("ptx", "run", spec.toString());
        GmacRun wide = gmac("ptx", "run", "--timing", "--config", "apu8", spec.toString());
        GmacRun wideFunctional = gmac("ptx", "run", "--warp-size", "64", "--divergence", "its", spec.toString());
        assertEquals(0, wide.exit(), wide.err());
        assertEquals(buffer(narrow.json(), "y"), buffer(wide.json(), "y"));
        assertEquals(buffer(narrow.json(), "y"), buffer(wideFunctional.json(), "y"));
        assertEquals(64, ((Number) stats(wide.json()).get("warpSize")).intValue());
        assertEquals(64, ((Number) stats(wideFunctional.json()).get("warpSize")).intValue());
    }

    @Test
    void badEngineOptionsAreOneLineErrors() {
        Path spec = example("saxpy.json");
        GmacRun bad = gmac("ptx", "run", "--divergence", "tbcx", spec.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("unknown divergence model 'tbcx'"), bad.err());
        GmacRun mismatch = gmac("ptx", "run", "--timing", "--config", "apu8", "--warp-size", "32", spec.toString());
        assertEquals(2, mismatch.exit());
        assertTrue(mismatch.err().contains("64 lanes"), mismatch.err());
        GmacRun width = gmac("ptx", "run", "--warp-size", "48", spec.toString());
        assertEquals(2, width.exit());
        assertTrue(width.err().contains("32 or 64"), width.err());
    }
}
