package dev.gmac.samples.localtm;

import dev.gmac.samples.localtm.workload.Accounts;
import dev.gmac.samples.localtm.workload.Genetic;
import dev.gmac.samples.localtm.workload.GraphColouring;
import dev.gmac.samples.localtm.workload.HashTable;
import dev.gmac.samples.localtm.workload.Histogram;
import dev.gmac.samples.localtm.workload.KMeans;
import dev.gmac.samples.localtm.workload.Reservations;
import dev.gmac.samples.localtm.workload.WorkQueues;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The workloads of the GPU-LocalTM study, in the paper's order (Villegas et al., Euro-Par 2016 Workshops, Fig 5). */
public final class LocalTmWorkloads {
    private LocalTmWorkloads() {}

    /**
     * Every workload: HT, IT, VA and GC (the paper's first set, where TM and FGL beat the serialised version), then
     * GA, KM, DB and QU (its second set).
     */
    public static List<LocalTmWorkload> all() {
        return List.of(
                new HashTable(),
                new Histogram(),
                new Reservations(),
                new GraphColouring(),
                new Genetic(),
                new KMeans(),
                new Accounts(),
                new WorkQueues());
    }

    /** The workloads named (case-insensitive), in the order given; throws naming an unknown one. */
    public static List<LocalTmWorkload> select(List<String> names) {
        List<LocalTmWorkload> out = new ArrayList<>();
        for (String n : names) {
            String want = n.trim().toUpperCase(Locale.ROOT);
            LocalTmWorkload found = null;
            for (LocalTmWorkload w : all()) {
                if (w.name().equals(want)) {
                    found = w;
                }
            }
            if (found == null) {
                List<String> known = new ArrayList<>();
                all().forEach(w -> known.add(w.name()));
                throw new IllegalArgumentException("unknown workload '" + n + "'; known: " + String.join(", ", known));
            }
            out.add(found);
        }
        return out;
    }
}
