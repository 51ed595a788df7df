/**
 * ADSM shared objects and the coherence protocols that keep host and accelerator copies consistent: the
 * batch-, lazy- and rolling-update protocols of the ADSM paper (Gelado et al., ASPLOS 2010, §4.3), the
 * block state machine (Invalid, ReadOnly, Dirty), access detection through windowed accessors, bulk
 * memory operations and block-wise I/O (§4.4), and the transfer engine that moves and counts every byte.
 *
 * <p>Must not depend on {@code gpu-model}: accelerator memory is reached through this module's own small
 * SPI ({@link dev.gmac.coherence.accel.Accelerator}: allocate, free, copy to and from the device, memset,
 * device-to-device copy, asynchronous copies), which {@code gmac-api} implements over the software GPU and
 * which a real device could implement later.
 *
 * <h2>Concurrency doctrine</h2>
 *
 * <ul>
 *   <li>Block states live in an {@code int[]} reached only through a {@link java.lang.invoke.VarHandle} in
 *       volatile mode; every transition is one CAS ({@code BlockTable}). Transient states ({@code
 *       FETCHING}, {@code FLUSHING}) mark a block one thread is moving data for.
 *   <li>Accessor windows are immutable objects in a plain field, honoured only by the thread that computed
 *       them (after volatile state reads on its slow path): the fast path does no synchronization.
 *   <li>Program-ordered operations (calls, syncs, frees, memset, memcpy, flushes) hold the manager's call
 *       lock; host accesses that race with them are data races of the program (release consistency, §3.3),
 *       and the runtime only promises not to crash on them.
 *   <li>Rolling-update's eager eviction, the one runtime-initiated loss of write permission, uses a
 *       Dekker-style handshake with joining writers ({@code SharedObject}); its queue and rolling size are
 *       guarded by a lock on the slow path. The DMA engine is an LMAX Disruptor consumer thread.
 *   <li>Counters are {@link java.util.concurrent.atomic.LongAdder}s.
 *   <li>The element accessors reach their fast paths through constant {@link
 *       java.lang.invoke.MutableCallSite}s ({@code FastPathSites}); a daemon thread retargets them to fresh
 *       copies of the code once window misses stop, so that the JIT profiles it anew (decision 0105). The
 *       miss counters it polls are opaque heuristics; the retargeting changes no data and no count.
 * </ul>
 *
 * <p>Every lock-free transition has a jcstress test in {@code dev.gmac.stress.coherence}.
 */
package dev.gmac.coherence;
