package dev.gmac.samples.divergence;

import dev.gmac.samples.divergence.workload.Aes;
import dev.gmac.samples.divergence.workload.Backprop;
import dev.gmac.samples.divergence.workload.Bfs;
import dev.gmac.samples.divergence.workload.Coulomb;
import dev.gmac.samples.divergence.workload.FaceDetect;
import dev.gmac.samples.divergence.workload.Hotspot;
import dev.gmac.samples.divergence.workload.Laplace;
import dev.gmac.samples.divergence.workload.Libor;
import dev.gmac.samples.divergence.workload.Mum;
import dev.gmac.samples.divergence.workload.Namd;
import dev.gmac.samples.divergence.workload.Nvrt;
import dev.gmac.samples.divergence.workload.StoreHash;
import dev.gmac.samples.divergence.workload.Weather;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The study's workloads (Fung thesis Table 3.1): the divergent set, then the coherent set. */
public final class DivergenceWorkloads {
    private static final List<DivergenceWorkload> ALL = List.of(
            new Bfs(),
            new FaceDetect(),
            new Hotspot(),
            new Laplace(),
            new Mum(),
            new Namd(),
            new Nvrt(),
            new Aes(),
            new Backprop(),
            new Coulomb(),
            new Libor(),
            new StoreHash(),
            new Weather());

    private DivergenceWorkloads() {}

    /** Every workload, divergent first. */
    public static List<DivergenceWorkload> all() {
        return ALL;
    }

    /** The names, in order. */
    public static List<String> names() {
        List<String> l = new ArrayList<>();
        for (DivergenceWorkload w : ALL) {
            l.add(w.name());
        }
        return l;
    }

    /** The workloads named (case-insensitive), in the study's order; an unknown name throws naming the known ones. */
    public static List<DivergenceWorkload> select(List<String> names) {
        List<String> wanted = new ArrayList<>();
        for (String n : names) {
            String u = n.trim().toUpperCase(Locale.ROOT);
            if (!names().contains(u)) {
                throw new IllegalArgumentException(
                        "unknown workload '" + n + "'; known: " + String.join(", ", names()));
            }
            wanted.add(u);
        }
        List<DivergenceWorkload> out = new ArrayList<>();
        for (DivergenceWorkload w : ALL) {
            if (wanted.contains(w.name())) {
                out.add(w);
            }
        }
        return out;
    }
}
