/**
 * The divergence study (issue 17): thread block compaction, likely-convergence points and dynamic warp formation
 * against per-warp PDOM stacks on the timing model, reproducing the directions of Fung thesis Ch3 (§3.5-3.6).
 * {@link dev.gmac.samples.divergence.DivergenceWorkload}s run on a {@link dev.gmac.samples.divergence.StudyDevice}
 * under a {@link dev.gmac.samples.divergence.StudyModel}; {@link dev.gmac.samples.divergence.DivergenceStudy} runs
 * every combination and {@link dev.gmac.samples.divergence.DivergenceResults} derives speedups, harmonic means
 * and the thesis's directions. Owns no engine code: models and timing come from gpu-model.
 */
package dev.gmac.samples.divergence;
