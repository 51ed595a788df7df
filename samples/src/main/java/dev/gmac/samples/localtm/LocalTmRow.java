package dev.gmac.samples.localtm;

import dev.gmac.gpu.tm.local.LocalTmStats;
import dev.gmac.gpu.tm.local.TxPhase;
import java.util.Map;

/**
 * One run of the study, checked against its serialised version.
 *
 * @param workload   the workload's name
 * @param contention its input
 * @param version    the version
 * @param cycles     timing-model cycles
 * @param speedup    the serialised version's cycles over these (Fig 5)
 * @param stats      GPU-LocalTM's counters (null outside the TM versions)
 * @param phases     wavefront-cycles per phase (Fig 6; null outside the TM versions)
 * @param millis     wall-clock milliseconds the run took
 */
public record LocalTmRow(
        String workload,
        Contention contention,
        Version version,
        long cycles,
        double speedup,
        LocalTmStats stats,
        Map<TxPhase, Long> phases,
        long millis) {
    /** {@code HT HC dcd}. */
    public String label() {
        return workload + " " + contention.label() + " " + version.label();
    }
}
