package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * A resident cooperative thread array (thread block) in one hardware CTA slot: its static warps, its divergence
 * model (which owns the SIMT state of the whole block), its shared memory (the static variables of its kernel, then
 * the dynamic {@code extern .shared} area) and its 16 named barriers (Fung thesis §2.1.1: a CTA shares a
 * scratchpad and a hardware barrier).
 *
 * <p>Barrier rule (the one barrier implementation of the engine, used by the functional scheduler and the timing
 * model alike): a barrier completes when the threads that arrived reach its thread count, or, without a count,
 * every thread of the CTA that has not exited. Which lanes count as arriving is the divergence model's decision
 * (a pre-Volta warp arrives as a unit; an independently scheduled path arrives with its own lanes). Exited threads
 * are not waited for (as on hardware). A released barrier wakes the slots waiting at it.
 */
public final class Cta {
    static final int BARRIERS = 16;

    final KernelLaunch launch;
    /** The hardware CTA slot; changes only when a yielded CTA resumes in another slot ({@link KernelLaunch#resume}). */
    int slot;

    final DivergenceModel simt;
    Dim3 ctaId;
    long linearId;
    final Warp[] warps;
    byte[] shared;
    int sharedSize;
    int liveThreads;
    boolean active;
    /** Save area of the wavefront's last {@code yield.wave}, or 0 when it never yielded. */
    long yieldArea;
    /** Bytes that yield wrote to {@link #yieldArea}. */
    int yieldBytes;
    /** True from a {@code yield.wave} until the issue that executed it has reported it. */
    boolean yieldPending;

    final int[] arrived = new int[BARRIERS];
    final int[] expected = new int[BARRIERS];
    /** Per barrier: bit s set when warp slot s has a group waiting there. */
    final long[] waitingSlots = new long[BARRIERS];

    final int[] redPopc = new int[BARRIERS];
    final boolean[] redAnd = new boolean[BARRIERS];
    final boolean[] redOr = new boolean[BARRIERS];
    /** Per barrier: the {@code bar.red} arrivals whose destination gets the reduction at release. */
    final List<List<RedArrival>> redArrivals = new ArrayList<>();

    /** A {@code bar.red} arrival: the instruction and the lanes of a warp (in a frame) that receive the result. */
    record RedArrival(Insn insn, Warp warp, int frame, long lanes) {}

    Cta(KernelLaunch launch, int slot, Warp[] warps, DivergenceModel simt) {
        this.launch = launch;
        this.slot = slot;
        this.warps = warps;
        this.simt = simt;
        for (int i = 0; i < BARRIERS; i++) {
            redArrivals.add(new ArrayList<>());
        }
    }

    /** The CTA coordinates in the grid. */
    public Dim3 ctaId() {
        return ctaId;
    }

    /** The CTA's linear index in the grid (x fastest). */
    public long linearId() {
        return linearId;
    }

    /** The hardware CTA slot it occupies. */
    public int slot() {
        return slot;
    }

    /** The CTA's static warps. */
    public List<Warp> warps() {
        return List.of(warps);
    }

    /** The divergence model holding the CTA's SIMT state. */
    public DivergenceModel simt() {
        return simt;
    }

    /**
     * The CTA's physical shared memory: the kernel's {@link #kernelSharedBytes()} bytes first, then the metadata
     * its launch's TM model keeps there ({@link TmModel#sharedFootprint}; GPU-LocalTM's shadow memory). Only a TM
     * model writes beyond the kernel's bytes; kernel accesses there fault. Confined to the launch's thread.
     */
    public byte[] physicalShared() {
        return shared;
    }

    /** Bytes of shared memory the kernel sees (its accesses beyond them fault). */
    public int kernelSharedBytes() {
        return sharedSize;
    }

    /** True when every thread exited. */
    public boolean finished() {
        return liveThreads == 0;
    }

    void resetBarriers() {
        for (int i = 0; i < BARRIERS; i++) {
            arrived[i] = 0;
            expected[i] = 0;
            waitingSlots[i] = 0;
            redPopc[i] = 0;
            redAnd[i] = true;
            redOr[i] = false;
            redArrivals.get(i).clear();
        }
    }

    /** True when barrier {@code id} has everything it waits for. */
    boolean barrierComplete(int id) {
        int need = expected[id] > 0 ? expected[id] : liveThreads;
        return arrived[id] >= need;
    }

    /**
     * A {@code bar.red} contribution to barrier {@code id}: {@code executing} lanes of {@code w} (in register frame
     * {@code frame}) with predicate {@code pred}; they receive the reduction when the barrier is released.
     */
    void addReduction(int id, Insn in, Warp w, int frame, long executing, long pred) {
        pred &= executing;
        redPopc[id] += Long.bitCount(pred);
        redAnd[id] &= pred == executing;
        redOr[id] |= pred != 0;
        redArrivals.get(id).add(new RedArrival(in, w, frame, executing));
    }

    /**
     * {@code lanes} threads arrive at barrier {@code id} (with thread count {@code count}, 0 for all). Returns true
     * when the barrier completed (and was released).
     */
    boolean arrive(int id, int count, int lanes) {
        if (arrived[id] == 0) {
            expected[id] = count;
        }
        arrived[id] += lanes;
        if (barrierComplete(id)) {
            release(id);
            return true;
        }
        return false;
    }

    /** Marks warp slot {@code s} as waiting at barrier {@code id}. */
    void waitAt(int id, int s) {
        waitingSlots[id] |= 1L << s;
    }

    /** Releases barrier {@code id}: delivers {@code bar.red} results and wakes the waiting slots. */
    void release(int id) {
        for (RedArrival a : redArrivals.get(id)) {
            deliverReduction(a, id);
        }
        redArrivals.get(id).clear();
        long slots = waitingSlots[id];
        arrived[id] = 0;
        expected[id] = 0;
        waitingSlots[id] = 0;
        redPopc[id] = 0;
        redAnd[id] = true;
        redOr[id] = false;
        for (long m = slots; m != 0; m &= m - 1) {
            int s = Long.numberOfTrailingZeros(m);
            simt.barrierReleased(s, id);
            launch.slotWoken(this, s, true);
        }
        launch.progress();
    }

    private void deliverReduction(RedArrival a, int id) {
        Insn in = a.insn();
        Warp w = a.warp();
        if (in.sub == Op.B_RED_POPC) {
            long[] r = w.regs[a.frame()];
            for (long m = a.lanes(); m != 0; m &= m - 1) {
                r[in.d + Long.numberOfTrailingZeros(m)] = redPopc[id];
            }
        } else {
            long[] p = w.preds[a.frame()];
            boolean v = in.sub == Op.B_RED_AND ? redAnd[id] : redOr[id];
            p[in.d] = (p[in.d] & ~a.lanes()) | (v ? a.lanes() : 0);
        }
    }

    /** Re-checks barriers after threads exited. */
    void checkBarriers() {
        for (int id = 0; id < BARRIERS; id++) {
            if (arrived[id] > 0 && barrierComplete(id)) {
                release(id);
            }
        }
    }
}
