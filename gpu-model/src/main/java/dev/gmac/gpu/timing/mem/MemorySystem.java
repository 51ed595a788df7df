package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.stats.PartitionCounters;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything below the cores' load/store units (Fung thesis §2.3.3): the request crossbar (cores to
 * partitions), the memory partitions (L2 slice, atomic unit, DRAM channel) and the reply crossbar. Cores call
 * {@link #send}; replies come back through {@link MemoryClient#onReply}.
 *
 * <p>Discrete-event: each request is an event that moves from hop to hop at the tick it reaches the next one,
 * so every shared resource (crossbar port, L2 port, DRAM bank and bus) serves requests in the order they reach
 * it. Resources remember only when they next become free, so idle ones cost nothing.
 *
 * <p>The partition pipeline depth is derived from the configuration so that an unloaded L2 hit takes exactly
 * {@code l2.hit.latency} core cycles from {@link #send} to {@link MemoryClient#onReply}; see {@link
 * UnloadedLatency}.
 */
public final class MemorySystem {
    private final EventQueue queue;
    private final AddressMap map;
    private final Crossbar requestNet;
    private final Crossbar replyNet;
    private final MemoryPartition[] partitions;
    private final PartitionCounters[] counters;
    private final MemoryClient[] clients;
    private final int concentration;
    private final int controlBytes;
    private final int lineBytes;
    private final List<MemoryRequest> pool = new ArrayList<>();
    private int outstandingWrites;
    private long lastRetireTick;

    /** The memory system of {@code config}, scheduling its events on {@code queue}. */
    public MemorySystem(TimingConfig config, EventQueue queue) {
        this.queue = queue;
        TimeBase time = new TimeBase(config.clocks());
        int parts = config.memory().partitions();
        this.map = new AddressMap(
                parts, config.memory().interleaveBytes(), config.memory().lineBytes());
        this.concentration = config.interconnect().concentration();
        int clusters = (config.core().count() + concentration - 1) / concentration;
        long latency = config.interconnect().latency() * time.icntCycle();
        this.requestNet = new Crossbar(clusters, parts, config.interconnect().flitBytes(), time.icntCycle(), latency);
        this.replyNet = new Crossbar(parts, clusters, config.interconnect().flitBytes(), time.icntCycle(), latency);
        this.controlBytes = config.interconnect().controlBytes();
        this.lineBytes = config.memory().lineBytes();
        this.clients = new MemoryClient[config.core().count()];
        this.counters = new PartitionCounters[parts];
        this.partitions = new MemoryPartition[parts];
        long pipeline = partitionPipelineTicks(config, time);
        for (int p = 0; p < parts; p++) {
            counters[p] = new PartitionCounters();
            partitions[p] = new MemoryPartition(p, config, time, pipeline, this, map, queue, counters[p]);
        }
    }

    /**
     * Ticks an L2 access spends in the partition pipeline: the configured L2 hit round trip minus the unloaded
     * crossbar crossings of a control request and a line reply.
     */
    static long partitionPipelineTicks(TimingConfig config, TimeBase time) {
        int flit = config.interconnect().flitBytes();
        int requestFlits = Math.max(1, (config.interconnect().controlBytes() + flit - 1) / flit);
        int replyFlits = Math.max(1, (config.memory().lineBytes() + flit - 1) / flit);
        long crossings = (2L * config.interconnect().latency() + requestFlits + replyFlits) * time.icntCycle();
        return Math.max(0, TimeBase.cycleToTick(config.memory().l2HitLatency()) - crossings);
    }

    /** Registers the reply handler of core {@code core}. */
    public void attach(int core, MemoryClient client) {
        clients[core] = client;
    }

    /** The address map shared with the cores. */
    public AddressMap addressMap() {
        return map;
    }

    /** A cleared request from the pool; the caller fills kind, address, bytes, ops, core, fill and tag. */
    public MemoryRequest obtain() {
        int n = pool.size();
        MemoryRequest r = n == 0 ? new MemoryRequest(this) : pool.remove(n - 1);
        r.clear();
        return r;
    }

    /** Returns a request to the pool. */
    public void release(MemoryRequest r) {
        r.clear();
        pool.add(r);
    }

    /**
     * A core sends {@code r} at tick {@code now}: a READ asks for the line at {@code r.address}; a WRITE carries
     * {@code r.bytes} of data; an ATOMIC carries {@code r.ops} operations whose results take {@code r.bytes}.
     */
    public void send(MemoryRequest r, long now) {
        r.partition = map.partition(r.address);
        int payload = r.kind() == MemoryRequest.Kind.READ ? 0 : r.bytes;
        r.flits = requestNet.flits(controlBytes + payload);
        counters[r.partition].requestFlits += r.flits;
        if (r.kind() != MemoryRequest.Kind.READ) {
            outstandingWrites++;
        }
        long head = requestNet.inject(r.core / concentration, r.flits, now);
        r.stage = MemoryRequest.STAGE_REQUEST_EJECT;
        queue.schedule(r, head);
    }

    void schedule(MemoryRequest r, long tick) {
        queue.schedule(r, tick);
    }

    /** The partition has the reply to {@code r} ready at {@code tick}. */
    void reply(MemoryRequest r, long tick) {
        if (r.kind() == MemoryRequest.Kind.ATOMIC) {
            retired(tick);
        }
        r.stage = MemoryRequest.STAGE_REPLY_INJECT;
        queue.schedule(r, tick);
    }

    /** A write has reached L2 at {@code tick}; it needs no reply. */
    void retire(MemoryRequest r, long tick) {
        retired(tick);
        release(r);
    }

    private void retired(long tick) {
        outstandingWrites--;
        lastRetireTick = Math.max(lastRetireTick, tick);
    }

    void handle(MemoryRequest r, long now) {
        switch (r.stage) {
            case MemoryRequest.STAGE_REQUEST_EJECT: {
                long delivered = requestNet.eject(r.partition, r.flits, now);
                r.stage = MemoryRequest.STAGE_PARTITION;
                queue.schedule(r, delivered);
                break;
            }
            case MemoryRequest.STAGE_PARTITION:
                partitions[r.partition].arrive(r, now);
                break;
            case MemoryRequest.STAGE_DRAM_QUEUE:
                partitions[r.partition].dram().enqueue(r, now);
                break;
            case MemoryRequest.STAGE_DRAM_DONE:
                partitions[r.partition].dramDone(r, now);
                break;
            case MemoryRequest.STAGE_REPLY_INJECT: {
                r.flits = replyNet.flits(r.kind() == MemoryRequest.Kind.READ ? lineBytes : r.bytes);
                counters[r.partition].replyFlits += r.flits;
                long head = replyNet.inject(r.partition, r.flits, now);
                r.stage = MemoryRequest.STAGE_REPLY_EJECT;
                queue.schedule(r, head);
                break;
            }
            case MemoryRequest.STAGE_REPLY_EJECT: {
                long delivered = replyNet.eject(r.core / concentration, r.flits, now);
                r.stage = MemoryRequest.STAGE_CORE;
                queue.schedule(r, delivered);
                break;
            }
            case MemoryRequest.STAGE_CORE:
                clients[r.core].onReply(r, now);
                break;
            default:
                throw new IllegalStateException("memory request in unknown stage " + r.stage);
        }
    }

    /** Writes and atomics sent but not yet performed at L2. */
    public int outstandingWrites() {
        return outstandingWrites;
    }

    /** The latest tick at which a write or atomic was performed at L2. */
    public long lastRetireTick() {
        return lastRetireTick;
    }

    /** Counters of partition {@code p}. */
    public PartitionCounters counters(int p) {
        return counters[p];
    }

    /** Number of partitions. */
    public int partitionCount() {
        return partitions.length;
    }

    /**
     * Starts a kernel: zeroes the partition counters. Resource busy times and cache contents carry over (time is
     * monotonic across kernels), so write-backs still in flight from the previous kernel compete with this one.
     */
    public void beginKernel() {
        for (PartitionCounters c : counters) {
            c.reset();
        }
        lastRetireTick = 0;
    }
}
