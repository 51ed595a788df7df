package dev.gmac.gpu.exec;

import java.util.Arrays;

/**
 * A copy of some lanes' registers, predicates and carry flags in every register frame of a warp: the shadow
 * register file of GPU-LocalTM (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local
 * Memory", Euro-Par 2016 Workshops, §3 "Register Checkpointing": at {@code TX_Begin} the work-items' vector
 * registers are copied to their paired shadow registers and restored when the transaction aborts). Taken with
 * {@link #take} at the start of a transaction and {@link #restore}d for the lanes that retry, so an aborted
 * attempt leaves no trace in registers. Frames entered after the checkpoint (calls inside the transaction) are
 * dead once the attempt ends and need no copy.
 *
 * <p>Not thread-safe: confined to the launch's thread, like the warp.
 */
public final class RegisterCheckpoint {
    private final Warp warp;
    private final long lanes;
    private final int frames;
    private final long[][] regs;
    private final long[][] preds;
    private final int[] functions;
    private final long carry;

    private RegisterCheckpoint(Warp warp, long lanes) {
        this.warp = warp;
        this.lanes = lanes;
        this.frames = warp.frames;
        this.regs = new long[frames][];
        this.preds = new long[frames][];
        this.functions = Arrays.copyOf(warp.frameFunction, frames);
        for (int f = 0; f < frames; f++) {
            if ((warp.frameLanes[f] & lanes) != 0) {
                regs[f] = warp.regs[f].clone();
                preds[f] = warp.preds[f].clone();
            }
        }
        this.carry = warp.carry;
    }

    /** Copies {@code lanes}' state of {@code w} now. */
    public static RegisterCheckpoint take(Warp w, long lanes) {
        return new RegisterCheckpoint(w, lanes);
    }

    /** The lanes the checkpoint holds. */
    public long lanes() {
        return lanes;
    }

    /**
     * Restores {@code restore} (a subset of {@link #lanes()}) to the values they had when the checkpoint was taken,
     * in every frame they were in then; other lanes are untouched.
     */
    public void restore(long restore) {
        restore &= lanes;
        if (restore == 0) {
            return;
        }
        Warp w = warp;
        int width = w.width;
        for (int f = 0; f < frames; f++) {
            long[] saved = regs[f];
            if (saved == null || f >= w.frames || w.frameFunction[f] != functions[f]) {
                continue; // the frame was not the lanes' then, or was reused by another function since
            }
            long[] live = w.regs[f];
            int slots = Math.min(saved.length, live.length) / width;
            for (long m = restore; m != 0; m &= m - 1) {
                int l = Long.numberOfTrailingZeros(m);
                for (int s = 0; s < slots; s++) {
                    live[s * width + l] = saved[s * width + l];
                }
            }
            long[] p = w.preds[f];
            long[] sp = preds[f];
            for (int i = 0; i < Math.min(p.length, sp.length); i++) {
                p[i] = (p[i] & ~restore) | (sp[i] & restore);
            }
        }
        w.carry = (w.carry & ~restore) | (carry & restore);
    }
}
