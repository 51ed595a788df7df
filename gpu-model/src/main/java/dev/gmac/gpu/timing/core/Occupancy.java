package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.KernelResources;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.config.CoreConfig;

/**
 * How many CTAs of a kernel one core holds at once, and which resource limits it (Fung thesis §2.3.1: the
 * launch unit places CTAs while the core's threads, registers, shared memory and CTA slots allow). Threads and
 * registers are allocated per whole warp.
 *
 * @param ctasPerCore resident CTAs per core (at least 1)
 * @param limitedBy   the resource that sets the limit: {@code threads}, {@code registers}, {@code sharedMemory}
 *                    or {@code ctaSlots}
 */
public record Occupancy(int ctasPerCore, String limitedBy) {

    /**
     * The occupancy of {@code kernel} on {@code core}.
     *
     * @throws TimingException when one CTA does not fit in a core at all
     */
    public static Occupancy of(CoreConfig core, KernelResources kernel, String presetName) {
        int warps = kernel.warpsPerCta(core.warpSize());
        long threads = (long) warps * core.warpSize();
        long registers = threads * kernel.registersPerThread();
        int byThreads = (int) (core.maxThreads() / threads);
        int byRegisters = registers == 0 ? Integer.MAX_VALUE : (int) (core.registers() / registers);
        int byShared = kernel.sharedBytesPerCta() == 0
                ? Integer.MAX_VALUE
                : (int) ((long) core.sharedBytes() / kernel.sharedBytesPerCta());
        int bySlots = core.maxCtas();
        int n = bySlots;
        String limit = "ctaSlots";
        if (byThreads < n) {
            n = byThreads;
            limit = "threads";
        }
        if (byRegisters < n) {
            n = byRegisters;
            limit = "registers";
        }
        if (byShared < n) {
            n = byShared;
            limit = "sharedMemory";
        }
        if (n < 1) {
            throw new TimingException(tooBig(core, kernel, presetName, limit, threads, registers));
        }
        return new Occupancy(n, limit);
    }

    private static String tooBig(
            CoreConfig core, KernelResources k, String preset, String limit, long threads, long registers) {
        String what;
        switch (limit) {
            case "threads":
                what = threads + " threads per CTA (as whole warps) but a core holds " + core.maxThreads();
                break;
            case "registers":
                what = registers + " registers per CTA (" + k.registersPerThread() + " per thread) but a core has "
                        + core.registers();
                break;
            default:
                what = k.sharedBytesPerCta() + " bytes of shared memory per CTA but a core has " + core.sharedBytes();
                break;
        }
        return "kernel " + k.name() + " cannot run on preset " + preset + ": it needs " + what
                + "; use smaller blocks or a preset with larger cores";
    }
}
