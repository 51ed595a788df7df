package dev.gmac.samples.tmstudy;

import dev.gmac.samples.tmstudy.workload.Apriori;
import dev.gmac.samples.tmstudy.workload.Bank;
import dev.gmac.samples.tmstudy.workload.BarnesHut;
import dev.gmac.samples.tmstudy.workload.Cloth;
import dev.gmac.samples.tmstudy.workload.HashTable;
import dev.gmac.samples.tmstudy.workload.MaxFlow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The TM study's workloads, in the order of Fung thesis Table 6.4: HT-H, HT-M, HT-L, ATM, CL, CLto, BH-H, BH-L, CC, AP. */
public final class TmWorkloads {
    private static final List<TmWorkload> ALL = List.of(
            HashTable.high(),
            HashTable.medium(),
            HashTable.low(),
            new Bank(),
            Cloth.cl(),
            Cloth.clto(),
            BarnesHut.high(),
            BarnesHut.low(),
            new MaxFlow(),
            new Apriori());

    private TmWorkloads() {}

    /** Every workload. */
    public static List<TmWorkload> all() {
        return ALL;
    }

    /** Their names. */
    public static List<String> names() {
        List<String> l = new ArrayList<>();
        for (TmWorkload w : ALL) {
            l.add(w.name());
        }
        return l;
    }

    /** The workload named {@code name} (case-insensitive); throws naming the known ones. */
    public static TmWorkload byName(String name) {
        for (TmWorkload w : ALL) {
            if (w.name().equalsIgnoreCase(name.trim())) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown TM workload '" + name + "'; known: " + String.join(", ", names()));
    }

    /** The named workloads, in study order. */
    public static List<TmWorkload> select(List<String> names) {
        List<String> wanted = new ArrayList<>();
        for (String n : names) {
            wanted.add(byName(n).name().toLowerCase(Locale.ROOT));
        }
        List<TmWorkload> l = new ArrayList<>();
        for (TmWorkload w : ALL) {
            if (wanted.contains(w.name().toLowerCase(Locale.ROOT))) {
                l.add(w);
            }
        }
        return l;
    }
}
