package dev.gmac.channels;

/**
 * Where everything of one channel lies in its memory region: the descriptor of offsets for the array-based
 * channel of Orr et al. (ISCA 2014, §3.2.1), in the style of Agrona's layout descriptors.
 *
 * <p>The region is one block of bytes, native byte order, that both Java host threads and (later) simulated
 * wavefronts address. All offsets are from the start of the region, which must be 8-byte aligned:
 *
 * <pre>
 * offset  size            field
 * 0       4               MAGIC ('GCH1')            descriptor: written once by format,
 * 4       4               VERSION                   read by attach and by device code
 * 8       4               ELEMENT_SIZE (bytes)
 * 12      4               CAPACITY (data elements, a power of two)
 * 16      4               ELEMENTS_PER_DONE_COUNT   (a power of two dividing CAPACITY)
 * 20      4               REGION_LENGTH
 * 128     8               dataHead          freed up to here (aggregator / deallocator, CAS)
 * 256     8               dataTail          reserved up to here (talloc, CAS)
 * 384     8               controlHead       dispatched up to here (consumers, CAS)
 * 512     8               controlReserveTail  control space reserved up to here (enq, fetch-and-add)
 * 640     8               controlTail       ready-tail hint: a lower bound of the ready prefix, advanced
 *                                           only by readers of the tail (controlTail(), readyCount());
 *                                           enq and dispatch neither read nor write it (decision 0206)
 * 768     8               producerLimit     producers' cached free limit: dataHead + C as some producer
 *                                           last read it (talloc, release store; a hint, never too high)
 * 896     4 * C/G         done-count array, one int per group of G data elements
 * ctrl    8 * 2C          control array: 2C entries of (tag:32 | data slot:32)
 * data    size * C        data array: C elements of ELEMENT_SIZE bytes (array of structures)
 * </pre>
 *
 * <p>Each of the five 64-bit counters and the producer limit sits alone in a 128-byte block (two cache lines,
 * against false sharing and the adjacent-line prefetcher). Counters are monotonic sequence numbers, never
 * wrapped; an array index is {@code sequence & (length - 1)}. The control and data arrays start on 128-byte
 * boundaries. A control entry is Ready when its tag says it was written for its own sequence number: the
 * ready tail is the first entry at or after {@code controlHead} that is not yet written (decision 0206).
 */
public final class ChannelLayout {
    /** Bytes of padding around each hot counter. */
    public static final int COUNTER_BLOCK = 128;

    /** 'GCH1' in ASCII, little end first: marks a formatted channel region. */
    public static final int MAGIC = 0x31484347;
    /**
     * Layout version written by {@link Channel#format}. Version 2: readiness is the control entries' tags,
     * the tail word is a hint, and producers cache their free limit (decision 0206).
     */
    public static final int VERSION = 2;

    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int ELEMENT_SIZE_OFFSET = 8;
    public static final int CAPACITY_OFFSET = 12;
    public static final int ELEMENTS_PER_DONE_COUNT_OFFSET = 16;
    public static final int REGION_LENGTH_OFFSET = 20;

    public static final int DATA_HEAD_OFFSET = COUNTER_BLOCK;
    public static final int DATA_TAIL_OFFSET = 2 * COUNTER_BLOCK;
    public static final int CONTROL_HEAD_OFFSET = 3 * COUNTER_BLOCK;
    public static final int CONTROL_RESERVE_TAIL_OFFSET = 4 * COUNTER_BLOCK;
    public static final int CONTROL_TAIL_OFFSET = 5 * COUNTER_BLOCK;
    public static final int PRODUCER_LIMIT_OFFSET = 6 * COUNTER_BLOCK;
    public static final int DONE_COUNTS_OFFSET = 7 * COUNTER_BLOCK;

    /** Bytes per control-array entry. */
    public static final int CONTROL_ENTRY_SIZE = 8;
    /** Bytes per done count. */
    public static final int DONE_COUNT_SIZE = 4;
    /** The paper's done-count granularity (§7, Table 2; §8.2.1). */
    public static final int DEFAULT_ELEMENTS_PER_DONE_COUNT = 64;

    /** Largest capacity: keeps every offset of the region within an int. */
    public static final int MAX_CAPACITY = 1 << 26;

    private final int elementSize;
    private final int capacity;
    private final int elementsPerDoneCount;
    private final int controlOffset;
    private final int dataOffset;
    private final int regionLength;

    private ChannelLayout(int elementSize, int capacity, int elementsPerDoneCount) {
        this.elementSize = elementSize;
        this.capacity = capacity;
        this.elementsPerDoneCount = elementsPerDoneCount;
        long done = DONE_COUNTS_OFFSET + (long) DONE_COUNT_SIZE * (capacity / elementsPerDoneCount);
        long control = alignUp(done, COUNTER_BLOCK);
        long data = alignUp(control + (long) CONTROL_ENTRY_SIZE * 2L * capacity, COUNTER_BLOCK);
        long end = alignUp(data + (long) elementSize * capacity, COUNTER_BLOCK);
        if (end > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a channel of " + capacity + " elements of " + elementSize
                    + " bytes needs " + end + " bytes, more than one region can hold (2 GiB); use fewer or"
                    + " smaller elements");
        }
        this.controlOffset = (int) control;
        this.dataOffset = (int) data;
        this.regionLength = (int) end;
    }

    /**
     * The layout of a channel of {@code capacity} elements of {@code elementSize} bytes, with the paper's
     * done-count granularity (64 elements per done count, or the whole capacity when it is smaller).
     */
    public static ChannelLayout of(int elementSize, int capacity) {
        return of(elementSize, capacity, Math.min(DEFAULT_ELEMENTS_PER_DONE_COUNT, Math.max(1, capacity)));
    }

    /**
     * The layout of a channel of {@code capacity} elements of {@code elementSize} bytes, where
     * {@code elementsPerDoneCount} adjacent data elements share one done count.
     *
     * @throws IllegalArgumentException when a size is not positive, the capacity or the done-count
     *     granularity is not a power of two, the granularity does not divide the capacity, or the region
     *     would not fit in 2 GiB
     */
    public static ChannelLayout of(int elementSize, int capacity, int elementsPerDoneCount) {
        if (elementSize <= 0) {
            throw new IllegalArgumentException("element size must be at least 1 byte, got " + elementSize);
        }
        if (capacity <= 0 || Integer.bitCount(capacity) != 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be a power of two between 1 and " + MAX_CAPACITY
                    + ", got " + capacity + (capacity > 0 ? " (try " + ceilPowerOfTwo(capacity) + ")" : ""));
        }
        if (elementsPerDoneCount <= 0
                || Integer.bitCount(elementsPerDoneCount) != 1
                || elementsPerDoneCount > capacity) {
            throw new IllegalArgumentException("elements per done count must be a power of two no larger than"
                    + " the capacity " + capacity + ", got " + elementsPerDoneCount);
        }
        return new ChannelLayout(elementSize, capacity, elementsPerDoneCount);
    }

    /** Bytes of one channel element; elements are packed back to back (array of structures). */
    public int elementSize() {
        return elementSize;
    }

    /** Data-array length in elements. */
    public int capacity() {
        return capacity;
    }

    /** Adjacent data elements that share one done count. */
    public int elementsPerDoneCount() {
        return elementsPerDoneCount;
    }

    /** Entries in the done-count array: {@code capacity / elementsPerDoneCount}. */
    public int doneCountLength() {
        return capacity / elementsPerDoneCount;
    }

    /** Entries in the control array: twice the data array (§3.2.1). */
    public int controlLength() {
        return 2 * capacity;
    }

    /** Offset of the first done count. */
    public int doneCountsOffset() {
        return DONE_COUNTS_OFFSET;
    }

    /** Offset of the first control-array entry (128-byte aligned). */
    public int controlOffset() {
        return controlOffset;
    }

    /** Offset of the first data element (128-byte aligned). */
    public int dataOffset() {
        return dataOffset;
    }

    /** Bytes the whole region needs. */
    public int regionLength() {
        return regionLength;
    }

    /** Offset of the done count for data slot {@code slot}. */
    public int doneCountOffsetOfSlot(int slot) {
        return DONE_COUNTS_OFFSET + DONE_COUNT_SIZE * (slot / elementsPerDoneCount);
    }

    /** Offset of control-array entry {@code index} (0 to {@code 2 * capacity - 1}). */
    public int controlEntryOffset(int index) {
        return controlOffset + CONTROL_ENTRY_SIZE * index;
    }

    /** Offset of data element {@code slot} (0 to {@code capacity - 1}). */
    public int elementOffset(int slot) {
        return dataOffset + elementSize * slot;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChannelLayout other
                && other.elementSize == elementSize
                && other.capacity == capacity
                && other.elementsPerDoneCount == elementsPerDoneCount;
    }

    @Override
    public int hashCode() {
        return (elementSize * 31 + capacity) * 31 + elementsPerDoneCount;
    }

    @Override
    public String toString() {
        return "ChannelLayout[elementSize=" + elementSize + ", capacity=" + capacity + ", elementsPerDoneCount="
                + elementsPerDoneCount + ", regionLength=" + regionLength + "]";
    }

    private static long alignUp(long value, int alignment) {
        return (value + alignment - 1) & -alignment;
    }

    private static int ceilPowerOfTwo(int value) {
        return value >= (1 << 30) ? (1 << 30) : Integer.highestOneBit(value - 1) << 1;
    }
}
