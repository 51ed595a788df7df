package dev.gmac.samples.tmstudy.report;

import dev.gmac.samples.study.report.TextTable;
import dev.gmac.samples.tmstudy.Measurement;
import dev.gmac.samples.tmstudy.ThesisReference;
import dev.gmac.samples.tmstudy.TmRow;
import dev.gmac.samples.tmstudy.TmStudy;
import dev.gmac.samples.tmstudy.TmStudyResults;
import dev.gmac.samples.tmstudy.TmWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The TM study as text tables, one set per preset (Fung thesis Figs 6.10/6.12, Table 4.3, Table 6.4, Fig 4.8): each
 * mode's performance at its best concurrency limit as a fraction of FGL and a speedup over CGL; Kilo TM's
 * transaction statistics without a limit beside the thesis's Table 4.3; best limits and aborts per 1000 commits
 * beside Table 6.4; Kilo TM's execution time at each limit relative to no limit; and the directions checked.
 */
public final class TmTables {
    private TmTables() {}

    /** Every table. */
    public static String render(TmStudyResults r) {
        StringBuilder out = new StringBuilder();
        for (String preset : r.presets()) {
            out.append("== ")
                    .append(preset)
                    .append(": performance at each mode's best concurrency limit")
                    .append(" (fraction of FGL, speedup over CGL, best limit)\n");
            out.append(performance(r, preset)).append('\n');
            out.append("== ").append(preset).append(": Kilo TM without a limit (thesis Table 4.3 in brackets)\n");
            out.append(table43(r, preset)).append('\n');
            out.append("== ")
                    .append(preset)
                    .append(": best limit and aborts per 1000 commits (thesis Table 6.4 in")
                    .append(" brackets)\n");
            out.append(table64(r, preset)).append('\n');
            out.append("== ")
                    .append(preset)
                    .append(": Kilo TM execution time by limit, relative to no limit")
                    .append(" (thesis Fig 4.8)\n");
            out.append(sweep(r, preset)).append('\n');
        }
        List<TmStudyResults.Claim> claims = r.claims();
        if (!claims.isEmpty()) {
            out.append("== directions of the thesis\n");
            TextTable t = new TextTable(List.of("preset", "claim", "holds", "detail"), 4);
            for (TmStudyResults.Claim c : claims) {
                t.row(List.of(c.preset(), c.claim(), c.holds() ? "yes" : "NO", c.detail()));
            }
            out.append(t.render());
        }
        return out.toString();
    }

    private static String performance(TmStudyResults r, String preset) {
        List<String> modes = new ArrayList<>();
        for (String m : r.options().modes()) {
            if (!m.equals(TmWorkload.FGL)) {
                modes.add(m);
            }
        }
        List<String> headers = new ArrayList<>(List.of("workload", "FGL cycles"));
        headers.addAll(modes);
        TextTable t = new TextTable(headers, 1);
        for (TmWorkload w : r.options().workloads()) {
            List<String> cells = new ArrayList<>();
            cells.add(w.name());
            cells.add(r.row(preset, w.name(), TmWorkload.FGL, 0)
                    .map(x -> Long.toString(x.m().cycles()))
                    .orElse("-"));
            for (String m : modes) {
                Optional<TmRow> b = r.best(preset, w.name(), m);
                if (b.isEmpty()) {
                    cells.add("-");
                    continue;
                }
                String cell = m.equals("cgl")
                        ? pct(r.fractionOfFgl(b.get()))
                        : pct(r.fractionOfFgl(b.get())) + " " + times(r.speedupVsCgl(b.get()));
                if (TmStudy.limited(m)) {
                    cell += " (" + b.get().run().limitLabel() + ")";
                }
                cells.add(cell);
            }
            t.row(cells);
        }
        return t.render();
    }

    private static String table43(TmStudyResults r, String preset) {
        TextTable t = new TextTable(
                List.of(
                        "workload",
                        "committed",
                        "aborts/tx avg",
                        "max",
                        "read words avg",
                        "max",
                        "write words avg",
                        "max",
                        "max concurrent"),
                1);
        for (TmWorkload w : r.options().workloads()) {
            Optional<TmRow> row = r.row(preset, w.name(), "kilotm", 0);
            if (row.isEmpty()) {
                continue;
            }
            Measurement m = row.get().m();
            ThesisReference.Table43 th = ThesisReference.TABLE_4_3.get(w.name());
            t.row(List.of(
                    w.name(),
                    m.commits() + ref(th == null ? null : Long.toString(th.committed())),
                    fmt(m.abortsPerCommit(), 2) + ref(th == null ? null : fmt(th.abortsAvg(), 2)),
                    m.maxAbortsPerTx() + ref(th == null ? null : Integer.toString(th.abortsMax())),
                    fmt(m.avgReadWords(), 1) + ref(th == null ? null : fmt(th.readAvg(), 1)),
                    m.maxReadWords() + ref(th == null ? null : Integer.toString(th.readMax())),
                    fmt(m.avgWriteWords(), 1) + ref(th == null ? null : fmt(th.writeAvg(), 2)),
                    m.maxWriteWords() + ref(th == null ? null : Integer.toString(th.writeMax())),
                    m.maxConcurrent() + ref(th == null ? null : Long.toString(th.maxConcurrent()))));
        }
        return t.render();
    }

    private static String table64(TmStudyResults r, String preset) {
        List<String> headers = new ArrayList<>(List.of("workload"));
        for (String m : ThesisReference.TABLE_6_4_MODES) {
            headers.add(m + " limit");
            headers.add("aborts/1000");
        }
        TextTable t = new TextTable(headers, 1);
        for (TmWorkload w : r.options().workloads()) {
            List<String> cells = new ArrayList<>();
            cells.add(w.name());
            ThesisReference.Table64 th = ThesisReference.TABLE_6_4.get(w.name());
            boolean any = false;
            for (int i = 0; i < ThesisReference.TABLE_6_4_MODES.length; i++) {
                Optional<TmRow> b = r.best(preset, w.name(), ThesisReference.TABLE_6_4_MODES[i]);
                String limitRef = th == null ? null : th.bestLimit()[i] < 0 ? "-" : limit(th.bestLimit()[i]);
                String abortRef = th == null ? null : th.abortsPer1000()[i] < 0 ? "-" : "" + th.abortsPer1000()[i];
                if (b.isEmpty()) {
                    cells.add("-");
                    cells.add("-");
                    continue;
                }
                any = true;
                cells.add(b.get().run().limitLabel() + ref(limitRef));
                cells.add(fmt(b.get().m().abortsPer1000Commits(), 0) + ref(abortRef));
            }
            if (any) {
                t.row(cells);
            }
        }
        return t.render();
    }

    private static String sweep(TmStudyResults r, String preset) {
        List<Integer> limits = r.options().limits();
        List<String> headers = new ArrayList<>(List.of("workload"));
        for (int l : limits) {
            headers.add(limit(l));
        }
        TextTable t = new TextTable(headers, 1);
        for (TmWorkload w : r.options().workloads()) {
            Optional<TmRow> none = r.row(preset, w.name(), "kilotm", 0);
            if (none.isEmpty()) {
                continue;
            }
            List<String> cells = new ArrayList<>();
            cells.add(w.name());
            for (int l : limits) {
                Optional<TmRow> x = r.row(preset, w.name(), "kilotm", l);
                cells.add(
                        x.map(v -> fmt((double) v.m().cycles() / none.get().m().cycles(), 2))
                                .orElse("-"));
            }
            t.row(cells);
        }
        return t.render();
    }

    static String limit(int l) {
        return l == 0 ? "NL" : Integer.toString(l);
    }

    private static String ref(String thesis) {
        return thesis == null ? "" : " [" + thesis + "]";
    }

    static String pct(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.0f%%", 100 * v.getAsDouble()) : "-";
    }

    static String times(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.1fx", v.getAsDouble()) : "-";
    }

    static String fmt(double v, int digits) {
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
