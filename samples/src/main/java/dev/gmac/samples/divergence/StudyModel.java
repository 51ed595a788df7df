package dev.gmac.samples.divergence;

import dev.gmac.gpu.exec.DivergenceModels;
import dev.gmac.gpu.timing.config.BlockPriority;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One column of the divergence study: a divergence model and the thread block prioritization the timing model's
 * schedulers use with it (Fung thesis §3.6.2: TBC's default is AGE; PDOM and DWF schedule without block priority).
 * The label is the model's name, with {@code -age}, {@code -rrb} or {@code -srr} appended when the priority is not
 * the model's default.
 */
public record StudyModel(String label, String divergence, BlockPriority priority) {
    /** PDOM, the baseline every speedup is relative to. */
    public static final StudyModel PDOM = new StudyModel("pdom", "pdom", BlockPriority.NONE);

    /** The study's columns: PDOM, DWF, DWF-WB, TBC and TBC-LCP (AGE), and TBC-LCP under RRB and SRR. */
    public static final List<StudyModel> DEFAULT = List.of(
            PDOM,
            parse("dwf"),
            parse("dwf-wb"),
            parse("tbc"),
            parse("tbc-lcp"),
            parse("tbc-lcp-rrb"),
            parse("tbc-lcp-srr"));

    /** True for the thread block compaction models. */
    public boolean compacts() {
        return divergence.startsWith("tbc");
    }

    /**
     * Parses a label: a divergence model the engine knows ({@code pdom}, {@code dwf}, {@code tbc-lcp}, ...),
     * optionally followed by {@code -age}, {@code -rrb} or {@code -srr}. TBC models default to AGE, the others to
     * no block priority.
     */
    public static StudyModel parse(String text) {
        String label = text.trim().toLowerCase(Locale.ROOT);
        String model = label;
        BlockPriority priority = null;
        for (BlockPriority p : BlockPriority.values()) {
            String suffix = "-" + p.token();
            if (p != BlockPriority.NONE && label.endsWith(suffix)) {
                model = label.substring(0, label.length() - suffix.length());
                priority = p;
            }
        }
        if (!DivergenceModels.names().contains(model)) {
            throw new IllegalArgumentException("unknown model '" + text + "': a divergence model ("
                    + String.join(", ", DivergenceModels.names()) + "), optionally with -age, -rrb or -srr");
        }
        if (priority == null) {
            priority = model.startsWith("tbc") ? BlockPriority.AGE : BlockPriority.NONE;
        }
        return new StudyModel(label, model, priority);
    }

    /** Parses a comma-separated list; PDOM is added first when missing (speedups are relative to it). */
    public static List<StudyModel> parseList(List<String> labels) {
        List<StudyModel> out = new ArrayList<>();
        out.add(PDOM);
        for (String l : labels) {
            StudyModel m = parse(l);
            if (out.stream().noneMatch(o -> o.label.equals(m.label))) {
                out.add(m);
            }
        }
        return out;
    }
}
