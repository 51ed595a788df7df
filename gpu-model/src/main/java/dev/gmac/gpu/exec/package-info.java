/**
 * The functional model (Fung thesis §2.1; GPGPU architecture slides, Parts 1-2): a launch is a grid of CTAs
 * (cooperative thread arrays, i.e. thread blocks), each split into warps of 32 lanes that execute in lockstep
 * under a per-warp SIMT reconvergence stack ({@link dev.gmac.gpu.exec.SimtStack}; the PDOM stack {@link
 * dev.gmac.gpu.exec.PdomStack} first). Memory spaces: global ({@link dev.gmac.gpu.exec.GlobalMemory},
 * off-heap), shared per CTA, local per thread, the module's constant bank and the kernel parameter buffer.
 *
 * <p>Execute-at-issue: {@link dev.gmac.gpu.exec.KernelLaunch#issue} runs exactly one warp instruction and
 * describes it in an {@link dev.gmac.gpu.exec.IssueRecord}, which is how a timing model drives this model;
 * {@link dev.gmac.gpu.exec.KernelLaunch#run} is the fast functional scheduler.
 *
 * <p>Threading: one launch runs on the thread that calls {@code run} or {@code issue}; its warps, CTAs and
 * shared memory are confined to it. Global memory is shared with host threads and other launches: plain
 * accesses for loads and stores (no ordering between a running kernel and host threads other than through
 * atomics, as on a GPU), VarHandle compare-and-set for every atomic, so device atomics are atomic with respect
 * to host VarHandle atomics on the same memory.
 *
 * <p>Terms: <em>lane</em>, a thread's position in its warp; <em>active mask</em>, the lanes the top of the SIMT
 * stack runs; <em>RPC</em>, the reconvergence PC of a stack entry (the IPDOM of the branch that pushed it).
 */
package dev.gmac.gpu.exec;
