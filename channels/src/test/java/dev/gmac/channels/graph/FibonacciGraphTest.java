package dev.gmac.channels.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.idle.BackoffIdleStrategy;
import dev.gmac.channels.idle.BusySpinIdleStrategy;
import dev.gmac.channels.idle.YieldingIdleStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The naive Fibonacci channel-flow graph of Orr et al. (ISCA 2014), Figures 6 and 7, on the host executor. */
class FibonacciGraphTest {
    /** Figure 6's LEN. */
    private static final int LEN = 32768;

    /** Figure 6, lines 7–19: FibObj is one int, {@code val}, at byte 0. */
    static void fibKernel(WorkItem item) {
        ChannelNode src = item.source();
        int srcOff = item.offset();
        ChannelNode dest = item.constArg(2, ChannelNode.class);
        AtomicLong result = item.constArg(3, AtomicLong.class);
        int val = src.getInt(src.deq(srcOff));
        if (val <= 2) {
            result.incrementAndGet();
        } else {
            long ob = item.talloc(dest, 2);
            dest.putInt(dest.elementPosition(ob), val - 1);
            dest.putInt(dest.elementPosition(ob + 1), val - 2);
            dest.enq(ob, 2);
        }
        src.tfree(srcOff);
    }

    /** Figure 6, lines 20–38. */
    static long fib(int n, GraphExecutor executor) {
        AtomicLong res = new AtomicLong();
        Graph g = new Graph();
        ChannelNode ch = g.channelNode("fib", Integer.BYTES, LEN);
        KernelNode kern = g.kernelNode("FibKernel", FibonacciGraphTest::fibKernel);
        kern.setConstArg(2, ch);
        kern.setConstArg(3, res);
        ch.connectToKernelNode(kern);

        long ob = ch.talloc(1);
        ch.putInt(ch.elementPosition(ob), n);
        ch.enq(ob, 1);

        if (executor == null) {
            g.execute();
        } else {
            g.execute(executor);
        }
        g.waitForDone();
        assertEquals(0, g.pendingElements());
        return res.get();
    }

    static long reference(int n) {
        long a = 1;
        long b = 1;
        for (int i = 3; i <= n; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return b;
    }

    @Test
    void fib24() {
        assertEquals(46368, fib(24, null));
    }

    /**
     * Decision 0207: with two threads spinning beside the two workers, workers are descheduled while they hold
     * the oldest elements or between a {@code talloc} and its {@code enq}. Before the run-ahead bound about one
     * run in five of these timed out with the channel full.
     */
    @Test
    void fib24CompletesWhileOtherThreadsCompeteForTheCores() throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> hogs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Thread hog = new Thread(() -> {
                while (!done.get()) {
                    Thread.onSpinWait();
                }
            });
            hog.setDaemon(true);
            hog.start();
            hogs.add(hog);
        }
        try {
            for (int run = 0; run < 50; run++) {
                HostGraphExecutor executor =
                        new HostGraphExecutor(2, 64, new BackoffIdleStrategy(), Duration.ofSeconds(10));
                assertEquals(46368, fib(24, executor), "run " + run);
            }
        } finally {
            done.set(true);
            for (Thread hog : hogs) {
                hog.join();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 10, 17})
    void smallerNumbersMatchTheReference(int n) {
        assertEquals(reference(n), fib(n, null));
    }

    @Test
    void anyExecutorShapeGivesTheSameResult() {
        Duration timeout = Duration.ofSeconds(10);
        assertEquals(reference(20), fib(20, new HostGraphExecutor(1, 64, new BackoffIdleStrategy(), timeout)));
        assertEquals(reference(20), fib(20, new HostGraphExecutor(3, 1, YieldingIdleStrategy.INSTANCE, timeout)));
        assertEquals(reference(18), fib(18, new HostGraphExecutor(2, 7, BusySpinIdleStrategy.INSTANCE, timeout)));
    }

    @Test
    void anExecutorCanBeDrivenWithoutTheGraphFacade() throws InterruptedException {
        AtomicLong res = new AtomicLong();
        Graph g = new Graph();
        ChannelNode ch = g.channelNode("fib", Integer.BYTES, 4096);
        KernelNode kern = g.kernelNode("FibKernel", FibonacciGraphTest::fibKernel);
        kern.setConstArg(2, ch).setConstArg(3, res);
        ch.connectToKernelNode(kern);
        long ob = ch.talloc(1);
        ch.putInt(ch.elementPosition(ob), 15);
        ch.enq(ob, 1);
        GraphExecution execution =
                new HostGraphExecutor(2, 32, new BackoffIdleStrategy(), Duration.ofSeconds(10)).start(g);
        assertTrue(execution.awaitDone(Duration.ofSeconds(30)));
        assertEquals(610, res.get());
        assertEquals(2 * 610 - 1, execution.completedInvocations());
    }

    @Test
    void theChannelIsEmptyAndFreedAfterwards() {
        AtomicLong res = new AtomicLong();
        Graph g = new Graph();
        ChannelNode ch = g.channelNode("fib", Integer.BYTES, 1024);
        KernelNode kern = g.kernelNode("FibKernel", FibonacciGraphTest::fibKernel);
        kern.setConstArg(2, ch).setConstArg(3, res);
        ch.connectToKernelNode(kern);
        long ob = ch.talloc(1);
        ch.putInt(ch.elementPosition(ob), 12);
        ch.enq(ob, 1);
        g.execute();
        g.waitForDone();
        assertEquals(144, res.get());
        assertEquals(0, ch.channel().readyCount());
        assertEquals(2 * 144 - 1, ch.channel().dataTail()); // every node of the call tree was one element
        assertTrue(ch.channel().usedCount() < 64, "only a partial done-count group stays unfreed");
    }
}
