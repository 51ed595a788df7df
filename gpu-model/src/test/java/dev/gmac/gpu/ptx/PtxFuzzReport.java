package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The markdown report of a {@link PtxFuzz} run: totals, agreement with ptxas, and disagreements by kind. */
final class PtxFuzzReport {
    private PtxFuzzReport() {}

    static String markdown(PtxFuzz.Summary s, long seed, int from, int cases, boolean ptxas) {
        StringBuilder sb = new StringBuilder();
        sb.append("# PTX fuzzing run\n\n");
        sb.append("seed ")
                .append(seed)
                .append(", cases ")
                .append(from)
                .append("..")
                .append(from + cases - 1);
        sb.append("\n\n| outcome of load | cases |\n|---|---:|\n");
        for (Map.Entry<PtxFuzz.Verdict, Integer> e : s.verdicts.entrySet()) {
            sb.append("| ")
                    .append(e.getKey())
                    .append(" | ")
                    .append(e.getValue())
                    .append(" |\n");
        }
        sb.append("\n- untyped exceptions: ").append(s.untyped.size()).append('\n');
        sb.append("- cases past 5 s (or abandoned after 60 s): ")
                .append(s.slow.size())
                .append('\n');
        sb.append(String.format("- slowest load: %.1f ms%n", s.maxNanos / 1e6));
        if (ptxas) {
            sb.append(String.format(
                    "- ptxas -arch=sm_75 compared on %d cases (not compared: %d where ptxas ran past %d s, %d where it"
                            + " crashed): agreement %.2f%% (both accept %d, both reject %d, disagree %d)%n",
                    s.ptxasCompared,
                    s.ptxasTimeouts,
                    PtxFuzz.PTXAS_TIMEOUT_S,
                    s.ptxasCrashes,
                    s.agreement(),
                    s.bothAccept,
                    s.bothReject,
                    s.disagreements.size()));
            sb.append("\n## Disagreements by kind\n\n| cases | we | ptxas | our message | ptxas message | example |\n");
            sb.append("|---:|---|---|---|---|---|\n");
            Map<String, List<PtxFuzz.Outcome>> kinds = new LinkedHashMap<>();
            for (PtxFuzz.Outcome o : s.disagreements) {
                String key = (o.weAccept() ? "accept" : "reject") + " | " + (o.ptxasAccepts() ? "accept" : "reject")
                        + " | " + normalize(o.ourMessage()) + " | " + normalize(o.ptxasMessage());
                kinds.computeIfAbsent(key, k -> new ArrayList<>()).add(o);
            }
            List<Map.Entry<String, List<PtxFuzz.Outcome>>> sorted = new ArrayList<>(kinds.entrySet());
            sorted.sort((a, b) -> b.getValue().size() - a.getValue().size());
            for (Map.Entry<String, List<PtxFuzz.Outcome>> e : sorted) {
                PtxFuzz.Outcome ex = e.getValue().get(0);
                sb.append("| ")
                        .append(e.getValue().size())
                        .append(" | ")
                        .append(e.getKey().replace("|", "\\|").replace(" \\| ", " | "))
                        .append(" | case ")
                        .append(ex.index())
                        .append(": ")
                        .append(String.join("; ", ex.mutations()).replace("|", "\\|"))
                        .append(" |\n");
            }
        }
        if (!s.untyped.isEmpty() || !s.slow.isEmpty()) {
            sb.append("\n## Untyped or slow\n\n");
            List<PtxFuzz.Outcome> bad = new ArrayList<>(s.untyped);
            bad.addAll(s.slow);
            for (PtxFuzz.Outcome o : bad) {
                sb.append(String.format(
                        "- case %d (%s, %s): %s %s, %.1f ms%n",
                        o.index(), o.seedFile(), o.mutations(), o.ours(), o.ourMessage(), o.nanos() / 1e6));
            }
        }
        return sb.toString();
    }

    /** A message with positions, names and numbers blanked, so that messages of one kind group together. */
    static String normalize(String m) {
        if (m == null) {
            return "-";
        }
        String s = m.replaceAll("^line \\d+:\\d+: ", "")
                .replaceAll("mutant\\.ptx, line \\d+; ", "")
                .replaceAll("'[^']*'", "'…'")
                .replaceAll("%[A-Za-z_$0-9]+", "%…")
                .replaceAll("\\b\\d+\\b", "N")
                .replaceAll("0x[0-9a-fA-F]+", "N");
        return s.length() > 110 ? s.substring(0, 110) + "…" : s;
    }
}
