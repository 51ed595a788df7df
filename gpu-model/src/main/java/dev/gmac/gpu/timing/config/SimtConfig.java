package dev.gmac.gpu.timing.config;

/**
 * How the cores group threads for issue: the divergence model a launch on this configuration uses unless it
 * chooses one (Fung thesis Ch2-3: per-warp PDOM stacks, thread block compaction, dynamic warp formation; Volta's
 * independent thread scheduling). The name is one of {@code dev.gmac.gpu.exec.DivergenceModels#names()}.
 *
 * @param divergence the default divergence model ({@code simt.divergence})
 */
public record SimtConfig(String divergence) {}
