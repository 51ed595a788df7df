package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.TimingException;
import java.util.Arrays;

/**
 * The per-register scoreboard of one warp (Fung thesis §2.3.3; GPGPU architecture slides, "Scoreboard"): for
 * every register, the cycle from which its value may be read, or {@link #PENDING} while a memory load will write
 * it at a time not yet known. An instruction may issue once every register it reads (RAW) or writes (WAW) is
 * ready. Fixed-latency results are recorded as a future ready cycle at issue, so no write-back event is needed.
 */
public final class Scoreboard {
    /** Ready time of a register a load will write. */
    public static final long PENDING = Long.MAX_VALUE;

    private long[] readyAt;
    private int size;
    private int pending;
    private long lastWrite;
    private int version;

    /** A scoreboard for {@code registers} register ids. */
    public Scoreboard(int registers) {
        this.readyAt = new long[Math.max(1, registers)];
        this.size = registers;
    }

    /** Clears every register for a new warp with {@code registers} register ids. */
    public void reset(int registers) {
        if (registers > readyAt.length) {
            readyAt = new long[registers];
        } else {
            Arrays.fill(readyAt, 0, Math.min(size, readyAt.length), 0);
        }
        size = registers;
        pending = 0;
        lastWrite = 0;
        version++;
    }

    /** Changes whenever any register's ready time changes, so callers may cache {@link #readyTime} results. */
    public int version() {
        return version;
    }

    private int check(int register, IssueRecord in) {
        if (register < 0 || register >= size) {
            throw new TimingException("register id " + register + " of the instruction at pc "
                    + (in == null ? -1 : in.pc()) + " is outside the kernel's " + size
                    + " register slots (KernelResources.registerSlots)");
        }
        return register;
    }

    /** The first cycle at which every source and destination of {@code in} is ready, or {@link #PENDING}. */
    public long readyTime(IssueRecord in) {
        long t = 0;
        for (int i = 0, n = in.sourceCount(); i < n; i++) {
            t = Math.max(t, readyAt[check(in.source(i), in)]);
        }
        for (int i = 0, n = in.destinationCount(); i < n; i++) {
            t = Math.max(t, readyAt[check(in.destination(i), in)]);
        }
        return t;
    }

    /** The first cycle at which every register written so far is ready, or {@link #PENDING}. */
    public long allReadyTime() {
        return pending > 0 ? PENDING : lastWrite;
    }

    /** {@code register} will be written by a load whose completion time is not yet known. */
    public void markPending(int register) {
        check(register, null);
        if (readyAt[register] != PENDING) {
            readyAt[register] = PENDING;
            pending++;
            version++;
        }
    }

    /** {@code register} holds its new value from cycle {@code cycle}. */
    public void markReady(int register, long cycle) {
        check(register, null);
        if (readyAt[register] == PENDING) {
            pending--;
        }
        readyAt[register] = cycle;
        lastWrite = Math.max(lastWrite, cycle);
        version++;
    }

    /** Registers waiting for a load. */
    public int pendingCount() {
        return pending;
    }

    /** The ready cycle of {@code register} ({@link #PENDING} while a load will write it). */
    public long readyAt(int register) {
        return readyAt[check(register, null)];
    }
}
