package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.config.L1Config;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.WritePolicy;
import dev.gmac.gpu.timing.event.TimeBase;
import dev.gmac.gpu.timing.mem.AddressMap;
import dev.gmac.gpu.timing.mem.CacheTags;
import dev.gmac.gpu.timing.mem.Coalescer;
import dev.gmac.gpu.timing.mem.MemoryClient;
import dev.gmac.gpu.timing.mem.MemoryRequest;
import dev.gmac.gpu.timing.mem.MemorySystem;
import dev.gmac.gpu.timing.mem.MshrTable;
import dev.gmac.gpu.timing.mem.SharedMemoryBanks;
import dev.gmac.gpu.timing.stats.CoreCounters;
import dev.gmac.gpu.timing.stats.MemoryStall;
import java.util.ArrayDeque;

/**
 * The memory pipeline of one core (Fung thesis §2.3.3): address generation for a warp, then shared-memory
 * bank arbitration, or coalescing into segments that it handles one per cycle through the L1 data cache (with
 * MSHRs that merge misses to the same line) or, for bypassed global data, straight to the interconnect; constant
 * loads go through the constant cache, which serialises distinct addresses; atomics go to the partitions'
 * atomic units. Takes a new warp instruction every {@code ceil(warpSize / ldst.width)} cycles at best.
 *
 * <p>Transactional accesses of a TM model with logs (Kilo TM, Fung thesis §4.2.4) add the log unit's traffic to
 * the instruction: each log row it appends is a coalesced local-memory write for the whole warp (void lanes
 * included), a buffered store reaches no global memory, and a load whose lane read its own write waits for a walk
 * of the write-log. At commit the log unit reads the logs back through the L1 ({@link #logRead}), taking the
 * unit's cycles when no instruction needs them.
 *
 * <p>Its extra cycles are counted by reason ({@link MemoryStall}). It is the cores' {@link MemoryClient}.
 */
final class LoadStoreUnit implements MemoryClient {
    private final SimtCore core;
    private final int coreId;
    private final MemorySystem memory;
    private final CoreCounters counters;
    private final L1Config l1Config;
    private final CacheTags l1;
    private final MshrTable l1Mshr;
    private final CacheTags constants;
    private final MshrTable constantMshr;
    private final Coalescer coalescer;
    private final SharedMemoryBanks banks;
    private final long[] lanes;
    private final long[] sideLanes;
    private final int warpSize;
    private final int issueCycles;
    private final int sharedLatency;
    private final long l1LatencyTicks;
    private final long constantLatencyTicks;
    private final int lineShift;
    private final int lineBytes;
    private final long threadBase;
    private final long threadSlots;
    private final ArrayDeque<PendingLoad> loadPool = new ArrayDeque<>();

    private long[] segmentAddress;
    private int[] segmentBytes;
    private int[] segmentLanes;
    private IssueClass[] segmentClass;
    private boolean[] segmentStore;
    private int segmentCount;
    private int nextSegment;
    private int segmentAccessBytes;
    private SegmentWaiter segmentLoad;
    private final ArrayDeque<Long> logLines = new ArrayDeque<>();
    private final ArrayDeque<LogRead> logWaiters = new ArrayDeque<>();
    private long busyUntil;
    private boolean blocked;

    LoadStoreUnit(SimtCore core, int coreId, TimingConfig config, MemorySystem memory, CoreCounters counters) {
        this.core = core;
        this.coreId = coreId;
        this.memory = memory;
        this.counters = counters;
        this.l1Config = config.l1();
        this.warpSize = config.core().warpSize();
        this.lineBytes = config.memory().lineBytes();
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
        this.l1 = l1Config.geometry().present()
                ? new CacheTags(l1Config.geometry().sets(), l1Config.geometry().assoc())
                : null;
        this.l1Mshr = new MshrTable(l1Config.mshrEntries(), l1Config.mshrMerge());
        var cg = config.constantCache().geometry();
        this.constants = cg.present() ? new CacheTags(cg.sets(), cg.assoc()) : null;
        this.constantMshr = new MshrTable(l1Config.mshrEntries(), l1Config.mshrMerge());
        this.coalescer = new Coalescer(warpSize, lineBytes);
        this.banks =
                new SharedMemoryBanks(config.shared().banks(), config.shared().bankBytes(), warpSize);
        this.lanes = new long[warpSize];
        this.sideLanes = new long[warpSize];
        this.issueCycles = config.core().ldstIssueCycles();
        this.sharedLatency = config.shared().latency();
        this.l1LatencyTicks = TimeBase.cycleToTick(l1Config.latency());
        this.constantLatencyTicks = TimeBase.cycleToTick(config.constantCache().latency());
        this.threadBase = (long) coreId * config.core().maxThreads();
        this.threadSlots = (long) config.core().count() * config.core().maxThreads();
        this.segmentAddress = new long[warpSize];
        this.segmentBytes = new int[warpSize];
        this.segmentLanes = new int[warpSize];
        this.segmentClass = new IssueClass[warpSize];
        this.segmentStore = new boolean[warpSize];
    }

    /** Per-thread local-memory offset of read-log row 0 (above every frame the functional model allows). */
    static final long READ_LOG_BASE = 1L << 24;
    /** Per-thread local-memory offset of write-log row 0. */
    static final long WRITE_LOG_BASE = 1L << 25;
    /** Bytes per log entry and lane: the address word and the value word. */
    static final int LOG_ENTRY_BYTES = 8;

    /** One log read of the transaction log unit: its lines, and what to do once the last has arrived. */
    private static final class LogRead implements SegmentWaiter {
        final java.util.function.LongConsumer done;
        int remaining;
        long latest;

        LogRead(int lines, java.util.function.LongConsumer done) {
            this.remaining = lines;
            this.done = done;
        }

        @Override
        public long segmentDone(long tick) {
            latest = Math.max(latest, tick);
            if (--remaining > 0) {
                return -1;
            }
            done.accept(latest);
            return TimeBase.tickToCycleCeil(latest);
        }
    }

    /**
     * The transaction log unit reads {@code rows} rows from {@code firstRow} of warp slot {@code w}'s read-log (or
     * write-log) through the L1 (two lines per row and 32 lanes: the address and the value words); {@code done}
     * gets the tick the last line arrives. Log reads use the unit's cycles that no instruction needs.
     */
    void logRead(
            WarpSlot w, boolean writeLog, int firstRow, int rows, long cycle, java.util.function.LongConsumer done) {
        int before = logLines.size();
        for (int r = firstRow; r < firstRow + rows; r++) {
            long off = (writeLog ? WRITE_LOG_BASE : READ_LOG_BASE) + (long) r * LOG_ENTRY_BYTES;
            addLogLines(w, off);
            addLogLines(w, off + 4);
        }
        int n = logLines.size() - before;
        if (n == 0) {
            done.accept(TimeBase.cycleToTick(cycle));
            return;
        }
        LogRead lr = new LogRead(n, done);
        for (int i = 0; i < n; i++) {
            logWaiters.add(lr);
        }
        core.wake(cycle);
    }

    private void addLogLines(WarpSlot w, long offset) {
        int lanesPerLine = lineBytes / 4;
        for (int lane = 0; lane < warpSize; lane += lanesPerLine) {
            long a = AddressMap.localAddress(offset, threadBase + (long) w.index * warpSize + lane, threadSlots);
            logLines.add(a & -lineBytes);
        }
    }

    /** Appends the log unit's segments of a transactional access ({@link IssueRecord#txLog}); returns the walk's. */
    private int appendLogSegments(WarpSlot w, IssueRecord in) {
        for (int r = in.txReadRow(); r < in.txReadRow() + in.txReadRows(); r++) {
            long off = READ_LOG_BASE + (long) r * LOG_ENTRY_BYTES;
            appendLines(w, off, true);
            appendLines(w, off + 4, true);
        }
        for (int r = in.txWriteRow(); r < in.txWriteRow() + in.txWriteRows(); r++) {
            long off = WRITE_LOG_BASE + (long) r * LOG_ENTRY_BYTES;
            appendLines(w, off, true);
            appendLines(w, off + 4, true);
        }
        int before = segmentCount;
        for (int r = 0; r < in.txWalkRows(); r++) {
            long off = WRITE_LOG_BASE + (long) r * LOG_ENTRY_BYTES;
            appendLines(w, off, false);
            appendLines(w, off + 4, false);
        }
        return segmentCount - before;
    }

    private void appendLines(WarpSlot w, long offset, boolean store) {
        int lanesPerLine = lineBytes / 4;
        for (int lane = 0; lane < warpSize; lane += lanesPerLine) {
            long a = AddressMap.localAddress(offset, threadBase + (long) w.index * warpSize + lane, threadSlots);
            if (segmentCount == segmentAddress.length) {
                int n = segmentCount * 2;
                segmentAddress = java.util.Arrays.copyOf(segmentAddress, n);
                segmentBytes = java.util.Arrays.copyOf(segmentBytes, n);
                segmentLanes = java.util.Arrays.copyOf(segmentLanes, n);
                segmentClass = java.util.Arrays.copyOf(segmentClass, n);
                segmentStore = java.util.Arrays.copyOf(segmentStore, n);
            }
            segmentAddress[segmentCount] = a & -lineBytes;
            segmentBytes[segmentCount] = lineBytes;
            segmentLanes[segmentCount] = lanesPerLine;
            segmentClass[segmentCount] = IssueClass.MEM_LOCAL;
            segmentStore[segmentCount] = store;
            segmentCount++;
        }
    }

    /** Drops cached lines (kernel boundary: the L1 is not coherent). */
    void flushCaches() {
        if (l1 != null) {
            l1.invalidateAll();
        }
        if (constants != null) {
            constants.invalidateAll();
        }
    }

    /** True while segments of an issued instruction remain (and the unit is not waiting for an MSHR) or log reads. */
    boolean hasWork() {
        return (nextSegment < segmentCount && !blocked) || !logLines.isEmpty();
    }

    /** True while the unit waits for an MSHR entry to free. */
    boolean isBlocked() {
        return nextSegment < segmentCount && blocked;
    }

    /** The first cycle at or after {@code cycle} at which a new instruction may enter, or MAX_VALUE when unknown. */
    long acceptTime(long cycle) {
        if (nextSegment < segmentCount) {
            return blocked ? Long.MAX_VALUE : cycle + 1;
        }
        return busyUntil;
    }

    /** Issues memory instruction {@code in} of warp {@code w} at {@code cycle}. */
    void issue(WarpSlot w, IssueRecord in, long cycle) {
        IssueClass c = in.issueClass();
        int n = gatherLanes(w, in, c);
        if (c == IssueClass.MEM_SHARED) {
            int degree = banks.conflictDegree(lanes, n, in.accessBytes());
            int passes = Math.max(issueCycles, degree);
            if (in.sideRounds() > 0 || in.extraCycles() > 0) {
                passes += sidePasses(in) + in.extraCycles();
            }
            busyUntil = cycle + passes;
            counters.sharedAccesses++;
            counters.sharedPasses += degree;
            if (degree > issueCycles) {
                counters.memoryStalls[MemoryStall.BANK_CONFLICT.ordinal()] += degree - issueCycles;
            }
            if (in.isLoad()) {
                long groupWarps = in.memberWarps();
                long ready = cycle + passes - 1 + sharedLatency;
                if (groupWarps == 0) {
                    for (int i = 0; i < in.destinationCount(); i++) {
                        w.scoreboard.markReady(in.destination(i), ready);
                    }
                }
                for (long m = groupWarps; m != 0; m &= m - 1) {
                    int warp = Long.numberOfTrailingZeros(m);
                    Scoreboard sb = w.cta.warps[warp].scoreboard;
                    for (int i = 0; i < in.destinationCount(); i++) {
                        sb.markReady(in.destination(i), in.memberLanes(warp), ready);
                    }
                }
                if (groupWarps != 0 && in.destinationCount() > 0) {
                    w.groupLastWrite = Math.max(w.groupLastWrite, ready);
                }
            }
            return;
        }
        int segments = in.txBuffered() ? 0 : coalescer.coalesce(lanes, n, in.accessBytes());
        boolean store = in.isStore() && c != IssueClass.ATOMIC;
        for (int i = 0; i < segments; i++) {
            segmentAddress[i] = coalescer.segment(i);
            segmentBytes[i] = coalescer.bytes(i);
            segmentLanes[i] = coalescer.lanes(i);
            segmentClass[i] = c;
            segmentStore[i] = store;
        }
        segmentCount = segments;
        nextSegment = 0;
        segmentAccessBytes = in.accessBytes();
        blocked = false;
        int walk = in.txReadRows() + in.txWriteRows() + in.txWalkRows() > 0 ? appendLogSegments(w, in) : 0;
        int passes = segmentCount;
        if (c == IssueClass.MEM_CONST) {
            passes = distinctAddresses(n);
            if (passes > issueCycles) {
                counters.memoryStalls[MemoryStall.CONSTANT.ordinal()] += passes - issueCycles;
            }
        } else if (segments > issueCycles) {
            counters.memoryStalls[MemoryStall.COALESCING.ordinal()] += segments - issueCycles;
        }
        if (c == IssueClass.MEM_GLOBAL || c == IssueClass.MEM_LOCAL) {
            counters.globalSegments += segments;
        }
        if (c == IssueClass.ATOMIC) {
            counters.atomicLanes += n;
        }
        busyUntil = cycle + Math.max(issueCycles, passes);
        segmentLoad = null;
        boolean returnsData = in.isLoad() && in.destinationCount() > 0;
        int waitFor = (store ? 0 : segments) + walk;
        if (returnsData && waitFor > 0) {
            PendingLoad p = loadPool.isEmpty() ? new PendingLoad() : loadPool.pollFirst();
            p.start(w, in, waitFor);
            p.atomicLanes = c == IssueClass.ATOMIC ? n : 0;
            p.issued = cycle;
            w.pendingLoads++;
            segmentLoad = p;
        }
    }

    /**
     * Serves the TM hardware's side accesses of a non-memory instruction (GPU-LocalTM's restores when a transaction
     * start aborts other wavefronts) after whatever the unit is doing; returns the cycle they are done.
     */
    long sideTraffic(IssueRecord in, long cycle) {
        int passes = sidePasses(in);
        if (passes == 0) {
            return cycle;
        }
        long start = Math.max(cycle, busyUntil);
        busyUntil = start + passes;
        return busyUntil;
    }

    /**
     * Passes the side rounds of {@code in} take ({@link IssueRecord#addSideRound}): each round, in pieces of a
     * warp's width, as a shared access of 4-byte words with its bank conflicts.
     */
    private int sidePasses(IssueRecord in) {
        int total = 0;
        for (int r = 0; r < in.sideRounds(); r++) {
            int i = in.sideRoundStart(r);
            int end = in.sideRoundEnd(r);
            while (i < end) {
                int n = Math.min(warpSize, end - i);
                for (int k = 0; k < n; k++) {
                    sideLanes[k] = in.sideAddress(i + k);
                }
                int degree = banks.conflictDegree(sideLanes, n, 4);
                int issue = (n * issueCycles + warpSize - 1) / warpSize;
                int passes = Math.max(issue, degree);
                total += passes;
                counters.sharedPasses += degree;
                if (degree > issue) {
                    counters.memoryStalls[MemoryStall.BANK_CONFLICT.ordinal()] += degree - issue;
                }
                i += n;
            }
        }
        return total;
    }

    private int gatherLanes(WarpSlot w, IssueRecord in, IssueClass c) {
        long mask = in.memoryLanes();
        int n = 0;
        while (mask != 0) {
            int lane = Long.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            long a = in.address(lane);
            if (c == IssueClass.MEM_LOCAL) {
                // the lane's own thread: in a compacted or dynamic warp it belongs to another static warp's slot
                int slot = in.warp == null ? w.index : w.cta.warps[in.laneWarp(lane)].index;
                a = AddressMap.localAddress(a, threadBase + (long) slot * warpSize + lane, threadSlots);
            } else if (c == IssueClass.MEM_CONST) {
                a = AddressMap.constantAddress(a);
            }
            lanes[n++] = a;
        }
        return n;
    }

    /** Distinct addresses among the first {@code n} lanes (sorted by the coalescer). */
    private int distinctAddresses(int n) {
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || lanes[i] != lanes[i - 1]) {
                d++;
            }
        }
        return d;
    }

    /** Handles the next segment, if any, in {@code cycle}; else the next line of the log unit's reads. */
    void process(long cycle) {
        if (nextSegment >= segmentCount) {
            if (!logLines.isEmpty()) {
                processLogLine(TimeBase.cycleToTick(cycle));
            }
            return;
        }
        if (handle(nextSegment, TimeBase.cycleToTick(cycle))) {
            nextSegment++;
            blocked = false;
            if (nextSegment == segmentCount) {
                segmentLoad = null;
            }
        } else {
            blocked = true;
            counters.memoryStalls[MemoryStall.CACHE_RESOURCES.ordinal()]++;
        }
    }

    private void processLogLine(long tick) {
        long a = logLines.peek();
        SegmentWaiter saved = segmentLoad;
        segmentLoad = logWaiters.peek();
        boolean done;
        if (l1 != null) {
            done = cachedLoad(l1, l1Mshr, MemoryRequest.Fill.L1, a, l1LatencyTicks, tick, true);
        } else {
            read(a, MemoryRequest.Fill.NONE, segmentLoad, tick);
            done = true;
        }
        segmentLoad = saved;
        if (done) {
            logLines.poll();
            logWaiters.poll();
            counters.logLines++;
        } else {
            counters.memoryStalls[MemoryStall.CACHE_RESOURCES.ordinal()]++;
        }
    }

    private boolean handle(int i, long tick) {
        long a = segmentAddress[i];
        boolean segStore = segmentStore[i];
        switch (segmentClass[i]) {
            case MEM_GLOBAL:
                if (segStore) {
                    storeGlobal(a, segmentBytes[i], tick);
                    return true;
                }
                if (l1 != null && l1Config.cacheGlobal()) {
                    return cachedLoad(l1, l1Mshr, MemoryRequest.Fill.L1, a, l1LatencyTicks, tick, true);
                }
                read(a, MemoryRequest.Fill.NONE, segmentLoad, tick);
                return true;
            case MEM_LOCAL:
                if (segStore) {
                    if (l1 != null) {
                        writeBack(a, tick);
                    } else {
                        write(a, segmentBytes[i], tick);
                    }
                    return true;
                }
                if (l1 != null) {
                    return cachedLoad(l1, l1Mshr, MemoryRequest.Fill.L1, a, l1LatencyTicks, tick, true);
                }
                read(a, MemoryRequest.Fill.NONE, segmentLoad, tick);
                return true;
            case MEM_CONST:
                if (constants != null) {
                    return cachedLoad(
                            constants, constantMshr, MemoryRequest.Fill.CONSTANT, a, constantLatencyTicks, tick, false);
                }
                read(a, MemoryRequest.Fill.NONE, segmentLoad, tick);
                return true;
            case ATOMIC: {
                if (l1 != null) {
                    l1.invalidate(a >>> lineShift);
                }
                MemoryRequest r = memory.obtain().kind(MemoryRequest.Kind.ATOMIC);
                r.address = a;
                r.ops = segmentLanes[i];
                r.bytes = segmentLanes[i] * Math.max(1, segmentAccessBytes);
                r.core = coreId;
                r.tag = segmentLoad;
                memory.send(r, tick);
                return true;
            }
            default:
                throw new IllegalStateException("not a segment class: " + segmentClass[i]);
        }
    }

    private boolean cachedLoad(
            CacheTags tags,
            MshrTable mshr,
            MemoryRequest.Fill fill,
            long address,
            long latencyTicks,
            long tick,
            boolean isL1) {
        long line = address >>> lineShift;
        int pending = mshr.find(line);
        if (pending >= 0) {
            if (!mshr.canMerge(pending)) {
                return false;
            }
            MemoryRequest waiter = memory.obtain();
            waiter.tag = segmentLoad;
            mshr.merge(pending, waiter);
            countAccess(isL1, false);
            if (isL1) {
                counters.l1MshrMerges++;
            }
            return true;
        }
        if (tags.access(line)) {
            countAccess(isL1, true);
            complete(segmentLoad, tick + latencyTicks);
            return true;
        }
        if (mshr.isFull()) {
            return false;
        }
        countAccess(isL1, false);
        if (isL1) {
            counters.l1Misses++;
        }
        MemoryRequest waiter = memory.obtain();
        waiter.tag = segmentLoad;
        mshr.allocate(line, waiter);
        long victim = tags.fill(line, false);
        if (victim != CacheTags.NO_WRITEBACK) {
            write(victim << lineShift, lineBytes, tick);
        }
        read(address, fill, null, tick);
        return true;
    }

    private void countAccess(boolean isL1, boolean hit) {
        if (isL1) {
            counters.l1Accesses++;
            if (hit) {
                counters.l1Hits++;
            }
        } else {
            counters.constAccesses++;
            if (hit) {
                counters.constHits++;
            }
        }
    }

    private void storeGlobal(long address, int bytes, long tick) {
        if (l1 == null || !l1Config.cacheGlobal()) {
            write(address, bytes, tick);
            return;
        }
        long line = address >>> lineShift;
        WritePolicy policy = l1Config.writePolicy();
        if (policy == WritePolicy.WRITE_BACK) {
            writeBack(address, tick);
            return;
        }
        if (policy == WritePolicy.WRITE_EVICT) {
            l1.invalidate(line);
        } else {
            l1.access(line);
        }
        write(address, bytes, tick);
    }

    private void writeBack(long address, long tick) {
        long line = address >>> lineShift;
        if (!l1.markDirty(line)) {
            long victim = l1.fill(line, true);
            if (victim != CacheTags.NO_WRITEBACK) {
                write(victim << lineShift, lineBytes, tick);
            }
        }
    }

    private void read(long address, MemoryRequest.Fill fill, SegmentWaiter load, long tick) {
        MemoryRequest r = memory.obtain().kind(MemoryRequest.Kind.READ);
        r.address = address;
        r.core = coreId;
        r.fill = fill;
        r.tag = load;
        memory.send(r, tick);
    }

    private void write(long address, int bytes, long tick) {
        MemoryRequest r = memory.obtain().kind(MemoryRequest.Kind.WRITE);
        r.address = address;
        r.bytes = bytes;
        r.core = coreId;
        memory.send(r, tick);
    }

    private void complete(SegmentWaiter load, long tick) {
        if (load == null) {
            return;
        }
        long cycle = load.segmentDone(tick);
        if (cycle >= 0) {
            if (load instanceof PendingLoad) {
                PendingLoad p = (PendingLoad) load;
                if (p.atomicLanes > 0) {
                    counters.atomicThreadCycles += (cycle - p.issued) * p.atomicLanes;
                }
                loadPool.addLast(p);
            }
            core.wake(cycle);
        }
    }

    @Override
    public void onReply(MemoryRequest r, long tick) {
        switch (r.fill) {
            case L1:
                drain(l1Mshr.release(r.address >>> lineShift), tick);
                break;
            case CONSTANT:
                drain(constantMshr.release(r.address >>> lineShift), tick);
                break;
            default:
                complete((SegmentWaiter) r.tag, tick);
                break;
        }
        memory.release(r);
        core.wake(TimeBase.tickToCycleCeil(tick));
    }

    private void drain(MemoryRequest waiter, long tick) {
        while (waiter != null) {
            MemoryRequest next = waiter.next;
            complete((SegmentWaiter) waiter.tag, tick);
            memory.release(waiter);
            waiter = next;
        }
    }
}
