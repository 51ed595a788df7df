package dev.gmac.gpu;

import dev.gmac.gpu.exec.DivergenceModels;
import dev.gmac.gpu.exec.TmModels;

/**
 * Per-launch choices of the simulated hardware that override the device's {@link GpuConfig}: the warp width
 * (32 lanes as on NVIDIA GPUs, or 64 as on AMD's wavefronts; Fung thesis §2.1.2, GPU-LocalTM §2), the divergence
 * model that groups threads for issue ({@code pdom}, {@code its}; thesis Ch2-3) and the transactional-memory model
 * ({@code cgl}, thesis Ch4; {@code localtm-dcd}, {@code localtm-smdcd}, GPU-LocalTM §3). A null or zero component
 * means "the device's default".
 *
 * @param warpSize   32 or 64, or 0 for {@link GpuConfig#warpSize()}
 * @param divergence a name {@link DivergenceModels} knows, or null for {@link GpuConfig#divergence()}
 * @param tm         a name {@link TmModels} knows, or null for {@link GpuConfig#tm()}
 */
public record LaunchOptions(int warpSize, String divergence, String tm) {
    /** No override: the device's configuration decides. */
    public static final LaunchOptions DEFAULTS = new LaunchOptions(0, null, null);

    public LaunchOptions {
        if (warpSize != 0 && warpSize != 32 && warpSize != 64) {
            throw new IllegalArgumentException("warp size must be 32 or 64, got " + warpSize);
        }
        if (divergence != null) {
            DivergenceModels.check(divergence);
        }
        if (tm != null) {
            TmModels.check(tm);
        }
    }

    /** These options with warp size {@code value}. */
    public LaunchOptions withWarpSize(int value) {
        return new LaunchOptions(value, divergence, tm);
    }

    /** These options with divergence model {@code value}. */
    public LaunchOptions withDivergence(String value) {
        return new LaunchOptions(warpSize, value, tm);
    }

    /** These options with TM model {@code value}. */
    public LaunchOptions withTm(String value) {
        return new LaunchOptions(warpSize, divergence, value);
    }
}
