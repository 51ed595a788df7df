package dev.gmac.samples.localtm;

import dev.gmac.gpu.tm.local.TxMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rows of a GPU-LocalTM study and the paper's shapes checked on them (Villegas et al., Euro-Par 2016 Workshops,
 * §5): TM and FGL beat the serialised version on HT, IT and GC (Fig 5); DCD and SMDCD perform alike except on
 * read-modify-write and read-only patterns (Fig 5, 7); GA, KM, DB and QU have low commit ratios (Fig 7); many of HT's
 * high-contention transactions use the serialisation modes (Fig 8, "up to 90%"; counted per wavefront transaction).
 */
public final class LocalTmStudyResults {
    private final LocalTmStudyOptions options;
    private final List<LocalTmRow> rows;

    /** The results of {@code options}' runs. */
    public LocalTmStudyResults(LocalTmStudyOptions options, List<LocalTmRow> rows) {
        this.options = options;
        this.rows = List.copyOf(rows);
    }

    /** What was run. */
    public LocalTmStudyOptions options() {
        return options;
    }

    /** Every run, in plan order. */
    public List<LocalTmRow> rows() {
        return rows;
    }

    /** The run of {@code workload} at {@code contention} in {@code version}, if it ran. */
    public Optional<LocalTmRow> row(String workload, Contention contention, Version version) {
        return rows.stream()
                .filter(r -> r.workload().equals(workload) && r.contention() == contention && r.version() == version)
                .findFirst();
    }

    /** A shape of the paper's results and whether ours has it. */
    public record Claim(String claim, boolean holds, String detail) {}

    /** The paper's shapes, each over the workloads and versions that ran (none when a shape's runs are missing). */
    public List<Claim> claims() {
        List<Claim> claims = new ArrayList<>();
        beatSerial(claims);
        lowCommitRatios(claims);
        serialisedShare(claims);
        dcdVersusSmdcd(claims);
        return claims;
    }

    private void beatSerial(List<Claim> claims) {
        StringBuilder d = new StringBuilder();
        boolean holds = true;
        boolean any = false;
        for (String w : List.of("HT", "IT", "GC")) {
            for (Contention c : options.contentions()) {
                for (Version v : List.of(Version.ATOMIC, Version.FGL, Version.DCD, Version.SMDCD)) {
                    Optional<LocalTmRow> r = row(w, c, v);
                    if (r.isPresent()) {
                        any = true;
                        holds &= r.get().speedup() > 1;
                        d.append(String.format(
                                Locale.ROOT,
                                "%s%s %s %s %.2fx",
                                d.length() == 0 ? "" : ", ",
                                w,
                                c.label(),
                                v.label(),
                                r.get().speedup()));
                    }
                }
            }
        }
        if (any) {
            claims.add(new Claim(
                    "TM, FGL and atomics beat the serialised version on HT, IT and GC (Fig 5)", holds, d.toString()));
        }
    }

    private void lowCommitRatios(List<Claim> claims) {
        StringBuilder d = new StringBuilder();
        boolean holds = true;
        boolean any = false;
        for (String w : List.of("GA", "KM", "DB", "QU")) {
            for (Version v : List.of(Version.DCD, Version.SMDCD)) {
                Optional<LocalTmRow> r = row(w, Contention.HC, v);
                if (r.isPresent()) {
                    any = true;
                    double ratio = r.get().stats().commitRatio();
                    holds &= ratio < 0.5;
                    d.append(String.format(
                            Locale.ROOT, "%s%s HC %s %.3f", d.length() == 0 ? "" : ", ", w, v.label(), ratio));
                }
            }
        }
        if (any) {
            claims.add(new Claim(
                    "GA, KM, DB and QU have low commit ratios at high contention, under 0.5 (Fig 7)",
                    holds,
                    d.toString()));
        }
    }

    /**
     * Fig 8, "many transactions (up to 90% in HT with high contention) need to make use of the serialization
     * mechanism": read per wavefront transaction, the unit whose mode §3 switches ("the transaction is retried a third
     * time but ... only one of the active bits is reset"), with the per-work-item share of committed transactions
     * beside it in the detail (decision 0353).
     */
    private void serialisedShare(List<Claim> claims) {
        StringBuilder d = new StringBuilder();
        boolean holds = true;
        boolean any = false;
        for (Version v : List.of(Version.DCD, Version.SMDCD)) {
            Optional<LocalTmRow> r = row("HT", Contention.HC, v);
            if (r.isPresent()) {
                any = true;
                double share = wavefrontSerialisedShare(r.get());
                holds &= share >= 0.3;
                d.append(String.format(
                        Locale.ROOT,
                        "%s%s %.0f%% of wavefront transactions (%.0f%% of work-items' commits)",
                        d.length() == 0 ? "" : ", ",
                        v.label(),
                        100 * share,
                        100 * serialisedShare(r.get())));
            }
        }
        if (any) {
            claims.add(new Claim(
                    "many of HT HC's transactions use WfS or WgS, 30% or more of its wavefront transactions (Fig 8;"
                            + " the paper: up to 90%)",
                    holds, d.toString()));
        }
    }

    private void dcdVersusSmdcd(List<Claim> claims) {
        List<String> apart = new ArrayList<>();
        int pairs = 0;
        for (LocalTmRow r : rows) {
            if (r.version() != Version.DCD) {
                continue;
            }
            Optional<LocalTmRow> s = row(r.workload(), r.contention(), Version.SMDCD);
            if (s.isPresent()) {
                pairs++;
                double ratio = (double) s.get().cycles() / r.cycles();
                if (ratio > 1.25 || ratio < 0.8) {
                    apart.add(String.format(
                            Locale.ROOT,
                            "%s %s (SMDCD/DCD cycles %.2f)",
                            r.workload(),
                            r.contention().label(),
                            ratio));
                }
            }
        }
        if (pairs > 0) {
            claims.add(new Claim(
                    "in general DCD and SMDCD alike (cycles within 25%) on at least half the inputs, the exceptions"
                            + " read-modify-write or read-only patterns (Fig 5)",
                    2 * (pairs - apart.size()) >= pairs,
                    (pairs - apart.size()) + " of " + pairs + " alike"
                            + (apart.isEmpty() ? "" : "; apart: " + String.join(", ", apart))));
        }
    }

    /**
     * The share of {@code row}'s wavefront transactions that ran an attempt under WfS or WgS (Fig 8 read per wavefront
     * transaction).
     */
    public static double wavefrontSerialisedShare(LocalTmRow row) {
        return row.stats() == null
                ? 0
                : row.stats().wavefrontShare(TxMode.WFS) + row.stats().wavefrontShare(TxMode.WGS);
    }

    /** The share of {@code row}'s committed transactions that ran under WfS or WgS (Fig 8). */
    public static double serialisedShare(LocalTmRow row) {
        return row.stats() == null
                ? 0
                : row.stats().share(TxMode.WFS) + row.stats().share(TxMode.WGS);
    }
}
