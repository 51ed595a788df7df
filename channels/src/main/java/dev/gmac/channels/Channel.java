package dev.gmac.channels;

import static dev.gmac.channels.ChannelLayout.CONTROL_HEAD_OFFSET;
import static dev.gmac.channels.ChannelLayout.CONTROL_RESERVE_TAIL_OFFSET;
import static dev.gmac.channels.ChannelLayout.CONTROL_TAIL_OFFSET;
import static dev.gmac.channels.ChannelLayout.DATA_HEAD_OFFSET;
import static dev.gmac.channels.ChannelLayout.DATA_TAIL_OFFSET;
import static dev.gmac.channels.ChannelLayout.DONE_COUNTS_OFFSET;
import static dev.gmac.channels.ChannelLayout.PRODUCER_LIMIT_OFFSET;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * The lock-free, non-blocking, array-based multi-producer/multi-consumer channel of Orr et al. (ISCA 2014,
 * §3.2 and Table 1), over one memory region laid out by {@link ChannelLayout}.
 *
 * <p>A channel element (CE) moves through five states (§3.2.1):
 *
 * <ol>
 *   <li><b>Available</b>: vacant; {@link #talloc} reserves contiguous elements by CAS on the data tail.
 *   <li><b>Reserved</b>: the producer fills it through {@link #elementPosition}, hidden from consumers.
 *   <li><b>Ready</b>: {@link #enq} reserved control-array space (fetch-and-add on {@code controlReserveTail})
 *       and wrote the data slots there, each entry tagged with the lap of its own sequence number. Entries
 *       are Ready in control order: the ready tail is the first entry at or after the control head that is
 *       not written yet ({@link #controlTail}).
 *   <li><b>Dispatched</b>: a consumer claimed the control entry with {@link #dispatch} (CAS on {@code
 *       controlHead}, after reading the entry's tag) and reads the element through {@link #deq}.
 *   <li><b>Done</b>: the consumer called {@link #tfree}; its group's done count grew. When every element of
 *       the group at the data head is done, the group is freed (Available again), strictly in allocation
 *       order.
 * </ol>
 *
 * <p>The host has no aggregator, so whoever completes a done count frees what can be freed ({@link
 * #reclaim}); an aggregator may call {@link #reclaim} too. Batches amortise the atomics exactly as a
 * wavefront does in the paper's Figure 5: one atomic reserves a whole batch in {@link #talloc} and in {@link
 * #enq}, one CAS dispatches up to a whole batch, and {@link #tfree(int[], int)} does one atomic add per run
 * of slots sharing a done count.
 *
 * <p>Trade-offs: a producer pays two atomics per batch (data tail, control reserve tail) and a consumer two
 * (control head, done count), where a ring such as JCTools' {@code MpmcArrayQueue} pays one CAS per element
 * on each side; in exchange elements of any size are written in place, publication does not wait for
 * producers that allocated earlier, and consumers are pointed at work by offsets alone (what the GPU's
 * aggregator needs). Producers read {@code dataHead} only when their cached free limit says the channel may
 * be full, and consumers touch no producer-written word but the control entry they dispatch (decision
 * 0206). A full channel is reported with {@link #FULL}; nothing here blocks or allocates. Memory-ordering
 * arguments: {@code package-info}.
 *
 * <p>Instances are thread-safe. Share one by safe publication (a final or volatile field, a thread start).
 */
public final class Channel {
    /** What {@link #talloc} returns when the channel has no room for the request right now. */
    public static final long FULL = -1L;

    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final VarHandle INTS = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final ByteBuffer region;
    private final ChannelLayout layout;
    private final int capacity;
    private final int capacityShift;
    private final int dataMask;
    private final int controlShift;
    private final int controlMask;
    private final int controlOffset;
    private final int dataOffset;
    private final int elementSize;
    private final int groupSize;
    private final int groupShift;

    private Channel(ByteBuffer region, ChannelLayout layout) {
        this.region = region;
        this.layout = layout;
        this.capacity = layout.capacity();
        this.capacityShift = Integer.numberOfTrailingZeros(capacity);
        this.dataMask = capacity - 1;
        this.controlShift = Integer.numberOfTrailingZeros(layout.controlLength());
        this.controlMask = layout.controlLength() - 1;
        this.controlOffset = layout.controlOffset();
        this.dataOffset = layout.dataOffset();
        this.elementSize = layout.elementSize();
        this.groupSize = layout.elementsPerDoneCount();
        this.groupShift = Integer.numberOfTrailingZeros(groupSize);
    }

    /** A new, empty channel in a direct buffer of its own, aligned to 128 bytes. */
    public static Channel allocate(ChannelLayout layout) {
        ByteBuffer raw = ByteBuffer.allocateDirect(layout.regionLength() + ChannelLayout.COUNTER_BLOCK);
        return format(raw.alignedSlice(ChannelLayout.COUNTER_BLOCK), layout);
    }

    /**
     * Formats {@code region} as a new, empty channel: zeroes the first {@link ChannelLayout#regionLength()}
     * bytes and writes the descriptor. The region may be any direct buffer, for instance one that aliases
     * device memory, so that another party can {@link #attach} to the same bytes.
     *
     * @throws IllegalArgumentException when the region is not direct, not 8-byte aligned, read-only or too
     *     small for the layout
     */
    public static Channel format(ByteBuffer region, ChannelLayout layout) {
        Objects.requireNonNull(layout, "layout");
        ByteBuffer bytes = view(region);
        if (bytes.capacity() < layout.regionLength()) {
            throw new IllegalArgumentException(
                    "region has " + bytes.capacity() + " bytes but " + layout + " needs " + layout.regionLength());
        }
        for (int i = 0; i < layout.regionLength(); i += Long.BYTES) {
            bytes.putLong(i, 0L);
        }
        bytes.putInt(ChannelLayout.VERSION_OFFSET, ChannelLayout.VERSION);
        bytes.putInt(ChannelLayout.ELEMENT_SIZE_OFFSET, layout.elementSize());
        bytes.putInt(ChannelLayout.CAPACITY_OFFSET, layout.capacity());
        bytes.putInt(ChannelLayout.ELEMENTS_PER_DONE_COUNT_OFFSET, layout.elementsPerDoneCount());
        bytes.putInt(ChannelLayout.REGION_LENGTH_OFFSET, layout.regionLength());
        bytes.putLong(PRODUCER_LIMIT_OFFSET, layout.capacity());
        INTS.setRelease(bytes, ChannelLayout.MAGIC_OFFSET, ChannelLayout.MAGIC);
        return new Channel(bytes, layout);
    }

    /**
     * Attaches to a region that {@link #format} prepared (possibly through another buffer over the same
     * memory), reading the layout from its descriptor.
     *
     * @throws IllegalArgumentException when the region is not a formatted channel of this layout version
     */
    public static Channel attach(ByteBuffer region) {
        ByteBuffer bytes = view(region);
        if (bytes.capacity() < ChannelLayout.COUNTER_BLOCK
                || (int) INTS.getAcquire(bytes, ChannelLayout.MAGIC_OFFSET) != ChannelLayout.MAGIC) {
            throw new IllegalArgumentException(
                    "region is not a formatted channel (no 'GCH1' magic at offset 0); call Channel.format first");
        }
        int version = bytes.getInt(ChannelLayout.VERSION_OFFSET);
        if (version != ChannelLayout.VERSION) {
            throw new IllegalArgumentException(
                    "channel layout version " + version + " is not supported (expected " + ChannelLayout.VERSION + ")");
        }
        ChannelLayout layout = ChannelLayout.of(
                bytes.getInt(ChannelLayout.ELEMENT_SIZE_OFFSET),
                bytes.getInt(ChannelLayout.CAPACITY_OFFSET),
                bytes.getInt(ChannelLayout.ELEMENTS_PER_DONE_COUNT_OFFSET));
        if (bytes.getInt(ChannelLayout.REGION_LENGTH_OFFSET) != layout.regionLength()
                || bytes.capacity() < layout.regionLength()) {
            throw new IllegalArgumentException("region of " + bytes.capacity() + " bytes does not hold the " + layout
                    + " its descriptor describes");
        }
        return new Channel(bytes, layout);
    }

    private static ByteBuffer view(ByteBuffer region) {
        Objects.requireNonNull(region, "region");
        if (!region.isDirect()) {
            throw new IllegalArgumentException("a channel needs a direct ByteBuffer (ByteBuffer.allocateDirect or"
                    + " device memory), got a heap buffer");
        }
        if (region.isReadOnly()) {
            throw new IllegalArgumentException("a channel needs a writable region, got a read-only buffer");
        }
        ByteBuffer bytes = region.duplicate().clear().order(ByteOrder.nativeOrder());
        if (bytes.alignmentOffset(0, Long.BYTES) != 0) {
            throw new IllegalArgumentException("the channel region must start on an 8-byte boundary; it starts "
                    + bytes.alignmentOffset(0, Long.BYTES) + " bytes past one (use ByteBuffer.alignedSlice(128))");
        }
        return bytes;
    }

    /** The layout of this channel's region. */
    public ChannelLayout layout() {
        return layout;
    }

    /**
     * The whole region, in native byte order. Use only absolute accessors on it (its position and limit are
     * shared); element bytes start at {@link #elementPosition} and {@link #deq}.
     */
    public ByteBuffer region() {
        return region;
    }

    // ------------------------------------------------------------------------------------------------
    // Producer side: talloc, element positions, enq
    // ------------------------------------------------------------------------------------------------

    /**
     * Reserves {@code count} contiguous elements (Available → Reserved) with one CAS on the data tail. The
     * free space is checked against the producers' cached limit ({@code dataHead + capacity} as a producer
     * last read it); {@code dataHead} itself is read only when that limit is too low.
     *
     * @return the sequence number of the first reserved element (elements are {@code first} to {@code first
     *     + count - 1}), or {@link #FULL} when fewer than {@code count} elements are available now; the
     *     caller decides whether to retry, yield or back off
     * @throws IllegalArgumentException when {@code count} is not between 1 and the capacity
     */
    public long talloc(int count) {
        checkCount(count);
        for (; ; ) {
            long tail = lvDataTail();
            long end = tail + count;
            if (end > laProducerLimit()) {
                long limit = lvDataHead() + capacity;
                if (end > limit) {
                    return FULL;
                }
                soProducerLimit(limit);
            }
            if (casDataTail(tail, end)) {
                return tail;
            }
        }
    }

    /** The data-array slot (the paper's data-array offset) of the element with sequence number {@code sequence}. */
    public int slot(long sequence) {
        return (int) sequence & dataMask;
    }

    /** The byte position in {@link #region()} of the element with sequence number {@code sequence}. */
    public int elementPosition(long sequence) {
        return dataOffset + elementSize * ((int) sequence & dataMask);
    }

    /**
     * Makes the {@code count} elements reserved by {@code talloc} at {@code first} visible to consumers
     * (Reserved → Ready): one fetch-and-add reserves control-array space, then the elements' data slots are
     * written there, the first entry last with a release store. That store publishes the whole range. It never
     * waits for another producer and never reads a word that consumers write: the elements are dispatched as
     * soon as every control entry before them is written (the ready tail is the first unwritten entry), so a
     * producer that allocated later can make its elements Ready first (the paper's t4–t8).
     *
     * <p>Every element reserved by {@code talloc} must be enqueued exactly once, with the {@code first} and
     * {@code count} talloc gave (or in parts that cover it). The control array always has room: it is twice
     * the data array (§3.2.1; argument in {@code package-info}).
     */
    public void enq(long first, int count) {
        checkCount(count);
        // The paper reserves with a CAS; the reservation has no condition to check (the control array always
        // has room), so a fetch-and-add does the same without retries under contention.
        long start = getAndAddControlReserveTail(count);
        for (int i = 1; i < count; i++) {
            spControlEntry(start + i, controlEntry(start + i, first + i));
        }
        // Each entry is stored exactly once per lap, and entry `start` last: a consumer that reads it written
        // (acquire) sees the whole range and the element bytes.
        soControlEntry(start, controlEntry(start, first));
    }

    // ------------------------------------------------------------------------------------------------
    // Consumer side: dispatch, deq, tfree
    // ------------------------------------------------------------------------------------------------

    /**
     * Claims up to {@code max} ready elements (Ready → Dispatched) with one CAS on the control head, and
     * writes their data slots into {@code slots[0..n-1]}: the written control entries from the head up to the
     * first unwritten one. Never blocks.
     *
     * @return {@code n}, the number of elements claimed; 0 when none is ready
     */
    public int dispatch(int[] slots, int max) {
        return dispatch(slots, max, Long.MAX_VALUE);
    }

    /**
     * {@link #dispatch(int[], int)} restricted to the control entries before position {@code limit} (a value of
     * {@link #controlReserveTail()} read earlier): elements enqueued after that read stay for a later dispatch.
     * Levelization needs it (decision 0215): a check that deeper levels are quiet covers only the elements
     * enqueued before it.
     */
    public int dispatch(int[] slots, int max, long limit) {
        if (max <= 0 || max > slots.length) {
            throw new IllegalArgumentException(
                    "max must be between 1 and slots.length " + slots.length + ", got " + max);
        }
        for (; ; ) {
            long head = lvControlHead();
            int n = 0;
            int lag = 0;
            if (head >= limit) {
                return 0;
            }
            while (n < max && head + n < limit) {
                long entry = laControlEntry(head + n);
                lag = (int) (entry >>> 32) - controlTag(head + n);
                if (lag != 0) {
                    break;
                }
                slots[n++] = (int) entry;
            }
            if (n > 0) {
                if (casControlHead(head, head + n)) {
                    return n;
                }
            } else if (lag < 0 && nothingReadyAt(head)) {
                return 0;
            }
            // A lost CAS, or an entry already rewritten for a later lap (the head moved on): read the head again.
        }
    }

    /**
     * Claims one ready element (Ready → Dispatched).
     *
     * @return its data slot, or -1 when none is ready
     */
    public int dispatchOne() {
        for (; ; ) {
            long head = lvControlHead();
            long entry = laControlEntry(head);
            int lag = (int) (entry >>> 32) - controlTag(head);
            if (lag == 0) {
                if (casControlHead(head, head + 1)) {
                    return (int) entry;
                }
            } else if (lag < 0 && nothingReadyAt(head)) {
                return -1;
            }
        }
    }

    /**
     * The slow path of an empty dispatch: entry {@code head} read unwritten. A full fence, then the entry and
     * the head again: true when the entry is still unwritten and the head still there (nothing is Ready). The
     * fence orders this thread's own earlier control-entry stores before the re-read, so two threads that
     * each enqueue and then dispatch cannot both miss the other's element (store buffering; package-info).
     */
    private boolean nothingReadyAt(long head) {
        VarHandle.fullFence();
        return !isControlEntryWritten(head) && lvControlHead() == head;
    }

    /**
     * The byte position in {@link #region()} of the dispatched element in data slot {@code slot} (Table 1's
     * {@code deq(id, off)}, which returns a pointer to the element).
     */
    public int deq(int slot) {
        return dataOffset + elementSize * Objects.checkIndex(slot, capacity);
    }

    /**
     * Marks the dispatched element in {@code slot} done (Dispatched → Done): one atomic add on its done
     * count. When that completes the count, frees every fully done group at the data head, in allocation
     * order. The element must not be touched afterwards.
     */
    public void tfree(int slot) {
        addDone(Objects.checkIndex(slot, capacity) >>> groupShift, 1);
    }

    /**
     * Marks {@code count} dispatched elements done, with one atomic add per run of consecutive slots that
     * share a done count (the batch analogue of {@link #tfree(int)}).
     */
    public void tfree(int[] slots, int count) {
        Objects.checkFromIndexSize(0, count, slots.length);
        int i = 0;
        while (i < count) {
            int group = Objects.checkIndex(slots[i], capacity) >>> groupShift;
            int run = 1;
            while (i + run < count && (slots[i + run] >>> groupShift) == group) {
                run++;
            }
            addDone(group, run);
            i += run;
        }
    }

    private void addDone(int group, int n) {
        int offset = DONE_COUNTS_OFFSET + ChannelLayout.DONE_COUNT_SIZE * group;
        int after = (int) INTS.getAndAdd(region, offset, n) + n;
        if ((after & (groupSize - 1)) == 0) {
            reclaim();
        }
    }

    /**
     * Frees, in allocation order, every group of elements at the data head whose done count is complete
     * (Done → Available); the aggregator's deallocation step. Safe to call from any thread at any time.
     *
     * @return the number of elements this call freed
     */
    public long reclaim() {
        long freed = 0;
        for (; ; ) {
            long head = lvDataHead();
            int group = ((int) head & dataMask) >>> groupShift;
            // Done counts are never reset: group g is complete for lap L when its count reaches (L + 1) * G.
            int complete = (int) (((head >>> capacityShift) + 1) << groupShift);
            if (lvDoneCount(group) != complete) {
                return freed;
            }
            if (casDataHead(head, head + groupSize)) {
                freed += groupSize;
            }
        }
    }

    // ------------------------------------------------------------------------------------------------
    // Monitoring (what the aggregator reads): single volatile reads, except controlTail (a scan)
    // ------------------------------------------------------------------------------------------------

    /**
     * Elements Ready and not yet dispatched: the written control entries from the head on, as one scan reads
     * them (a snapshot when nobody else is active; a monitoring figure otherwise).
     */
    public long readyCount() {
        long head = lvControlHead();
        return Math.max(0, controlTail() - head);
    }

    /** Elements not Available (Reserved, Ready, Dispatched or Done but not yet freed). */
    public long usedCount() {
        long head = lvDataHead();
        return Math.max(0, lvDataTail() - head);
    }

    /** Sequence number up to which data elements have been freed. */
    public long dataHead() {
        return lvDataHead();
    }

    /** Sequence number up to which data elements have been reserved. */
    public long dataTail() {
        return lvDataTail();
    }

    /** Sequence number up to which control entries have been dispatched. */
    public long controlHead() {
        return lvControlHead();
    }

    /** Sequence number up to which control entries have been reserved by {@link #enq}. */
    public long controlReserveTail() {
        return lvControlReserveTail();
    }

    /**
     * Sequence number up to which control entries are Ready: the first entry at or after the control head
     * that is not written yet. Computed by a scan of the entry tags that starts from the larger of the head
     * and the tail hint stored in the layout, stops at the control reserve tail, and leaves the hint at what
     * it found; O(entries scanned). Producers and consumers never need it (decision 0206).
     */
    public long controlTail() {
        long head = lvControlHead();
        long reserved = lvControlReserveTail();
        long hint = lvControlTailHint();
        long tail = Math.max(head, hint);
        while (tail < reserved && isControlEntryWritten(tail)) {
            tail++;
        }
        while (hint < tail && !casControlTailHint(hint, tail)) {
            hint = lvControlTailHint();
        }
        return tail;
    }

    /** The done count of data slot {@code slot}'s group (cumulative over the channel's life). */
    public int doneCount(int slot) {
        return lvDoneCount(Objects.checkIndex(slot, capacity) >>> groupShift);
    }

    // ------------------------------------------------------------------------------------------------
    // Element accessors (plain; ordered by the protocol, see package-info)
    // ------------------------------------------------------------------------------------------------

    public void putLong(int position, long value) {
        region.putLong(position, value);
    }

    public long getLong(int position) {
        return region.getLong(position);
    }

    public void putInt(int position, int value) {
        region.putInt(position, value);
    }

    public int getInt(int position) {
        return region.getInt(position);
    }

    public void putDouble(int position, double value) {
        region.putDouble(position, value);
    }

    public double getDouble(int position) {
        return region.getDouble(position);
    }

    @Override
    public String toString() {
        return "Channel[" + layout + ", dataHead=" + lvDataHead() + ", dataTail=" + lvDataTail() + ", controlHead="
                + lvControlHead() + ", controlTail=" + controlTail() + ", controlReserveTail="
                + lvControlReserveTail() + "]";
    }

    // ------------------------------------------------------------------------------------------------
    // Control entries: (tag:32 | slot:32). The tag is the lap of the entry's sequence number plus one, so
    // zeroed memory reads as unwritten and an entry left from an earlier lap never passes for a new one.
    // ------------------------------------------------------------------------------------------------

    private int controlTag(long sequence) {
        return (int) (sequence >>> controlShift) + 1;
    }

    private long controlEntry(long controlSequence, long dataSequence) {
        return ((long) controlTag(controlSequence) << 32) | ((int) dataSequence & dataMask);
    }

    private int controlEntryOffset(long sequence) {
        return controlOffset + (((int) sequence & controlMask) << 3);
    }

    private boolean isControlEntryWritten(long sequence) {
        return (int) (laControlEntry(sequence) >>> 32) == controlTag(sequence);
    }

    private long laControlEntry(long sequence) {
        return (long) LONGS.getAcquire(region, controlEntryOffset(sequence));
    }

    private void spControlEntry(long sequence, long entry) {
        LONGS.set(region, controlEntryOffset(sequence), entry);
    }

    private void soControlEntry(long sequence, long entry) {
        LONGS.setRelease(region, controlEntryOffset(sequence), entry);
    }

    // ------------------------------------------------------------------------------------------------
    // Counters (JCTools naming: lv = volatile load, cas = compare-and-set)
    // ------------------------------------------------------------------------------------------------

    private long lvDataHead() {
        return (long) LONGS.getVolatile(region, DATA_HEAD_OFFSET);
    }

    private boolean casDataHead(long expect, long update) {
        return LONGS.compareAndSet(region, DATA_HEAD_OFFSET, expect, update);
    }

    private long lvDataTail() {
        return (long) LONGS.getVolatile(region, DATA_TAIL_OFFSET);
    }

    private boolean casDataTail(long expect, long update) {
        return LONGS.compareAndSet(region, DATA_TAIL_OFFSET, expect, update);
    }

    private long laProducerLimit() {
        return (long) LONGS.getAcquire(region, PRODUCER_LIMIT_OFFSET);
    }

    private void soProducerLimit(long limit) {
        LONGS.setRelease(region, PRODUCER_LIMIT_OFFSET, limit);
    }

    private long lvControlHead() {
        return (long) LONGS.getVolatile(region, CONTROL_HEAD_OFFSET);
    }

    private boolean casControlHead(long expect, long update) {
        return LONGS.compareAndSet(region, CONTROL_HEAD_OFFSET, expect, update);
    }

    private long lvControlReserveTail() {
        return (long) LONGS.getVolatile(region, CONTROL_RESERVE_TAIL_OFFSET);
    }

    private long getAndAddControlReserveTail(long delta) {
        return (long) LONGS.getAndAdd(region, CONTROL_RESERVE_TAIL_OFFSET, delta);
    }

    private long lvControlTailHint() {
        return (long) LONGS.getVolatile(region, CONTROL_TAIL_OFFSET);
    }

    private boolean casControlTailHint(long expect, long update) {
        return LONGS.compareAndSet(region, CONTROL_TAIL_OFFSET, expect, update);
    }

    private int lvDoneCount(int group) {
        return (int) INTS.getVolatile(region, DONE_COUNTS_OFFSET + ChannelLayout.DONE_COUNT_SIZE * group);
    }

    private void checkCount(int count) {
        if (count <= 0 || count > capacity) {
            throw new IllegalArgumentException(
                    "count must be between 1 and the capacity " + capacity + ", got " + count);
        }
    }
}
