package dev.gmac.gpu.timing.mem;

/**
 * How addresses spread over the memory system (Fung thesis §2.3.3): consecutive {@code interleave}-byte chunks
 * go to consecutive memory partitions, and within a partition the chunks it owns are packed into a dense
 * partition-local address space, which indexes its L2 slice and its DRAM banks and rows (row after row, each row
 * on the next bank).
 *
 * <p>Thread-private local memory is laid out as the thesis describes: word {@code k} of every hardware thread
 * is stored together, so lane {@code i} of a warp accessing the same local offset as its neighbours touches
 * adjacent words. Local and constant addresses live in their own regions, {@link #LOCAL_BASE} and {@link
 * #CONSTANT_BASE}, above any physical global address. Global addresses arrive physical (a device's address minus
 * the start of its range, {@code GlobalMemory.physical}, decision 0112: below 2^48 whatever range the process gave
 * the device), so the partition, L2 set, DRAM bank and row of an access do not depend on other devices.
 */
public final class AddressMap {
    /** Start of the region where local memory is placed (above every physical global address). */
    public static final long LOCAL_BASE = 1L << 52;
    /** Start of the region where constant and parameter memory is placed. */
    public static final long CONSTANT_BASE = 1L << 51;

    private final int partitions;
    private final long interleave;
    private final int lineShift;

    /** The map for {@code partitions} partitions interleaved every {@code interleave} bytes, lines of {@code lineBytes}. */
    public AddressMap(int partitions, int interleave, int lineBytes) {
        this.partitions = partitions;
        this.interleave = interleave;
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
    }

    /** The partition that owns byte address {@code address}. */
    public int partition(long address) {
        return (int) Math.floorMod(Math.floorDiv(address, interleave), (long) partitions);
    }

    /** The address of {@code address} in its partition's dense local space. */
    public long partitionLocal(long address) {
        long chunk = Math.floorDiv(address, interleave);
        return Math.floorDiv(chunk, partitions) * interleave + Math.floorMod(address, interleave);
    }

    /** The line number of {@code address} in its partition's local space (indexes the L2 slice). */
    public long partitionLocalLine(long address) {
        return partitionLocal(address) >>> lineShift;
    }

    /** The line number of a global byte address (indexes the L1 and constant caches). */
    public long line(long address) {
        return address >>> lineShift;
    }

    /**
     * The memory address of byte {@code offset} of a hardware thread's local memory.
     *
     * @param offset         byte offset within the thread's local memory
     * @param hardwareThread the thread's slot in the whole GPU ({@code core * maxThreads + warpSlot * warpSize + lane})
     * @param threadSlots    hardware thread slots in the whole GPU
     */
    public static long localAddress(long offset, long hardwareThread, long threadSlots) {
        return LOCAL_BASE + (((offset >>> 2) * threadSlots + hardwareThread) << 2) + (offset & 3);
    }

    /** The memory address of byte {@code offset} of constant or parameter space. */
    public static long constantAddress(long offset) {
        return CONSTANT_BASE + offset;
    }
}
