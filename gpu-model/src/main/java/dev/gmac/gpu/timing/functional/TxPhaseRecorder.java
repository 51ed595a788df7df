package dev.gmac.gpu.timing.functional;

import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.tm.local.PhaseBreakdown;
import dev.gmac.gpu.tm.local.TxPhase;
import java.util.Arrays;

/**
 * Charges every wavefront's time to the phase of what it last issued, for GPU-LocalTM's execution breakdown
 * (Villegas et al., Euro-Par 2016 Workshops, Fig 6): the interval from one issue of a wavefront to its next goes to
 * the first instruction's {@link TxPhase}. It sits in the timing loop as a passive {@link Agent} only to read the
 * simulated clock; it never has work of its own.
 */
final class TxPhaseRecorder implements Agent {
    private final PhaseBreakdown breakdown;
    private final int warpsPerCta;
    private long[] last = new long[0];
    private byte[] phase = new byte[0];
    private GpuControl gpu;

    TxPhaseRecorder(PhaseBreakdown breakdown, int warpsPerCta) {
        this.breakdown = breakdown;
        this.warpsPerCta = warpsPerCta;
    }

    @Override
    public String name() {
        return "localtm-phases";
    }

    @Override
    public void attach(GpuControl gpu) {
        this.gpu = gpu;
    }

    @Override
    public long nextActive() {
        return Long.MAX_VALUE;
    }

    @Override
    public long doWork(long cycle) {
        return 0;
    }

    @Override
    public boolean finished() {
        return true;
    }

    /** Warp {@code warp} of the CTA in {@code ctaSlot} issued {@code rec}; {@code inTx} when it ran in a transaction. */
    void issued(int ctaSlot, int warp, IssueRecord rec, boolean inTx) {
        int i = ctaSlot * warpsPerCta + warp;
        grow(i);
        long now = gpu.cycle();
        if (last[i] >= 0) {
            breakdown.add(TxPhase.values()[phase[i]], Math.max(0, now - last[i]));
        }
        last[i] = now;
        phase[i] = (byte) classify(rec, inTx).ordinal();
    }

    /** The CTA in {@code ctaSlot} started: its wavefronts have issued nothing yet. */
    void ctaStarted(int ctaSlot) {
        int from = ctaSlot * warpsPerCta;
        grow(from + warpsPerCta - 1);
        Arrays.fill(last, from, from + warpsPerCta, -1);
    }

    private void grow(int i) {
        if (i >= last.length) {
            int old = last.length;
            int n = Math.max(i + 1, 2 * old);
            last = Arrays.copyOf(last, n);
            phase = Arrays.copyOf(phase, n);
            Arrays.fill(last, old, n, -1);
        }
    }

    private static TxPhase classify(IssueRecord rec, boolean inTx) {
        int op = rec.insn == null ? -1 : rec.insn.op;
        if (rec.slotWaits() && !rec.barrierWait() && (inTx || op == Op.TX_BEGIN)) {
            // the wavefront waits at TX_Begin for another's WgS: it got there from TX_Begin, from TX_Commit's retry,
            // or from the instruction after which that WgS rolled its attempt back
            return TxPhase.SERIAL_WAIT;
        }
        if (op == Op.TX_BEGIN) {
            return TxPhase.TX_BEGIN;
        }
        if (op == Op.TX_COMMIT) {
            return TxPhase.TX_COMMIT;
        }
        if (!inTx) {
            return TxPhase.NON_TX;
        }
        return rec.isMemory() ? TxPhase.TX_MEMORY : TxPhase.TX_COMPUTE;
    }
}
