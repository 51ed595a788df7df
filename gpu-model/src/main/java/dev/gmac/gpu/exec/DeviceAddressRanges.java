package dev.gmac.gpu.exec;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.ptx.StateSpace;
import java.lang.ref.Cleaner;
import java.util.BitSet;

/**
 * The process-wide split of the global address window ({@link StateSpace#GLOBAL_BASE} to {@link
 * StateSpace#GLOBAL_END}) into disjoint per-device ranges (decision 0112), so a pointer of one device is never an
 * address inside another's allocations: range {@code k} starts at {@code GLOBAL_BASE + k * RANGE_BYTES}, and each
 * {@link GlobalMemory} holds one from its creation until {@link GlobalMemory#close} (or until the garbage collector
 * finds it unreachable, for a device nobody closed). The lowest free range is handed out first, so a process with
 * one device at a time (the CLI, most programs) always gives it range 0 and the addresses it always had.
 *
 * <p>A range is as large as the whole global window used to be ({@code GLOBAL_BASE} to 2^48), and a device's
 * <em>physical</em> address ({@link GlobalMemory#physical}) is its address minus its range's offset: the address the
 * device would have as the only one in the process. The timing model maps physical addresses to memory partitions,
 * DRAM banks and rows, cache sets and TM tables, so cycles and statistics do not depend on how many other devices
 * the process holds. Like the virtual-to-physical translation of a GPU's MMU, it costs the model one subtraction.
 *
 * <p>Concurrency: the free set is guarded by the class lock; {@link #isLive} reads it under the lock too (it is only
 * used to word error messages).
 */
public final class DeviceAddressRanges {
    /** log2 of the bytes of one device's range. */
    public static final int RANGE_SHIFT = 48;
    /** Bytes of one device's range. */
    public static final long RANGE_BYTES = 1L << RANGE_SHIFT;
    /** How many devices the process may hold at once. */
    public static final int RANGES = (int) ((StateSpace.GLOBAL_END - StateSpace.GLOBAL_BASE) >>> RANGE_SHIFT);

    private static final BitSet TAKEN = new BitSet(RANGES);
    private static final Cleaner CLEANER = Cleaner.create();

    private DeviceAddressRanges() {}

    /**
     * Takes the lowest free range for {@code owner} and registers its return when {@code owner} becomes unreachable;
     * returns the range's index. When every range is held, asks the garbage collector for the ranges of devices
     * nobody closed before it gives up with a {@link DeviceMemoryException}.
     */
    static Lease take(Object owner) {
        for (int attempt = 0; ; attempt++) {
            synchronized (DeviceAddressRanges.class) {
                int k = TAKEN.nextClearBit(0);
                if (k < RANGES) {
                    TAKEN.set(k);
                    Lease lease = new Lease(k);
                    lease.cleanable = CLEANER.register(owner, lease::release);
                    return lease;
                }
            }
            if (attempt == 3) {
                throw new DeviceMemoryException("out of device address ranges: this process holds " + RANGES
                        + " software GPUs at once (each gets its own " + RANGE_BYTES + "-byte range of device"
                        + " addresses); close() the devices and runtimes you no longer use");
            }
            System.gc(); // unreachable devices that were never closed give their ranges back through the cleaner
            try {
                Thread.sleep(20L << attempt);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True when {@code address} lies in a range some device of this process holds. */
    public static boolean isLive(long address) {
        if (address < StateSpace.GLOBAL_BASE || address >= StateSpace.GLOBAL_END) {
            return false;
        }
        int k = (int) ((address - StateSpace.GLOBAL_BASE) >>> RANGE_SHIFT);
        synchronized (DeviceAddressRanges.class) {
            return TAKEN.get(k);
        }
    }

    /** Ranges held now (for tests and diagnostics). */
    public static synchronized int held() {
        return TAKEN.cardinality();
    }

    /** One device's hold on range {@link #index}; given back once, at close or when its owner is collected. */
    static final class Lease {
        final int index;
        Cleaner.Cleanable cleanable;
        private boolean released;

        private Lease(int index) {
            this.index = index;
        }

        /** The first address of the range. */
        long base() {
            return StateSpace.GLOBAL_BASE + ((long) index << RANGE_SHIFT);
        }

        /** Gives the range back (idempotent); must not reference the owner, which may be unreachable. */
        void release() {
            synchronized (DeviceAddressRanges.class) {
                if (!released) {
                    released = true;
                    TAKEN.clear(index);
                }
            }
        }

        /** Gives the range back now, at the owner's close. */
        void close() {
            cleanable.clean();
        }
    }
}
