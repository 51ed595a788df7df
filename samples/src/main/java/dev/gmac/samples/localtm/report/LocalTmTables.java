package dev.gmac.samples.localtm.report;

import dev.gmac.gpu.tm.local.TxMode;
import dev.gmac.gpu.tm.local.TxPhase;
import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmRow;
import dev.gmac.samples.localtm.LocalTmStudyResults;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import dev.gmac.samples.study.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The GPU-LocalTM study as text tables (Villegas et al., Euro-Par 2016 Workshops, §5): speedup over the serialised
 * version (Fig 5), commit ratio and the share of committed transactions per mode (Figs 7 and 8), the execution
 * breakdown of the TM versions (Fig 6), and the paper's shapes checked.
 */
public final class LocalTmTables {
    private LocalTmTables() {}

    /** Every table. */
    public static String render(LocalTmStudyResults r) {
        StringBuilder out = new StringBuilder();
        out.append("== speedup over the serialised version (Fig 5), ")
                .append(r.options().preset())
                .append(", ")
                .append(r.options().groups())
                .append(r.options().groups() == 1 ? " work-group" : " work-groups")
                .append(" of 256 work-items\n");
        out.append(speedups(r)).append('\n');
        out.append(
                "== commit ratio (Fig 7), committed transactions by mode (Fig 8) and wavefront transactions (wf) by the"
                        + " highest mode they reached\n");
        out.append(commits(r)).append('\n');
        out.append("== execution breakdown of the TM versions, share of wavefront-cycles (Fig 6)\n");
        out.append(breakdown(r)).append('\n');
        List<LocalTmStudyResults.Claim> claims = r.claims();
        if (!claims.isEmpty()) {
            out.append("== shapes of the paper (holds, claim, then the figures it rests on)\n");
            for (LocalTmStudyResults.Claim c : claims) {
                out.append(c.holds() ? "yes  " : "NO   ").append(c.claim()).append('\n');
                out.append("       ").append(c.detail()).append('\n');
            }
        }
        return out.toString();
    }

    private static String speedups(LocalTmStudyResults r) {
        List<String> headers = new ArrayList<>(List.of("workload", "input", "serial cycles"));
        List<Version> others =
                r.options().versions().stream().filter(v -> v != Version.SERIAL).toList();
        others.forEach(v -> headers.add(v.label()));
        TextTable t = new TextTable(headers, 2);
        for (LocalTmWorkload w : r.options().workloads()) {
            for (Contention c : r.options().contentions()) {
                Optional<LocalTmRow> serial = r.row(w.name(), c, Version.SERIAL);
                if (serial.isEmpty()) {
                    continue;
                }
                List<String> cells = new ArrayList<>(
                        List.of(w.name(), c.label(), Long.toString(serial.get().cycles())));
                for (Version v : others) {
                    cells.add(r.row(w.name(), c, v)
                            .map(x -> format("%.2fx", x.speedup()))
                            .orElse("-"));
                }
                t.row(cells);
            }
        }
        return t.render();
    }

    private static String commits(LocalTmStudyResults r) {
        TextTable t = new TextTable(
                List.of(
                        "workload",
                        "input",
                        "version",
                        "started",
                        "committed",
                        "commit ratio",
                        "TX",
                        "WfS",
                        "WgS",
                        "wf tx",
                        "wf WfS",
                        "wf WgS"),
                3);
        for (LocalTmRow row : r.rows()) {
            if (row.stats() == null) {
                continue;
            }
            t.row(List.of(
                    row.workload(),
                    row.contention().label(),
                    row.version().label(),
                    Long.toString(row.stats().started()),
                    Long.toString(row.stats().committed()),
                    format("%.3f", row.stats().commitRatio()),
                    percent(row.stats().share(TxMode.TX)),
                    percent(row.stats().share(TxMode.WFS)),
                    percent(row.stats().share(TxMode.WGS)),
                    Long.toString(row.stats().wavefrontTransactions()),
                    percent(row.stats().wavefrontShare(TxMode.WFS)),
                    percent(row.stats().wavefrontShare(TxMode.WGS))));
        }
        return t.render();
    }

    private static String breakdown(LocalTmStudyResults r) {
        List<String> headers = new ArrayList<>(List.of("workload", "input", "version"));
        for (TxPhase p : TxPhase.values()) {
            headers.add(p.label());
        }
        TextTable t = new TextTable(headers, 3);
        for (LocalTmRow row : r.rows()) {
            if (row.phases() == null) {
                continue;
            }
            long total =
                    row.phases().values().stream().mapToLong(Long::longValue).sum();
            List<String> cells = new ArrayList<>(List.of(
                    row.workload(), row.contention().label(), row.version().label()));
            for (TxPhase p : TxPhase.values()) {
                cells.add(percent(total == 0 ? 0 : (double) row.phases().get(p) / total));
            }
            t.row(cells);
        }
        return t.render();
    }

    private static String percent(double share) {
        return format("%.1f%%", 100 * share);
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
