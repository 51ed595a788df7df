package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.stats.FlitClass;
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
        inject(r, now);
    }

    private void inject(MemoryRequest r, long now) {
        int payload = r.kind() == MemoryRequest.Kind.READ ? 0 : r.bytes;
        r.flits = requestNet.flits(controlBytes + payload);
        if (r.flitClass == null) {
            r.flitClass = classify(r);
        }
        counters[r.partition].requestFlits += r.flits;
        counters[r.partition].flits[r.flitClass.ordinal()] += r.flits;
        if (r.kind() == MemoryRequest.Kind.WRITE || r.kind() == MemoryRequest.Kind.ATOMIC) {
            outstandingWrites++;
        }
        long head = requestNet.inject(r.core / concentration, r.flits, now);
        r.stage = MemoryRequest.STAGE_REQUEST_EJECT;
        queue.schedule(r, head);
    }

    private static FlitClass classify(MemoryRequest r) {
        if (r.address >= AddressMap.LOCAL_BASE) {
            return FlitClass.LMEM;
        }
        if (r.address >= AddressMap.CONSTANT_BASE) {
            return FlitClass.OTHER;
        }
        switch (r.kind()) {
            case READ:
                return FlitClass.GMEM_READ;
            case WRITE:
                return FlitClass.GMEM_WRITE;
            case ATOMIC:
                return FlitClass.ATOMIC;
            default:
                return FlitClass.TX_MSG;
        }
    }

    /**
     * A core sends a transactional-memory MESSAGE ({@code r.core}, {@code r.bytes} of payload, {@code r.flitClass},
     * {@code r.handler}) to the commit unit of partition {@code r.partition()} through the request crossbar; it
     * shares the core's port with ordinary requests, and messages from one core to one partition arrive in order.
     */
    public void sendToPartition(MemoryRequest r, long now) {
        r.kind(MemoryRequest.Kind.MESSAGE);
        inject(r, now);
    }

    /** The commit unit of partition {@code r.partition()} sends a MESSAGE to core {@code r.core} (reply crossbar). */
    public void sendToCore(MemoryRequest r, long now) {
        r.kind(MemoryRequest.Kind.MESSAGE);
        if (r.flitClass == null) {
            r.flitClass = FlitClass.TX_MSG;
        }
        r.stage = MemoryRequest.STAGE_REPLY_INJECT;
        queue.schedule(r, now);
    }

    /**
     * The commit unit of partition {@code r.partition()} accesses its own L2 slice (a validation READ of the line at
     * {@code r.address}, or a commit WRITE of {@code r.bytes}): no crossbar; the access competes for the L2 port
     * and goes to DRAM on a miss, and {@code r.handler} is called when it completes (a READ when its data is back,
     * a WRITE when it is performed at L2).
     */
    public void partitionAccess(MemoryRequest r, long now) {
        r.local = true;
        if (r.kind() == MemoryRequest.Kind.WRITE) {
            outstandingWrites++;
        }
        r.stage = MemoryRequest.STAGE_PARTITION;
        queue.schedule(r, now);
    }

    void schedule(MemoryRequest r, long tick) {
        queue.schedule(r, tick);
    }

    /** The partition has the reply to {@code r} ready at {@code tick}. */
    void reply(MemoryRequest r, long tick) {
        if (r.kind() == MemoryRequest.Kind.ATOMIC) {
            retired(tick);
        }
        r.stage = r.local ? MemoryRequest.STAGE_LOCAL_DONE : MemoryRequest.STAGE_REPLY_INJECT;
        queue.schedule(r, tick);
    }

    /** A write has reached L2 at {@code tick}; it needs no reply (a commit unit's write is reported to it). */
    void retire(MemoryRequest r, long tick) {
        retired(tick);
        if (r.local) {
            r.stage = MemoryRequest.STAGE_LOCAL_DONE;
            queue.schedule(r, tick);
            return;
        }
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
                if (r.kind() == MemoryRequest.Kind.MESSAGE) {
                    r.handler.handle(r, now);
                } else {
                    partitions[r.partition].arrive(r, now);
                }
                break;
            case MemoryRequest.STAGE_LOCAL_DONE:
                r.handler.handle(r, now);
                break;
            case MemoryRequest.STAGE_DRAM_QUEUE:
                partitions[r.partition].dram().enqueue(r, now);
                break;
            case MemoryRequest.STAGE_DRAM_DONE:
                partitions[r.partition].dramDone(r, now);
                break;
            case MemoryRequest.STAGE_REPLY_INJECT: {
                int bytes = r.kind() == MemoryRequest.Kind.READ
                        ? lineBytes
                        : r.kind() == MemoryRequest.Kind.MESSAGE ? controlBytes + r.bytes : r.bytes;
                r.flits = replyNet.flits(bytes);
                counters[r.partition].replyFlits += r.flits;
                counters[r.partition].flits[(r.flitClass == null ? classify(r) : r.flitClass).ordinal()] += r.flits;
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
                if (r.kind() == MemoryRequest.Kind.MESSAGE) {
                    r.handler.handle(r, now);
                } else {
                    clients[r.core].onReply(r, now);
                }
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

    /** Bytes of a request without data (a message's header). */
    public int controlBytes() {
        return controlBytes;
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
