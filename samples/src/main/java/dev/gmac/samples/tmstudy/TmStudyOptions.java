package dev.gmac.samples.tmstudy;

import java.util.List;

/**
 * What a TM study runs: input scale and seed, the timing presets, the workloads, the modes (TM models, {@code cgl},
 * {@value TmWorkload#FGL}), the concurrency limits the Kilo TM models are swept over (0: none), and how many runs
 * go at once.
 */
public record TmStudyOptions(
        TmScale scale,
        long seed,
        List<String> presets,
        List<TmWorkload> workloads,
        List<String> modes,
        List<Integer> limits,
        int jobs) {
    /** Every mode of the study, in report order. */
    public static final List<String> MODES =
            List.of("fgl", "cgl", "ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd");

    /** The concurrency limits of Fung thesis Fig 4.8 and Table 6.4: 1, 2, 4, 8 warps per core and none. */
    public static final List<Integer> LIMITS = List.of(1, 2, 4, 8, 0);

    /** The thesis's two configurations: the Ch4 FX5800-like GPU and the Ch6 GTX 480. */
    public static final List<String> PRESETS = List.of("fx5800", "gtx480");
}
