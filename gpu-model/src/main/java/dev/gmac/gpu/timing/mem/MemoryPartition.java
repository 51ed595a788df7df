package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.stats.PartitionCounters;

/**
 * One memory partition (Fung thesis §2.3.3): an L2 slice, an atomic unit beside it and a DRAM channel, owning
 * every {@code interleave}-byte chunk whose index is congruent to its id.
 *
 * <p>The L2 slice takes one access per L2 cycle through a pipeline whose depth makes an unloaded L2 hit cost
 * exactly {@code l2.hit.latency} core cycles round trip (the thesis's minimum L2 latency: 460 cycles on the
 * FX5800 configuration, 330 on the GTX 480 one). Misses allocate the line at once, are tracked by an unbounded
 * MSHR table that merges later accesses to the same line, and reach the DRAM queue {@code
 * dram.scheduler.latency} core cycles later. Writes allocate without fetching (no sector masks) and set the
 * dirty bit; dirty victims are written back to DRAM. Atomics are performed on the line by the atomic unit,
 * {@code l2.atomic.cycles} L2 cycles per lane operation, serialised per partition. A commit unit's own access
 * (validation read, commit write) enters the same port but spends {@code tm.cu.l2.latency} core cycles in the
 * pipeline instead (it sits beside the slice; decision 0340).
 */
final class MemoryPartition {
    private final int id;
    private final MemorySystem system;
    private final AddressMap map;
    private final CacheTags l2;
    private final MshrTable pendingLines = new MshrTable(MshrTable.UNBOUNDED, Integer.MAX_VALUE);
    private final DramChannel dram;
    private final PartitionCounters counters;
    private final long portTicks;
    private final long pipelineTicks;
    /** Pipeline of a commit unit's own access (no crossbar, no core-side queues; decision 0340). */
    private final long localPipelineTicks;

    private final long schedulerTicks;
    private final long atomicTicksPerOp;
    private final int lineShift;
    private long portFree;
    private long atomicFree;

    MemoryPartition(
            int id,
            TimingConfig config,
            TimeBase time,
            long pipelineTicks,
            MemorySystem system,
            AddressMap map,
            EventQueue queue,
            PartitionCounters counters) {
        this.id = id;
        this.system = system;
        this.map = map;
        this.counters = counters;
        this.l2 =
                new CacheTags(config.memory().l2().sets(), config.memory().l2().assoc());
        this.dram = new DramChannel(config.dram(), config.memory().lineBytes(), time.dramCycle(), queue, counters);
        this.portTicks = time.l2Cycle();
        this.pipelineTicks = pipelineTicks;
        this.localPipelineTicks = TimeBase.cycleToTick(config.tm().cuL2Latency());
        this.schedulerTicks = TimeBase.cycleToTick(config.dram().schedulerLatency());
        this.atomicTicksPerOp = (long) config.memory().atomicCycles() * time.l2Cycle();
        this.lineShift = Integer.numberOfTrailingZeros(config.memory().lineBytes());
    }

    int id() {
        return id;
    }

    DramChannel dram() {
        return dram;
    }

    /** A request from a core has been delivered to this partition at tick {@code now}. */
    void arrive(MemoryRequest r, long now) {
        long start = Math.max(now, portFree);
        portFree = start + portTicks;
        long ready = start + (r.local ? localPipelineTicks : pipelineTicks);
        long line = map.partitionLocalLine(r.address);
        int pending = pendingLines.find(line);
        switch (r.kind()) {
            case READ:
                counters.l2Reads++;
                if (r.local) {
                    counters.validationReads++;
                }
                if (pending >= 0) {
                    counters.l2MshrMerges++;
                    r.hit = true;
                    pendingLines.merge(pending, r);
                } else if (l2.access(line)) {
                    counters.l2Hits++;
                    r.hit = true;
                    system.reply(r, ready);
                } else {
                    counters.l2Misses++;
                    miss(line, r, ready, false);
                }
                if (r.hit && r.local) {
                    counters.validationHits++;
                }
                break;
            case WRITE:
                counters.l2Writes++;
                if (r.local) {
                    counters.commitWrites++;
                }
                if (pending >= 0 || l2.markDirty(line)) {
                    counters.l2Hits++;
                } else {
                    counters.l2Misses++;
                    writeback(l2.fill(line, true), ready);
                }
                system.retire(r, ready);
                break;
            case ATOMIC:
                counters.l2Atomics++;
                counters.atomicOps += r.ops;
                if (pending >= 0) {
                    counters.l2MshrMerges++;
                    pendingLines.merge(pending, r);
                } else if (l2.markDirty(line)) {
                    counters.l2Hits++;
                    atomic(r, ready);
                } else {
                    counters.l2Misses++;
                    miss(line, r, ready, true);
                }
                break;
            default:
                throw new IllegalStateException("unknown request kind " + r.kind());
        }
    }

    private void miss(long line, MemoryRequest first, long ready, boolean dirty) {
        pendingLines.allocate(line, first);
        writeback(l2.fill(line, dirty), ready);
        MemoryRequest fetch = system.obtain();
        fetch.kind(MemoryRequest.Kind.READ);
        fetch.address = line << lineShift;
        fetch.partition = id;
        fetch.stage = MemoryRequest.STAGE_DRAM_QUEUE;
        system.schedule(fetch, ready + schedulerTicks);
    }

    private void writeback(long victimLine, long ready) {
        if (victimLine == CacheTags.NO_WRITEBACK) {
            return;
        }
        counters.l2Writebacks++;
        MemoryRequest w = system.obtain();
        w.kind(MemoryRequest.Kind.WRITE);
        w.address = victimLine << lineShift;
        w.partition = id;
        w.stage = MemoryRequest.STAGE_DRAM_QUEUE;
        system.schedule(w, ready + schedulerTicks);
    }

    private void atomic(MemoryRequest r, long ready) {
        long start = Math.max(ready, atomicFree);
        atomicFree = start + r.ops * atomicTicksPerOp;
        system.reply(r, atomicFree);
    }

    /** A DRAM access of this partition (address partition-local) has finished at tick {@code now}. */
    void dramDone(MemoryRequest d, long now) {
        if (d.kind() == MemoryRequest.Kind.READ) {
            MemoryRequest w = pendingLines.release(d.address >>> lineShift);
            while (w != null) {
                MemoryRequest next = w.next;
                w.next = null;
                if (w.kind() == MemoryRequest.Kind.ATOMIC) {
                    l2.markDirty(d.address >>> lineShift);
                    atomic(w, now);
                } else {
                    system.reply(w, now);
                }
                w = next;
            }
        }
        system.release(d);
    }
}
