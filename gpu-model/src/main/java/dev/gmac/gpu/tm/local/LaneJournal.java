package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.tm.TxJournal;
import java.util.Arrays;

/**
 * The shared-memory reads and writes one work-item made in its current attempt, kept only while a launch records a
 * {@link TxJournal} for the serial replay of committed transactions ({@code dev.gmac.gpu.tm.SerialReplay}, the
 * correctness harness of the Fung thesis, Ch5, applied to GPU-LocalTM). A read of a word the work-item already
 * wrote sees its own write (eager versioning, in place) and is not a read of the serial order's state, so it is not
 * logged.
 */
final class LaneJournal {
    private long[] addr = new long[8];
    private int[] size = new int[8];
    private long[] value = new long[8];
    private boolean[] write = new boolean[8];
    private int count;
    /** True while the work-item has started a dynamic transaction that has not committed. */
    boolean pending;

    void clear() {
        count = 0;
    }

    void read(long a, int s, long v) {
        for (int i = 0; i < count; i++) {
            if (write[i] && overlaps(i, a, s)) {
                return;
            }
        }
        add(a, s, v, false);
    }

    void write(long a, int s, long v) {
        add(a, s, s == 8 ? v : v & ((1L << (8 * s)) - 1), true);
    }

    private boolean overlaps(int i, long a, int s) {
        return a < addr[i] + size[i] && addr[i] < a + s;
    }

    private void add(long a, int s, long v, boolean w) {
        if (count == addr.length) {
            int n = 2 * count;
            addr = Arrays.copyOf(addr, n);
            size = Arrays.copyOf(size, n);
            value = Arrays.copyOf(value, n);
            write = Arrays.copyOf(write, n);
        }
        addr[count] = a;
        size[count] = s;
        value[count] = v;
        write[count] = w;
        count++;
    }

    /** The attempt as a committed transaction with commit ID {@code cid}. */
    TxJournal.Commit commit(long cid, long thread) {
        int reads = 0;
        for (int i = 0; i < count; i++) {
            reads += write[i] ? 0 : 1;
        }
        long[] ra = new long[reads];
        int[] rs = new int[reads];
        long[] rv = new long[reads];
        long[] wa = new long[count - reads];
        int[] ws = new int[count - reads];
        long[] wv = new long[count - reads];
        int r = 0;
        int w = 0;
        for (int i = 0; i < count; i++) {
            if (write[i]) {
                wa[w] = addr[i];
                ws[w] = size[i];
                wv[w++] = value[i];
            } else {
                ra[r] = addr[i];
                rs[r] = size[i];
                rv[r++] = value[i];
            }
        }
        return new TxJournal.Commit(cid, thread, ra, rs, rv, wa, ws, wv, cid);
    }
}
