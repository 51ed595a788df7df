package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.Warp;
import dev.gmac.gpu.ptx.Insn;
import java.util.Arrays;

/**
 * The read-log and write-log of one lane's current attempt (Fung thesis §4.2.3-4.2.4): every transactional global
 * read as an (address, size, value seen) entry and every write as an (address, size, value) entry, in program
 * order, each tagged with the log row it occupies (row {@code k} holds the {@code k}-th transactional access of
 * the warp, void for the lanes that did not access, so the log unit reads a row for the whole warp with coalesced
 * accesses). A word read twice with different values gives two entries, and at least one of them fails
 * validation. Reads of the lane's own writes are answered from the write-log (the own-write filter is exact, as
 * the thesis evaluated it) and add no read entry.
 */
public final class LaneLog {
    int reads;
    long[] readAddr = new long[8];
    long[] readValue = new long[8];
    byte[] readSize = new byte[8];
    int[] readRow = new int[8];

    int writes;
    long[] writeAddr = new long[8];
    long[] writeValue = new long[8];
    byte[] writeSize = new byte[8];
    int[] writeRow = new int[8];
    Insn[] writeInsn = new Insn[8];

    /** Attempts of the lane's current dynamic transaction that aborted so far. */
    int aborts;
    /** Identifies the lane's running attempt (0 when none runs). */
    long attemptId;
    /** The warp the lane belongs to (for the stores at commit). */
    Warp warp;
    /** Doomed: a sandboxed fault or a failed forced validation; the lane aborts at the next chance. */
    boolean doomed;
    /** Time of the lane's first transactional load in this attempt (temporal conflict detection), or -1. */
    long firstRead = -1;
    /** A load returned a last-written time after {@link #firstRead} (temporal conflict detection). */
    boolean tcdFlag;
    /** When the attempt started (timing: core cycle), for the thread-state breakdown. */
    long attemptStart;
    /** Position of the lane's last access within the current warp access (vector loads add several rows). */
    int accessSeq = -1;

    int accessElement;
    int writeElement;

    /**
     * What {@link #readPhysical} and {@link #writePhysical} subtract: the device's {@code
     * GlobalMemory.physicalOffset()}, set on the copies the commit hardware takes.
     */
    long physicalOffset;

    /**
     * A copy of the entries (the commit hardware keeps it while the lane may already retry), whose physical addresses
     * subtract {@code physicalOffset}.
     */
    LaneLog copy(long physicalOffset) {
        LaneLog c = new LaneLog();
        c.physicalOffset = physicalOffset;
        c.reads = reads;
        c.readAddr = Arrays.copyOf(readAddr, reads);
        c.readValue = Arrays.copyOf(readValue, reads);
        c.readSize = Arrays.copyOf(readSize, reads);
        c.readRow = Arrays.copyOf(readRow, reads);
        c.writes = writes;
        c.writeAddr = Arrays.copyOf(writeAddr, writes);
        c.writeValue = Arrays.copyOf(writeValue, writes);
        c.writeSize = Arrays.copyOf(writeSize, writes);
        c.writeRow = Arrays.copyOf(writeRow, writes);
        c.writeInsn = Arrays.copyOf(writeInsn, writes);
        c.warp = warp;
        c.firstRead = firstRead;
        c.tcdFlag = tcdFlag;
        c.attemptStart = attemptStart;
        c.attemptId = attemptId;
        c.aborts = aborts;
        return c;
    }

    /** Clears the log for a new attempt. */
    void reset() {
        reads = 0;
        writes = 0;
        Arrays.fill(writeInsn, 0, writeInsn.length, null);
        doomed = false;
        firstRead = -1;
        tcdFlag = false;
        accessSeq = -1;
    }

    void addRead(long addr, int size, long value, int row) {
        if (reads == readAddr.length) {
            int n = reads * 2;
            readAddr = Arrays.copyOf(readAddr, n);
            readValue = Arrays.copyOf(readValue, n);
            readSize = Arrays.copyOf(readSize, n);
            readRow = Arrays.copyOf(readRow, n);
        }
        readAddr[reads] = addr;
        readValue[reads] = value;
        readSize[reads] = (byte) size;
        readRow[reads] = row;
        reads++;
    }

    void addWrite(long addr, int size, long value, int row, Insn in) {
        if (writes == writeAddr.length) {
            int n = writes * 2;
            writeAddr = Arrays.copyOf(writeAddr, n);
            writeValue = Arrays.copyOf(writeValue, n);
            writeSize = Arrays.copyOf(writeSize, n);
            writeRow = Arrays.copyOf(writeRow, n);
            writeInsn = Arrays.copyOf(writeInsn, n);
        }
        writeAddr[writes] = addr;
        writeValue[writes] = value;
        writeSize[writes] = (byte) size;
        writeRow[writes] = row;
        writeInsn[writes] = in;
        writes++;
    }

    /** True when some write entry overlaps {@code [addr, addr + size)}. */
    boolean writesOverlap(long addr, int size) {
        for (int i = writes - 1; i >= 0; i--) {
            if (writeAddr[i] < addr + size && addr < writeAddr[i] + writeSize[i]) {
                return true;
            }
        }
        return false;
    }

    /** True when the write entries together cover every byte of {@code [addr, addr + size)}. */
    boolean writesCover(long addr, int size) {
        long covered = 0;
        for (int i = 0; i < writes; i++) {
            long lo = Math.max(addr, writeAddr[i]);
            long hi = Math.min(addr + size, writeAddr[i] + writeSize[i]);
            for (long b = lo; b < hi; b++) {
                covered |= 1L << (b - addr);
            }
        }
        return covered == (1L << size) - 1; // one bit per byte
    }

    /** {@code base} (the little-endian bytes at {@code addr}) with the lane's writes laid over it in log order. */
    long overlayWrites(long addr, int size, long base) {
        long v = base;
        for (int i = 0; i < writes; i++) {
            long lo = Math.max(addr, writeAddr[i]);
            long hi = Math.min(addr + size, writeAddr[i] + writeSize[i]);
            for (long b = lo; b < hi; b++) {
                long byteVal = (writeValue[i] >>> (8 * (b - writeAddr[i]))) & 0xFF;
                int shift = (int) (8 * (b - addr));
                v = (v & ~(0xFFL << shift)) | (byteVal << shift);
            }
        }
        return size == 8 ? v : v & ((1L << (8 * size)) - 1);
    }

    /** When the attempt started (timing: core cycle). */
    public long attemptStart() {
        return attemptStart;
    }

    /** Read entries in this attempt. */
    public int reads() {
        return reads;
    }

    /** Write entries in this attempt. */
    public int writes() {
        return writes;
    }

    /**
     * Physical address of read entry {@code i}: its device address minus the device's {@link #physicalOffset}
     * (decision 0112), what the commit hardware maps to partitions, lines and tables.
     */
    public long readPhysical(int i) {
        return readAddr[i] - physicalOffset;
    }

    /** Size in bytes of read entry {@code i}. */
    public int readSize(int i) {
        return readSize[i];
    }

    /** Value read entry {@code i} saw. */
    public long readValue(int i) {
        return readValue[i];
    }

    /** Log row of read entry {@code i}. */
    public int readRow(int i) {
        return readRow[i];
    }

    /** Physical address of write entry {@code i} (as {@link #readPhysical}). */
    public long writePhysical(int i) {
        return writeAddr[i] - physicalOffset;
    }

    /** Size in bytes of write entry {@code i}. */
    public int writeSize(int i) {
        return writeSize[i];
    }

    /** Value of write entry {@code i}. */
    public long writeValue(int i) {
        return writeValue[i];
    }

    /** Log row of write entry {@code i}. */
    public int writeRow(int i) {
        return writeRow[i];
    }

    /** Words (4-byte units, rounded up per entry) in the read-set, as the thesis counts set sizes. */
    public int readWords() {
        int w = 0;
        for (int i = 0; i < reads; i++) {
            w += (readSize[i] + 3) / 4;
        }
        return w;
    }

    /** Words in the write-set. */
    public int writeWords() {
        int w = 0;
        for (int i = 0; i < writes; i++) {
            w += (writeSize[i] + 3) / 4;
        }
        return w;
    }
}
