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
 * Queens (Orr et al., ISCA 2014, §7.1, Table 3: 13x13 in the paper): counts the solutions of the n-queens puzzle
 * with a channel stack of partial boards (§5.2). A task with the first {@code row} rows placed spawns one child per
 * free column into the next level; a task with {@code base} rows or fewer left counts its solutions serially and
 * adds them to a counter (no continuation needed). The GPU form is {@code cilk_queens.cu}.
 *
 * <p>Element (16 bytes): {@code int row; int cols; int diag1; int diag2} (attacked columns and diagonals as bit
 * masks of the next row).
 */
public final class Queens {
    /** Bytes of one task. */
    public static final int TASK_BYTES = 16;
    /** Solutions for n = 0 .. 15 (OEIS A000170), to check results. */
    private static final long[] SOLUTIONS = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184
    };

    private Queens() {}

    /** The known number of solutions of the n-queens puzzle, 0 {@literal <=} n {@literal <=} 15. */
    public static long expected(int n) {
        return SOLUTIONS[n];
    }

    /**
     * Builds the graph in {@code g}, runs it on {@code executor} and returns the number of solutions.
     *
     * @param capacity elements per stack level (the channel width of Table 3, a power of two)
     */
    public static long run(Graph g, int n, int base, int capacity, GraphExecutor executor) {
        if (n < 1 || n > 15 || base < 1 || base > n) {
            throw new IllegalArgumentException("need 1 <= base <= n <= 15, got n=" + n + ", base=" + base);
        }
        ChannelStackNode stack = g.channelStack("queens", TASK_BYTES, capacity, n - base + 1);
        GraphBuffer result = g.buffer("solutions", Integer.BYTES);
        KernelNode k = g.kernelNode("QueensKernel", Queens::hostKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_queens.ptx", "QueensKernel"));
        k.setConstArg(2, stack);
        k.setConstArg(3, n);
        k.setConstArg(4, base);
        k.setConstArg(5, result);
        stack.connectToKernelNode(k);
        ChannelNode root = stack.level(0);
        long ob = root.talloc(1);
        int at = root.elementPosition(ob);
        root.putInt(at, 0);
        root.putInt(at + 4, 0);
        root.putInt(at + 8, 0);
        root.putInt(at + 12, 0);
        root.enq(ob, 1);
        g.execute(executor);
        g.waitForDone();
        return Integer.toUnsignedLong(result.getInt(0));
    }

    /** The host form of {@code QueensKernel}. */
    static void hostKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode stack = item.constArg(2, ChannelStackNode.class);
        int n = item.constArg(3, Integer.class);
        int base = item.constArg(4, Integer.class);
        GraphBuffer result = item.constArg(5, GraphBuffer.class);
        int at = src.deq(off);
        int row = src.getInt(at);
        int cols = src.getInt(at + 4);
        int d1 = src.getInt(at + 8);
        int d2 = src.getInt(at + 12);
        int full = (1 << n) - 1;
        if (n - row <= base) {
            int s = solve(n, row, cols, d1, d2);
            if (s > 0) {
                result.getAndAddInt(0, s);
            }
        } else {
            int avail = full & ~(cols | d1 | d2);
            int children = Integer.bitCount(avail);
            if (children > 0) {
                ChannelNode dest = stack.level(src.level() + 1);
                long first = item.talloc(dest, children);
                for (int i = 0; avail != 0; i++) {
                    int bit = avail & -avail;
                    avail ^= bit;
                    int c = dest.elementPosition(first + i);
                    dest.putInt(c, row + 1);
                    dest.putInt(c + 4, cols | bit);
                    dest.putInt(c + 8, ((d1 | bit) << 1) & full);
                    dest.putInt(c + 12, (d2 | bit) >>> 1);
                }
                dest.enq(first, children);
            }
        }
        src.tfree(off);
    }

    /** Solutions of rows {@code row .. n-1} given the attacked masks (the serial base case). */
    static int solve(int n, int row, int cols, int d1, int d2) {
        if (row == n) {
            return 1;
        }
        int full = (1 << n) - 1;
        int count = 0;
        for (int avail = full & ~(cols | d1 | d2); avail != 0; ) {
            int bit = avail & -avail;
            avail ^= bit;
            count += solve(n, row + 1, cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >>> 1);
        }
        return count;
    }
}
