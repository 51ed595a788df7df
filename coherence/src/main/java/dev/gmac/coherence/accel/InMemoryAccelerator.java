package dev.gmac.coherence.accel;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An accelerator whose memory is ordinary JVM memory: the fake device of the coherence tests, stress tests
 * and benchmarks (no simulated GPU). "Kernels" are Java functions that read and write device memory through
 * {@link #view(long, int)}.
 *
 * <p>Addresses start at 2^32 (so truncation bugs show), allocations are 256-byte aligned and never reuse an
 * address, and each allocation is zero-filled. Every operation is counted ({@link #operations()}), so tests
 * can check that a bulk operation really ran on the device side.
 *
 * <p>Thread-safe: the allocation map is a {@link ConcurrentSkipListMap}; copies work on private duplicates
 * of the allocation's buffer, so concurrent copies to disjoint ranges never interfere.
 */
public final class InMemoryAccelerator implements Accelerator {
    private static final long BASE_ADDRESS = 1L << 32;
    private static final long ALIGNMENT = 256;

    private final long capacity;
    private final boolean direct;
    private final ConcurrentSkipListMap<Long, ByteBuffer> allocations = new ConcurrentSkipListMap<>();
    private final AtomicLong nextAddress = new AtomicLong(BASE_ADDRESS);
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong copiesToDevice = new AtomicLong();
    private final AtomicLong copiesToHost = new AtomicLong();
    private final AtomicLong deviceCopies = new AtomicLong();
    private final AtomicLong memsets = new AtomicLong();

    /** A 1 GiB device whose memory lives on the Java heap. */
    public InMemoryAccelerator() {
        this(1L << 30, false);
    }

    /**
     * @param capacity device memory in bytes; allocations beyond it fail with {@code OUT_OF_MEMORY}
     * @param direct whether allocations are direct (off-heap) buffers rather than heap buffers
     */
    public InMemoryAccelerator(long capacity, boolean direct) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.direct = direct;
    }

    @Override
    public String name() {
        return "in-memory";
    }

    @Override
    public boolean zeroesAllocations() {
        return true;
    }

    @Override
    public long allocate(long bytes) {
        if (bytes <= 0 || bytes > Integer.MAX_VALUE) {
            throw new AcceleratorException(
                    AcceleratorException.Kind.OTHER, "allocation size must be in [1, 2^31-1]: " + bytes);
        }
        long after = used.addAndGet(bytes);
        if (after > capacity) {
            used.addAndGet(-bytes);
            throw new AcceleratorException(
                    AcceleratorException.Kind.OUT_OF_MEMORY,
                    "out of device memory: " + bytes + " bytes requested, " + (capacity - after + bytes) + " of "
                            + capacity + " free");
        }
        long aligned = (bytes + ALIGNMENT - 1) & -ALIGNMENT;
        long address = nextAddress.getAndAdd(aligned);
        ByteBuffer memory = direct ? ByteBuffer.allocateDirect((int) bytes) : ByteBuffer.allocate((int) bytes);
        allocations.put(address, memory.order(ByteOrder.LITTLE_ENDIAN));
        return address;
    }

    @Override
    public void free(long deviceAddress) {
        ByteBuffer memory = allocations.remove(deviceAddress);
        if (memory == null) {
            throw new AcceleratorException(
                    AcceleratorException.Kind.BAD_ADDRESS,
                    "free of 0x" + Long.toHexString(deviceAddress) + ": not the start of a live allocation");
        }
        used.addAndGet(-memory.capacity());
    }

    /**
     * A little-endian buffer aliasing {@code bytes} bytes of device memory at {@code deviceAddress}: what a
     * kernel reads and writes. Writes through it are device writes.
     */
    public ByteBuffer view(long deviceAddress, int bytes) {
        return range(deviceAddress, bytes);
    }

    @Override
    public void copyToDevice(long deviceAddress, ByteBuffer src) {
        ByteBuffer dst = range(deviceAddress, src.remaining());
        dst.put(0, src, src.position(), src.remaining());
        copiesToDevice.incrementAndGet();
    }

    @Override
    public void copyToHost(long deviceAddress, ByteBuffer dst) {
        ByteBuffer src = range(deviceAddress, dst.remaining());
        dst.put(dst.position(), src, 0, dst.remaining());
        copiesToHost.incrementAndGet();
    }

    @Override
    public void copyDeviceToDevice(long dstAddress, long srcAddress, long bytes) {
        int length = checkLength(bytes);
        ByteBuffer src = range(srcAddress, length);
        ByteBuffer dst = range(dstAddress, length);
        if (srcAddress < dstAddress + bytes && dstAddress < srcAddress + bytes && length > 0) {
            throw new AcceleratorException(
                    AcceleratorException.Kind.OTHER,
                    "device-to-device copy ranges overlap: 0x" + Long.toHexString(dstAddress) + " and 0x"
                            + Long.toHexString(srcAddress) + ", " + bytes + " bytes");
        }
        dst.put(0, src, 0, length);
        deviceCopies.incrementAndGet();
    }

    @Override
    public void memset(long deviceAddress, int byteValue, long bytes) {
        int length = checkLength(bytes);
        ByteBuffer dst = range(deviceAddress, length);
        byte value = (byte) byteValue;
        for (int i = 0; i < length; i++) {
            dst.put(i, value);
        }
        memsets.incrementAndGet();
    }

    /** Bytes currently allocated. */
    public long usedBytes() {
        return used.get();
    }

    /** Number of live allocations. */
    public int liveAllocations() {
        return allocations.size();
    }

    /** Counts of the operations performed so far, for tests. */
    public Operations operations() {
        return new Operations(copiesToDevice.get(), copiesToHost.get(), deviceCopies.get(), memsets.get());
    }

    /** Operation counts of an {@link InMemoryAccelerator}. */
    public record Operations(long copiesToDevice, long copiesToHost, long deviceCopies, long memsets) {}

    private static int checkLength(long bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw new AcceleratorException(AcceleratorException.Kind.OTHER, "bad length " + bytes);
        }
        return (int) bytes;
    }

    /** A duplicate of the allocation that holds [address, address + length), positioned at address. */
    private ByteBuffer range(long address, int length) {
        Map.Entry<Long, ByteBuffer> entry = allocations.floorEntry(address);
        if (entry != null) {
            long offset = address - entry.getKey();
            ByteBuffer memory = entry.getValue();
            if (offset + length <= memory.capacity()) {
                return memory.slice((int) offset, length).order(ByteOrder.LITTLE_ENDIAN);
            }
        }
        throw new AcceleratorException(
                AcceleratorException.Kind.BAD_ADDRESS,
                "device range 0x" + Long.toHexString(address) + " + " + length
                        + " bytes is not inside a live allocation");
    }
}
