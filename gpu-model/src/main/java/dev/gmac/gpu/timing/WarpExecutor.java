package dev.gmac.gpu.timing;

/**
 * The functional model as the timing model drives it: the narrow seam of execute-at-issue (ARCHITECTURE.md,
 * layer 4/5; GPGPU-Sim's split between functional and performance simulation). The timing model decides which
 * CTA runs on which core and when each warp issues; the functional model computes what each instruction does.
 *
 * <p>Call protocol, per launch, all on one thread:
 *
 * <ol>
 *   <li>{@link #startCta} when the CTA dispatcher places CTA {@code ctaId} (linear, x fastest) in hardware slot
 *       {@code ctaSlot}; its warps are numbered {@code 0 .. ceil(threadsPerCta / warpSize) - 1}.
 *   <li>{@link #decode} for a warp whose previous instruction has issued (or that has just started): describe
 *       the warp's next instruction without executing it. It may be called once per instruction.
 *   <li>{@link #execute} when the timing model issues that instruction: execute it for the active lanes, fill
 *       the dynamic part of the record, advance the warp. A {@link IssueClass#BARRIER} must not block: the
 *       timing model holds the warp until every live warp of the CTA has issued its barrier. A memory
 *       instruction whose space is known only now (a generic address) may refine its class with {@link
 *       WarpInstruction#resolvedClass}. Whatever the class, {@link WarpInstruction#warpExited} reports that
 *       the warp has finished.
 *   <li>{@link #finishCta} once every warp of the CTA has exited; the slot may then be reused.
 * </ol>
 *
 * <p>Faults thrown by execute (e.g. {@code KernelFaultException}) propagate out of the timing simulation
 * unchanged.
 */
public interface WarpExecutor {
    /** Creates the functional state of CTA {@code ctaId} in hardware slot {@code ctaSlot}. */
    void startCta(int ctaId, int ctaSlot);

    /** Describes the next instruction of warp {@code warp} of the CTA in {@code ctaSlot} (static part only). */
    void decode(int ctaSlot, int warp, WarpInstruction out);

    /** Executes the instruction {@link #decode} described and fills the dynamic part of {@code inOut}. */
    void execute(int ctaSlot, int warp, WarpInstruction inOut);

    /** Releases the CTA in {@code ctaSlot}; every one of its warps has exited. */
    void finishCta(int ctaSlot);
}
