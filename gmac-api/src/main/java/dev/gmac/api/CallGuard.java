package dev.gmac.api;

import dev.gmac.coherence.ExecutionContext;
import dev.gmac.coherence.Reach;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.WriteScope;
import dev.gmac.gpu.AccessGuard;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The software GPU's check of one call's exact reach (ADSM paper §3.2: a kernel accesses only the objects
 * assigned to it): a shared buffer the call does not reach may not be touched, and one outside the call's write
 * set may only be read. Other device allocations (a module's {@code .global} variables) are the kernel's own.
 * A violation fails the kernel with the buffer, the PTX line and the thread ({@link AccessGuard}).
 *
 * <p>With device-side dirty tracking (an assumed hardware feature, decision 0116) the GPU also reports every store
 * to a shared buffer, and the guard records the blocks (by the buffer's block size) it wrote, for the sync.
 *
 * <p>Threads: the launch calls {@link #permission} and {@link #wrote} on its one thread; the caller's sync reads
 * {@link #writtenBlocks} after waiting for the kernel's future, which orders those calls before it. The methods
 * are synchronized all the same (uncontended), so no ordering argument rests on the engine's threading.
 */
final class CallGuard implements AccessGuard {
    private final SharedMemoryManager manager;
    private final ExecutionContext context;
    private final Reach reach;
    private final WriteScope writes;
    private final boolean checkReach;
    private final boolean track;
    private final Map<Long, BitSet> written = new HashMap<>();

    CallGuard(
            SharedMemoryManager manager,
            ExecutionContext context,
            Reach reach,
            WriteScope writes,
            boolean checkReach,
            boolean track) {
        this.manager = manager;
        this.context = context;
        this.reach = reach;
        this.writes = writes;
        this.checkReach = checkReach;
        this.track = track;
    }

    /** Whether the GPU reports this call's stores ({@link dev.gmac.coherence.KernelTask#tracksDeviceWrites}). */
    boolean tracksWrites() {
        return track;
    }

    @Override
    public synchronized Permission permission(long base) {
        SharedObject object = manager.findByDeviceAddress(base);
        if (object == null || object.deviceAddress() != base) {
            return Permission.READ_WRITE; // not a shared buffer: a module variable
        }
        if (checkReach) {
            boolean reached = reach.isWholeContext()
                    ? object.owner() == context
                    : reach.objects().contains(object);
            if (!reached) {
                return Permission.NONE;
            }
            if (!writes.covers(object)) {
                return Permission.READ;
            }
        }
        return track ? Permission.READ_WRITE_TRACKED : Permission.READ_WRITE;
    }

    @Override
    public synchronized void wrote(long base, long offset, int size) {
        SharedObject object = manager.findByDeviceAddress(base);
        if (object == null) {
            return;
        }
        long blockSize = object.blockSize();
        written.computeIfAbsent(base, b -> new BitSet())
                .set((int) (offset / blockSize), (int) ((offset + size - 1) / blockSize) + 1);
    }

    /** The blocks of {@code object} the kernel wrote (empty when none), once the kernel ended. */
    synchronized BitSet writtenBlocks(SharedObject object) {
        BitSet blocks = written.get(object.deviceAddress());
        return blocks == null ? new BitSet() : (BitSet) blocks.clone();
    }

    @Override
    public String describe(long base) {
        SharedObject object = manager.findByDeviceAddress(base);
        return object == null
                ? "the allocation at 0x" + Long.toHexString(base)
                : "shared buffer #" + object.id() + " (0x" + Long.toHexString(object.address()) + ", "
                        + object.byteSize() + " bytes)";
    }
}
