package dev.gmac.gpu.exec;

/**
 * The SIMT state of one CTA and how its threads are grouped for issue: the seam where divergence mechanisms plug
 * into the engine (Fung thesis Ch2-3: per-warp PDOM stacks §2.1.2, dynamic warp formation §2.4, thread block
 * compaction §3.3; GPGPU architecture slides, Part 2). One instance serves one resident CTA at a time and owns
 * the SIMT state of the whole block, so block-wide stacks and dynamic warps are possible.
 *
 * <p><b>Slots and issue groups.</b> The CTA has {@link #slots()} hardware warp contexts. A {@link #RUNNABLE}
 * slot holds one <em>issue group</em>: a PC and the threads that execute the next instruction there, given as
 * one or more <em>members</em> (a static {@link Warp}, its lanes, and the register frame they run in). Threads
 * keep their home lane (the register file is banked per lane, thesis §3.3.2), so the members' lanes are disjoint
 * and {@link #mask} (their union) identifies every thread of the group. Per-warp models have one member per group;
 * compaction or dynamic warp formation issues lanes of several static warps together.
 *
 * <p><b>Protocol.</b> The interpreter reads the group, executes instructions for it, and reports control flow
 * back: {@link #setPc} after straight-line code, {@link #branch} at a divergent branch (or at every branch when
 * {@link #reportsEveryBranch()}), {@link #reached} when the group's PC reaches {@link #watchPc}, and {@link #call},
 * {@link #ret}, {@link #exited}, barriers ({@link #waitForBlock}), {@code bar.warp.sync} ({@link #warpSync}) and
 * transactions ({@link #txBegin}, {@link #txCommit}), and wavefront yield ({@link #yieldWave}, optional). Each report returns {@link #CONTINUE} (re-read the group,
 * which may have changed) or {@link #STOP} (the slot stops issuing: it now waits, is done, or yields). The same
 * protocol serves the fast functional scheduler and the timing model (execute-at-issue).
 *
 * <p><b>Transactions.</b> Every model supports the thesis's transactional SIMT stack (§4.2.1, Fig 4.3) through
 * {@link TxScope}: {@code tx.begin} opens a scope holding the retry mask R and the running mask T; the {@link
 * TmModel} of the launch admits lanes and decides commits; failed lanes retry from the instruction after {@code
 * tx.begin} once every running lane has committed or aborted.
 *
 * <p>Implementations: {@link PdomModel} ({@code pdom}, per-warp post-dominator stacks), {@link ItsModel}
 * ({@code its}, Volta-style independent thread scheduling), {@link TbcModel} (thread block compaction, with block-wide
 * transactional entries, decision 0335) and {@link DwfModel} (dynamic warp formation, no transactions). {@link DivergenceModels} creates them by name. Not
 * thread-safe: a launch runs on one thread.
 */
public abstract class DivergenceModel {
    /** The slot has an issue group. */
    public static final int RUNNABLE = 0;
    /** The slot waits (for its block, a barrier, a transaction) and will be woken. */
    public static final int WAITING = 1;
    /** The slot will never issue again in this CTA. */
    public static final int DONE = 2;

    /** Report result: re-read the group and continue. */
    public static final int CONTINUE = 0;
    /** Report result: the slot stops issuing (waiting, done or yielding). */
    public static final int STOP = 1;

    /** The CTA this model serves (set by {@link #start}). */
    protected Cta cta;

    /** The model's name, as {@link DivergenceModels} knows it. */
    public abstract String name();

    /**
     * Begins a CTA: the valid lanes of every static warp start at {@code entryPc} in frame 0. Called for every
     * CTA the hardware slot runs; state from an earlier CTA is discarded.
     */
    public abstract void start(Cta cta, int entryPc);

    /** Hardware warp contexts of the CTA. */
    public abstract int slots();

    /** {@link #RUNNABLE}, {@link #WAITING} or {@link #DONE}. */
    public abstract int state(int slot);

    /** PC of the slot's issue group. */
    public abstract int pc(int slot);

    /** Union of the members' lanes. */
    public abstract long mask(int slot);

    /** Number of static warps in the issue group (1 for per-warp models). */
    public abstract int members(int slot);

    /** Member {@code i}'s static warp. */
    public abstract Warp member(int slot, int i);

    /** Member {@code i}'s lanes. */
    public abstract long memberLanes(int slot, int i);

    /** Member {@code i}'s register frame. */
    public abstract int memberFrame(int slot, int i);

    /** The PC whose arrival the interpreter must report with {@link #reached}, or -1. */
    public abstract int watchPc(int slot);

    /**
     * A second PC whose arrival the interpreter must report with {@link #reached}, or -1 (the default): a
     * likely-convergence point the group may reach before its reconvergence PC (thesis §3.4).
     */
    public int secondWatchPc(int slot) {
        return -1;
    }

    /**
     * True when every issue group holds lanes of one static warp only and each warp runs its transactions on its own
     * (pdom, its): a TM model that keeps per-wavefront state in the lanes' registers and serialises wavefronts
     * against each other (GPU-LocalTM) needs this. Thread block compaction (every variant: it regroups threads, and
     * synchronises the block at {@code tx.begin} and {@code tx.commit}, decision 0335) and {@code dwf} answer false.
     */
    public boolean perWarpTransactions() {
        return true;
    }

    /** True when every branch, uniform or not, must be reported with {@link #branch}. */
    public abstract boolean reportsEveryBranch();

    /**
     * True when the lanes of one static warp may run in several issue groups at once (thread block compaction and
     * dynamic warp formation, thesis §3.3.2): the timing model then tracks a group's registers in the lanes it holds,
     * even when the group is its own slot's static warp (decision 0336). False by default: a per-warp stack's
     * divergent paths share their warp's scoreboard, as the hardware's does.
     */
    public boolean splitsWarps() {
        return false;
    }

    /** The transaction the group runs in (its memory accesses go to the TM model), or null. */
    public abstract TxScope txScope(int slot);

    /**
     * The transaction member {@code i} of the group runs in, or null. The default is the group's ({@link
     * #txScope}); a model whose issue groups mix the threads of several transactions answers per member ({@code
     * tbc}: one transaction per static warp, decision 0335).
     */
    public TxScope memberTxScope(int slot, int i) {
        return txScope(slot);
    }

    /** The group moved to {@code pc} by straight-line execution or a branch all its lanes took. */
    public abstract void setPc(int slot, int pc);

    /**
     * A branch at the group's PC: lanes of {@code taken} (a subset of the group's mask) go to {@code target},
     * the other lanes to {@code fallthrough}; {@code rpc} is the branch's immediate post-dominator.
     */
    public abstract int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform);

    /** The group's PC reached {@link #watchPc}. */
    public abstract int reached(int slot);

    /**
     * The group calls a function: it resumes at {@code returnPc} later, the callee runs from {@code entryPc} in
     * member {@code i}'s frame {@code calleeFrames[i]}.
     */
    public abstract int call(int slot, int entryPc, int returnPc, int[] calleeFrames);

    /** The group reached its function's exit in a callee frame: return to the caller. */
    public abstract int ret(int slot);

    /** True when the group runs in a callee frame (its function exit returns instead of ending the threads). */
    public abstract boolean inCall(int slot);

    /** {@code lanes} of the group exited; the group continues with the rest, if any. */
    public abstract int exited(int slot, long lanes);

    /**
     * The lanes that count as arriving at a CTA barrier when {@code executing} lanes of the group execute it,
     * or throws the model's barrier-divergence fault (through {@code fault}).
     */
    public abstract long barrierLanes(int slot, long executing, BarrierFault fault);

    /**
     * How many threads count as arriving at CTA barrier {@code id} when {@code executing} lanes of the group
     * execute it (called before they are counted). The default counts {@link #barrierLanes}; a block-wide model
     * may add threads that wait elsewhere for good (parked at the kernel's exit), counted once per barrier.
     */
    public int barrierArrivals(int slot, int id, long executing, BarrierFault fault) {
        return Long.bitCount(barrierLanes(slot, executing, fault));
    }

    /** The group waits at CTA barrier {@code id}, resuming at {@code resumePc} once it is released. */
    public abstract int waitForBlock(int slot, int id, int resumePc);

    /** True when the slot waits at a CTA barrier (the timing model adds the barrier's release latency). */
    public abstract boolean waitsAtBarrier(int slot);

    /** CTA barrier {@code id} was released: groups of {@code slot} waiting there may run again. */
    public abstract void barrierReleased(int slot, int id);

    /** {@code bar.warp.sync}: lanes {@code members} of the group's warp reconverge; resume at {@code resumePc}. */
    public abstract int warpSync(int slot, long members, int resumePc);

    /** {@code tx.begin}: the group opens a transaction whose body starts at {@code bodyPc}. */
    public abstract int txBegin(int slot, int bodyPc);

    /** {@code tx.commit}: the group's running lanes try to commit; the transaction ends at {@code afterPc}. */
    public abstract int txCommit(int slot, int afterPc);

    /** The TM model woke {@code slot} (a lock it waited for is free, a commit outcome arrived). */
    public abstract void txWake(int slot);

    /**
     * The TM model aborts {@code lanes} of the slot's running transaction attempt now, before they reach {@code
     * tx.commit}: a watchdog found them doomed, or a committer aborted them (Fung thesis §4.2.2, opacity by
     * sandboxing; Ideal TM's instant abort of conflictors, §4.1). The lanes leave every entry of the attempt and
     * join the retry set through {@link TxScope#abortRunning}; if no lane of the attempt is left running the
     * attempt ends as at {@code tx.commit} (the retry set restarts), and if the rest already wait at {@code
     * tx.commit} their commit proceeds. Lanes that are not running in the slot's current attempt, and a slot whose
     * transaction waits for the TM model, are left alone. Returns {@link #CONTINUE} or {@link #STOP}.
     */
    public abstract int txAbort(int slot, long lanes);

    /**
     * As {@link #txAbort(int, long)}, for {@code lanes} of transaction {@code scope}, which may be a member's
     * ({@link #memberTxScope}) rather than the group's; the lanes may also run in other slots' groups. The default
     * aborts them in the slot's group.
     */
    public int txAbort(int slot, TxScope scope, long lanes) {
        return txAbort(slot, lanes);
    }

    /**
     * {@code yield.wave}: the CTA's only wavefront (slot 0) gives up its hardware context (Orr et al., ISCA 2014,
     * §6); it resumes at {@code resumePc} with its SIMT state unchanged once {@link #resumeWave} is called. The slot
     * waits meanwhile (not at a barrier). A model that cannot hold a wavefront's state while it is away keeps the
     * default, which refuses: the interpreter turns that into a fault naming the model.
     *
     * @return {@link #STOP}
     * @throws UnsupportedOperationException when the model does not support wavefront yield
     */
    public int yieldWave(int slot, int resumePc) {
        throw new UnsupportedOperationException(
                "the " + name() + " divergence model does not support wavefront" + " yield (yield.wave); use pdom");
    }

    /** The wavefront of {@code slot}, yielded by {@link #yieldWave}, was restarted: it may issue again. */
    public void resumeWave(int slot) {
        throw new UnsupportedOperationException(
                "the " + name() + " divergence model does not support wavefront" + " yield (yield.wave); use pdom");
    }

    /** Deepest SIMT state since {@link #start} (stack entries, or paths for {@code its}). */
    public abstract int maxDepth();

    /** A human-readable picture of the slot's SIMT state, bottom first (golden traces, fault messages). */
    public abstract String describe(int slot);

    /** Raises a barrier-divergence fault for a model (the interpreter supplies the kernel, line and thread). */
    @FunctionalInterface
    public interface BarrierFault {
        RuntimeException divergent(long arriving, long missing);
    }
}
