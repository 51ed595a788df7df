package dev.gmac.samples.study;

import dev.gmac.api.AdsmConfig;

/**
 * One configuration a workload runs under: the variant, and the rolling-update parameters of ADSM paper §4.3 and
 * §5.2–5.3 (block size, rolling size), over a base runtime configuration (the runtime settings' other values:
 * strictness, fault recovery, the software GPU). Batch- and lazy-update ignore block and rolling size; the
 * explicit baseline only takes the cost model and the GPU from the configuration.
 *
 * @param blockSize coherence block size in bytes
 * @param rollingSize rolling size (dirty blocks allowed per allocation, the paper's adaptive setting)
 * @param base the runtime configuration the variant, block and rolling size are applied to
 */
public record RunSettings(Variant variant, long blockSize, int rollingSize, AdsmConfig base) {
    /** The study's default block size: the 4 KiB page, fine enough to show block granularity at small inputs. */
    public static final long DEFAULT_BLOCK_SIZE = 4 * 1024;

    /**
     * The timing preset the study's kernels run under unless told otherwise: the Quadro FX 5800, a GT200 like the
     * paper's GTX 285 (decision 0115), so modelled end-to-end times can stand beside the paper's Figures 7 and 10.
     */
    public static final String DEFAULT_TIMING = "fx5800";

    public RunSettings {
        if (blockSize <= 0 || blockSize % 8 != 0) {
            throw new IllegalArgumentException("block size must be a positive multiple of 8 bytes: " + blockSize);
        }
        if (rollingSize <= 0) {
            throw new IllegalArgumentException("rolling size must be positive: " + rollingSize);
        }
        if (base == null) {
            throw new IllegalArgumentException("a base configuration is required");
        }
    }

    /** Settings over the runtime's defaults. */
    public RunSettings(Variant variant, long blockSize, int rollingSize) {
        this(variant, blockSize, rollingSize, AdsmConfig.defaults());
    }

    /** The rolling size the runtime uses when none is given. */
    public static int defaultRollingSize() {
        return AdsmConfig.defaults().rollingSize();
    }

    /** These settings with another variant. */
    public RunSettings with(Variant other) {
        return new RunSettings(other, blockSize, rollingSize, base);
    }

    /**
     * The runtime configuration: the base (cost model included) with this protocol, block and rolling size, and
     * eager evictions copied when they are decided, so a run's byte counts do not depend on how far the DMA thread
     * got (decision 0120; the modelled timeline overlaps them with host work as before).
     */
    public AdsmConfig config() {
        AdsmConfig c =
                base.withBlockSize(blockSize).withRollingSize(rollingSize).withAsyncEviction(false);
        return variant.isExplicit() ? c : c.withProtocol(variant.protocol());
    }
}
