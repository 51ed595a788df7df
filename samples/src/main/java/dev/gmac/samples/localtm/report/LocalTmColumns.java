package dev.gmac.samples.localtm.report;

import dev.gmac.gpu.tm.local.LocalTmStats;
import dev.gmac.gpu.tm.local.TxMode;
import dev.gmac.gpu.tm.local.TxPhase;
import dev.gmac.samples.localtm.LocalTmRow;
import dev.gmac.samples.localtm.LocalTmStudyResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of a GPU-LocalTM study row, shared by the CSV and the JSON: workload, contention, version, work-groups,
 * cycles, speedup over the serialised version (Villegas et al., Euro-Par 2016 Workshops, Fig 5), commit ratio
 * and transaction counts (Fig 7), the share of committed transactions per mode (Fig 8) and of wavefront transactions
 * by the highest mode they reached (Fig 8's other reading, decision 0353), the wavefront-cycles per phase (Fig 6)
 * and the conflicts by kind. Counters are empty (null) outside the TM versions.
 */
public final class LocalTmColumns {
    private LocalTmColumns() {}

    /** One ordered map per row. */
    public static List<Map<String, Object>> rows(LocalTmStudyResults results) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (LocalTmRow r : results.rows()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("workload", r.workload());
            m.put("contention", r.contention().label());
            m.put("version", r.version().label());
            m.put("groups", results.options().groups());
            m.put("cycles", r.cycles());
            m.put("speedup", round(r.speedup()));
            LocalTmStats s = r.stats();
            m.put("commitRatio", s == null ? null : round(s.commitRatio()));
            m.put("started", s == null ? null : s.started());
            m.put("committed", s == null ? null : s.committed());
            m.put("aborted", s == null ? null : s.aborted());
            for (TxMode mode : TxMode.values()) {
                m.put("share" + mode.label(), s == null ? null : round(s.share(mode)));
            }
            m.put("wavefrontTransactions", s == null ? null : s.wavefrontTransactions());
            for (TxMode mode : TxMode.values()) {
                m.put("wavefrontShare" + mode.label(), s == null ? null : round(s.wavefrontShare(mode)));
            }
            m.put("readRead", s == null ? null : s.readRead());
            m.put("readWrite", s == null ? null : s.readWrite());
            m.put("writeRead", s == null ? null : s.writeRead());
            m.put("writeWrite", s == null ? null : s.writeWrite());
            m.put("livelocks", s == null ? null : s.livelocks());
            for (TxPhase p : TxPhase.values()) {
                m.put(key(p), r.phases() == null ? null : r.phases().get(p));
            }
            m.put("millis", r.millis());
            out.add(m);
        }
        return out;
    }

    /** The column of {@code phase}'s wavefront-cycles ({@code nonTx}, {@code txBegin}, ...). */
    public static String key(TxPhase phase) {
        switch (phase) {
            case NON_TX:
                return "nonTx";
            case TX_BEGIN:
                return "txBegin";
            case TX_COMMIT:
                return "txCommit";
            case TX_MEMORY:
                return "txMemory";
            case TX_COMPUTE:
                return "txCompute";
            default:
                return "wgsWait";
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
