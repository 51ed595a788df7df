package dev.gmac.channels.cilk;

import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.ChannelStackNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphBuffer;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.KernelNode;
import dev.gmac.channels.graph.PtxKernel;
import dev.gmac.channels.graph.WorkItem;

/**
 * Cilk Fibonacci (Orr et al., ISCA 2014, §5 and §7.1, Table 3: fib(24), two kernel nodes): a spawn stack of tasks
 * and a continuation stack whose levels run only after every deeper level drained (levelization, §5.2). A task
 * fib(n), n > 2, allocates a continuation at its level and two children one level deeper that write their results
 * into the continuation's {@code x} and {@code y}; the continuation kernel writes {@code x + y} to where its task's
 * result goes. Results travel by address in the graph's memory, so the host and GPU forms are the same program.
 * GPU form: {@code cilk_fib.cu}.
 *
 * <p>Elements (16 bytes each): task {@code int n; int pad; long dest}, continuation {@code int x; int y; long dest}.
 */
public final class CilkFibonacci {
    /** Bytes of a task and of a continuation. */
    public static final int ELEMENT_BYTES = 16;

    private CilkFibonacci() {}

    /** Levels of each stack for fib(n): the depth of the recursion. */
    public static int levels(int n) {
        return Math.max(1, n - 1);
    }

    /** Builds the graph in {@code g}, runs it on {@code executor}, returns fib(n). */
    public static long run(Graph g, int n, int capacity, GraphExecutor executor) {
        if (n < 1 || n > 40) {
            throw new IllegalArgumentException("n must be between 1 and 40, got " + n);
        }
        ChannelStackNode tasks = g.channelStack("fib", ELEMENT_BYTES, capacity, levels(n));
        ChannelStackNode conts =
                g.channelStack("sum", ELEMENT_BYTES, capacity, levels(n)).afterDeeperLevels();
        GraphBuffer result = g.buffer("result", Long.BYTES);
        KernelNode spawn = g.kernelNode("FibTaskKernel", CilkFibonacci::taskKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_fib.ptx", "FibTaskKernel"));
        spawn.setConstArg(2, tasks);
        spawn.setConstArg(3, conts);
        KernelNode merge = g.kernelNode("FibContKernel", CilkFibonacci::contKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_fib.ptx", "FibContKernel"));
        tasks.connectToKernelNode(spawn);
        conts.connectToKernelNode(merge);
        ChannelNode root = tasks.level(0);
        long ob = root.talloc(1);
        int at = root.elementPosition(ob);
        root.putInt(at, n);
        root.putLong(at + 8, result.address());
        root.enq(ob, 1);
        g.execute(executor);
        g.waitForDone();
        return Integer.toUnsignedLong(result.getInt(0));
    }

    /** Host form of {@code FibTaskKernel}. */
    static void taskKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode tasks = item.constArg(2, ChannelStackNode.class);
        ChannelStackNode conts = item.constArg(3, ChannelStackNode.class);
        Graph g = src.graph();
        int at = src.deq(off);
        int n = src.getInt(at);
        long dest = src.getLong(at + 8);
        if (n <= 2) {
            g.putInt(dest, 1);
        } else {
            ChannelNode child = tasks.level(src.level() + 1);
            ChannelNode cont = conts.level(src.level());
            long k = item.talloc(child, 2);
            long c = item.talloc(cont, 1);
            int cp = cont.elementPosition(c);
            cont.putInt(cp, 0);
            cont.putInt(cp + 4, 0);
            cont.putLong(cp + 8, dest);
            int a = child.elementPosition(k);
            child.putInt(a, n - 1);
            child.putLong(a + 8, cont.address(cp));
            int b = child.elementPosition(k + 1);
            child.putInt(b, n - 2);
            child.putLong(b + 8, cont.address(cp + 4));
            child.enq(k, 2);
            cont.enq(c, 1);
        }
        src.tfree(off);
    }

    /** Host form of {@code FibContKernel}. */
    static void contKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        int at = src.deq(off);
        src.graph().putInt(src.getLong(at + 8), src.getInt(at) + src.getInt(at + 4));
        src.tfree(off);
    }
}
