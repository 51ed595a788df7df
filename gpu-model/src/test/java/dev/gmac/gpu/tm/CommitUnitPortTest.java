package dev.gmac.gpu.tm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.stats.PartitionTimingStats;
import org.junit.jupiter.api.Test;

/**
 * The commit unit's read/write buffer has one port that every stage shares (Fung thesis §6.2.2: the base commit unit
 * "only accesses one word from the read-log or write-log of one transaction in each cycle" through a 4-byte port;
 * decision 0342). Each log entry takes a turn to be stored, a turn for its hazard check or last-writer-history
 * insertion, and each L2 access (validation, revalidation, commit write) takes a turn, so under base Kilo TM a unit
 * is busy for at least that many of its cycles. With a port per stage (the model before decision 0342) the units of
 * this run were busy for fewer cycles than the turns, because storing, checking and accessing overlapped.
 */
class CommitUnitPortTest {
    private static final int N = 640;
    private static final int BUCKETS = 101;

    @Test
    void everyStageOfABaseCommitUnitTakesItsTurnOnOnePort() {
        TmParams p = TimingPresets.load("gtx480").tm().withConcurrency(0);
        try (TmHarness h = new TmHarness()) {
            h.hashInsert(
                    TmHarness.randomKeys(N, 1 << 20, 5),
                    BUCKETS,
                    "kilotm",
                    "pdom",
                    0,
                    "gtx480",
                    p,
                    Dim3.of(5),
                    Dim3.of(128));
            assertEquals(N, h.tm.counters().commits, "every insert committed once");
            long attempts = N + h.tm.counters().validationAborts;
            long accesses = 0;
            for (PartitionTimingStats s : h.timing.partitions()) {
                accesses += s.validationReads() + s.commitWrites();
            }
            // each attempt sends 3 entries (the head it read, next[i] and the head it writes): stored, then checked
            long turns = 2 * 3 * attempts + accesses;
            // the 700 MHz units are charged 2 core cycles (gtx480: 1400 MHz cores) per busy cycle
            long busy = h.timing.agentCycles().get("commit-unit") / 2;
            assertTrue(
                    busy >= turns,
                    "a 4-byte port serves one entry per cycle: " + busy + " busy unit cycles for " + turns + " turns ("
                            + attempts + " attempts, " + accesses + " L2 accesses)");
        }
    }
}
