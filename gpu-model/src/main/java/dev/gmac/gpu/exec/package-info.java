/**
 * The functional model (Fung thesis §2.1; GPGPU architecture slides, Parts 1-2): a launch ({@link
 * dev.gmac.gpu.exec.KernelLaunch}) is a grid of CTAs ({@link dev.gmac.gpu.exec.Cta}), each split into static warps
 * ({@link dev.gmac.gpu.exec.Warp}) of 32 or 64 lanes whose threads a per-CTA {@link
 * dev.gmac.gpu.exec.DivergenceModel} groups for issue ({@code pdom}: per-warp post-dominator stacks, {@link
 * dev.gmac.gpu.exec.PdomStack}; {@code its}: independent thread scheduling). Memory spaces: global ({@link
 * dev.gmac.gpu.exec.GlobalMemory}, off-heap, in the device's own range of addresses, {@link
 * dev.gmac.gpu.exec.DeviceAddressRanges}), shared per CTA, local per thread, the module's constant bank and the
 * kernel parameter buffer, all reached through the launch's {@link dev.gmac.gpu.exec.MemoryPort}, which hands the
 * accesses of transactions to a {@link dev.gmac.gpu.exec.TmModel}.
 *
 * <p>Execute-at-issue: {@link dev.gmac.gpu.exec.KernelLaunch#issue} runs exactly one instruction of a warp slot and
 * describes it in the {@link dev.gmac.gpu.exec.IssueRecord} the timing model owns; {@link
 * dev.gmac.gpu.exec.KernelLaunch#run} is the fast functional scheduler. Both share CTA start, the barriers and the
 * divergence models.
 *
 * <p>The CUDA device runtime a kernel may call ({@code printf}, {@code assert}, {@code malloc}/{@code free}, lowered
 * to {@link dev.gmac.gpu.ptx.Op#BUILTIN_CALL}) runs per lane in {@link dev.gmac.gpu.exec.DeviceRuntime}, with a
 * per-launch output buffer and heap. Faults name the instruction's CUDA source position when the PTX carries {@code
 * .loc} directives, and an out-of-bounds global access names the nearest allocation ({@link
 * dev.gmac.gpu.exec.GlobalMemory#describe}).
 *
 * <p>Owns instruction semantics, SIMT grouping, memory spaces, barriers, the device runtime and the transactional
 * stack. Must not depend
 * on {@code dev.gmac.gpu.timing} (the timing model drives this package, not the other way round).
 *
 * <p>Threading: one launch runs on the thread that calls {@code run} or {@code issue}; its warps, CTAs and shared
 * memory are confined to it. Global memory is shared with host threads and other launches: plain accesses for
 * loads and stores (no ordering between a running kernel and host threads other than through atomics, as on a
 * GPU), VarHandle compare-and-set for every atomic, so device atomics are atomic with respect to host VarHandle
 * atomics on the same memory.
 *
 * <p>Terms: <em>lane</em>, a thread's position in its warp (its home lane, which never changes); <em>warp slot</em>,
 * a hardware warp context of a CTA; <em>issue group</em>, the threads a slot issues together, as members (static
 * warp, lanes, register frame); <em>active mask</em>, the group's lanes; <em>RPC</em>, a reconvergence PC (the
 * immediate post-dominator of the branch that diverged); <em>R/T entries</em>, the retry and transaction entries of
 * the transactional SIMT stack (thesis §4.2.1).
 */
package dev.gmac.gpu.exec;
