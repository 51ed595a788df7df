package dev.gmac.samples.tmstudy;

import java.util.Map;

/**
 * The thesis's own figures that the study's report prints beside ours (Fung thesis Table 4.3, Kilo TM with unlimited
 * concurrency on the Ch4 configuration, and Table 6.4, best concurrency limits and aborts per 1000 commits on the
 * Ch6 configuration). Facts quoted from the thesis; the study never uses them to compute anything.
 */
public final class ThesisReference {
    /**
     * A row of Table 4.3: committed transactions, instructions per transaction, aborts per transaction (average,
     * maximum), read-set and write-set words (average, maximum), most transactions in flight.
     */
    public record Table43(
            long committed,
            int instructions,
            double abortsAvg,
            int abortsMax,
            double readAvg,
            int readMax,
            double writeAvg,
            int writeMax,
            long maxConcurrent) {}

    /** Table 4.3 by workload (HT covers our HT-H and HT-M/HT-L at Ch4's sizes; BH our BH-H). */
    public static final Map<String, Table43> TABLE_4_3 = Map.of(
            "HT-H", new Table43(23040, 26, 1.39, 2, 1.0, 1, 4.0, 4, 23040),
            "HT-M", new Table43(23040, 26, 0.14, 2, 1.0, 1, 4.0, 4, 23040),
            "ATM", new Table43(122880, 8, 0.03, 3, 3.0, 3, 2.0, 2, 16131),
            "CL", new Table43(60200, 53, 1.06, 8, 11.2, 12, 4.8, 8, 22816),
            "BH-H", new Table43(264106, 48, 0.15, 14, 4.3, 40, 0.82, 14, 8640),
            "CC", new Table43(114677, 21, 0.004, 3, 1.4, 4, 1.4, 4, 735),
            "AP", new Table43(4550, 89, 0.32, 6, 15.7, 174, 6.2, 109, 192));

    /**
     * A row of Table 6.4: best limit (warps per core, 0 for none) and aborts per 1000 commits for base Kilo TM,
     * with TCD, with WarpTM and with both; -1 where the thesis writes "–" (same as without TCD).
     */
    public record Table64(int[] bestLimit, int[] abortsPer1000) {}

    /** Table 6.4 by workload; columns base, TCD, WarpTM, WarpTM+TCD. */
    public static final Map<String, Table64> TABLE_6_4 = Map.of(
            "HT-H", new Table64(new int[] {2, -1, 2, -1}, new int[] {50, -1, 107, -1}),
            "HT-M", new Table64(new int[] {2, -1, 8, -1}, new int[] {7, -1, 84, -1}),
            "HT-L", new Table64(new int[] {4, -1, 8, -1}, new int[] {2, -1, 63, -1}),
            "ATM", new Table64(new int[] {1, -1, 4, -1}, new int[] {1, -1, 27, -1}),
            "CL", new Table64(new int[] {2, 2, 2, 2}, new int[] {84, 55, 149, 97}),
            "CLto", new Table64(new int[] {2, 2, 2, 4}, new int[] {85, 49, 102, 99}),
            "BH-H", new Table64(new int[] {2, 2, 4, 4}, new int[] {23, 23, 53, 56}),
            "BH-L", new Table64(new int[] {8, 4, 8, 8}, new int[] {7, 5, 17, 20}),
            "CC", new Table64(new int[] {0, -1, 0, -1}, new int[] {6, -1, 6, -1}),
            "AP", new Table64(new int[] {1, -1, 1, -1}, new int[] {264, -1, 318, -1}));

    /** Modes of Table 6.4's columns. */
    public static final String[] TABLE_6_4_MODES = {"kilotm", "kilotm-tcd", "warptm", "warptm-tcd"};

    private ThesisReference() {}
}
