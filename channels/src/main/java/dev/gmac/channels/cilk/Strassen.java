package dev.gmac.channels.cilk;

import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.ChannelStackNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphBuffer;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.KernelNode;
import dev.gmac.channels.graph.PtxKernel;
import dev.gmac.channels.graph.WorkItem;
import java.util.SplittableRandom;

/**
 * Strassen (Orr et al., ISCA 2014, §7.1, Table 3: 512x512, base case 16x16, one kernel node): "repeatedly divide a
 * matrix into four sub-matrices down to a base case (16x16 elements), multiply each pair of base-case matrices, and
 * combine the results through atomic addition". A task {@code C[i.., j..] += A[i.., k..] x B[k.., j..]} of size
 * {@code s} spawns its eight quadrant products one level deeper of a channel stack; a base-case task multiplies two
 * 16x16 blocks and adds the product into C with atomic adds, so no continuation is needed. Like the paper's workload
 * (its 587 wavefronts for 512x512 are the 1 + 8 + ... + 8^5 = 37,449 tasks of eight products per split), this does
 * eight products per split, not Strassen's seven (which would need sums of sub-matrices and a combining step).
 * Integer matrices, so the result is exact whatever order the atomic adds take. GPU form: {@code
 * cilk_strassen.cu}.
 *
 * <p>Element (16 bytes): {@code int i; int k; int j; int size}.
 */
public final class Strassen {
    /** Rows and columns of the paper's base-case block. */
    public static final int BASE = 16;
    /** Bytes of one task. */
    public static final int TASK_BYTES = 16;

    private Strassen() {}

    /** Levels of the task stack for {@code n x n} matrices and {@code base x base} base-case blocks. */
    public static int levels(int n, int base) {
        return Integer.numberOfTrailingZeros(n / base) + 1;
    }

    /** Tasks of the whole recursion: 1 + 8 + ... + 8^(levels - 1). */
    public static long tasks(int n, int base) {
        long t = 0;
        for (int d = 0, p = 1; d < levels(n, base); d++, p *= 8) {
            t += p;
        }
        return t;
    }

    /** An {@code n x n} matrix of small pseudo-random ints (-8 .. 8) from {@code seed}, row-major. */
    public static int[] matrix(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] m = new int[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = r.nextInt(17) - 8;
        }
        return m;
    }

    /** The plain product {@code a x b} of two {@code n x n} matrices (the reference a run is checked against). */
    public static int[] multiply(int[] a, int[] b, int n) {
        int[] c = new int[n * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                int x = a[i * n + k];
                for (int j = 0; j < n; j++) {
                    c[i * n + j] += x * b[k * n + j];
                }
            }
        }
        return c;
    }

    /**
     * Builds the graph in {@code g}, multiplies {@code a x b} ({@code n x n}) on {@code executor} and returns the
     * product read back from the graph's memory.
     *
     * @param base     rows and columns of a base-case block, 4 to the paper's {@link #BASE} (the GPU kernel reads
     *                 rows of B four ints at a time); {@code n} and {@code base} powers of two, {@code base <= n}
     * @param capacity elements per stack level (the channel width of Table 3, a power of two)
     */
    public static int[] run(Graph g, int[] a, int[] b, int n, int base, int capacity, GraphExecutor executor) {
        if (base < 4
                || base > BASE
                || n < base
                || Integer.bitCount(n) != 1
                || Integer.bitCount(base) != 1
                || a.length != n * n
                || b.length != n * n) {
            throw new IllegalArgumentException(
                    "need two n x n matrices and a base case, both powers of two, 4 <= base <= 16, base <= n;"
                            + " got n=" + n + ", base=" + base + " and " + a.length + ", " + b.length + " elements");
        }
        ChannelStackNode stack = g.channelStack("strassen", TASK_BYTES, capacity, levels(n, base));
        GraphBuffer ba = g.buffer("a", 4L * n * n);
        GraphBuffer bb = g.buffer("b", 4L * n * n);
        GraphBuffer bc = g.buffer("c", 4L * n * n);
        ba.putInts(a);
        bb.putInts(b);
        bc.putInts(new int[n * n]);
        KernelNode k = g.kernelNode("StrassenKernel", Strassen::hostKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_strassen.ptx", "StrassenKernel"));
        k.setConstArg(2, stack);
        k.setConstArg(3, ba);
        k.setConstArg(4, bb);
        k.setConstArg(5, bc);
        k.setConstArg(6, n);
        k.setConstArg(7, base);
        stack.connectToKernelNode(k);
        ChannelNode root = stack.level(0);
        long ob = root.talloc(1);
        int at = root.elementPosition(ob);
        root.putInt(at, 0);
        root.putInt(at + 4, 0);
        root.putInt(at + 8, 0);
        root.putInt(at + 12, n);
        root.enq(ob, 1);
        g.execute(executor);
        g.waitForDone();
        return bc.ints(n * n);
    }

    /**
     * Checks {@code c} against the plain product of {@code a} and {@code b}.
     *
     * @throws IllegalStateException naming the first element that differs
     */
    public static void check(int[] a, int[] b, int n, int[] c) {
        int[] expected = multiply(a, b, n);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != c[i]) {
                throw new IllegalStateException("Strassen's product differs from the plain product at row " + i / n
                        + ", column " + i % n + ": " + c[i] + " instead of " + expected[i]);
            }
        }
    }

    /** Host form of {@code StrassenKernel}. */
    static void hostKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode stack = item.constArg(2, ChannelStackNode.class);
        GraphBuffer a = item.constArg(3, GraphBuffer.class);
        GraphBuffer b = item.constArg(4, GraphBuffer.class);
        GraphBuffer c = item.constArg(5, GraphBuffer.class);
        int n = item.constArg(6, Integer.class);
        int base = item.constArg(7, Integer.class);
        int at = src.deq(off);
        int i = src.getInt(at);
        int k = src.getInt(at + 4);
        int j = src.getInt(at + 8);
        int size = src.getInt(at + 12);
        if (size <= base) {
            for (int r = 0; r < size; r++) {
                for (int col = 0; col < size; col++) {
                    int sum = 0;
                    for (int x = 0; x < size; x++) {
                        sum += a.getInt(4L * ((long) (i + r) * n + k + x))
                                * b.getInt(4L * ((long) (k + x) * n + j + col));
                    }
                    c.getAndAddInt(4L * ((long) (i + r) * n + j + col), sum);
                }
            }
        } else {
            ChannelNode dest = stack.level(src.level() + 1);
            long first = item.talloc(dest, 8);
            int h = size / 2;
            for (int q = 0; q < 8; q++) {
                int p = dest.elementPosition(first + q);
                dest.putInt(p, i + ((q >> 2) & 1) * h);
                dest.putInt(p + 4, k + ((q >> 1) & 1) * h);
                dest.putInt(p + 8, j + (q & 1) * h);
                dest.putInt(p + 12, h);
            }
            dest.enq(first, 8);
        }
        src.tfree(off);
    }
}
