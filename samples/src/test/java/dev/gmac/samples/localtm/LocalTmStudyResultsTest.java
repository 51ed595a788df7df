package dev.gmac.samples.localtm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.tm.local.LocalTmStats;
import dev.gmac.samples.localtm.LocalTmStudyResults.Claim;
import dev.gmac.samples.localtm.LocalTmStudyResults.Separation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DCD-versus-SMDCD check on hand-made rows (Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5, Fig 5:
 * "In general, both DCD and SMDCD have similar performance. The exception are these applications with
 * read-modify-write and read-only transactions that do not benefit from the SMDCD features").
 */
class LocalTmStudyResultsTest {
    /** Counters with only the conflict causes set (DCD: read-read = at a read, write-write = at a write). */
    private static LocalTmStats conflicts(long readRead, long readWrite, long writeRead, long writeWrite) {
        return new LocalTmStats(
                100, 100, 0, 0, 0, readRead, readWrite, writeRead, writeWrite, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0);
    }

    private static LocalTmRow row(String w, Version v, long cycles, LocalTmStats stats) {
        return new LocalTmRow(w, Contention.HC, v, cycles, 1.0, stats, null, 0);
    }

    @Test
    void withinTwentyFivePercentIsAlikeWhateverTheCounters() {
        assertSeparation(Separation.ALIKE, "A", 1000, conflicts(0, 0, 0, 50), 1250, conflicts(50, 0, 0, 0));
        assertSeparation(Separation.ALIKE, "A", 1000, null, 800, null);
    }

    @Test
    void smdcdFasterNeedsReadConflictsThatSmdcdShares() {
        // Read-mostly (the first GA's figures, before decision 0355): DCD aborts at reads of shared words, SMDCD
        // shares them.
        assertSeparation(Separation.READS_SHARED, "R", 1000, conflicts(17269, 0, 0, 0), 40, conflicts(0, 16, 444, 0));
        // Faster, but SMDCD had as many conflicts as DCD had at reads: nothing was filtered.
        assertSeparation(Separation.UNEXPLAINED, "X", 1000, conflicts(300, 0, 0, 0), 700, conflicts(0, 100, 200, 0));
        // Faster, but DCD's conflicts were at writes, not reads.
        assertSeparation(Separation.UNEXPLAINED, "X", 1000, conflicts(10, 0, 0, 300), 700, conflicts(0, 0, 0, 5));
    }

    @Test
    void smdcdSlowerNeedsWritesCaughtLateWhereDcdCaughtThemAtReads() {
        // HT-like read-modify-write: DCD at the read, SMDCD at the write.
        assertSeparation(
                Separation.WRITES_CAUGHT_LATE,
                "HT",
                1000,
                conflicts(16464, 0, 0, 0),
                2380,
                conflicts(0, 0, 2655, 27839));
        // Slower, but SMDCD's conflicts are reads of written words, not writes.
        assertSeparation(Separation.UNEXPLAINED, "X", 1000, conflicts(500, 0, 0, 0), 1500, conflicts(0, 400, 100, 0));
        // Slower, with no counters.
        assertSeparation(Separation.UNEXPLAINED, "X", 1000, null, 1500, null);
    }

    @Test
    void theClaimFailsOnAnUnexplainedInputAndCountsTheAlikeOnes() {
        List<LocalTmRow> rows = List.of(
                row("HT", Version.SERIAL, 5000, null),
                row("HT", Version.DCD, 1000, conflicts(16464, 0, 0, 0)),
                row("HT", Version.SMDCD, 2380, conflicts(0, 0, 2655, 27839)),
                row("IT", Version.SERIAL, 5000, null),
                row("IT", Version.DCD, 1000, conflicts(100, 0, 0, 0)),
                row("IT", Version.SMDCD, 1100, conflicts(0, 10, 90, 0)),
                row("DB", Version.SERIAL, 5000, null),
                row("DB", Version.DCD, 1000, conflicts(500, 0, 0, 0)),
                row("DB", Version.SMDCD, 1500, conflicts(0, 400, 100, 0)));
        LocalTmStudyOptions options = new LocalTmStudyOptions(
                "apu8",
                LocalTmWorkloads.select(List.of("HT", "IT", "DB")),
                List.of(Contention.HC),
                List.of(Version.DCD, Version.SMDCD),
                1,
                1);
        Claim failing = dcdVersusSmdcd(new LocalTmStudyResults(options, rows));
        assertFalse(failing.holds(), failing.detail());
        assertTrue(failing.detail().startsWith("1 of 3 within 25%"), failing.detail());
        assertTrue(failing.detail().contains("NOT explained: DB HC (SMDCD/DCD cycles 1.50"), failing.detail());
        assertTrue(failing.detail().contains("apart, explained: HT HC (SMDCD/DCD cycles 2.38"), failing.detail());

        Claim holding = dcdVersusSmdcd(new LocalTmStudyResults(options, rows.subList(0, 6)));
        assertTrue(holding.holds(), holding.detail());
        assertTrue(holding.detail().startsWith("1 of 2 within 25%"), holding.detail());
    }

    /** The separation of an input's DCD and SMDCD rows with these cycles and conflict counters. */
    private static void assertSeparation(
            Separation expected,
            String workload,
            long dcdCycles,
            LocalTmStats dcd,
            long smdcdCycles,
            LocalTmStats smdcd) {
        assertEquals(
                expected,
                LocalTmStudyResults.separation(
                        row(workload, Version.DCD, dcdCycles, dcd), row(workload, Version.SMDCD, smdcdCycles, smdcd)));
    }

    private static Claim dcdVersusSmdcd(LocalTmStudyResults results) {
        return results.claims().stream()
                .filter(c -> c.claim().startsWith("DCD and SMDCD alike"))
                .findFirst()
                .orElseThrow();
    }
}
