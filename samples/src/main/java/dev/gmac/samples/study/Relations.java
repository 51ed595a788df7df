package dev.gmac.samples.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The relations the ADSM paper reports (§5.1, Figures 8 and 9), evaluated on a study's table:
 *
 * <ul>
 *   <li>lazy- and rolling-update move no more than batch-update, in each direction, on every workload;
 *   <li>on the stencil, rolling-update moves far less (at most a quarter) to the accelerator than lazy-update;
 *   <li>rolling-update with write-set annotations moves no more bytes than the explicit-copy baseline.
 * </ul>
 *
 * <p>The last relation failed on the stencil while rolling-update moved whole blocks (the host's point source is
 * a read-modify-write of one float); with sub-block ranges (decision 0113) it moves the float, and holds there
 * too.
 */
public final class Relations {
    /** "Far less" on the stencil: rolling's bytes to the accelerator at most this fraction of lazy's. */
    public static final double STENCIL_FAR_LESS = 0.25;

    private Relations() {}

    /** Every relation that the table's rows allow checking. */
    public static List<Relation> evaluate(StudyResults results) {
        List<Relation> out = new ArrayList<>();
        for (String w : results.workloads()) {
            Optional<RunRow> batch = results.row(w, Variant.BATCH);
            for (Variant v : List.of(Variant.LAZY, Variant.ROLLING)) {
                Optional<RunRow> row = results.row(w, v);
                if (batch.isPresent() && row.isPresent()) {
                    out.add(noMoreThan(
                            v.label() + " <= batch",
                            w,
                            row.get().counts(),
                            batch.get().counts()));
                }
            }
            Optional<RunRow> annotated = results.row(w, Variant.ROLLING_ANNOTATED);
            Optional<RunRow> explicit = results.row(w, Variant.EXPLICIT);
            if (annotated.isPresent() && explicit.isPresent()) {
                long a = annotated.get().counts().bytes();
                long e = explicit.get().counts().bytes();
                out.add(new Relation(
                        "rolling-annotated <= explicit",
                        w,
                        a <= e,
                        Units.bytes(a) + " vs " + Units.bytes(e) + " (" + a + " vs " + e + " bytes)"));
            }
        }
        Optional<RunRow> lazy = results.row("stencil", Variant.LAZY);
        Optional<RunRow> rolling = results.row("stencil", Variant.ROLLING);
        if (lazy.isPresent() && rolling.isPresent()) {
            long l = lazy.get().counts().bytesToAccelerator();
            long r = rolling.get().counts().bytesToAccelerator();
            out.add(new Relation(
                    "rolling << lazy to accelerator",
                    "stencil",
                    r <= STENCIL_FAR_LESS * l,
                    String.format(
                            java.util.Locale.ROOT,
                            "%s vs %s (%.3f of lazy)",
                            Units.bytes(r),
                            Units.bytes(l),
                            l == 0 ? 0.0 : (double) r / l)));
        }
        return out;
    }

    private static Relation noMoreThan(String claim, String workload, TransferCounts row, TransferCounts batch) {
        boolean holds =
                row.bytesToAccelerator() <= batch.bytesToAccelerator() && row.bytesToHost() <= batch.bytesToHost();
        String detail = "to accelerator " + Units.bytes(row.bytesToAccelerator()) + " vs "
                + Units.bytes(batch.bytesToAccelerator()) + ", to host " + Units.bytes(row.bytesToHost()) + " vs "
                + Units.bytes(batch.bytesToHost());
        return new Relation(claim, workload, holds, detail);
    }
}
