package dev.gmac.channels.cilk;

import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.ChannelStackNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphBuffer;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.KernelNode;
import dev.gmac.channels.graph.PtxKernel;
import dev.gmac.channels.graph.WorkItem;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Sort (Orr et al., ISCA 2014, §7.1, Table 3: 1,000,000 elements, four kernel nodes): "recursively split an array
 * into four smaller sub-arrays until reaching a base case (64 elements), sort all of the base-case sub-arrays, and
 * merge them", after the MIT Cilk runtime's {@code cilksort}. Four channel stacks, one per kernel node:
 *
 * <ul>
 *   <li>{@code sort} ({@code SortTaskKernel}): a task {@code (lo, n)} with {@code n <= 64} insertion-sorts {@code
 *       a[lo, lo+n)} in place; a larger one spawns its four quarters one level deeper and a {@code merge}
 *       continuation at its own level.
 *   <li>{@code merge} ({@code SortMergeKernel}, waits for deeper levels): the four quarters are sorted; spawns the
 *       merge chunks of quarters 0+1 and 2+3 from {@code a} into the scratch array {@code t}, and a {@code merge2}
 *       continuation at its level.
 *   <li>{@code merge2} ({@code SortMerge2Kernel}, waits for deeper levels): the two halves in {@code t} are sorted;
 *       spawns the merge chunks of the halves back into {@code a}.
 *   <li>{@code chunk} ({@code SortChunkKernel}): writes 64 consecutive outputs of one merge, starting where a
 *       binary search on the merge path puts them (cilksort's parallel {@code cilkmerge}, cut into equal pieces
 *       instead of recursively).
 * </ul>
 *
 * <p>Levelization (§5.2) is the only synchronization: a continuation at level {@code d} runs once every deeper level
 * drained, so its quarters (or halves) are complete; the chunks of a merge lie one level deeper than it. GPU form:
 * {@code cilk_sort.cu}.
 *
 * <p>Elements: task and continuations 16 bytes {@code int lo; int n; int pad[2]}; chunk 32 bytes {@code int aLo, na,
 * bLo, nb, outLo, k, len, toScratch}.
 */
public final class Sort {
    /** Largest sub-array sorted serially (the paper's base case). */
    public static final int BASE = 64;
    /** Outputs one merge chunk writes. */
    public static final int CHUNK = 64;
    /** Bytes of a task or continuation. */
    public static final int TASK_BYTES = 16;
    /** Bytes of a merge chunk. */
    public static final int CHUNK_BYTES = 32;

    private Sort() {}

    /** Levels of the split recursion for {@code n} elements (at least 1). */
    public static int levels(int n) {
        int d = 1;
        for (int m = n; m > BASE; m = m - 3 * (m / 4)) {
            d++;
        }
        return d;
    }

    /**
     * The smallest channel width that always runs {@code n} elements: the top-level merge reserves all its chunks
     * at once (and a wavefront of merges reserves its lanes' chunks together).
     */
    public static int minimumWidth(int n) {
        return Integer.highestOneBit(Math.max(1, (n + CHUNK - 1) / CHUNK + 2 * 64) - 1) << 1;
    }

    /** {@code n} pseudo-random ints from {@code seed} (the input of a run). */
    public static int[] input(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    /**
     * Builds the graph in {@code g}, sorts {@code input} on {@code executor} and returns the sorted array (read back
     * from the graph's memory; {@code input} is not changed).
     *
     * @param capacity elements per stack level (the channel width of Table 3, a power of two)
     */
    public static int[] run(Graph g, int[] input, int capacity, GraphExecutor executor) {
        int n = input.length;
        if (n < 1) {
            throw new IllegalArgumentException("need at least one element to sort");
        }
        int levels = levels(n);
        ChannelStackNode tasks = g.channelStack("sort", TASK_BYTES, capacity, levels);
        ChannelStackNode merges =
                g.channelStack("merge", TASK_BYTES, capacity, levels).afterDeeperLevels();
        ChannelStackNode merges2 =
                g.channelStack("merge2", TASK_BYTES, capacity, levels).afterDeeperLevels();
        ChannelStackNode chunks = g.channelStack("chunk", CHUNK_BYTES, capacity, levels);
        GraphBuffer a = g.buffer("a", 4L * n);
        GraphBuffer t = g.buffer("t", 4L * n);
        a.putInts(input);
        KernelNode split = g.kernelNode("SortTaskKernel", Sort::taskKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_sort.ptx", "SortTaskKernel"));
        split.setConstArg(2, tasks);
        split.setConstArg(3, merges);
        split.setConstArg(4, a);
        KernelNode merge = g.kernelNode("SortMergeKernel", Sort::mergeKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_sort.ptx", "SortMergeKernel"));
        merge.setConstArg(2, merges);
        merge.setConstArg(3, merges2);
        merge.setConstArg(4, chunks);
        KernelNode merge2 = g.kernelNode("SortMerge2Kernel", Sort::merge2Kernel)
                .ptx(PtxKernel.resource("/ptx/cilk_sort.ptx", "SortMerge2Kernel"));
        merge2.setConstArg(2, merges2);
        merge2.setConstArg(3, chunks);
        KernelNode chunk = g.kernelNode("SortChunkKernel", Sort::chunkKernel)
                .ptx(PtxKernel.resource("/ptx/cilk_sort.ptx", "SortChunkKernel"));
        chunk.setConstArg(2, a);
        chunk.setConstArg(3, t);
        tasks.connectToKernelNode(split);
        merges.connectToKernelNode(merge);
        merges2.connectToKernelNode(merge2);
        chunks.connectToKernelNode(chunk);
        ChannelNode root = tasks.level(0);
        long ob = root.talloc(1);
        int at = root.elementPosition(ob);
        root.putInt(at, 0);
        root.putInt(at + 4, n);
        root.enq(ob, 1);
        g.execute(executor);
        g.waitForDone();
        return a.ints(n);
    }

    /**
     * Checks that {@code output} is sorted and a permutation of {@code input}.
     *
     * @throws IllegalStateException naming the first index where it is not
     */
    public static void check(int[] input, int[] output) {
        if (output.length != input.length) {
            throw new IllegalStateException("sort output has " + output.length + " elements, input " + input.length);
        }
        for (int i = 1; i < output.length; i++) {
            if (output[i - 1] > output[i]) {
                throw new IllegalStateException(
                        "sort output is not sorted at index " + i + ": " + output[i - 1] + " > " + output[i]);
            }
        }
        int[] expected = input.clone();
        Arrays.sort(expected);
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != output[i]) {
                throw new IllegalStateException("sort output is not a permutation of its input: index " + i + " holds "
                        + output[i] + ", the sorted input " + expected[i]);
            }
        }
    }

    /** Host form of {@code SortTaskKernel}. */
    static void taskKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode tasks = item.constArg(2, ChannelStackNode.class);
        ChannelStackNode merges = item.constArg(3, ChannelStackNode.class);
        GraphBuffer a = item.constArg(4, GraphBuffer.class);
        int at = src.deq(off);
        int lo = src.getInt(at);
        int n = src.getInt(at + 4);
        if (n <= BASE) {
            insertionSort(a, lo, n);
        } else {
            ChannelNode child = tasks.level(src.level() + 1);
            ChannelNode cont = merges.level(src.level());
            long k = item.talloc(child, 4);
            long c = item.talloc(cont, 1);
            int q = n / 4;
            for (int i = 0; i < 4; i++) {
                int p = child.elementPosition(k + i);
                child.putInt(p, lo + i * q);
                child.putInt(p + 4, i < 3 ? q : n - 3 * q);
            }
            int cp = cont.elementPosition(c);
            cont.putInt(cp, lo);
            cont.putInt(cp + 4, n);
            child.enq(k, 4); // children first: their continuation must not be visible before them
            cont.enq(c, 1);
        }
        src.tfree(off);
    }

    /** Host form of {@code SortMergeKernel}: quarters 0+1 and 2+3 of {@code a} into the halves of {@code t}. */
    static void mergeKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode merges2 = item.constArg(3, ChannelStackNode.class);
        ChannelStackNode chunks = item.constArg(4, ChannelStackNode.class);
        int at = src.deq(off);
        int lo = src.getInt(at);
        int n = src.getInt(at + 4);
        int q = n / 4;
        int first = chunksOf(2 * q);
        int count = first + chunksOf(n - 2 * q);
        ChannelNode dest = chunks.level(src.level() + 1);
        long k = item.talloc(dest, count);
        writeChunks(dest, k, lo, q, lo + q, q, lo, 1);
        writeChunks(dest, k + first, lo + 2 * q, q, lo + 3 * q, n - 3 * q, lo + 2 * q, 1);
        ChannelNode cont = merges2.level(src.level());
        long c = item.talloc(cont, 1);
        int cp = cont.elementPosition(c);
        cont.putInt(cp, lo);
        cont.putInt(cp + 4, n);
        dest.enq(k, count);
        cont.enq(c, 1);
        src.tfree(off);
    }

    /** Host form of {@code SortMerge2Kernel}: the halves of {@code t} back into {@code a}. */
    static void merge2Kernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        ChannelStackNode chunks = item.constArg(3, ChannelStackNode.class);
        int at = src.deq(off);
        int lo = src.getInt(at);
        int n = src.getInt(at + 4);
        int h = 2 * (n / 4);
        int count = chunksOf(n);
        ChannelNode dest = chunks.level(src.level() + 1);
        long k = item.talloc(dest, count);
        writeChunks(dest, k, lo, h, lo + h, n - h, lo, 0);
        dest.enq(k, count);
        src.tfree(off);
    }

    /** Host form of {@code SortChunkKernel}. */
    static void chunkKernel(WorkItem item) {
        ChannelNode src = item.source();
        int off = item.offset();
        GraphBuffer a = item.constArg(2, GraphBuffer.class);
        GraphBuffer t = item.constArg(3, GraphBuffer.class);
        int at = src.deq(off);
        int aLo = src.getInt(at);
        int na = src.getInt(at + 4);
        int bLo = src.getInt(at + 8);
        int nb = src.getInt(at + 12);
        int outLo = src.getInt(at + 16);
        int k = src.getInt(at + 20);
        int len = src.getInt(at + 24);
        boolean toScratch = src.getInt(at + 28) != 0;
        GraphBuffer from = toScratch ? a : t;
        GraphBuffer to = toScratch ? t : a;
        // merge path: i elements of the first run and k - i of the second make the first k outputs
        int lo = Math.max(0, k - nb);
        int hi = Math.min(k, na);
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (from.getInt(4L * (aLo + mid)) <= from.getInt(4L * (bLo + k - mid - 1))) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        int i = lo;
        int j = k - lo;
        for (int o = 0; o < len; o++) {
            int v;
            if (j >= nb || (i < na && from.getInt(4L * (aLo + i)) <= from.getInt(4L * (bLo + j)))) {
                v = from.getInt(4L * (aLo + i++));
            } else {
                v = from.getInt(4L * (bLo + j++));
            }
            to.putInt(4L * (outLo + k + o), v);
        }
        src.tfree(off);
    }

    private static int chunksOf(int outputs) {
        return (outputs + CHUNK - 1) / CHUNK;
    }

    /** The chunks of merging runs {@code a[aLo, aLo+na)} and {@code [bLo, bLo+nb)} to {@code outLo}. */
    private static void writeChunks(
            ChannelNode dest, long first, int aLo, int na, int bLo, int nb, int outLo, int toScratch) {
        int total = na + nb;
        for (int k = 0, i = 0; k < total; k += CHUNK, i++) {
            int p = dest.elementPosition(first + i);
            dest.putInt(p, aLo);
            dest.putInt(p + 4, na);
            dest.putInt(p + 8, bLo);
            dest.putInt(p + 12, nb);
            dest.putInt(p + 16, outLo);
            dest.putInt(p + 20, k);
            dest.putInt(p + 24, Math.min(CHUNK, total - k));
            dest.putInt(p + 28, toScratch);
        }
    }

    private static void insertionSort(GraphBuffer a, int lo, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = a.getInt(4L * (lo + i));
        }
        for (int i = 1; i < n; i++) {
            int x = v[i];
            int j = i - 1;
            while (j >= 0 && v[j] > x) {
                v[j + 1] = v[j];
                j--;
            }
            v[j + 1] = x;
        }
        for (int i = 0; i < n; i++) {
            a.putInt(4L * (lo + i), v[i]);
        }
    }
}
