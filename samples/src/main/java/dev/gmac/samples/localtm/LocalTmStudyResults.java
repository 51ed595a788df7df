package dev.gmac.samples.localtm;

import dev.gmac.gpu.tm.local.LocalTmStats;
import dev.gmac.gpu.tm.local.TxMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rows of a GPU-LocalTM study and the paper's shapes checked on them (Villegas et al., Euro-Par 2016 Workshops,
 * §5): TM and FGL beat the serialised version on HT, IT and GC (Fig 5); DCD and SMDCD perform alike except where
 * read-only or read-modify-write patterns separate them, which the conflict counters must show ({@link Separation};
 * Figs 5-7); GA, KM, DB and QU have low commit ratios (Fig 7); many of HT's
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

    /**
     * How an input's DCD and SMDCD runs compare, read from their cycles and abort counters (Fig 5: "In general, both
     * DCD and SMDCD have similar performance. The exception are these applications with read-modify-write and
     * read-only transactions that do not benefit from the SMDCD features"; Fig 6: "DCD aborts transactions on
     * read-read conflicts while SMDCD waits until one of the memory operations is a write"; Fig 7: under
     * read-modify-writes "DCD has some advantage over SMDCD as conflicts are detected during the read operation").
     */
    public enum Separation {
        /** Cycles within 25% of each other: "similar performance". */
        ALIKE("alike"),
        /**
         * SMDCD more than 25% faster, and its counters show read conflicts that SMDCD shares: most of DCD's conflicts
         * were caught at a read, and SMDCD had fewer conflicts in all than DCD had at reads.
         */
        READS_SHARED("read conflicts SMDCD shares"),
        /**
         * SMDCD more than 25% slower, and its counters show read-modify-writes caught late: most of SMDCD's conflicts
         * were a write meeting another transaction's read or write, and most of DCD's were caught at a read.
         */
        WRITES_CAUGHT_LATE("read-modify-writes SMDCD catches at the write"),
        /** More than 25% apart, without the counters showing the pattern that separates them. */
        UNEXPLAINED("not explained by the counters");

        private final String label;

        Separation(String label) {
            this.label = label;
        }

        /** What the detail says. */
        public String label() {
            return label;
        }
    }

    /** Classifies one input's DCD and SMDCD runs ({@link Separation}). */
    public static Separation separation(LocalTmRow dcd, LocalTmRow smdcd) {
        double ratio = (double) smdcd.cycles() / dcd.cycles();
        if (ratio <= 1.25 && ratio >= 0.8) {
            return Separation.ALIKE;
        }
        LocalTmStats d = dcd.stats();
        LocalTmStats s = smdcd.stats();
        if (d == null || s == null) {
            return Separation.UNEXPLAINED;
        }
        boolean dcdAtReads = d.readRead() > d.writeWrite();
        if (ratio < 0.8) {
            return dcdAtReads && s.conflicts() < d.readRead() ? Separation.READS_SHARED : Separation.UNEXPLAINED;
        }
        boolean smdcdAtWrites = s.writeRead() + s.writeWrite() > s.readWrite();
        return dcdAtReads && smdcdAtWrites ? Separation.WRITES_CAUGHT_LATE : Separation.UNEXPLAINED;
    }

    private void dcdVersusSmdcd(List<Claim> claims) {
        List<String> apart = new ArrayList<>();
        List<String> unexplained = new ArrayList<>();
        int pairs = 0;
        int alike = 0;
        for (LocalTmRow r : rows) {
            if (r.version() != Version.DCD) {
                continue;
            }
            Optional<LocalTmRow> s = row(r.workload(), r.contention(), Version.SMDCD);
            if (s.isEmpty()) {
                continue;
            }
            pairs++;
            Separation sep = separation(r, s.get());
            if (sep == Separation.ALIKE) {
                alike++;
                continue;
            }
            LocalTmStats d = r.stats();
            LocalTmStats m = s.get().stats();
            String counters = d == null || m == null
                    ? "no counters"
                    : String.format(
                            Locale.ROOT,
                            "DCD %d conflicts at reads / %d at writes, SMDCD RW %d / WR %d / WW %d",
                            d.readRead(),
                            d.writeWrite(),
                            m.readWrite(),
                            m.writeRead(),
                            m.writeWrite());
            String line = String.format(
                    Locale.ROOT,
                    "%s %s (SMDCD/DCD cycles %.2f, %s: %s)",
                    r.workload(),
                    r.contention().label(),
                    (double) s.get().cycles() / r.cycles(),
                    sep.label(),
                    counters);
            (sep == Separation.UNEXPLAINED ? unexplained : apart).add(line);
        }
        if (pairs > 0) {
            claims.add(new Claim(
                    "DCD and SMDCD alike except where read-only or read-modify-write patterns separate them: every"
                            + " input more than 25% apart shows its pattern in the conflict counters (SMDCD faster:"
                            + " DCD's read conflicts, which SMDCD shares; SMDCD slower: its conflicts at writes,"
                            + " DCD's at reads) (Figs 5-7)",
                    unexplained.isEmpty(),
                    alike + " of " + pairs + " within 25%"
                            + (unexplained.isEmpty() ? "" : "; NOT explained: " + String.join(", ", unexplained))
                            + (apart.isEmpty() ? "" : "; apart, explained: " + String.join(", ", apart))));
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
