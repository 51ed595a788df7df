package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;

/**
 * A transactional-memory model: the seam where a TM design plugs into the engine (Fung thesis Ch4-6: the serial
 * baseline, Ideal TM, Kilo TM, WarpTM, temporal conflict detection; GPU-LocalTM). One instance serves one launch
 * ({@link TmModels#create}); the launch's {@link MemoryPort} sends it every access that a lane inside a
 * transaction makes, and the {@link DivergenceModel}'s transactional stack ({@link TxScope}) asks it to admit lanes
 * at each attempt and to decide each commit.
 *
 * <p>A model may decide later than asked (a lock granted after an interconnect round trip, a commit outcome from
 * the timing model's commit units): {@link #begin} then returns 0 and {@link #commit} false, and the model calls
 * {@link TxScope#wake()} once it knows, after which the engine asks again. This is how the timing model reports
 * back to the functional model: a lazy TM's result may depend on timing.
 */
public interface TmModel {
    /** The model's name, as {@link TmModels} knows it. */
    String name();

    /** Called once, before the launch runs. */
    void attach(KernelLaunch launch);

    /**
     * The bytes of shared memory one CTA occupies under this model when its kernel declares {@code kernelBytes}: a
     * model that keeps metadata in shared memory (GPU-LocalTM's shadow memory, Villegas et al., Euro-Par 2016
     * Workshops, §3 "Version Management" and §4 "Storage Overhead") asks for more, which the launch allocates after
     * the kernel's own bytes and charges to occupancy; the kernel itself still sees only {@code kernelBytes}.
     * Called before {@link #attach}.
     */
    default int sharedFootprint(int kernelBytes) {
        return kernelBytes;
    }

    /**
     * Lanes {@code lanes} of {@code scope}'s group start an attempt (the first, or a retry). Returns the lanes
     * admitted now (a subset); the others stay in R. Returning 0 makes the group wait for {@link TxScope#wake()}.
     */
    long begin(TxScope scope, long lanes);

    /** A transactional load of {@code size} bytes by {@code lane} of {@code w} (space-relative address). */
    long load(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size);

    /** A transactional store. */
    void store(TxScope scope, Warp w, int lane, Insn in, int space, long addr, int size, long value);

    /** A transactional atomic; returns the old value. */
    long atomic(TxScope scope, Warp w, int lane, Insn in, int space, long addr, long b, long c);

    /**
     * A transactional memory instruction {@code in} of {@code w} starts for {@code lanes} (called once per member
     * warp and issue, before the per-lane {@link #load}, {@link #store} or {@link #atomic} calls): a logging model
     * starts a new log row here (Fung thesis §4.2.4: one row per warp access, with void entries for the lanes that
     * do not access).
     */
    default void access(TxScope scope, Warp w, Insn in, long lanes) {}

    /**
     * The group of {@code scope} issued {@code warpInstructions} instructions inside its running attempt. Returns
     * the running lanes to abort now (0 for none): a watchdog that forces a validation of a long attempt (Fung
     * thesis §4.2.2), lanes a committer doomed (Ideal TM), lanes whose faults were sandboxed. The engine aborts
     * them with {@link DivergenceModel#txAbort}.
     */
    default long ran(TxScope scope, int warpInstructions) {
        return 0;
    }

    /**
     * Lanes {@code lanes} (the running lanes) reached {@code tx.commit}. Returns true with {@link
     * TxScope#committed(long)} set when the outcome is known, or false when the group must wait for {@link
     * TxScope#wake()}.
     */
    boolean commit(TxScope scope, long lanes);
}
