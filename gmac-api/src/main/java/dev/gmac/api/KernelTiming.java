package dev.gmac.api;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;

/**
 * How the runtime runs a kernel: on the functional model only, or under a timing preset of the software GPU,
 * which gives the kernel's cycles and so its modelled time (the "GPU" of the ADSM paper's Figure 10, §5.1).
 * The one place in gmac-api that uses the timing model's launch API ({@link TimedLaunch}), so that API can
 * change in one place.
 *
 * <p>Each timed launch gets a fresh {@link TimingSimulator}: kernels are timed independently and the same
 * launch always takes the same cycles.
 */
final class KernelTiming {
    private static final KernelTiming UNTIMED = new KernelTiming(null);

    private final TimingConfig config;

    private KernelTiming(TimingConfig config) {
        this.config = config;
    }

    /** The timing of {@code preset} (a shipped name or a preset file), or untimed for null. */
    static KernelTiming of(String preset) {
        return preset == null ? UNTIMED : new KernelTiming(load(preset));
    }

    /** Checks that {@code preset} loads; an {@link AdsmException} names the shipped presets otherwise. */
    static void check(String preset) {
        load(preset);
    }

    private static TimingConfig load(String preset) {
        try {
            return TimingPresets.load(preset);
        } catch (RuntimeException e) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_CONFIGURATION,
                    "no timing preset '" + preset + "' (shipped: " + TimingPresets.names() + ", or a preset file): "
                            + e.getMessage(),
                    e);
        }
    }

    /** Whether kernels are timed. */
    boolean timed() {
        return config != null;
    }

    /** The preset's name, or null. */
    String preset() {
        return config == null ? null : config.name();
    }

    /** {@code gpu} with room for the preset's resident CTAs (the timing model needs that many). */
    GpuConfig gpuConfig(GpuConfig gpu) {
        if (config == null) {
            return gpu;
        }
        int slots = new TimingSimulator(config).ctaSlots();
        return gpu.maxResidentCtas() >= slots
                ? gpu
                : gpu.toBuilder().maxResidentCtas(slots).build();
    }

    /** What one launch did: the functional statistics, and the cycles and seconds of the timing model (0 untimed). */
    record Outcome(LaunchStats functional, long cycles, double seconds) {}

    /** Runs a launch that {@link SoftwareGpu#prepare} accepted (on the calling thread). */
    Outcome run(
            SoftwareGpu gpu,
            PtxModule module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int dynamicSharedBytes,
            long[] args) {
        if (config == null) {
            return new Outcome(
                    gpu.prepare(module, kernel, grid, block, dynamicSharedBytes, args)
                            .run(),
                    0,
                    0);
        }
        TimedLaunch.Result result = TimedLaunch.run(
                gpu, new TimingSimulator(config), module, kernel, grid, block, dynamicSharedBytes, args);
        long cycles = result.timing().cycles();
        return new Outcome(
                result.functional(), cycles, cycles / (config.clocks().coreMhz() * 1e6));
    }
}
