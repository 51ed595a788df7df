package dev.gmac.channels.gpu;

import java.util.List;
import java.util.Locale;

/**
 * What the aggregator's actions cost: the four control-processor designs of Orr et al. (ISCA 2014, §8.3, Table 5)
 * as an instruction rate and a memory-level parallelism, on the paper's 2 GHz aggregator clock (Table 2).
 *
 * <p>Every action of the {@link Aggregator} is a number of instructions {@code I} and of accesses {@code M} to
 * channel words and dispatch records; those words are written by the compute units, so they are L1 misses that go
 * to the GPU's L2 ({@link #MEMORY_LATENCY_NS}: Table 2's 16-cycle L2 at 1 GHz plus the aggregator's 4-cycle L1 at 2
 * GHz). An action takes {@code I / ipc + M * latency / mlp} aggregator cycles. The designs differ only in {@code
 * ipc} and {@code mlp}; the paper gives their structures (pipelining, issue width, IQ, ROB, load/store queues), not
 * these two numbers, so the values below are our reading of those structures, stated here so they can be judged:
 *
 * <ul>
 *   <li><b>simple</b> (not pipelined, one instruction at a time): 5 cycles per instruction (a 5-stage datapath
 *       walked by each instruction), one memory access at a time.
 *   <li><b>2-way light OoO</b> (IQ 2, ROB 8, LSQ 8/8): 0.8 instructions per cycle, 2 accesses in flight (an 8-entry
 *       ROB rarely holds more than two independent loads of a channel scan).
 *   <li><b>2-way OoO</b> (IQ 32, ROB 64, LSQ 32/32): 1.4 instructions per cycle, 4 accesses in flight.
 *   <li><b>4-way OoO</b> (IQ 64, ROB 128, LSQ 64/64): 1.8 instructions per cycle, 5 accesses in flight (channel
 *       scans are chains of dependent loads, so a wider window buys little: the paper's 4-way gains almost
 *       nothing over 2-way).
 * </ul>
 *
 * <p>The instruction and access counts per action ({@link #POLL_CHANNEL} and friends) are ours too: the work of a
 * straightforward scheduler loop over the channel layout of {@code ChannelLayout}.
 *
 * @param name                  the design's name in Table 5
 * @param instructionsPerCycle  sustained instructions per aggregator cycle
 * @param memoryParallelism     channel-word accesses overlapped
 * @param clockMhz              the aggregator's clock (Table 2: 2 GHz)
 */
public record AggregatorCost(String name, double instructionsPerCycle, double memoryParallelism, double clockMhz) {
    /** Nanoseconds of one access to a channel word: GPU L2 (16 ns at 1 GHz) plus the aggregator's L1 (2 ns). */
    public static final double MEMORY_LATENCY_NS = 18.0;

    /** One action's work: instructions and memory accesses. */
    public record Work(long instructions, long accesses) {
        /** This plus {@code other}. */
        public Work plus(Work other) {
            return new Work(instructions + other.instructions, accesses + other.accesses);
        }

        /** This {@code times} times. */
        public Work times(long times) {
            return new Work(instructions * times, accesses * times);
        }
    }

    /** Reading one channel's counters (control head, reserve tail, data head and tail) and its tail entry. */
    public static final Work POLL_CHANNEL = new Work(16, 2);
    /** Fixed part of dispatching a wavefront: the control-head CAS, the record header, the start command. */
    public static final Work DISPATCH_WAVEFRONT = new Work(40, 3);
    /** Per element dispatched: read its control entry, write its slot into the record (8 entries per line). */
    public static final Work DISPATCH_ELEMENT = new Work(4, 0);
    /** Per 8 elements dispatched: one line of control entries read, one line of the record written. */
    public static final Work DISPATCH_LINE = new Work(0, 2);
    /** Freeing one done-count group (read the count, advance the data head). */
    public static final Work FREE_GROUP = new Work(10, 1);
    /** Taking one restart context from the yield channel and keeping it. */
    public static final Work READ_RESTART = new Work(30, 2);
    /** Checking a waiting yielded wavefront's channel and restarting it. */
    public static final Work RESTART = new Work(30, 2);
    /** Bookkeeping of one finished wavefront. */
    public static final Work RETIRE = new Work(12, 1);

    public static final AggregatorCost SIMPLE = new AggregatorCost("simple", 0.2, 1, 2000);
    public static final AggregatorCost LIGHT_OOO_2 = new AggregatorCost("2-way-light-ooo", 0.8, 2, 2000);
    public static final AggregatorCost OOO_2 = new AggregatorCost("2-way-ooo", 1.4, 4, 2000);
    public static final AggregatorCost OOO_4 = new AggregatorCost("4-way-ooo", 1.8, 5, 2000);

    /** Table 5's four designs, simplest first. */
    public static final List<AggregatorCost> TABLE_5 = List.of(SIMPLE, LIGHT_OOO_2, OOO_2, OOO_4);

    public AggregatorCost {
        if (!(instructionsPerCycle > 0) || !(memoryParallelism >= 1) || !(clockMhz > 0)) {
            throw new IllegalArgumentException("aggregator " + name + ": need ipc > 0, mlp >= 1 and a clock > 0, got "
                    + instructionsPerCycle + ", " + memoryParallelism + ", " + clockMhz);
        }
    }

    /** The design named {@code name} (as in {@link #TABLE_5}). */
    public static AggregatorCost named(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        for (AggregatorCost c : TABLE_5) {
            if (c.name.equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no aggregator design '" + name + "'; choose one of "
                + TABLE_5.stream().map(AggregatorCost::name).toList());
    }

    /** Aggregator cycles of {@code work}. */
    public double aggregatorCycles(Work work) {
        double memory = work.accesses() * MEMORY_LATENCY_NS * clockMhz / 1000.0 / memoryParallelism;
        return work.instructions() / instructionsPerCycle + memory;
    }

    /** GPU core cycles of {@code work} on a core clocked at {@code coreMhz}, rounded up (0 only for no work). */
    public long coreCycles(Work work, double coreMhz) {
        double c = aggregatorCycles(work) * coreMhz / clockMhz;
        return (long) Math.ceil(c);
    }
}
