package dev.gmac.gpu.timing.mem;

import java.util.Arrays;

/**
 * Merges the per-lane accesses of one warp memory instruction into line-sized segments (Fung thesis §2.3.3:
 * accesses that fall in one 128-byte chunk become one wide access; the segment size is {@code mem.line.bytes}).
 * The load/store unit then spends one cycle per segment.
 *
 * <p>Reuses its arrays: after {@link #coalesce}, segment {@code i} (ascending address order) is described by
 * {@link #segment}, {@link #lanes} and {@link #bytes} until the next call. Lane accesses are assumed naturally
 * aligned (the functional model faults on misaligned ones), so none straddles a segment.
 */
public final class Coalescer {
    private final int lineShift;
    private final int lineBytes;
    private final long[] segment;
    private final int[] lanes;
    private final int[] bytes;
    private int count;

    /** A coalescer for warps of up to {@code maxLanes} lanes and segments of {@code lineBytes} (power of two). */
    public Coalescer(int maxLanes, int lineBytes) {
        if (Integer.bitCount(lineBytes) != 1) {
            throw new IllegalArgumentException("line size must be a power of two, got " + lineBytes);
        }
        this.lineBytes = lineBytes;
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
        this.segment = new long[maxLanes];
        this.lanes = new int[maxLanes];
        this.bytes = new int[maxLanes];
    }

    /**
     * Coalesces the {@code n} lane addresses in {@code addresses[0..n)} (sorted in place), each accessing {@code
     * accessBytes} bytes.
     *
     * @return the number of segments
     */
    public int coalesce(long[] addresses, int n, int accessBytes) {
        count = 0;
        if (n == 0) {
            return 0;
        }
        if (!ascending(addresses, n)) {
            Arrays.sort(addresses, 0, n);
        }
        long current = -1;
        long lastAddress = -1;
        for (int i = 0; i < n; i++) {
            long a = addresses[i];
            long line = a >>> lineShift;
            if (count == 0 || line != current) {
                current = line;
                segment[count] = line << lineShift;
                lanes[count] = 0;
                bytes[count] = 0;
                count++;
                lastAddress = -1;
            }
            lanes[count - 1]++;
            if (a != lastAddress) {
                bytes[count - 1] = Math.min(lineBytes, bytes[count - 1] + accessBytes);
                lastAddress = a;
            }
        }
        return count;
    }

    private static boolean ascending(long[] a, int n) {
        for (int i = 1; i < n; i++) {
            if (a[i] < a[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /** Segments found by the last call. */
    public int count() {
        return count;
    }

    /** Line-aligned base address of segment {@code i}. */
    public long segment(int i) {
        return segment[i];
    }

    /** Active lanes whose access falls in segment {@code i}. */
    public int lanes(int i) {
        return lanes[i];
    }

    /** Distinct bytes the lanes touch in segment {@code i}. */
    public int bytes(int i) {
        return bytes[i];
    }
}
