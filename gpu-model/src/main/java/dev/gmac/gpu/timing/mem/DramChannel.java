package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.config.DramConfig;
import dev.gmac.gpu.timing.config.DramSchedulerPolicy;
import dev.gmac.gpu.timing.event.Event;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.stats.PartitionCounters;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The DRAM channel of one memory partition (Fung thesis Tables 3.2, 4.4, 6.1): banks with one open row each
 * (open-page policy), a request queue served first-ready first-come-first-served (row hits first, then the
 * oldest) or in strict order, and one data bus. Under FR-FCFS a row hit is ready even while its bank is busy with
 * the previous column access to the same row, as long as its data can follow the bus's last burst without a gap.
 *
 * <p>Timing of one access, in DRAM cycles: a row hit issues its column command when the bank is ready and
 * returns data {@code tCL} later; a miss to a bank with another row open first precharges ({@code tRP}, no
 * earlier than {@code tRAS} after that row was activated), then activates ({@code tRCD}, no earlier than {@code
 * tRC} after the previous activate); a closed bank only activates. Data then occupies the bus for {@code
 * lineBytes / (busBytes * dataRate)} cycles. Requests beyond the queue's capacity wait, in order, in an
 * overflow list. Refresh, write-to-read turnaround, tRRD and tWR are not modelled.
 *
 * <p>Event-driven: the scheduler runs only when the queue is non-empty, at the times a decision can change.
 */
final class DramChannel {
    private final EventQueue queue;
    private final PartitionCounters counters;
    private final boolean frFcfs;
    private final int capacity;
    private final int banks;
    private final long rowBytes;
    private final long cycle;
    private final long tCL;
    private final long tRCD;
    private final long tRP;
    private final long tRAS;
    private final long tRC;
    private final long burst;
    private final long lookahead;
    private final int lineBytes;

    private final MemoryRequest[] pending;
    private int count;
    private final ArrayDeque<MemoryRequest> overflow = new ArrayDeque<>();
    private final long[] openRow;
    private final long[] bankReady;
    private final long[] rowOpenedAt;
    private final long[] lastActivate;
    private long busFree;
    private long nextDecision;
    private final Event scheduler = new Event() {
        @Override
        public void fire(long now) {
            decide(now);
        }
    };

    DramChannel(DramConfig c, int lineBytes, long dramCycleTicks, EventQueue queue, PartitionCounters counters) {
        this.queue = queue;
        this.lineBytes = lineBytes;
        this.counters = counters;
        this.frFcfs = c.scheduler() == DramSchedulerPolicy.FR_FCFS;
        this.capacity = c.queue();
        this.banks = c.banks();
        this.rowBytes = c.rowBytes();
        this.cycle = dramCycleTicks;
        this.tCL = c.tCL() * dramCycleTicks;
        this.tRCD = c.tRCD() * dramCycleTicks;
        this.tRP = c.tRP() * dramCycleTicks;
        this.tRAS = c.tRAS() * dramCycleTicks;
        this.tRC = c.tRC() * dramCycleTicks;
        this.burst = Math.max(1, Math.round((double) lineBytes * dramCycleTicks / c.bytesPerCycle()));
        this.lookahead = tRP + tRCD + tCL;
        this.pending = new MemoryRequest[capacity];
        this.openRow = new long[banks];
        this.bankReady = new long[banks];
        this.rowOpenedAt = new long[banks];
        this.lastActivate = new long[banks];
        Arrays.fill(openRow, -1);
        Arrays.fill(lastActivate, Long.MIN_VALUE / 4);
    }

    /** A request ({@code address} partition-local) reaches the queue at tick {@code now}. */
    void enqueue(MemoryRequest r, long now) {
        if (count < capacity) {
            pending[count++] = r;
        } else {
            overflow.addLast(r);
        }
        long at = Math.max(now, nextDecision);
        if (!scheduler.isScheduled() || scheduler.time() > at) {
            queue.schedule(scheduler, at);
        }
    }

    private int bank(MemoryRequest r) {
        return (int) ((r.address / rowBytes) % banks);
    }

    private long row(MemoryRequest r) {
        return r.address / rowBytes / banks;
    }

    private void decide(long now) {
        if (count == 0) {
            return;
        }
        int chosen = -1;
        long earliestBank = Long.MAX_VALUE;
        int scan = frFcfs ? count : 1;
        for (int i = 0; i < scan; i++) {
            int b = bank(pending[i]);
            boolean hit = openRow[b] == row(pending[i]);
            // A row hit whose bank is still busy is ready all the same when its data can follow the bus's last
            // burst without a gap: column commands to an open row pipeline. (Waiting for the bank instead would
            // let a younger row miss to another bank close that bank's row first, breaking up streams.)
            if (bankReady[b] > now && !(hit && bankReady[b] + tCL <= busFree)) {
                earliestBank = Math.min(earliestBank, bankReady[b]);
                continue;
            }
            if (hit) {
                chosen = i;
                break;
            }
            if (chosen < 0) {
                chosen = i;
            }
        }
        if (chosen < 0) {
            queue.schedule(scheduler, earliestBank);
            return;
        }
        MemoryRequest r = pending[chosen];
        System.arraycopy(pending, chosen + 1, pending, chosen, count - chosen - 1);
        pending[--count] = null;
        if (!overflow.isEmpty()) {
            pending[count++] = overflow.pollFirst();
        }
        long done = access(r, now);
        r.stage = MemoryRequest.STAGE_DRAM_DONE;
        queue.schedule(r, done);
        nextDecision = Math.max(now + cycle, busFree - lookahead);
        if (count > 0) {
            queue.schedule(scheduler, nextDecision);
        }
    }

    /** Performs the bank and bus timing of {@code r} starting at {@code now}; returns the tick its data is done. */
    private long access(MemoryRequest r, long now) {
        int b = bank(r);
        long row = row(r);
        long cas;
        if (openRow[b] == row) {
            cas = Math.max(now, bankReady[b]);
            counters.dramRowHits++;
        } else {
            long activate;
            if (openRow[b] >= 0) {
                long precharge = Math.max(Math.max(now, bankReady[b]), rowOpenedAt[b] + tRAS);
                activate = precharge + tRP;
            } else {
                activate = Math.max(now, bankReady[b]);
            }
            activate = Math.max(activate, lastActivate[b] + tRC);
            openRow[b] = row;
            rowOpenedAt[b] = activate;
            lastActivate[b] = activate;
            cas = activate + tRCD;
            counters.dramRowMisses++;
        }
        long dataStart = Math.max(cas + tCL, busFree);
        busFree = dataStart + burst;
        bankReady[b] = dataStart - tCL + burst;
        counters.dramBusyTicks += burst;
        counters.dramBytes += lineBytes;
        if (r.kind() == MemoryRequest.Kind.WRITE) {
            counters.dramWrites++;
        } else {
            counters.dramReads++;
        }
        return dataStart + burst;
    }
}
