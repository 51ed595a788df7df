package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.mem.MemoryRequest;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.tm.LaneLog;
import dev.gmac.gpu.tm.TmParams;
import dev.gmac.gpu.tm.WarpCommit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The commit unit of one memory partition (Fung thesis §4.2.5, Fig 4.4b and Fig 4.5; pseudo-code in digest §6.8),
 * an {@link Agent} with its own clock ({@link TmParams#cuClockMhz()}). Its ring holds one entry per commit ID, in
 * CID order, from the oldest not yet retired; every CID reaches every commit unit, through the log packets of the
 * entries homed here or the warp's done/skip message. Each entry moves through the logical stages:
 *
 * <ol>
 *   <li><b>Log transfer and speculative validation</b>: the read-set and write-set are stored in the entry's
 *       read/write buffer; each read is validated at once by an L2 read of its partition ({@code RCID} is the
 *       oldest unretired CID when the first entry arrives). With WarpTM the queued reads of one warp to one line,
 *       from any lanes and log rows, share one L2 access up to the port's width (decision 0341).
 *   <li><b>Hazard detection</b>, strictly in CID order once the done message arrived: each read looks up the last
 *       writer history; the youngest writer at or after {@code RCID} is a hazard ({@code YCID}); then the entry's
 *       writes enter the history under its CID. {@code tm.cu.hazard.rate} operations per cycle.
 *   <li><b>Validation wait</b>: the speculative reads complete; with a hazard the entry waits for {@code YCID} to
 *       retire and revalidates its whole read-set.
 *   <li><b>Finalizing outcome</b>, in order: the local outcome goes to the core (one message per entry, or per warp
 *       with WarpTM's aggregation); a passing entry marks the blocks it will write pending in the temporal
 *       conflict detection tables (the gap fix).
 *   <li><b>Commit</b>, in order: an entry waits for the core's final outcome (an older entry waiting for its
 *       outcome blocks younger ones); a passing entry writes its write-set to L2 (with WarpTM a warp's
 *       writes to one line share an access, as its reads do).
 *   <li><b>Retire</b>, in order, once its writes are performed: the core is told (per entry, or per warp).
 * </ol>
 *
 * <p><b>The buffer port</b> (decision 0342): the read/write buffer has one port of {@code tm.cu.port.bytes} per
 * cycle ({@code tm.warptm.port.bytes} with WarpTM; an address-value pair takes 8 bytes, at least one pair per
 * cycle), and every stage that touches a log entry takes its turn on it: storing an arriving entry, reading one
 * for a hazard check or an insertion into the last writer history (also at most {@code tm.cu.hazard.rate} per
 * cycle), and reading one for a validation, revalidation or commit access to L2 (a coalesced access takes one
 * turn per entry it carries). The thesis's base commit unit "only accesses one word from the read-log or
 * write-log of one transaction in each cycle" through a 4-byte port, which WarpTM widens to 64 bytes so that a
 * warp's entries are "retrieved in a single cycle" (§6.2.2). Each cycle the port serves, in this order, the L2
 * accesses (commit writes, then revalidations, then validations), hazard detection, then the intake of arriving
 * entries.
 *
 * <p>Bounded buffers ({@code tm.cu.buffer.words}): a read-set or write-set larger than the buffer is still
 * validated as it arrives but not kept; the unit asks the core to resend it for hazard detection, revalidation and
 * commit (§4.2.5, "Unbounded Transactions").
 *
 * <p>The values validated and written are the functional model's memory at the simulated moment the L2 access
 * completes (reads) or is issued (writes): the timing of this unit decides what commits.
 */
final class CommitUnit implements Agent {
    private static final class Entry {
        final long cid;
        CommitJob job;
        int lane = -1;
        boolean done;
        boolean skip;
        long rcid = -1;
        final List<Integer> reads = new ArrayList<>();
        final List<Integer> writes = new ArrayList<>();
        int readsKept;
        int writesKept;
        boolean readOverflow;
        boolean writeOverflow;
        int resendsDue;
        int resentStages;
        int hazardStep;
        long youngest = LastWriterHistory.NONE;
        boolean hazardChecked;
        long ycid = -1;
        int specDue;
        boolean specFail;
        boolean revalidating;
        int revalDue;
        boolean revalFail;
        boolean local;
        boolean pass;
        boolean pendingMarked;
        boolean finalKnown;
        boolean finalPass;
        boolean writesQueued;
        int writesDue;
        boolean retireReady;

        Entry(long cid) {
            this.cid = cid;
        }
    }

    /** A read or write of one entry waiting for the L2 port. */
    private record Op(Entry e, int index, boolean reval) {}

    private final int id;
    private final TmHardware hw;
    private final MemorySystem memory;
    private final LastWriterHistory lwh;
    private final long cycleTicks;
    private final long coreCyclesPerCycle;
    private final int hazardRate;
    private final int bufferWords;
    private final int lineShift;
    private GpuControl gpu;

    /** Entries from CID {@link #base} (the oldest not retired): a circular buffer of a power-of-two size. */
    private Entry[] ring = new Entry[64];

    private int ringHead;
    private int ringSize;
    private long base;
    private long hazardPtr;
    private long finalizePtr;
    private long commitPtr;
    private final ArrayDeque<TxMessage> inbox = new ArrayDeque<>();
    private int inboxStep;
    private final ArrayDeque<Op> reads = new ArrayDeque<>();
    private final ArrayDeque<Op> revals = new ArrayDeque<>();
    private final ArrayDeque<Op> writes = new ArrayDeque<>();
    private final List<Entry> validating = new ArrayList<>();
    private long nextTick = Long.MAX_VALUE;
    private int outstanding;
    /** Turns left on the read/write buffer's port in the current cycle (decision 0342). */
    private int port;

    // statistics
    long hazards;
    long revalidations;
    long resends;
    long localFails;
    long liveEntries;
    long maxLiveEntries;
    long occupancyTicks;
    private long lastChange;

    CommitUnit(int id, TmHardware hw, MemorySystem memory, TmParams p, double coreMhz, int lineBytes) {
        this.id = id;
        this.hw = hw;
        this.memory = memory;
        this.lwh = new LastWriterHistory(p.lwhEntries(), p.lwhAssoc(), p.lwhBuckets(), p.lwhSubArrays());
        this.cycleTicks = Math.max(1, Math.round(TimeBase.TICKS_PER_CORE_CYCLE * coreMhz / p.cuClockMhz()));
        this.coreCyclesPerCycle = Math.max(1, Math.round(coreMhz / p.cuClockMhz()));
        this.hazardRate = p.hazardRate();
        this.bufferWords = p.cuBufferWords();
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
    }

    @Override
    public String name() {
        return "commit-unit";
    }

    @Override
    public void attach(GpuControl gpu) {
        this.gpu = gpu;
    }

    @Override
    public long nextActive() {
        return nextTick == Long.MAX_VALUE ? Long.MAX_VALUE : TimeBase.tickToCycleCeil(nextTick);
    }

    @Override
    public boolean finished() {
        return ringSize == 0 && inbox.isEmpty() && outstanding == 0;
    }

    /** Something arrived at {@code tick}: run from the next edge of this unit's clock. */
    private void kick(long tick) {
        long edge = (tick + cycleTicks - 1) / cycleTicks * cycleTicks;
        if (edge < nextTick) {
            nextTick = edge;
        }
    }

    private Entry entry(long cid) {
        if (cid < base) {
            throw new IllegalStateException("commit unit " + id + ": CID " + cid + " arrived after it retired");
        }
        while (cid >= base + ringSize) {
            if (ringSize == ring.length) {
                Entry[] grown = new Entry[ring.length * 2];
                for (int i = 0; i < ringSize; i++) {
                    grown[i] = ring[(ringHead + i) & (ring.length - 1)];
                }
                ring = grown;
                ringHead = 0;
            }
            ring[(ringHead + ringSize) & (ring.length - 1)] = new Entry(base + ringSize);
            ringSize++;
        }
        return ring[(int) ((ringHead + (cid - base)) & (ring.length - 1))];
    }

    private Entry peek(long cid) {
        return cid < base + ringSize ? entry(cid) : null;
    }

    // ------------------------------------------------------------------ messages

    /** A message from a core arrived at tick {@code tick}. */
    void onMessage(MemoryRequest r, long tick) {
        TxMessage m = (TxMessage) r.tag;
        memory.release(r);
        if (m instanceof TxMessage.FinalOutcome) {
            TxMessage.FinalOutcome f = (TxMessage.FinalOutcome) m;
            for (long l = f.lanes; l != 0; l &= l - 1) {
                int lane = Long.numberOfTrailingZeros(l);
                Entry e = entry(f.job.cid[lane]);
                e.finalKnown = true;
                e.finalPass = (f.pass & (1L << lane)) != 0;
            }
        } else {
            inbox.add(m);
        }
        kick(tick);
    }

    // ------------------------------------------------------------------ the duty cycle

    @Override
    public long doWork(long cycle) {
        long tick = TimeBase.cycleToTick(cycle);
        if (tick < nextTick) {
            return 0;
        }
        port = hw.portEntries();
        boolean busy = issueAccesses(tick);
        busy |= hazardDetection();
        busy |= intake();
        busy |= validationWait(tick);
        busy |= finalize(tick);
        busy |= commit();
        busy |= issueAccesses(tick); // commit writes queued this cycle, if the port has turns left
        busy |= retire(tick);
        nextTick = busy ? nextTick + cycleTicks : Long.MAX_VALUE;
        if (nextTick <= tick) {
            nextTick = (tick / cycleTicks + 1) * cycleTicks;
        }
        return busy ? coreCyclesPerCycle : 0;
    }

    private void live(long delta, long tick) {
        occupancyTicks += liveEntries * Math.max(0, tick - lastChange);
        lastChange = tick;
        liveEntries += delta;
        maxLiveEntries = Math.max(maxLiveEntries, liveEntries);
    }

    /** Log entries into the entries' buffers through the port, each read queued for speculative validation. */
    private boolean intake() {
        boolean busy = false;
        while (!inbox.isEmpty() && port > 0) {
            TxMessage m = inbox.peek();
            if (m instanceof TxMessage.Done) {
                TxMessage.Done d = (TxMessage.Done) m;
                for (long l = d.job.toUnits; l != 0; l &= l - 1) {
                    int lane = Long.numberOfTrailingZeros(l);
                    Entry e = entry(d.job.cid[lane]);
                    e.done = true;
                    e.skip = (d.here & (1L << lane)) == 0;
                    if (!e.skip) {
                        e.job = d.job;
                        e.lane = lane;
                    }
                }
                inbox.poll();
                busy = true;
                continue;
            }
            TxMessage.LogPacket p = (TxMessage.LogPacket) m;
            while (inboxStep < p.lane.length && port > 0) {
                int lane = p.lane[inboxStep];
                int i = p.index[inboxStep];
                inboxStep++;
                port--;
                busy = true;
                Entry e = entry(p.job.cid[lane]);
                if (e.job == null) {
                    e.job = p.job;
                    e.lane = lane;
                    e.rcid = base;
                    live(1, TimeBase.cycleToTick(gpu.cycle()));
                }
                if (p.resend) {
                    continue;
                }
                if (p.writes) {
                    e.writes.add(i);
                    if (bufferWords > 0 && e.writesKept >= bufferWords) {
                        e.writeOverflow = true;
                    } else {
                        e.writesKept++;
                    }
                } else {
                    e.reads.add(i);
                    if (bufferWords > 0 && e.readsKept >= bufferWords) {
                        e.readOverflow = true;
                    } else {
                        e.readsKept++;
                    }
                    e.specDue++;
                    reads.add(new Op(e, i, false));
                }
            }
            if (inboxStep == p.lane.length) {
                inbox.poll();
                inboxStep = 0;
                if (p.resend && p.lane.length > 0) {
                    entry(p.job.cid[p.lane[0]]).resendsDue--;
                }
            }
        }
        return busy;
    }

    private static final int HAZARD_READS = 1;
    private static final int HAZARD_WRITES = 2;
    private static final int REVALIDATION = 4;
    private static final int COMMIT_WRITES = 8;

    /**
     * True when the set {@code stage} needs is in the buffer: it never overflowed, or the core has resent it for
     * this stage; otherwise asks the core (once per stage) and returns false until it has arrived.
     */
    private boolean resent(Entry e, int stage) {
        if (e.resendsDue > 0) {
            return false;
        }
        if ((e.resentStages & stage) != 0) {
            return true;
        }
        e.resentStages |= stage;
        boolean writesSet = stage == HAZARD_WRITES || stage == COMMIT_WRITES;
        if (writesSet ? !e.writeOverflow : !e.readOverflow) {
            return true;
        }
        e.resendsDue++;
        resends++;
        hw.requestResend(this, id, e.job, e.lane, writesSet, TimeBase.cycleToTick(gpu.cycle()));
        return false;
    }

    private boolean hazardDetection() {
        int budget = Math.min(hazardRate, port);
        boolean busy = false;
        while (budget > 0) {
            Entry e = peek(hazardPtr);
            if (e == null || !e.done) {
                return busy;
            }
            if (e.skip) {
                e.hazardChecked = true;
                hazardPtr++;
                continue;
            }
            if (e.hazardStep == 0 && !(resent(e, HAZARD_READS) && resent(e, HAZARD_WRITES))) {
                return busy;
            }
            LaneLog log = e.job.wc.log(e.lane);
            int nr = e.reads.size();
            int total = nr + e.writes.size();
            while (e.hazardStep < total && budget > 0) {
                if (e.hazardStep < nr) {
                    int i = e.reads.get(e.hazardStep);
                    for (long w = log.readPhysical(i) >>> 2;
                            w <= (log.readPhysical(i) + log.readSize(i) - 1) >>> 2;
                            w++) {
                        e.youngest = Math.max(e.youngest, lwh.lookup(w));
                    }
                } else {
                    int i = e.writes.get(e.hazardStep - nr);
                    for (long w = log.writePhysical(i) >>> 2;
                            w <= (log.writePhysical(i) + log.writeSize(i) - 1) >>> 2;
                            w++) {
                        lwh.insert(w, e.cid);
                    }
                }
                e.hazardStep++;
                budget--;
                port--;
                busy = true;
            }
            if (e.hazardStep < total) {
                return busy;
            }
            if (e.youngest >= e.rcid && e.youngest < e.cid) {
                e.ycid = e.youngest;
                hazards++;
            }
            e.hazardChecked = true;
            validating.add(e);
            hazardPtr++;
            busy = true;
        }
        return busy;
    }

    private boolean validationWait(long tick) {
        boolean busy = false;
        for (int k = 0; k < validating.size(); k++) {
            Entry e = validating.get(k);
            if (e.specDue > 0) {
                continue;
            }
            if (e.ycid < 0) {
                e.local = true;
                e.pass = !e.specFail;
            } else if (!e.revalidating) {
                if (e.ycid >= base || !resent(e, REVALIDATION)) {
                    continue; // the conflicting writer has not retired yet
                }
                e.revalidating = true;
                revalidations++;
                for (int i : e.reads) {
                    e.revalDue++;
                    revals.add(new Op(e, i, true));
                }
                busy = true;
                if (e.revalDue > 0) {
                    continue;
                }
                e.local = true;
                e.pass = true;
            } else if (e.revalDue == 0) {
                e.local = true;
                e.pass = !e.revalFail;
            } else {
                continue;
            }
            if (!e.pass) {
                localFails++;
            }
            validating.remove(k--);
            busy = true;
        }
        return busy;
    }

    private boolean finalize(long tick) {
        boolean busy = false;
        while (true) {
            Entry e = peek(finalizePtr);
            if (e == null || !e.done || !e.hazardChecked) {
                return busy;
            }
            if (!e.skip) {
                if (!e.local) {
                    return busy;
                }
                if (e.pass) {
                    for (int i : e.writes) {
                        e.job.wc.pending(e.lane, i);
                    }
                    e.pendingMarked = true;
                }
                hw.localOutcome(this, id, e.job, e.lane, e.pass, tick);
            }
            finalizePtr++;
            busy = true;
        }
    }

    private boolean commit() {
        boolean busy = false;
        while (commitPtr < finalizePtr) {
            Entry e = peek(commitPtr);
            if (!e.skip) {
                if (!e.finalKnown) {
                    return busy;
                }
                if (e.finalPass && !e.writes.isEmpty()) {
                    if (!resent(e, COMMIT_WRITES)) {
                        return busy;
                    }
                    // Log rows reach the unit in the order their local-memory reads complete, not in log order;
                    // a transaction that writes one word twice (BH's new cell: every child EMPTY, then one child
                    // set) must have its writes performed in program order, which is log order.
                    e.writes.sort(null);
                    for (int i : e.writes) {
                        e.writesDue++;
                        writes.add(new Op(e, i, false));
                    }
                    e.writesQueued = true;
                } else {
                    if (e.pendingMarked) {
                        for (int i : e.writes) {
                            e.job.wc.unpending(e.lane, i);
                        }
                        e.pendingMarked = false;
                    }
                    e.retireReady = true;
                }
            }
            commitPtr++;
            busy = true;
        }
        return busy;
    }

    /** Issues L2 accesses: commit writes first (in CID order), then revalidations, then speculative validations. */
    private boolean issueAccesses(long tick) {
        boolean busy = false;
        while (port > 0 && !writes.isEmpty()) {
            port -= issueWrite(tick);
            busy = true;
        }
        while (port > 0 && (!revals.isEmpty() || !reads.isEmpty())) {
            port -= issueRead(revals.isEmpty() ? reads : revals, tick);
            busy = true;
        }
        port = Math.max(0, port);
        return busy;
    }

    private int issueWrite(long tick) {
        Op first = writes.poll();
        LaneLog log = first.e.job.wc.log(first.e.lane);
        long line = log.writePhysical(first.index) >>> lineShift;
        List<Op> group = coalesce(writes, first, line, true);
        int bytes = 0;
        for (Op o : group) {
            WarpCommit wc = o.e.job.wc;
            wc.write(o.e.lane, o.index);
            if (o.e.pendingMarked) {
                wc.unpending(o.e.lane, o.index);
            }
            bytes += wc.log(o.e.lane).writeSize(o.index);
        }
        MemoryRequest r = memory.obtain().kind(MemoryRequest.Kind.WRITE);
        r.address = line << lineShift;
        r.bytes = Math.min(bytes, 1 << lineShift);
        r.partition(id);
        r.tag = group;
        r.handler = this::written;
        outstanding++;
        memory.partitionAccess(r, tick);
        return group.size();
    }

    /**
     * The access that {@code first} (just taken from {@code queue}) leads: with WarpTM's coalescing, the queued reads
     * or writes of the same warp to the same line join it, in queue order, up to the port's width (§6.2.1: the
     * coalescing unit merges a warp's scalar accesses that head to the same block, whichever lanes and log rows
     * they come from; the lanes are free of intra-warp conflicts, so one lane's commit cannot change another's
     * validation, and one lane's writes to one word keep their order because they are taken in queue order).
     */
    private List<Op> coalesce(ArrayDeque<Op> queue, Op first, long line, boolean write) {
        List<Op> group = new ArrayList<>();
        group.add(first);
        if (!hw.coalescing()) {
            return group;
        }
        int room = hw.portEntries() - 1;
        for (Iterator<Op> it = queue.iterator(); room > 0 && it.hasNext(); ) {
            Op next = it.next();
            if (next.e.job != first.e.job) {
                continue;
            }
            LaneLog nl = next.e.job.wc.log(next.e.lane);
            long a = write ? nl.writePhysical(next.index) : nl.readPhysical(next.index);
            if (a >>> lineShift == line) {
                group.add(next);
                it.remove();
                room--;
            }
        }
        return group;
    }

    @SuppressWarnings("unchecked")
    private void written(MemoryRequest r, long tick) {
        List<Op> group = (List<Op>) r.tag;
        memory.release(r);
        outstanding--;
        for (Op o : group) {
            o.e.writesDue--;
            if (o.e.writesDue == 0 && o.e.writesQueued) {
                o.e.retireReady = true;
            }
        }
        kick(tick);
    }

    private int issueRead(ArrayDeque<Op> queue, long tick) {
        Op first = queue.poll();
        LaneLog log = first.e.job.wc.log(first.e.lane);
        long line = log.readPhysical(first.index) >>> lineShift;
        List<Op> group = coalesce(queue, first, line, false);
        MemoryRequest r = memory.obtain().kind(MemoryRequest.Kind.READ);
        r.address = line << lineShift;
        r.partition(id);
        r.tag = group;
        r.handler = this::validated;
        outstanding++;
        memory.partitionAccess(r, tick);
        return group.size();
    }

    @SuppressWarnings("unchecked")
    private void validated(MemoryRequest r, long tick) {
        List<Op> group = (List<Op>) r.tag;
        memory.release(r);
        outstanding--;
        for (Op o : group) {
            boolean ok = o.e.job.wc.matches(o.e.lane, o.index);
            if (o.reval) {
                o.e.revalFail |= !ok;
                o.e.revalDue--;
            } else {
                o.e.specFail |= !ok;
                o.e.specDue--;
            }
        }
        kick(tick);
    }

    private boolean retire(long tick) {
        boolean busy = false;
        while (ringSize > 0 && base < commitPtr) {
            Entry e = ring[ringHead];
            if (!e.skip && !e.retireReady) {
                return busy;
            }
            ring[ringHead] = null;
            ringHead = (ringHead + 1) & (ring.length - 1);
            ringSize--;
            base++;
            busy = true;
            if (!e.skip) {
                live(-1, tick);
                if (e.finalPass && !e.writes.isEmpty()) {
                    hw.retired(this, id, e.job, e.lane, tick);
                }
            }
        }
        return busy;
    }

    /** Time-averaged entries holding a transaction here, over {@code ticks}. */
    double averageLive(long ticks) {
        return ticks <= 0 ? 0 : (double) occupancyTicks / ticks;
    }

    /** Accounts the occupancy up to {@code tick} (end of the run). */
    void closeOccupancy(long tick) {
        live(0, tick);
    }

    /** True when the core must be asked for nothing more and no entry is in flight. */
    boolean idle() {
        return finished();
    }
}
