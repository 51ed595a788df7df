package dev.gmac.samples.divergence;

import java.util.List;

/**
 * What {@code gmac divergence-study} runs.
 *
 * @param config         a preset name or a preset file, the GPU every run simulates
 * @param keepScheduler  keep the preset's warp scheduler instead of the thesis's loose round-robin (Table 3.2)
 * @param workloads      the workloads, divergent first
 * @param models         the models; PDOM first
 * @param l2Sensitivity  also run with 1 MB and with 128 KB of L2 per partition (thesis §3.6.4)
 * @param size           input sizes
 * @param seed           the inputs' seed
 * @param jobs           runs executed at once
 */
public record DivergenceOptions(
        String config,
        boolean keepScheduler,
        List<DivergenceWorkload> workloads,
        List<StudyModel> models,
        boolean l2Sensitivity,
        InputSize size,
        long seed,
        int jobs) {
    /** The L2 variants the options ask for. */
    public List<L2Variant> l2Variants() {
        return l2Sensitivity ? List.of(L2Variant.PRESET, L2Variant.LARGE, L2Variant.SMALL) : List.of(L2Variant.PRESET);
    }
}
