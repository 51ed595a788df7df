package dev.gmac.gpu.timing.core;

/**
 * One resident CTA: its warps and the state of its barrier (Fung thesis §2.3.1: the barrier is implemented in
 * the scoreboard and scheduler and releases a few cycles after the last warp arrives).
 */
final class CtaSlot {
    final int globalSlot;
    final WarpSlot[] warps;
    boolean active;
    int ctaId;
    int warpCount;
    int liveWarps;
    int arrived;

    CtaSlot(int globalSlot, int maxWarps) {
        this.globalSlot = globalSlot;
        this.warps = new WarpSlot[maxWarps];
    }
}
