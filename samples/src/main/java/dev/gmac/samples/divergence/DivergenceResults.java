package dev.gmac.samples.divergence;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The study's runs and what the thesis reads from them (Fung thesis §3.6): speedup over PDOM per workload (PDOM's
 * cycles over the model's, the same L2), the harmonic mean of those speedups per workload set (runs that computed
 * wrong results are left out, as the thesis leaves out DWF's NVRT), memory-pipeline stalls relative to PDOM's, and
 * the directions the issue asks the study to reproduce.
 */
public final class DivergenceResults {
    private final DivergenceOptions options;
    private final List<DivergenceRun> runs;

    /** Results of {@code runs}, made with {@code options}. */
    public DivergenceResults(DivergenceOptions options, List<DivergenceRun> runs) {
        this.options = options;
        this.runs = List.copyOf(runs);
    }

    public DivergenceOptions options() {
        return options;
    }

    /** Every run, in workload, model and L2 order. */
    public List<DivergenceRun> runs() {
        return runs;
    }

    /** The runs with {@code l2}. */
    public List<DivergenceRun> runs(L2Variant l2) {
        return runs.stream().filter(r -> r.l2() == l2).toList();
    }

    /** The run of {@code workload} under {@code model} with {@code l2}. */
    public Optional<DivergenceRun> run(String workload, String model, L2Variant l2) {
        return runs.stream()
                .filter(r -> r.name().equals(workload) && r.model().label().equals(model) && r.l2() == l2)
                .findFirst();
    }

    /** PDOM's cycles over {@code r}'s (same workload and L2); NaN when either run failed. */
    public double speedup(DivergenceRun r) {
        Optional<DivergenceRun> base = run(r.name(), StudyModel.PDOM.label(), r.l2());
        if (base.isEmpty()
                || !base.get().correct()
                || !r.correct()
                || r.totals().cycles() == 0) {
            return Double.NaN;
        }
        return (double) base.get().totals().cycles() / r.totals().cycles();
    }

    /** {@code r}'s memory-pipeline stall cycles over PDOM's (same workload and L2); NaN without a baseline. */
    public double stallRatio(DivergenceRun r) {
        Optional<DivergenceRun> base = run(r.name(), StudyModel.PDOM.label(), r.l2());
        if (base.isEmpty() || base.get().totals().memoryStalls() == 0) {
            return Double.NaN;
        }
        return (double) r.totals().memoryStalls() / base.get().totals().memoryStalls();
    }

    /**
     * The harmonic mean of {@code model}'s speedups over the workloads of {@code set} (null: every workload) with
     * {@code l2}; failed runs are left out. NaN when none is left.
     */
    public double harmonicMean(String model, WorkloadSet set, L2Variant l2) {
        double sum = 0;
        int n = 0;
        for (DivergenceRun r : runs(l2)) {
            if (r.model().label().equals(model) && (set == null || r.workload().set() == set)) {
                double s = speedup(r);
                if (Double.isFinite(s) && s > 0) {
                    sum += 1 / s;
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : n / sum;
    }

    /**
     * {@code model}'s memory-pipeline stall cycles over PDOM's, summed over the workloads with {@code l2} that
     * {@code model} runs correctly (a failing run's stalls say nothing about the model: DWF on NVRT).
     */
    public double totalStallRatio(String model, L2Variant l2) {
        Set<String> failed = new HashSet<>();
        for (DivergenceRun r : runs(l2)) {
            if (r.model().label().equals(model) && !r.correct()) {
                failed.add(r.workload().name());
            }
        }
        long m = 0;
        long p = 0;
        for (DivergenceRun r : runs(l2)) {
            if (failed.contains(r.workload().name())) {
                continue;
            }
            if (r.model().label().equals(model)) {
                m += r.totals().memoryStalls();
            } else if (r.model().equals(StudyModel.PDOM)) {
                p += r.totals().memoryStalls();
            }
        }
        return p == 0 ? Double.NaN : (double) m / p;
    }

    /** The workloads' names, in order. */
    public List<String> workloads() {
        List<String> l = new ArrayList<>();
        for (DivergenceWorkload w : options.workloads()) {
            l.add(w.name());
        }
        return l;
    }

    /** The models' labels, in order. */
    public List<String> models() {
        return options.models().stream().map(StudyModel::label).toList();
    }

    /** One direction of the thesis's results the study checks. */
    public record Direction(String claim, String thesis, String measured, Boolean met) {}

    /** The directions of the "done when", each with our figure (met is null when a needed run is missing). */
    public List<Direction> directions() {
        L2Variant l2 = L2Variant.PRESET;
        List<Direction> d = new ArrayList<>();
        boolean lcp = models().contains("tbc-lcp");
        if (lcp) {
            double div = harmonicMean("tbc-lcp", WorkloadSet.DIVERGENT, l2);
            d.add(new Direction(
                    "TBC-LCP vs PDOM, divergent set (harmonic mean) between 1.10 and 1.30",
                    "1.22",
                    fmt(div),
                    Double.isNaN(div) ? null : div >= 1.10 && div <= 1.30));
            double coh = harmonicMean("tbc-lcp", WorkloadSet.COHERENT, l2);
            d.add(new Direction(
                    "TBC-LCP vs PDOM, coherent set (harmonic mean) between 0.95 and 1.05",
                    "about 1.0",
                    fmt(coh),
                    Double.isNaN(coh) ? null : coh >= 0.95 && coh <= 1.05));
        }
        if (models().contains("tbc-lcp-srr")) {
            double min = Double.POSITIVE_INFINITY;
            String at = "";
            for (DivergenceRun r : runs(l2)) {
                if (r.model().label().equals("tbc-lcp-srr") && speedup(r) < min) {
                    min = speedup(r);
                    at = r.name();
                }
            }
            boolean any = Double.isFinite(min);
            d.add(new Direction(
                    "TBC-LCP with SRR at least 0.95 of PDOM on every workload",
                    ">= 0.95 on every benchmark",
                    any ? "lowest " + fmt(min) + " (" + at + ")" : "n/a",
                    any ? min >= 0.95 : null));
        }
        if (lcp && models().contains("dwf")) {
            double tbc = harmonicMean("tbc-lcp", WorkloadSet.DIVERGENT, l2);
            double dwf = harmonicMean("dwf", WorkloadSet.DIVERGENT, l2);
            d.add(new Direction(
                    "TBC-LCP ahead of DWF on the divergent set",
                    "+17% (1.22 vs 1.04)",
                    fmt(tbc) + " vs " + fmt(dwf),
                    Double.isNaN(tbc) || Double.isNaN(dwf) ? null : tbc > dwf));
        }
        if (models().contains("dwf")) {
            double ratio = totalStallRatio("dwf", l2);
            d.add(new Direction(
                    "DWF memory-pipeline stalls above PDOM's",
                    "2.7x",
                    fmt(ratio) + "x",
                    Double.isNaN(ratio) ? null : ratio > 1));
        }
        return d;
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(java.util.Locale.ROOT, "%.3f", v);
    }
}
