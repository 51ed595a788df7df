package dev.gmac.samples.bench.channels;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Throughput of the channel of Orr et al. (ISCA 2014, §3.2) against JCTools' {@code MpmcArrayQueue} and the
 * LMAX Disruptor's multi-producer ring buffer, moving 16-byte messages from producers to consumers: 1
 * producer and 1 consumer ({@code p1c1}), 2 and 2 ({@code p2c2}), in batches of 1 and 64.
 *
 * <p>Each producer call moves up to one batch in, each consumer call up to one batch out; a full or empty
 * queue makes the call return at once (no idling), so every thread spins on its operation. The figure to
 * read is {@code consumed}: messages that went all the way through, per microsecond, summed over the
 * group's consumers ({@code produced} is the same rate seen from the producers).
 *
 * <p>Run: {@code ./gmac bench channels --warmup 1 --iterations 3 --time 2}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Group)
public class ChannelThroughputBenchmark {
    /** Elements each queue holds. */
    static final int CAPACITY = 1 << 14;

    @Param({"channel", "jctools", "disruptor"})
    public String queue;

    @Param({"1", "64"})
    public int batch;

    Transfer transfer;
    final AtomicInteger consumerIndex = new AtomicInteger();

    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) {
        int consumers = params.getThreads() / 2;
        switch (queue) {
            case "channel":
                transfer = new ChannelTransfer(CAPACITY);
                break;
            case "jctools":
                transfer = new JctoolsTransfer(CAPACITY);
                break;
            case "disruptor":
                transfer = new DisruptorTransfer(CAPACITY, consumers);
                break;
            default:
                throw new IllegalArgumentException("unknown queue '" + queue + "': use channel, jctools or disruptor");
        }
    }

    /** Messages produced by one producer thread. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class ProducerCounters {
        public long produced;
        long next;

        @Setup(Level.Iteration)
        public void clear() {
            produced = 0;
        }
    }

    /** Messages consumed by one consumer thread. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class ConsumerCounters {
        public long consumed;
        Transfer.ConsumerSide side;

        @Setup(Level.Trial)
        public void attach(ChannelThroughputBenchmark bench) {
            side = new Transfer.ConsumerSide(bench.batch, bench.consumerIndex.getAndIncrement());
        }

        @Setup(Level.Iteration)
        public void clear() {
            consumed = 0;
        }
    }

    private void produce(ProducerCounters c) {
        int n = transfer.produce(batch, c.next);
        c.next += n;
        c.produced += n;
    }

    private void consume(ConsumerCounters c, Blackhole bh) {
        c.consumed += transfer.consume(batch, c.side);
        bh.consume(c.side.sink);
    }

    @Benchmark
    @Group("p1c1")
    @GroupThreads(1)
    public void p1c1Produce(ProducerCounters c) {
        produce(c);
    }

    @Benchmark
    @Group("p1c1")
    @GroupThreads(1)
    public void p1c1Consume(ConsumerCounters c, Blackhole bh) {
        consume(c, bh);
    }

    @Benchmark
    @Group("p2c2")
    @GroupThreads(2)
    public void p2c2Produce(ProducerCounters c) {
        produce(c);
    }

    @Benchmark
    @Group("p2c2")
    @GroupThreads(2)
    public void p2c2Consume(ConsumerCounters c, Blackhole bh) {
        consume(c, bh);
    }
}
