package dev.gmac.gpu.timing.core;

/**
 * One resident CTA of a core: its kernel and its warp slots (Fung thesis §2.3.1). Its barriers are the functional
 * model's, which holds and wakes the warps.
 */
final class CtaSlot {
    final int globalSlot;
    final int localIndex;
    final WarpSlot[] warps;
    boolean active;
    /** Dispatch order on the core (block prioritization, thesis §3.6.2). */
    long age;

    dev.gmac.gpu.timing.TimedKernel kernel;
    int ctaId;
    int warpCount;
    int liveWarps;

    CtaSlot(int globalSlot, int localIndex, int maxWarps) {
        this.globalSlot = globalSlot;
        this.localIndex = localIndex;
        this.warps = new WarpSlot[maxWarps];
    }
}
