package dev.gmac.gpu.timing;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;

/**
 * The functional model as the timing model drives it: the narrow seam of execute-at-issue (GPGPU-Sim's split
 * between functional and performance simulation; Fung thesis §2.3.3). The timing model decides which CTA runs on
 * which core and when each warp slot issues; the functional model computes what each instruction does, owns the
 * CTA's barriers and SIMT state, and obeys the timing model's placement.
 *
 * <p>Call protocol, per launch, all on one thread:
 *
 * <ol>
 *   <li>{@link #onWake} once, before the first CTA: the functional model reports through it every waiting slot it
 *       wakes (a released barrier, a transaction decided).
 *   <li>{@link #startCta} when a dispatcher places CTA {@code ctaId} (linear, x fastest) in hardware slot {@code
 *       ctaSlot}; its warp slots are numbered {@code 0 .. ceil(threadsPerCta / warpSize) - 1}.
 *   <li>{@link #decode} for a slot whose previous instruction has issued (or that has just started or been woken):
 *       describe the slot's next instruction without executing it. It may be called once per instruction.
 *   <li>{@link #execute} when the timing model issues that instruction: execute it, fill the dynamic part of the
 *       record, advance the slot. A memory instruction whose space is known only now (a generic address) may refine
 *       its class with {@link IssueRecord#resolvedClass}. {@link IssueRecord#slotWaits} reports that the slot now
 *       waits until woken; {@link IssueRecord#warpExited} that it will never issue again.
 *   <li>{@link #finishCta} once every warp slot of the CTA has exited; the hardware slot may then be reused.
 *   <li>For a wavefront that yielded ({@link IssueRecord#hasYielded()}): {@link #parkCta} when the timing model
 *       frees its slot, {@link #resumeCta} when a control processor restarts it (possibly in another slot of the
 *       same core).
 * </ol>
 *
 * <p>Faults thrown by execute (e.g. {@code KernelFaultException}) propagate out of the timing simulation unchanged.
 * A {@link IssueClass#BARRIER} instruction needs no special handling by the timing model beyond {@link
 * IssueRecord#slotWaits}.
 */
public interface WarpExecutor {
    /** Registers the timing model's wake-up callback. */
    default void onWake(WarpWaker waker) {}

    /** Creates the functional state of CTA {@code ctaId} in hardware slot {@code ctaSlot}. */
    void startCta(int ctaId, int ctaSlot);

    /**
     * Describes the next instruction of warp slot {@code warp} of the CTA in {@code ctaSlot} (static part only). A
     * slot that holds no warp to run (a regrouping divergence model woke it without an issue group, or its block is
     * done) is described with PC -1: issuing it executes nothing and only reports that the slot waits or exited.
     */
    void decode(int ctaSlot, int warp, IssueRecord out);

    /** Executes the instruction {@link #decode} described and fills the dynamic part of {@code inOut}. */
    void execute(int ctaSlot, int warp, IssueRecord inOut);

    /** Releases the CTA in {@code ctaSlot}; every one of its warp slots has exited. */
    void finishCta(int ctaSlot);

    /**
     * The CTA in {@code ctaSlot}, whose only wavefront reported {@link IssueRecord#hasYielded()}, leaves its
     * hardware slot (wavefront yield, Orr et al., ISCA 2014, §6): returns its functional state, which {@link
     * #resumeCta} takes back; the slot may hold another CTA meanwhile. The default refuses.
     */
    default Object parkCta(int ctaSlot) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support wavefront yield");
    }

    /** Puts a CTA returned by {@link #parkCta} into the free hardware slot {@code ctaSlot}; it issues again. */
    default void resumeCta(Object parked, int ctaSlot) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support wavefront yield");
    }
}
