package dev.gmac.samples.study;

import dev.gmac.samples.study.workload.CoulombicPotential;
import dev.gmac.samples.study.workload.MriFhd;
import dev.gmac.samples.study.workload.MriQ;
import dev.gmac.samples.study.workload.PetriNet;
import dev.gmac.samples.study.workload.RysIntegrals;
import dev.gmac.samples.study.workload.Stencil3d;
import dev.gmac.samples.study.workload.SumOfAbsoluteDifferences;
import dev.gmac.samples.study.workload.Tpacf;
import dev.gmac.samples.study.workload.VectorAdd;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The study's workloads in table order: the paper's seven Parboil benchmarks, then the stencil and vecadd. */
public final class Workloads {
    private static final List<Workload> ALL = List.of(
            new CoulombicPotential(),
            new MriFhd(),
            new MriQ(),
            new PetriNet(),
            new RysIntegrals(),
            new SumOfAbsoluteDifferences(),
            new Tpacf(),
            new Stencil3d(),
            new VectorAdd());

    private Workloads() {}

    /** Every workload, in table order. */
    public static List<Workload> all() {
        return ALL;
    }

    /** The workload names, in table order. */
    public static List<String> names() {
        return ALL.stream().map(Workload::name).toList();
    }

    /** Looks a workload up by name. */
    public static Workload byName(String name) {
        for (Workload w : ALL) {
            if (w.name().equalsIgnoreCase(name.trim())) {
                return w;
            }
        }
        throw new IllegalArgumentException(
                "unknown workload '" + name + "' (known: " + String.join(", ", names()) + ")");
    }

    /**
     * Parses a selection such as {@code cp,stencil} (names separated by commas or spaces) into workloads in
     * table order.
     */
    public static List<Workload> select(List<String> names) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String entry : names) {
            for (String name : entry.split("[,\\s]+")) {
                if (!name.isBlank()) {
                    wanted.add(byName(name).name());
                }
            }
        }
        List<Workload> selected = new ArrayList<>();
        for (Workload w : ALL) {
            if (wanted.contains(w.name())) {
                selected.add(w);
            }
        }
        return selected;
    }

    /** A comma-separated list of the names, for help texts. */
    public static String namesList() {
        return ALL.stream().map(Workload::name).collect(Collectors.joining(", "));
    }
}
