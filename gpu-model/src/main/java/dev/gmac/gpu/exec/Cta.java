package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import java.util.ArrayList;
import java.util.List;

/**
 * A resident cooperative thread array (thread block): its warps, its shared memory (static variables of the
 * module, then the dynamic {@code extern .shared} area) and its 16 named barriers (Fung thesis §2.1.1: a CTA
 * shares a scratchpad and a hardware barrier; warps are counted at warp granularity).
 *
 * <p>Barrier rule: a barrier completes when the threads that arrived reach its thread count, or, without a
 * count, every thread of the CTA that has not exited. Exited threads are not waited for (as on hardware).
 */
public final class Cta {
    static final int BARRIERS = 16;

    final KernelLaunch launch;
    final int slot;
    Dim3 ctaId;
    long linearId;
    final Warp[] warps;
    byte[] shared;
    int sharedSize;
    int liveThreads;
    int doneWarps;

    final int[] arrived = new int[BARRIERS];
    final int[] expected = new int[BARRIERS];
    final List<List<Warp>> waiting = new ArrayList<>();
    final int[] redPopc = new int[BARRIERS];
    final boolean[] redAnd = new boolean[BARRIERS];
    final boolean[] redOr = new boolean[BARRIERS];

    Cta(KernelLaunch launch, int slot, Warp[] warps) {
        this.launch = launch;
        this.slot = slot;
        this.warps = warps;
        for (int i = 0; i < BARRIERS; i++) {
            waiting.add(new ArrayList<>());
        }
    }

    /** The CTA coordinates in the grid. */
    public Dim3 ctaId() {
        return ctaId;
    }

    /** The CTA's warps. */
    public List<Warp> warps() {
        return List.of(warps);
    }

    /** True when every warp finished. */
    public boolean finished() {
        return doneWarps == warps.length;
    }

    void resetBarriers() {
        for (int i = 0; i < BARRIERS; i++) {
            arrived[i] = 0;
            expected[i] = 0;
            waiting.get(i).clear();
            redPopc[i] = 0;
            redAnd[i] = true;
            redOr[i] = false;
        }
    }

    /** True when barrier {@code id} has everything it waits for. */
    boolean barrierComplete(int id) {
        int need = expected[id] > 0 ? expected[id] : liveThreads;
        return arrived[id] >= need;
    }
}
