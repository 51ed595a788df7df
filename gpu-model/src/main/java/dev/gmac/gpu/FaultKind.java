package dev.gmac.gpu;

/** Why a kernel stopped with a {@link KernelFaultException}. */
public enum FaultKind {
    /** A load, store or atomic outside every allocation of its memory space. */
    OUT_OF_BOUNDS,
    /** An access whose address is not a multiple of its size. */
    MISALIGNED,
    /** A barrier that not every thread of the CTA (or of its thread count) reaches. */
    BARRIER_DIVERGENCE,
    /** Every remaining warp is blocked and none can ever continue. */
    DEADLOCK,
    /** No progress (no thread finished, no barrier released, no memory changed) within the watchdog budget. */
    WATCHDOG,
    /** An instruction that cannot run with these operands (for example an unsupported generic address space). */
    INVALID_INSTRUCTION,
    /** The kernel executed {@code trap} or {@code brkpt}. */
    TRAP,
    /** A device {@code assert} failed (nvcc's call of {@code __assertfail}): the message names its expression. */
    ASSERTION,
    /** A device {@code free} of a pointer that the launch's device {@code malloc} did not return, or freed twice. */
    INVALID_FREE,
    /** A device-function call chain or {@code .local} frame outgrew the per-thread local memory limit. */
    STACK_OVERFLOW
}
