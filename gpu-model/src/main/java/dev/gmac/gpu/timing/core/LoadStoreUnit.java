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

    private final long[] segmentAddress;
    private final int[] segmentBytes;
    private final int[] segmentLanes;
    private int segmentCount;
    private int nextSegment;
    private IssueClass segmentClass;
    private boolean segmentStore;
    private int segmentAccessBytes;
    private PendingLoad segmentLoad;
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

    /** True while segments of an issued instruction remain and the unit is not waiting for an MSHR. */
    boolean hasWork() {
        return nextSegment < segmentCount && !blocked;
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
                for (long m = groupWarps == 0 ? 1 : groupWarps; m != 0; m &= m - 1) {
                    Scoreboard sb =
                            groupWarps == 0 ? w.scoreboard : w.cta.warps[Long.numberOfTrailingZeros(m)].scoreboard;
                    for (int i = 0; i < in.destinationCount(); i++) {
                        sb.markReady(in.destination(i), cycle + passes - 1 + sharedLatency);
                    }
                }
            }
            return;
        }
        int segments = coalescer.coalesce(lanes, n, in.accessBytes());
        for (int i = 0; i < segments; i++) {
            segmentAddress[i] = coalescer.segment(i);
            segmentBytes[i] = coalescer.bytes(i);
            segmentLanes[i] = coalescer.lanes(i);
        }
        segmentCount = segments;
        nextSegment = 0;
        segmentClass = c;
        segmentStore = in.isStore() && c != IssueClass.ATOMIC;
        segmentAccessBytes = in.accessBytes();
        blocked = false;
        int passes = segments;
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
        if (returnsData && segments > 0) {
            PendingLoad p = loadPool.isEmpty() ? new PendingLoad() : loadPool.pollFirst();
            p.start(w, in, segments);
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

    /** Handles the next segment, if any, in {@code cycle}. */
    void process(long cycle) {
        if (nextSegment >= segmentCount) {
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

    private boolean handle(int i, long tick) {
        long a = segmentAddress[i];
        switch (segmentClass) {
            case MEM_GLOBAL:
                if (segmentStore) {
                    storeGlobal(a, segmentBytes[i], tick);
                    return true;
                }
                if (l1 != null && l1Config.cacheGlobal()) {
                    return cachedLoad(l1, l1Mshr, MemoryRequest.Fill.L1, a, l1LatencyTicks, tick, true);
                }
                read(a, MemoryRequest.Fill.NONE, segmentLoad, tick);
                return true;
            case MEM_LOCAL:
                if (segmentStore) {
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
                throw new IllegalStateException("not a segment class: " + segmentClass);
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

    private void read(long address, MemoryRequest.Fill fill, PendingLoad load, long tick) {
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

    private void complete(PendingLoad load, long tick) {
        if (load == null) {
            return;
        }
        long cycle = load.segmentDone(tick);
        if (cycle >= 0) {
            loadPool.addLast(load);
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
                complete((PendingLoad) r.tag, tick);
                break;
        }
        memory.release(r);
        core.wake(TimeBase.tickToCycleCeil(tick));
    }

    private void drain(MemoryRequest waiter, long tick) {
        while (waiter != null) {
            MemoryRequest next = waiter.next;
            complete((PendingLoad) waiter.tag, tick);
            memory.release(waiter);
            waiter = next;
        }
    }
}
