package dev.gmac.samples.tmstudy;

import java.util.List;

/**
 * What a TM study runs: input scale and seed, the timing presets, the workloads, the modes (TM models, {@code cgl},
 * {@value TmWorkload#FGL}), the concurrency limits the Kilo TM models are swept over (0: none), how many runs go at
 * once, and the divergence model every launch runs under (null: the preset's {@code simt.divergence}; {@code tbc}
 * runs thread block compaction and Kilo TM together, decision 0335).
 */
public record TmStudyOptions(
        TmScale scale,
        long seed,
        List<String> presets,
        List<TmWorkload> workloads,
        List<String> modes,
        List<Integer> limits,
        int jobs,
        String divergence) {
    /** Options under each preset's own divergence model. */
    public TmStudyOptions(
            TmScale scale,
            long seed,
            List<String> presets,
            List<TmWorkload> workloads,
            List<String> modes,
            List<Integer> limits,
            int jobs) {
        this(scale, seed, presets, workloads, modes, limits, jobs, null);
    }

    /** The divergence models whose launches support transactions. */
    public static final List<String> DIVERGENCE = List.of("pdom", "its", "tbc", "tbc-lcp", "tbc-static");

    /** Every mode of the study, in report order. */
    public static final List<String> MODES =
            List.of("fgl", "cgl", "ideal", "kilotm", "kilotm-tcd", "warptm", "warptm-tcd");

    /** The concurrency limits of Fung thesis Fig 4.8 and Table 6.4: 1, 2, 4, 8 warps per core and none. */
    public static final List<Integer> LIMITS = List.of(1, 2, 4, 8, 0);

    /** The thesis's two configurations: the Ch4 FX5800-like GPU and the Ch6 GTX 480. */
    public static final List<String> PRESETS = List.of("fx5800", "gtx480");
}
