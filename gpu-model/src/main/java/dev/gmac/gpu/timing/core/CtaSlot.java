package dev.gmac.gpu.timing.core;

/**
 * One resident CTA of a core: its kernel and its warp slots (Fung thesis §2.3.1). Its barriers are the functional
 * model's, which holds and wakes the warps.
 */
final class CtaSlot {
    final int globalSlot;
    final WarpSlot[] warps;
    boolean active;
    dev.gmac.gpu.timing.TimedKernel kernel;
    int ctaId;
    int warpCount;
    int liveWarps;

    CtaSlot(int globalSlot, int maxWarps) {
        this.globalSlot = globalSlot;
        this.warps = new WarpSlot[maxWarps];
    }
}
