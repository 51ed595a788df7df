package dev.gmac.samples.tmstudy.report;

import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.ThreadState;
import dev.gmac.samples.tmstudy.Measurement;
import dev.gmac.samples.tmstudy.TmRow;
import dev.gmac.samples.tmstudy.TmStudyResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The columns of the TM study's per-run table, shared by the CSV file and the JSON document (same keys, same
 * order): what ran, cycles, speedup over CGL and fraction of FGL, instructions, commits and aborts by cause, set
 * sizes, the most transactions in flight, thread states (Fung thesis Fig 4.9), core-cycle classes (Fig 4.10),
 * flits per class (Fig 6.4), the commit units' validation hit rate and ring occupancy.
 */
public final class TmColumns {
    private TmColumns() {}

    /** One run as an ordered map of column to value (numbers, strings, or null for a ratio that does not exist). */
    public static Map<String, Object> row(TmStudyResults results, TmRow r) {
        Map<String, Object> m = new LinkedHashMap<>();
        Measurement x = r.m();
        m.put("preset", r.run().preset());
        m.put("workload", r.run().workload());
        m.put("size", r.size());
        m.put("mode", r.run().mode());
        m.put("limit", r.run().limitLabel());
        m.put("cycles", x.cycles());
        m.put("speedup_vs_cgl", value(results.speedupVsCgl(r)));
        m.put("fraction_of_fgl", value(results.fractionOfFgl(r)));
        m.put("warp_instructions", x.warpInstructions());
        m.put("thread_instructions", x.threadInstructions());
        m.put("commits", x.commits());
        m.put("aborts", x.aborts());
        m.put("aborts_per_tx", x.abortsPerCommit());
        m.put("aborts_per_1000_commits", x.abortsPer1000Commits());
        m.put("max_aborts_per_tx", x.maxAbortsPerTx());
        m.put("silent_commits", x.silentCommits());
        m.put("validation_aborts", x.validationAborts());
        m.put("watchdog_aborts", x.watchdogAborts());
        m.put("intra_warp_aborts", x.intraWarpAborts());
        m.put("conflict_aborts", x.conflictAborts());
        m.put("read_words_avg", x.avgReadWords());
        m.put("read_words_max", x.maxReadWords());
        m.put("write_words_avg", x.avgWriteWords());
        m.put("write_words_max", x.maxWriteWords());
        m.put("max_concurrent", x.maxConcurrent());
        for (ThreadState s : ThreadState.values()) {
            m.put("thread_" + s.name(), x.threadCycles(s));
        }
        for (Measurement.CoreCycle c : Measurement.CoreCycle.values()) {
            m.put("core_" + c.name(), x.coreCycles(c));
        }
        for (FlitClass f : FlitClass.values()) {
            m.put("flits_" + f.label(), x.flits(f));
        }
        m.put("validation_reads", x.validationReads());
        double hit = x.validationHitRate();
        m.put("validation_hit_rate", Double.isNaN(hit) ? null : hit);
        m.put("commit_writes", x.commitWrites());
        m.put("ring_max", x.maxRingEntries());
        m.put("ring_avg", x.avgRingEntries());
        m.put("hazards", x.hazards());
        m.put("cids", x.cids());
        m.put("launches", x.launches());
        m.put("wall_ms", r.wallMillis());
        return m;
    }

    /** Every run as rows. */
    public static List<Map<String, Object>> rows(TmStudyResults results) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (TmRow r : results.rows()) {
            l.add(row(results, r));
        }
        return l;
    }

    private static Double value(OptionalDouble d) {
        return d.isPresent() ? d.getAsDouble() : null;
    }
}
