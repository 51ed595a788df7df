package dev.gmac.gpu.timing.mem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.event.EventQueue;
import dev.gmac.gpu.timing.event.TimeBase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Latencies of the memory system on its own, and the DRAM channel's row-buffer and scheduling behaviour. */
class MemorySystemTest {
    private final List<long[]> replies = new ArrayList<>();

    private MemorySystem system(TimingConfig c, EventQueue q) {
        MemorySystem m = new MemorySystem(c, q);
        m.attach(0, (r, tick) -> {
            replies.add(new long[] {r.address, tick});
            m.release(r);
        });
        return m;
    }

    private static void read(MemorySystem m, long address, long tick) {
        MemoryRequest r = m.obtain().kind(MemoryRequest.Kind.READ);
        r.address = address;
        r.core = 0;
        m.send(r, tick);
    }

    /** The global address of byte {@code local} of partition {@code p}'s local space. */
    private static long global(TimingConfig c, int p, long local) {
        long il = c.memory().interleaveBytes();
        long base = il * c.memory().partitions() << 20; // aligned: partition numbering starts at 0 here
        return base + (local / il) * il * c.memory().partitions() + (long) p * il + local % il;
    }

    /** The partition-local address of bank {@code bank}, row {@code row}, byte {@code column}. */
    private static long local(TimingConfig c, int bank, int row, int column) {
        return ((long) row * c.dram().banks() + bank) * c.dram().rowBytes() + column;
    }

    private long roundTrip(MemorySystem m, EventQueue q, long address, long start) {
        replies.clear();
        read(m, address, start);
        q.runUntil(Long.MAX_VALUE);
        assertEquals(1, replies.size());
        return replies.get(0)[1] - start;
    }

    @Test
    void unloadedL2HitTakesExactlyTheConfiguredLatency() {
        for (String preset : TimingPresets.names()) {
            TimingConfig c = TimingPresets.load(preset);
            EventQueue q = new EventQueue();
            MemorySystem m = system(c, q);
            long a = global(c, 0, 0);
            roundTrip(m, q, a, 0);
            long start = TimeBase.cycleToTick(100_000);
            assertEquals(TimeBase.cycleToTick(c.memory().l2HitLatency()), roundTrip(m, q, a, start), preset);
        }
    }

    @Test
    void dramLatencyFollowsTheBankState() {
        for (String preset : TimingPresets.names()) {
            TimingConfig c = TimingPresets.load(preset);
            EventQueue q = new EventQueue();
            MemorySystem m = system(c, q);
            long t = 0;
            double closed =
                    roundTrip(m, q, global(c, 0, local(c, 0, 0, 0)), t) / (double) TimeBase.TICKS_PER_CORE_CYCLE;
            assertEquals(UnloadedLatency.dram(c, UnloadedLatency.Bank.CLOSED), closed, 1.0, preset + " closed bank");
            t += TimeBase.cycleToTick(10_000);
            double hit = roundTrip(m, q, global(c, 0, local(c, 0, 0, c.memory().lineBytes())), t)
                    / (double) TimeBase.TICKS_PER_CORE_CYCLE;
            assertEquals(UnloadedLatency.dram(c, UnloadedLatency.Bank.ROW_HIT), hit, 1.0, preset + " row hit");
            t += TimeBase.cycleToTick(10_000);
            double conflict =
                    roundTrip(m, q, global(c, 0, local(c, 0, 1, 0)), t) / (double) TimeBase.TICKS_PER_CORE_CYCLE;
            assertEquals(
                    UnloadedLatency.dram(c, UnloadedLatency.Bank.ROW_CONFLICT),
                    conflict,
                    1.0,
                    preset + " row conflict");
            assertEquals(1, m.counters(0).dramRowHits, preset);
            assertEquals(2, m.counters(0).dramRowMisses, preset);
        }
    }

    @Test
    void presetsMatchThesisLatencyFloors() {
        TimingConfig fx = TimingPresets.load("fx5800");
        assertEquals(460, UnloadedLatency.l2Hit(fx));
        assertTrue(UnloadedLatency.dram(fx, UnloadedLatency.Bank.ROW_HIT) >= 460);
        TimingConfig gtx = TimingPresets.load("gtx480");
        assertEquals(330, UnloadedLatency.l2Hit(gtx));
        assertTrue(UnloadedLatency.dram(gtx, UnloadedLatency.Bank.ROW_HIT) >= 330 + 200);
        TimingConfig apu = TimingPresets.load("apu8");
        assertEquals(
                24 + 30 + 3.2,
                UnloadedLatency.dram(apu, UnloadedLatency.Bank.CLOSED),
                1e-9,
                "30 ns + a line at 20 GB/s");
    }

    @Test
    void concurrentMissesToOneLineMergeInTheL2() {
        TimingConfig c = TimingPresets.load("gtx480");
        EventQueue q = new EventQueue();
        MemorySystem m = system(c, q);
        for (int i = 0; i < 4; i++) {
            read(m, global(c, 2, 0), 0);
        }
        q.runUntil(Long.MAX_VALUE);
        assertEquals(4, replies.size());
        assertEquals(1, m.counters(2).dramReads);
        assertEquals(3, m.counters(2).l2MshrMerges);
        assertEquals(1, m.counters(2).l2Misses);
    }

    @Test
    void frFcfsServesAYoungerRowHitBeforeAnOlderRowMiss() {
        assertEquals(List.of("hit", "miss"), serviceOrder("fr-fcfs"));
        assertEquals(List.of("miss", "hit"), serviceOrder("fcfs"));
    }

    @Test
    void rowHitsToTheBankStillBusyStreamAheadOfAYoungerMissToAnotherBank() {
        // Bank 0 opens row 0 and is busy with it when four more hits to that row and a miss to bank 1 wait: the
        // hits' column commands pipeline behind the first, so FR-FCFS sends them first (issue 7's streaming
        // kernel on fx5800-tbc lost 7% of its bandwidth when the miss went first and broke the stream).
        TimingConfig c = TimingPresets.load("gtx480");
        EventQueue q = new EventQueue();
        MemorySystem m = system(c, q);
        int line = c.memory().lineBytes();
        long miss = global(c, 0, local(c, 1, 7, 0));
        read(m, global(c, 0, local(c, 0, 0, 0)), 0);
        for (int i = 1; i <= 4; i++) {
            read(m, global(c, 0, local(c, 0, 0, i * line)), TimeBase.cycleToTick(i));
        }
        read(m, miss, TimeBase.cycleToTick(5));
        q.runUntil(Long.MAX_VALUE);
        assertEquals(6, replies.size());
        assertEquals(miss, replies.get(5)[0], "the miss is served last");
        assertEquals(4, m.counters(0).dramRowHits, "the four hits found row 0 open");
        assertEquals(2, m.counters(0).dramRowMisses, "the first read and the miss activated their rows");
        replies.clear();
    }

    private List<String> serviceOrder(String policy) {
        TimingConfig c = TimingPresets.parse("t", "extends = gtx480\ndram.scheduler = " + policy + "\n");
        EventQueue q = new EventQueue();
        MemorySystem m = system(c, q);
        long open = global(c, 0, local(c, 0, 0, 0));
        long miss = global(c, 0, local(c, 0, 5, 0));
        long hit = global(c, 0, local(c, 0, 0, 3 * c.memory().lineBytes()));
        read(m, open, 0);
        read(m, miss, TimeBase.cycleToTick(2));
        read(m, hit, TimeBase.cycleToTick(3));
        q.runUntil(Long.MAX_VALUE);
        List<String> order = new ArrayList<>();
        for (long[] r : replies) {
            if (r[0] == miss) {
                order.add("miss");
            } else if (r[0] == hit) {
                order.add("hit");
            }
        }
        replies.clear();
        return order;
    }

    @Test
    void writesAllocateInL2AndDirtyVictimsGoToDram() {
        TimingConfig c = TimingPresets.parse("t", "extends = gtx480\nl2.size = 1K\nl2.assoc = 1\n");
        EventQueue q = new EventQueue();
        MemorySystem m = system(c, q);
        int sets = c.memory().l2().sets();
        for (int i = 0; i <= sets; i++) {
            MemoryRequest w = m.obtain().kind(MemoryRequest.Kind.WRITE);
            w.address = global(c, 0, (long) i * c.memory().lineBytes());
            w.bytes = 4;
            m.send(w, 0);
        }
        q.runUntil(Long.MAX_VALUE);
        assertEquals(0, m.outstandingWrites());
        assertEquals(sets + 1, m.counters(0).l2Writes);
        assertEquals(1, m.counters(0).l2Writebacks, "line 0 and line 'sets' share a set");
        assertEquals(1, m.counters(0).dramWrites);
        assertEquals(0, m.counters(0).dramReads, "write-allocate does not fetch");
    }

    @Test
    void atomicsSerialiseInThePartitionsAtomicUnit() {
        TimingConfig c = TimingPresets.parse("t", "extends = gtx480\nl2.atomic.cycles = 10\n");
        EventQueue q = new EventQueue();
        MemorySystem m = system(c, q);
        long a = global(c, 1, 0);
        roundTrip(m, q, a, 0); // bring the line into L2
        replies.clear();
        long start = TimeBase.cycleToTick(50_000);
        MemoryRequest r = m.obtain().kind(MemoryRequest.Kind.ATOMIC);
        r.address = a;
        r.ops = 32;
        r.bytes = 128;
        m.send(r, start);
        q.runUntil(Long.MAX_VALUE);
        long atomicCycles = (replies.get(0)[1] - start) / TimeBase.TICKS_PER_CORE_CYCLE;
        // An L2 hit, 32 operations of 10 L2 cycles, and 4 more request flits for the 128 bytes of operands.
        assertEquals(330 + 32 * 10 + 4, atomicCycles);
        assertEquals(32, m.counters(1).atomicOps);
    }

    @Test
    void addressMapInterleavesPartitionsAndPacksTheirLocalSpace() {
        AddressMap map = new AddressMap(6, 256, 128);
        assertEquals(0, map.partition(0));
        assertEquals(0, map.partition(255));
        assertEquals(1, map.partition(256));
        assertEquals(0, map.partition(6 * 256));
        assertEquals(256, map.partitionLocal(6 * 256));
        assertEquals(300 - 256, map.partitionLocal(300));
        assertEquals(2, map.partitionLocalLine(6 * 256));
        long lane0 = AddressMap.localAddress(8, 64, 1000);
        long lane1 = AddressMap.localAddress(8, 65, 1000);
        assertEquals(4, lane1 - lane0, "same local offset, adjacent threads: adjacent words");
        assertEquals(4 * 1000, AddressMap.localAddress(12, 64, 1000) - lane0, "next word: next row of threads");
    }
}
