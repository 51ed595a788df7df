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
 * {@code la} acquire load, {@code so} ordered (release) store, {@code sp} plain store, {@code cas}
 * compare-and-set, {@code getAndAdd} fetch-and-add. The four counters the operations use ({@code dataHead},
 * {@code dataTail}, {@code controlHead}, {@code controlReserveTail}) are 64-bit sequence numbers that only
 * grow, so no CAS on them can suffer ABA, and every access to them and to the done counts is volatile (CAS,
 * {@code getAndAdd}, {@code getVolatile}): they all lie in one total synchronization order (SO) consistent
 * with program order, and a volatile read synchronizes with the write it sees. Two more words are hints:
 * the producers' free limit (release store, acquire load) and the control-tail hint, which only the
 * monitoring scan touches. A control entry is one 64-bit word {@code (tag << 32) | dataSlot}, tag = the
 * entry sequence's lap + 1, so a single atomic read tells whether the entry at sequence {@code s} has been
 * written for {@code s} ("written"), is still the previous lap's ("unwritten"), or was already rewritten for
 * a later lap (then the reader's head is stale). Element bytes are plain accesses; the protocol orders them.
 * Design and measurements: decisions 0200, 0205 and 0206.
 *
 * <h2>The memory-ordering argument, operation by operation</h2>
 *
 * <p><b>talloc</b> (Available → Reserved). Read {@code dataTail = t} (volatile) and the producer limit
 * {@code L} (acquire). If {@code t + n > L}, read {@code dataHead = h} (volatile) and set {@code L = h + C}; if
 * still {@code t + n > L}, return {@code FULL}; else store {@code L} (release). Then CAS {@code dataTail} from
 * {@code t} to {@code t + n}; the CAS makes ranges disjoint (each success owns {@code [t, t+n)}). <i>No
 * over-commit</i>: every limit ever stored is {@code h + C} for some value {@code h} that {@code dataHead} had,
 * and the head only grows, so at the successful CAS {@code t + n <= L <= dataHead + C}: a reserved slot is
 * never one whose previous occupant is not yet freed. Racing limit stores may leave an older (lower) limit
 * behind; that is still a past head plus {@code C}, so it only costs a re-read. {@code FULL} is returned only
 * after a fresh volatile read of the head, so a full channel is reported, never a stale one. <i>Visibility</i>:
 * the slots were freed by CASes on {@code dataHead} (reclaim, below) that the producer which computed {@code
 * L} saw with its volatile read of the head (synchronizes-with), and that producer's release store of {@code
 * L} synchronizes with our acquire load of it (or we read the head ourselves): so every read the previous
 * consumers made of those slots happens before our writes to them.
 *
 * <p><b>enq</b> (Reserved → Ready). (1) Fetch-and-add {@code n} to {@code controlReserveTail}, which returns
 * {@code r}: the entries {@code [r, r+n)} are ours. (The paper uses a CAS; the reservation has no condition
 * to check, because the control array always has room, see below, so the unconditional atomic is the same
 * reservation without retries.) (2) Plain-store entries {@code r+1 .. r+n-1}, then store entry {@code r} with
 * release, last: everything written before it, element bytes included, happens before any acquire read that
 * sees entry {@code r} written. That is all: each entry is stored exactly once per lap, no counter is
 * advanced, no other producer's entry is read, and nothing waits. <i>Ready</i> means: written, and every
 * entry between the control head and it written too; the paper's control tail is the first unwritten entry
 * at or after the head ({@code Channel.controlTail()} computes it by a scan). Control order is the order of
 * the fetch-and-adds, that is, of the enq calls, not of the talloc calls: a producer that allocated later but
 * enqueues first is Ready first (the paper's t4–t8), and its entries wait for no earlier allocation. A
 * reservation whose producer is between (1) and (2) holds back the entries after it, exactly as the paper's
 * tail cannot pass an unwritten entry; it blocks no producer.
 *
 * <p><b>dispatch</b> (Ready → Dispatched). Read {@code controlHead = h} (volatile); read entries {@code h,
 * h+1, ...} (acquire) while each is written, up to {@code max}; if {@code k >= 1} were, CAS {@code
 * controlHead} from {@code h} to {@code h + k}. <i>Visibility</i>: an entry {@code s} read written is either
 * the first of its range (its release store synchronizes with our acquire read) or lies after that first entry
 * {@code r}; if {@code r >= h} we read entry {@code r} earlier in the same scan, and if {@code r < h} some
 * consumer read entry {@code r} written before its CAS moved the head past it, and our volatile read of the
 * head synchronizes with the CAS chain that brought it to {@code h}. Either way the producer's stores of entry
 * {@code s} and of the element bytes happen before our reads. <i>Exclusivity</i>: a successful CAS means
 * nobody moved the head over {@code h .. h+k-1} before us: no element is lost or handed out twice. An entry
 * already rewritten for a later lap (tag ahead) was dispatched, so {@code controlHead > h}: retry. A consumer
 * whose head is stale may read an entry while its producer plain-stores it for a later lap; entries are aligned
 * 8-byte words, which a byte-buffer view {@code VarHandle} reads and writes atomically in every mode on 64-bit
 * platforms (its {@code get}/{@code set} of {@code long} are atomic except on 32-bit ones), so it sees the old or
 * the new word, never a mix, and takes nothing: the new word's tag is ahead (retry), and after the old one its
 * CAS from the stale head fails. The scan
 * stops at the first unwritten entry, so entries are taken only in control order and only when Ready.
 * <i>Empty</i> ({@code k = 0}, entry {@code h} unwritten): issue a full fence, read entry {@code h} and the
 * head again, and return 0 only if the entry is still unwritten and the head still {@code h}; otherwise
 * retry. The fence is what makes an empty answer trustworthy without any fence in enq: enq ends with a
 * release store, which the store buffer may hold while the same thread goes on to read, so two threads that
 * each enqueue and then dispatch could each read the other's entry unwritten and both report an empty
 * channel with both elements enqueued (store buffering; {@code EnqDeqBothWaysTest} sees exactly that without
 * the fence). With a full fence between each thread's own entry stores and its final read, store buffering
 * is forbidden: at least one of the two sees the other's entry and takes what is left. The fence costs
 * nothing on the path that takes an element; it is paid only by a dispatch that finds nothing. Consumers read
 * no word that producers write other than the entries they dispatch.
 *
 * <p><b>Control space never runs out</b> (why the control array is twice the data array, §3.2.1), and an
 * entry is never overwritten before it is dispatched. Let producer P reserve control sequence {@code k} and
 * let {@code d0} be the data sequence named by entry {@code k - 2C}. The {@code 2C + 1} entries {@code k - 2C
 * .. k} name {@code 2C + 1} different data sequences, each allocated by a talloc that happens before P's
 * fetch-and-add (program order, then the chain of fetch-and-adds on {@code controlReserveTail}, each of which
 * reads the one before). All of them are above {@code d0 - C} (when {@code d0} was allocated the head was
 * above {@code d0 - C}, and the head only grows), and only {@code 2C - 1} sequences lie in {@code (d0 - C, d0 +
 * C)}, so one of them, {@code d >= d0 + C}, was allocated by a talloc that saw {@code dataHead > d0}: the group
 * of {@code d0} had been freed, hence its element marked done, hence entry {@code k - 2C} dispatched, and
 * that talloc's volatile read of the head synchronizes with the freeing CAS. So the dispatch of entry {@code
 * k - 2C} happens before P's store of entry {@code k} into the same word: the word always holds the previous
 * lap's (dispatched) entry, the current one, or a later one, never an older one, and comparing 32-bit tags by
 * subtraction classifies it correctly.
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
 * <p><b>Monitoring</b>. {@code controlTail()} reads the head, the reserve tail and the tail hint, scans entry
 * tags from the larger of head and hint while they are written, and raises the hint (CAS, never lowers it) to
 * what it found. Every entry below the hint was written when the hint was raised, and stays written until it
 * is dispatched (then it is below the head), so starting there skips nothing. The result is a lower bound of
 * the ready tail at the end of the scan when other threads are active, exact when they are not. No operation
 * of the channel depends on it.
 *
 * <p>Each of these interleavings has a jcstress test in {@code dev.gmac.stress.channels}.
 */
package dev.gmac.channels;
