package dev.gmac.channels.cilk;

import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphBuffer;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.KernelNode;
import dev.gmac.channels.graph.PtxKernel;
import dev.gmac.channels.graph.WorkItem;

/**
 * The naive Fibonacci graph of Orr et al. (ISCA 2014), Figures 6 and 7: one channel of {@code FibObj} (one int) and
 * one kernel node that consumes it and produces into it; a leaf ({@code val <= 2}) adds 1 to the result, so the
 * result is fib(n). This is the paper's introductory example, not its Cilk Fibonacci of §7.1 (which merges partial
 * results in continuation channels). GPU form: {@code channels_fib.cu}.
 */
public final class Fibonacci {
    private Fibonacci() {}

    /** fib(n), fib(1) = fib(2) = 1. */
    public static long expected(int n) {
        long a = 1;
        long b = 1;
        for (int i = 3; i <= n; i++) {
            long c = a + b;
            a = b;
            b = c;
        }
        return n <= 0 ? 0 : b;
    }

    /** Elements the run processes: one per call of the naive recursion, 2 fib(n) - 1. */
    public static long elements(int n) {
        return 2 * expected(n) - 1;
    }

    /** Figure 6, lines 20-38, in {@code g} on {@code executor}; returns the result. */
    public static long run(Graph g, int n, int capacity, GraphExecutor executor) {
        if (n < 1 || n > 40) {
            throw new IllegalArgumentException("n must be between 1 and 40, got " + n);
        }
        ChannelNode ch = g.channelNode("fib", Integer.BYTES, capacity);
        GraphBuffer res = g.buffer("result", Integer.BYTES);
        KernelNode kern = g.kernelNode("FibKernel", Fibonacci::hostKernel)
                .ptx(PtxKernel.resource("/ptx/channels_fib.ptx", "FibKernel"));
        kern.setConstArg(2, ch);
        kern.setConstArg(3, res);
        ch.connectToKernelNode(kern);
        long ob = ch.talloc(1);
        ch.putInt(ch.elementPosition(ob), n);
        ch.enq(ob, 1);
        g.execute(executor);
        g.waitForDone();
        return Integer.toUnsignedLong(res.getInt(0));
    }

    /** Figure 6, lines 7-19, host form. */
    static void hostKernel(WorkItem item) {
        ChannelNode src = item.source();
        int srcOff = item.offset();
        ChannelNode dest = item.constArg(2, ChannelNode.class);
        GraphBuffer result = item.constArg(3, GraphBuffer.class);
        int val = src.getInt(src.deq(srcOff));
        if (val <= 2) {
            result.getAndAddInt(0, 1);
        } else {
            long ob = item.talloc(dest, 2);
            dest.putInt(dest.elementPosition(ob), val - 1);
            dest.putInt(dest.elementPosition(ob + 1), val - 2);
            dest.enq(ob, 2);
        }
        src.tfree(srcOff);
    }
}
