package dev.gmac.channels.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.ChannelFullException;
import dev.gmac.channels.idle.BackoffIdleStrategy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GraphTest {
    private static HostGraphExecutor executor(int threads, Duration fullTimeout) {
        return new HostGraphExecutor(threads, 16, new BackoffIdleStrategy(), fullTimeout);
    }

    @Test
    void aTwoStagePipelineSquaresThenSums() {
        Graph g = new Graph();
        ChannelNode numbers = g.channelNode("numbers", Long.BYTES, 256);
        ChannelNode squares = g.channelNode("squares", Long.BYTES, 64);
        AtomicLong sum = new AtomicLong();
        KernelNode square = g.kernelNode("square", item -> {
            ChannelNode src = item.source();
            long x = src.getLong(src.deq(item.offset()));
            ChannelNode out = item.constArg(2, ChannelNode.class);
            long seq = item.talloc(out, 1);
            out.putLong(out.elementPosition(seq), x * x);
            out.enq(seq, 1);
            src.tfree(item.offset());
        });
        KernelNode add = g.kernelNode("add", item -> {
            ChannelNode src = item.source();
            sum.addAndGet(src.getLong(src.deq(item.offset())));
            src.tfree(item.offset());
        });
        square.setConstArg(2, squares).connectToChannelNode(squares);
        numbers.connectToKernelNode(square);
        squares.connectToKernelNode(add);
        assertEquals(List.of(numbers), square.inputs());
        assertEquals(List.of(squares), square.outputs());
        assertEquals(add, squares.consumer());

        long expected = 0;
        for (int i = 1; i <= 200; i++) {
            long seq = numbers.talloc(1);
            numbers.putLong(numbers.elementPosition(seq), i);
            numbers.enq(seq, 1);
            expected += (long) i * i;
        }
        assertEquals(200, g.pendingElements());
        g.execute(executor(3, Duration.ofSeconds(10)));
        g.waitForDone();
        assertEquals(expected, sum.get());
        assertEquals(0, g.pendingElements());
    }

    @Test
    void aGraphCanRunAgainAfterItIsDone() {
        Graph g = new Graph();
        ChannelNode ch = g.channelNode(Long.BYTES, 16);
        AtomicLong sum = new AtomicLong();
        ch.connectToKernelNode(g.kernelNode(item -> {
            sum.addAndGet(item.source().getLong(item.source().deq(item.offset())));
            item.source().tfree(item.offset());
        }));
        for (int round = 1; round <= 3; round++) {
            long seq = ch.talloc(1);
            ch.putLong(ch.elementPosition(seq), round);
            ch.enq(seq, 1);
            g.execute(executor(2, Duration.ofSeconds(10)));
            g.waitForDone();
        }
        assertEquals(6, sum.get());
    }

    @Test
    void aFailingKernelIsReportedWithNodeAndOffset() {
        Graph g = new Graph();
        ChannelNode ch = g.channelNode("input", Integer.BYTES, 8);
        ch.connectToKernelNode(g.kernelNode("broken", item -> {
            throw new IllegalStateException("bad element");
        }));
        long seq = ch.talloc(1);
        ch.enq(seq, 1);
        g.execute(executor(2, Duration.ofSeconds(10)));
        GraphExecutionException e = assertThrows(GraphExecutionException.class, g::waitForDone);
        assertEquals("broken", e.kernelNode());
        assertEquals("input", e.channelNode());
        assertEquals(0, e.offset());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getMessage().contains("kernel node 'broken'"), e.getMessage());
    }

    @Test
    void aChannelThatStaysFullFailsTheExecutionInsteadOfHanging() {
        Graph g = new Graph();
        ChannelNode small = g.channelNode("small", Integer.BYTES, 4);
        // Every element spawns two and never frees its own: the channel must fill up.
        KernelNode greedy = g.kernelNode("greedy", item -> {
            long seq = item.talloc(item.source(), 2);
            item.source().enq(seq, 2);
        });
        small.connectToKernelNode(greedy);
        small.enq(small.talloc(1), 1);
        g.execute(executor(2, Duration.ofMillis(200)));
        GraphExecutionException e = assertThrows(GraphExecutionException.class, g::waitForDone);
        assertInstanceOf(ChannelFullException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("'small'"), e.getCause().getMessage());
    }

    /**
     * A worker stalls while it holds the oldest element (as a descheduled thread does), so nothing can be freed
     * (freeing is in allocation order); the other worker runs a chain that allocates 3,000 elements one at a
     * time into the same 1,024-element channel. Without headroom it fills the channel, the stalled kernel
     * then finds no space for its two elements and the execution can only time out; with it, the chain stops
     * while the reserve is still free, the stalled kernel finishes, and the chain completes.
     */
    @Test
    void aStalledHolderOfTheOldestElementStillFindsSpace() throws InterruptedException {
        Graph g = new Graph();
        ChannelNode ch = g.channelNode("chain", Integer.BYTES, 1024);
        CountDownLatch release = new CountDownLatch(1);
        AtomicLong leaves = new AtomicLong();
        ch.connectToKernelNode(g.kernelNode("chainKernel", item -> {
            ChannelNode src = item.source();
            int v = src.getInt(src.deq(item.offset()));
            if (v == -1) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                long seq = item.talloc(src, 2);
                src.putInt(src.elementPosition(seq), 0);
                src.putInt(src.elementPosition(seq + 1), 0);
                src.enq(seq, 2);
            } else if (v > 0) {
                long seq = item.talloc(src, 1);
                src.putInt(src.elementPosition(seq), v - 1);
                src.enq(seq, 1);
            } else {
                leaves.incrementAndGet();
            }
            src.tfree(item.offset());
        }));
        long holder = ch.talloc(1);
        ch.putInt(ch.elementPosition(holder), -1);
        ch.enq(holder, 1);
        long chain = ch.talloc(1);
        ch.putInt(ch.elementPosition(chain), 3000);
        ch.enq(chain, 1);
        g.execute(new HostGraphExecutor(2, 1, new BackoffIdleStrategy(), Duration.ofSeconds(5)));
        // Let the chain run as far as it may while the holder is stalled (it needs a few milliseconds).
        Thread.sleep(300);
        long used = ch.channel().usedCount();
        // Reserve 128 (an eighth of 1024), so the chain may allocate 64 past the 2 allocated when the holder's
        // batch started; its last admitted batch adds one more. Nothing after the holder is freed meanwhile.
        assertTrue(used >= 2 + 64, "the chain ran while the holder stalled: " + used + " used");
        assertTrue(used <= 2 + 64 + 1, "the chain stayed within half the reserve, but " + used + " are used");
        release.countDown();
        assertTrue(g.waitForDone(Duration.ofSeconds(30)), "the graph finished");
        assertEquals(3, leaves.get(), "the chain's last element and the holder's two");
        assertEquals(0, g.pendingElements());
    }

    @Test
    void waitForDoneWithATimeoutReturnsFalseWhileKernelsRun() throws InterruptedException {
        Graph g = new Graph();
        ChannelNode ch = g.channelNode(Integer.BYTES, 8);
        CountDownLatch release = new CountDownLatch(1);
        ch.connectToKernelNode(g.kernelNode(item -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            item.source().tfree(item.offset());
        }));
        ch.enq(ch.talloc(1), 1);
        g.execute(executor(1, Duration.ofSeconds(10)));
        assertFalse(g.waitForDone(Duration.ofMillis(50)));
        assertThrows(IllegalStateException.class, () -> g.execute(executor(1, Duration.ofSeconds(1))));
        release.countDown();
        assertTrue(g.waitForDone(Duration.ofSeconds(10)));
    }

    @Test
    void nothingPendingMeansDoneAtOnce() {
        Graph g = new Graph();
        g.waitForDone();
        g.execute(executor(1, Duration.ofSeconds(1)));
        g.waitForDone();
    }

    @Test
    void connectionsAndArgumentsAreChecked() {
        Graph g = new Graph();
        ChannelNode ch = g.channelNode(4, 8);
        KernelNode a = g.kernelNode("a", item -> {});
        KernelNode b = g.kernelNode("b", item -> {});
        ch.connectToKernelNode(a);
        assertThrows(IllegalStateException.class, () -> ch.connectToKernelNode(b));
        assertThrows(IllegalArgumentException.class, () -> a.setConstArg(1, "x"));
        assertThrows(IllegalArgumentException.class, () -> a.constArg(2));
        a.setConstArg(4, "four");
        assertEquals("four", a.constArg(4));
        assertThrows(IllegalArgumentException.class, () -> a.constArg(3));

        ChannelNode filled = g.channelNode(4, 8);
        filled.talloc(1);
        assertThrows(IllegalStateException.class, () -> filled.connectToKernelNode(b));
        Graph other = new Graph();
        assertThrows(IllegalStateException.class, () -> other.channelNode(4, 8).connectToKernelNode(a));
        assertEquals("channel0", ch.name());
        assertEquals(0, ch.id());
        assertEquals(1, b.id());
    }
}
