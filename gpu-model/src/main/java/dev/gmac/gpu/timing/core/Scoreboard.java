package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.TimingException;
import java.util.Arrays;

/**
 * The per-register scoreboard of one warp (Fung thesis §2.3.3; GPGPU architecture slides, "Scoreboard"): for
 * every register, the cycle from which its value may be read, or {@link #PENDING} while a memory load will write
 * it at a time not yet known. An instruction may issue once every register it reads (RAW) or writes (WAW) is
 * ready. Fixed-latency results are recorded as a future ready cycle at issue, so no write-back event is needed.
 *
 * <p><b>Issue groups of several static warps</b> (thread block compaction and dynamic warp formation, Fung thesis
 * §3.3.2; decision 0336): a compacted warp holds some lanes of each member static warp, and several compacted warps
 * hold disjoint lanes of one static warp at once. Their loads to the same register are independent (each thread
 * owns its registers in its home lane's bank), so a pending load records the lanes it will write ({@link
 * #markPending(int, long)}), and a group waits only for loads to its own lanes ({@link #readyTime(IssueRecord,
 * long)}). Fixed-latency results are tracked by lane too (decision 0338): per register, the lanes of the latest
 * write and its ready cycle, and the ready cycle of the earlier writes for the other lanes. Two compacted warps that
 * hold lanes of one static warp and run the same chain of dependent instructions then wait each for its own
 * results, not in turn for each other's (with one ready cycle per register each instruction of the chain waited for
 * the other group's write of the register as well, which doubled the chain).
 */
public final class Scoreboard {
    /** Ready time of a register a load will write. */
    public static final long PENDING = Long.MAX_VALUE;

    private long[] readyAt;
    /** Per register: the lanes loads will write ({@code -1} for a load of the whole warp). */
    private long[] pendingLanes;

    /**
     * Per register, for issue groups: the lanes of the latest completed-or-scheduled write ({@code -1}: the whole
     * warp), the cycle its value is ready there, and the latest ready cycle of earlier writes (the other lanes).
     */
    private long[] lastLanes;

    private long[] lastReady;
    private long[] priorReady;
    private int size;
    private int pending;
    private long lastWrite;
    private int version;

    /** A scoreboard for {@code registers} register ids. */
    public Scoreboard(int registers) {
        this.readyAt = new long[Math.max(1, registers)];
        this.pendingLanes = new long[readyAt.length];
        this.lastLanes = new long[readyAt.length];
        this.lastReady = new long[readyAt.length];
        this.priorReady = new long[readyAt.length];
        this.size = registers;
    }

    /** Clears every register for a new warp with {@code registers} register ids. */
    public void reset(int registers) {
        if (registers > readyAt.length) {
            readyAt = new long[registers];
            pendingLanes = new long[registers];
            lastLanes = new long[registers];
            lastReady = new long[registers];
            priorReady = new long[registers];
        } else {
            int n = Math.min(size, readyAt.length);
            Arrays.fill(readyAt, 0, n, 0);
            Arrays.fill(pendingLanes, 0, n, 0);
            Arrays.fill(lastLanes, 0, n, 0);
            Arrays.fill(lastReady, 0, n, 0);
            Arrays.fill(priorReady, 0, n, 0);
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

    /**
     * For an issue group holding {@code lanes} of this warp: the first cycle at which every source and destination
     * of {@code in} is ready in those lanes, or {@link #PENDING} while a load will write one of them there.
     */
    public long readyTime(IssueRecord in, long lanes) {
        long t = 0;
        for (int i = 0, n = in.sourceCount(); i < n; i++) {
            t = Math.max(t, laneReadyAt(check(in.source(i), in), lanes));
        }
        for (int i = 0, n = in.destinationCount(); i < n; i++) {
            t = Math.max(t, laneReadyAt(check(in.destination(i), in), lanes));
        }
        return t;
    }

    private long laneReadyAt(int register, long lanes) {
        if (readyAt[register] == PENDING && (pendingLanes[register] & lanes) != 0) {
            return PENDING;
        }
        long last = lastLanes[register];
        long t = (lanes & last) != 0 ? lastReady[register] : 0;
        return (lanes & ~last) != 0 ? Math.max(t, priorReady[register]) : t;
    }

    /** The first cycle at which every register written so far is ready, or {@link #PENDING}. */
    public long allReadyTime() {
        return pending > 0 ? PENDING : lastWrite;
    }

    /**
     * For an issue group holding {@code lanes} of this warp: {@link #PENDING} while a load will write a register in
     * one of those lanes, else 0. The fixed-latency results of the group's own instructions are the issuing slot's
     * to track (other groups' results in other lanes are no hazard; decision 0336).
     */
    public long pendingIn(long lanes) {
        if (pending > 0) {
            for (int r = 0; r < size; r++) {
                if (readyAt[r] == PENDING && (pendingLanes[r] & lanes) != 0) {
                    return PENDING;
                }
            }
        }
        return 0;
    }

    /** {@code register} will be written by a load whose completion time is not yet known. */
    public void markPending(int register) {
        markPending(register, -1L);
    }

    /** {@code register} will be written in {@code lanes} by a load whose completion time is not yet known. */
    public void markPending(int register, long lanes) {
        check(register, null);
        if (readyAt[register] != PENDING) {
            readyAt[register] = PENDING;
            pending++;
        }
        pendingLanes[register] |= lanes;
        version++;
    }

    /** {@code register} holds its new value from cycle {@code cycle} (in every lane). */
    public void markReady(int register, long cycle) {
        check(register, null);
        if (readyAt[register] == PENDING) {
            pending--;
            pendingLanes[register] = 0;
        }
        readyAt[register] = cycle;
        lastLanes[register] = -1L;
        lastReady[register] = cycle;
        priorReady[register] = 0;
        lastWrite = Math.max(lastWrite, cycle);
        version++;
    }

    /**
     * An issue group holding {@code lanes} of this warp wrote {@code register} there, ready from cycle {@code cycle}
     * (a fixed-latency result, or a load's data): it becomes the register's latest write, the earlier writes' ready
     * cycle stands for the other lanes, a load's pending lanes are cleared, and the register is ready for the whole
     * warp once no lane is pending, at the latest of the writes. Every earlier write to {@code lanes} is ready by
     * {@code cycle}: the group waited for them before it issued (write-after-write).
     */
    public void markReady(int register, long lanes, long cycle) {
        check(register, null);
        if (lastLanes[register] == lanes) {
            lastReady[register] = Math.max(lastReady[register], cycle);
        } else {
            priorReady[register] = Math.max(priorReady[register], lastReady[register]);
            lastLanes[register] = lanes;
            lastReady[register] = cycle;
        }
        if (readyAt[register] != PENDING) {
            readyAt[register] = Math.max(readyAt[register], cycle);
        } else {
            long left = pendingLanes[register] & ~lanes;
            pendingLanes[register] = left;
            if (left == 0) {
                readyAt[register] = Math.max(lastReady[register], priorReady[register]);
                pending--;
            }
        }
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
