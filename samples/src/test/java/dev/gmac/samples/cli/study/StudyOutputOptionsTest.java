package dev.gmac.samples.cli.study;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The options every study command shares ({@link StudyOutputOptions}): same names, same checks, same defaults. */
class StudyOutputOptionsTest {
    @ParameterizedTest
    @ValueSource(strings = {"study", "divergence-study", "tm-study", "localtm-study"})
    void everyStudyTakesTheSharedOptionsWithTheSameHelp(String command) {
        GmacRun help = gmac(command, "--help");
        assertEquals(0, help.exit(), help.err());
        for (String option : List.of("--out=DIR", "--json", "--no-plots", "--jobs=N", "--no-progress")) {
            assertTrue(help.out().contains(option), command + " lacks " + option + ":\n" + help.out());
        }
        assertTrue(help.out().contains("Folder for CSV, JSON and plots (default: results)."), help.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"study", "divergence-study", "tm-study", "localtm-study"})
    void jobsOutOfRangeIsRefusedBeforeAnyRun(String command, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("never-made");
        for (String jobs : List.of("0", "257")) {
            GmacRun r = gmac(command, "--jobs", jobs, "--out", out.toString(), "--no-progress");
            assertEquals(2, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("--jobs must be from 1 to 256"), r.err());
        }
        assertFalse(Files.exists(out), "the output folder is made only once the options are valid");
    }
}
