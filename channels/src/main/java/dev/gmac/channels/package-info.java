/**
 * GPU channels (Orr et al., "Fine-grain task aggregation and coordination on GPUs", ISCA 2014, §3–4): the
 * lock-free, non-blocking, array-based channel with {@code talloc}/{@code enq}/{@code deq}/{@code tfree}
 * (Table 1), its memory layout ({@link dev.gmac.channels.ChannelLayout}), a batched consumer ({@link
 * dev.gmac.channels.ChannelReader}), idle strategies ({@code .idle}) and channel-flow graphs with a host
 * executor ({@code .graph}).
 *
 * <p>The channel is a fixed layout in one memory region that Java host threads and simulated wavefronts can
 * share. May depend on {@code gpu-model} only; must not depend on {@code coherence}, {@code gmac-api} or
 * {@code samples}.
 *
 * <h2>Concurrency doctrine</h2>
 *
 * <p>As in JCTools: every shared word is reached through a {@link java.lang.invoke.VarHandle} (a byte-buffer
 * view, never {@code sun.misc.Unsafe}), and accessor names say the access mode: {@code lv} volatile load,
 * {@code sv} volatile store, {@code so} ordered (release) store, {@code sp} plain store, {@code cas}
 * compare-and-set, {@code getAndAdd} fetch-and-add. The five counters ({@code dataHead}, {@code dataTail}, {@code controlHead}, {@code
 * controlReserveTail}, {@code controlTail}) are 64-bit sequence numbers that only grow, so no CAS on them can
 * suffer ABA. Every counter access and every done-count access is volatile (CAS, {@code getAndAdd}, {@code
 * getVolatile}), so they all lie in one total synchronization order (SO) consistent with program order. A
 * control entry is one 64-bit word {@code (tag << 32) | dataSlot}, tag = the entry sequence's lap + 1, so a
 * single atomic read tells whether the entry at sequence {@code s} has been written for {@code s} (and not
 * for an earlier or later lap). Element bytes are plain accesses; the protocol orders them.
 *
 * <h2>The memory-ordering argument, operation by operation</h2>
 *
 * <p><b>talloc</b> (Available → Reserved). Read {@code dataTail} then {@code dataHead} (volatile); fail with
 * {@code FULL} if {@code tail + n - head > capacity}; else CAS {@code dataTail} from {@code tail} to {@code
 * tail + n}. The CAS makes ranges disjoint (each success owns {@code [tail, tail+n)}). Since {@code dataHead}
 * only grows, the check keeps {@code dataTail - dataHead <= capacity} at every point of SO, so a reserved
 * slot is never one whose previous occupant is not yet freed. The volatile read of {@code dataHead} that
 * saw the freeing CAS (below) synchronizes with it, so the producer's writes to the slot happen after every
 * read the previous consumer made of it.
 *
 * <p><b>enq</b> (Reserved → Ready). (1) Fetch-and-add {@code n} to {@code controlReserveTail}, which returns
 * {@code r}: the entries {@code [r, r+n)} are ours. (The paper uses a CAS; the reservation has no condition
 * to check, because the control array always has room, see below, so the unconditional atomic is the same
 * reservation without retries.) (2) Plain-store entries {@code r+1 .. r+n-1}, then store entry {@code r}
 * last: everything written before it, element bytes included, is visible to whoever reads entry {@code r}
 * with acquire semantics. (3) If {@code controlTail == r}, store entry {@code r} with release and CAS
 * {@code controlTail} from {@code r} to {@code r + n}; nobody else can move the tail off {@code r} before
 * entry {@code r} is written, and anyone who moves it after has read entry {@code r}. Otherwise store entry
 * {@code r} with a volatile store. Each entry is stored exactly once per lap, before anyone can read it as
 * written (a second store could land after the entry was dispatched and rewritten for the next lap). Either
 * way the producer's "publication point" (the successful CAS or the volatile store; if the CAS fails, a
 * helper already moved the tail over the range) is in SO. (4) Help, starting from the tail value its own
 * CAS set or from a volatile read of the tail: loop {if the entry at the tail {@code t} is unwritten
 * (volatile read), return; else scan forward over written entries to {@code u} and CAS {@code t → u}, going
 * on from {@code u} on success and from a fresh volatile read of the tail on failure}.
 * <i>No stall</i>: suppose the tail stays at {@code t} while entry {@code t} is written, by producer P whose
 * range starts at {@code t}. P did not move the tail over {@code t} itself, so it published with the
 * volatile store, and its help loop ended at a tail value {@code c} that it read or set by CAS after that
 * store, with a volatile read of an unwritten entry {@code c}, and {@code c < t} (at {@code c == t} it would
 * have advanced over its own entry). The tail went from {@code c} to {@code t} by some CAS X, which in SO
 * follows P's read or CAS of the tail at {@code c} and hence P's volatile store; the thread that made X goes on from {@code t} (its own CAS's
 * value) or from a later volatile read of the tail, reads entry {@code t} after X in SO, sees it written and
 * moves the tail past it: a contradiction.
 * (The tail only ever rests on the first entry of a range: a scan that reads a range's first entry written
 * sees the whole range, which its producer wrote before that entry.) So once every enq has returned, {@code
 * controlTail == controlReserveTail}. A producer never waits for another: a later control reservation is
 * published by whichever producer finishes last (the paper's t4–t8: a producer that
 * allocated later can make its elements Ready first).
 *
 * <p><b>dispatch</b> (Ready → Dispatched). Read {@code controlHead = h} and {@code controlTail = t}
 * (volatile); read entries {@code h .. h+k-1} (volatile) and check each tag; CAS {@code controlHead} from
 * {@code h} to {@code h + k}. The tail was advanced over those entries by a CAS that followed a read of
 * each of them (or by their own producer after writing them), and our read of the tail synchronizes with it:
 * the entries and the element bytes behind them are visible. A wrong tag means the slot was already
 * rewritten for a later lap, which needs the entry to have been dispatched, so {@code controlHead > h} and
 * we retry. A successful CAS means nobody dispatched {@code h .. h+k-1} before us: no element is lost or
 * handed out twice.
 *
 * <p><b>Control space never runs out</b> (why the control array is twice the data array, §3.2.1). When
 * control sequence {@code k} is reserved, the element of entry {@code k - 2C} has been freed: otherwise it
 * is live, every element allocated after it is live (freeing is in order) and there are fewer than {@code C}
 * of those; each element allocated before it but enqueued after entry {@code k - 2C} was live together with
 * it at that moment, so there are fewer than {@code C} of those too; yet the {@code 2C - 1} entries between
 * {@code k - 2C} and {@code k} each name a different element. A freed element was dispatched, so an entry
 * is never overwritten before it is dispatched; a consumer that reads an entry already rewritten sees a
 * wrong tag (above).
 *
 * <p><b>deq</b>: plain reads of the element bytes, ordered after their writes by dispatch's chain above.
 *
 * <p><b>tfree</b> (Dispatched → Done) and <b>reclaim</b> (Done → Available). {@code tfree} is a volatile
 * {@code getAndAdd} on the group's done count, after (program order) the consumer's last read of the
 * element. Done counts are never reset: in lap {@code L} a group is complete when its count equals {@code
 * (L + 1) * G}; so no late reset can erase a count of the next lap. {@code reclaim} loops: read {@code
 * dataHead = h} (volatile), read the done count of {@code h}'s group (volatile), and if complete CAS {@code
 * dataHead} from {@code h} to {@code h + G}: groups are freed strictly in allocation order, only when every
 * element of the group is done, and each at most once. The freeing CAS follows a volatile read that saw the
 * last {@code getAndAdd} of the group, so every consumer read of those slots happens before the next
 * producer's writes (see talloc). <i>No missed free</i>: the {@code tfree} that completes a group then calls
 * {@code reclaim}; a group completed while an earlier group blocks the head is freed by whoever frees that
 * earlier group, because of SO: either the completing thread's read of {@code dataHead} follows the CAS that
 * moved the head to its group (it frees its group itself) or the mover's read of the done count follows the
 * completing {@code getAndAdd} (the mover continues over it).
 *
 * <p>Each of these interleavings has a jcstress test in {@code dev.gmac.stress.channels}.
 */
package dev.gmac.channels;
