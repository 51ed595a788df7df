package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.exec.RegisterCheckpoint;
import dev.gmac.gpu.exec.TxScope;
import dev.gmac.gpu.exec.Warp;
import java.util.Arrays;

/**
 * One wavefront's dynamic transaction under GPU-LocalTM (Villegas et al., Euro-Par 2016 Workshops, §3 "Transactional
 * SIMT Execution", "Forward Progress", "Register Checkpointing"): the transaction conflict mask (TCM) of the current
 * attempt, beside the engine's running and retry masks ({@link TxScope}); the register checkpoint taken at {@code
 * TX_Begin}; the mode of the attempt and the TCM history that detects a livelock; and an undo log of the work-items'
 * private (local-space) stores, which, like registers, must not survive an aborted attempt.
 */
final class WavefrontTx {
    final TxScope scope;
    final Warp warp;
    final WorkGroupTm group;
    final RegisterCheckpoint checkpoint;
    TxMode mode = TxMode.TX;
    /** Lanes of the current attempt (0 between attempts). */
    long running;
    /** The transaction conflict mask of the current attempt: lanes that aborted and are disabled. */
    long tcm;
    /** Normal-mode attempts finished since the transaction started or left a serialisation mode. */
    int streak;
    /** The TCM at the end of the previous normal-mode attempt. */
    long lastTcm;
    /** True once an attempt of this wavefront transaction ran under WfS: counted once. */
    boolean reachedWfs;
    /** True once an attempt of this wavefront transaction ran under WgS: counted once. */
    boolean reachedWgs;
    /** The work-item that runs alone under WfS and WgS. */
    int selectedLane = -1;
    /** Attempts started so far. */
    int attempts;
    /** True while the wavefront waits at TX_Begin for another wavefront's WgS. */
    boolean stalled;
    /**
     * True when another wavefront's WgS rolled the current attempt back: it returns to {@code TX_Begin} without
     * reaching {@code TX_Commit}, where the hardware compares TCMs, so it is no re-execution for livelock detection.
     */
    boolean rolledBack;

    /** Per lane, the accesses of its current attempt, while a launch records a journal (else unused). */
    private LaneJournal[] journals;

    private long[] undoAddr = new long[0];
    private long[] undoOld = new long[0];
    private int[] undoLane = new int[0];
    private byte[] undoSize = new byte[0];
    private int undoCount;

    WavefrontTx(TxScope scope, Warp warp, WorkGroupTm group, long lanes) {
        this.scope = scope;
        this.warp = warp;
        this.group = group;
        this.checkpoint = RegisterCheckpoint.take(warp, lanes);
    }

    /** The linear work-item id of {@code lane} in the work-group (the owner byte's value). */
    /** {@code lane}'s journal of the current attempt. */
    LaneJournal journal(int lane) {
        if (journals == null) {
            journals = new LaneJournal[64];
        }
        if (journals[lane] == null) {
            journals[lane] = new LaneJournal();
        }
        return journals[lane];
    }

    int workItem(int lane) {
        return warp.index() * warp.width() + lane;
    }

    /** Lanes still running in the current attempt (running and not in the TCM). */
    long live() {
        return running & ~tcm;
    }

    /** Remembers the old value of a local-space store of {@code lane}, to undo it if the attempt aborts. */
    void logLocal(int lane, long addr, int size, long old) {
        if (undoCount == undoAddr.length) {
            int n = Math.max(8, 2 * undoCount);
            undoAddr = Arrays.copyOf(undoAddr, n);
            undoOld = Arrays.copyOf(undoOld, n);
            undoLane = Arrays.copyOf(undoLane, n);
            undoSize = Arrays.copyOf(undoSize, n);
        }
        undoAddr[undoCount] = addr;
        undoOld[undoCount] = old;
        undoLane[undoCount] = lane;
        undoSize[undoCount] = (byte) size;
        undoCount++;
    }

    /** A sink for undone local stores. */
    interface LocalStore {
        void store(int lane, long addr, int size, long value);
    }

    /** Undoes {@code lane}'s logged local stores, newest first, and forgets them. */
    void undoLocal(int lane, LocalStore sink) {
        int keep = 0;
        for (int i = undoCount - 1; i >= 0; i--) {
            if (undoLane[i] == lane) {
                sink.store(lane, undoAddr[i], undoSize[i], undoOld[i]);
            }
        }
        for (int i = 0; i < undoCount; i++) {
            if (undoLane[i] != lane) {
                undoAddr[keep] = undoAddr[i];
                undoOld[keep] = undoOld[i];
                undoLane[keep] = undoLane[i];
                undoSize[keep] = undoSize[i];
                keep++;
            }
        }
        undoCount = keep;
    }

    /** Forgets the logged local stores of {@code lanes} (they committed). */
    void forgetLocal(long lanes) {
        int keep = 0;
        for (int i = 0; i < undoCount; i++) {
            if ((lanes & (1L << undoLane[i])) == 0) {
                undoAddr[keep] = undoAddr[i];
                undoOld[keep] = undoOld[i];
                undoLane[keep] = undoLane[i];
                undoSize[keep] = undoSize[i];
                keep++;
            }
        }
        undoCount = keep;
    }
}
