package dev.gmac.samples.tmstudy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.tm.TxJournal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Thread block compaction and Kilo TM in one launch (issue 18; the thesis never combines them: Fung thesis §3.3 and
 * §4.2.1; decision 0335): every TM workload under {@code tbc} and {@code tbc-lcp} with Kilo TM, at tiny inputs,
 * under the timing model of the Ch6 preset with a concurrency limit, so that the commit units decide, admission
 * makes threads of one block wait while others run, and aborted threads regroup at the commit point. Each
 * transactional launch is replayed serially in CID order (every committed read and the final memory reproduced,
 * each thread committing exactly once per dynamic transaction) and each workload checks its own results.
 */
class TmTbcHarnessTest {
    static Stream<Arguments> runs() {
        List<Arguments> l = new ArrayList<>();
        for (TmWorkload w : TmWorkloads.all()) {
            // the long-running cloth and large octree once each (CI time), the others under both models
            switch (w.name()) {
                case "CL", "BH-L" -> l.add(Arguments.of(w.name(), "tbc-lcp", "kilotm", 0));
                case "CLto" -> l.add(Arguments.of(w.name(), "tbc", "kilotm", 2));
                default -> {
                    l.add(Arguments.of(w.name(), "tbc", "kilotm", 2));
                    l.add(Arguments.of(w.name(), "tbc-lcp", "kilotm", 0));
                }
            }
        }
        for (String w : List.of("HT-H", "BH-H")) {
            l.add(Arguments.of(w, "tbc", "ideal", 0));
            l.add(Arguments.of(w, "tbc-lcp", "warptm-tcd", 4));
        }
        l.add(Arguments.of("CL", "tbc", "ideal", 0));
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} limit {3}")
    @MethodSource("runs")
    void committedTransactionsReplaySeriallyAndResultsAreRight(String workload, String div, String mode, int limit) {
        TmWorkload.Instance inst = TmWorkloads.byName(workload).instance(TmScale.TINY, 1);
        TimingConfig cfg = TimingPresets.load("gtx480");
        cfg = cfg.withTm(cfg.tm().withConcurrency(limit));
        try (TmMachine m = new TmMachine(cfg, new TxJournal(), div)) {
            inst.run(m, mode); // checks the workload's results
            Measurement r = m.measurement();
            assertTrue(r.cycles() > 0);
            assertTrue(m.replayErrors().isEmpty(), workload + " " + div + " " + mode + ": " + m.replayErrors());
            assertTrue(r.commits() > 0, "transactions committed");
            if (inst.expectedCommits() >= 0) {
                assertEquals(inst.expectedCommits(), r.commits(), "one commit per dynamic transaction");
            }
            assertEquals(r.commits(), m.replayedCommits(), "every commit was replayed");
        }
    }
}
