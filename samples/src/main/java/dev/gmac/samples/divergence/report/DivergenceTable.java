package dev.gmac.samples.divergence.report;

import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceRun;
import dev.gmac.samples.divergence.L2Variant;
import dev.gmac.samples.divergence.RunTotals;
import dev.gmac.samples.divergence.WorkloadSet;
import dev.gmac.samples.study.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The study as text for the terminal: per L2 variant, the speedup of every model over PDOM per workload (the
 * thesis's Figure 3.10) with the harmonic means of each set beside the thesis's; then one row per run with SIMD
 * efficiency, cycles, the issue-slot breakdown as shares of the issue slots (Figures 3.11-3.12), memory-pipeline
 * stalls relative to PDOM and the deepest SIMT state; then the directions the issue asks for, each met or not.
 */
public final class DivergenceTable {
    private DivergenceTable() {}

    /** The thesis's harmonic means over PDOM, where it gives them (Fung thesis §3.6), by model and set. */
    static String thesis(String model, WorkloadSet set) {
        if (set == WorkloadSet.DIVERGENT) {
            switch (model) {
                case "tbc-lcp":
                    return "1.22";
                case "dwf":
                    return "1.04 (NVRT fails)";
                case "dwf-wb":
                    return "about 1.15 (TBC +6% over it)";
                default:
                    return "";
            }
        }
        if (set == WorkloadSet.COHERENT && model.startsWith("tbc-lcp")) {
            return "about 1.0";
        }
        return "";
    }

    /** The whole text. */
    public static String render(DivergenceResults results) {
        StringBuilder sb = new StringBuilder();
        for (L2Variant l2 : results.options().l2Variants()) {
            sb.append("Speedup over PDOM (PDOM cycles / model cycles), L2 ").append(l2.label());
            sb.append("; \"fail\": wrong results\n");
            List<String> headers = new ArrayList<>(List.of("set", "workload"));
            headers.addAll(results.models());
            TextTable t = new TextTable(headers, 2);
            for (DivergenceRun base : results.runs(l2)) {
                if (!base.model().label().equals("pdom")) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(base.workload().set().label(), base.name()));
                for (String m : results.models()) {
                    row.add(results.run(base.name(), m, l2)
                            .map(r -> cell(results, r))
                            .orElse("-"));
                }
                t.row(row);
            }
            for (WorkloadSet s : WorkloadSet.values()) {
                List<String> row = new ArrayList<>(List.of(s.label(), "HM"));
                for (String m : results.models()) {
                    row.add(fmt(results.harmonicMean(m, s, l2)));
                }
                t.row(row);
            }
            List<String> all = new ArrayList<>(List.of("ALL", "HM"));
            for (String m : results.models()) {
                all.add(fmt(results.harmonicMean(m, null, l2)));
            }
            t.row(all);
            sb.append(t.render()).append('\n');
        }
        sb.append("Thesis (Fung 2015, §3.6, 1 MB L2): divergent set HM: TBC-LCP ")
                .append(thesis("tbc-lcp", WorkloadSet.DIVERGENT))
                .append(", DWF ")
                .append(thesis("dwf", WorkloadSet.DIVERGENT))
                .append(", DWF-WB ")
                .append(thesis("dwf-wb", WorkloadSet.DIVERGENT))
                .append("; coherent set TBC ")
                .append(thesis("tbc-lcp", WorkloadSet.COHERENT))
                .append("; all 21 TBC 1.10; 128 KB L2: TBC 1.15 (RRB), 1.135 (AGE)\n\n");
        sb.append(runs(results)).append('\n');
        sb.append("Directions (issue 17):\n");
        TextTable d = new TextTable(List.of("claim", "thesis", "ours", "met"), 3);
        for (DivergenceResults.Direction dir : results.directions()) {
            d.row(List.of(
                    dir.claim(), dir.thesis(), dir.measured(), dir.met() == null ? "n/a" : dir.met() ? "yes" : "NO"));
        }
        sb.append(d.render());
        return sb.toString();
    }

    /** One row per run: SIMD efficiency, cycles, issue-slot shares, stalls, stack depth. */
    static String runs(DivergenceResults results) {
        int warpSize =
                results.runs().isEmpty() ? 32 : results.runs().get(0).totals().warpSize();
        String[] labels = IssueSlot.labelsInThesisOrder(warpSize);
        int[] order = IssueSlot.indicesInThesisOrder();
        List<String> headers = new ArrayList<>(List.of("workload", "model", "l2", "ok", "cycles", "speedup", "SIMD"));
        for (String l : labels) {
            headers.add(l);
        }
        headers.addAll(List.of("memStalls", "vsPdom", "depth"));
        TextTable t = new TextTable(headers, 4);
        for (DivergenceRun r : results.runs()) {
            RunTotals x = r.totals();
            long total = 0;
            for (int i = 0; i < IssueSlot.COUNT; i++) {
                total += x.slots(i);
            }
            List<String> row = new ArrayList<>(List.of(
                    r.name(),
                    r.model().label(),
                    r.l2().label(),
                    r.correct() ? "yes" : "NO",
                    Long.toString(x.cycles()),
                    fmt(results.speedup(r)),
                    String.format(Locale.ROOT, "%.3f", x.simdEfficiency())));
            for (int i = 0; i < labels.length; i++) {
                row.add(total == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * x.slots(order[i]) / total));
            }
            row.add(Long.toString(x.memoryStalls()));
            row.add(fmt(results.stallRatio(r)));
            row.add(Integer.toString(x.maxStackDepth()));
            t.row(row);
        }
        return "Runs (issue-slot shares: W0_Idle, W0_Mem, active lanes, Stall; thesis Figures 3.11-3.12):\n"
                + t.render();
    }

    private static String cell(DivergenceResults results, DivergenceRun r) {
        if (!r.correct()) {
            return "fail";
        }
        return fmt(results.speedup(r));
    }

    static String fmt(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "n/a";
    }
}
