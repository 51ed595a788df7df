package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * MUM: longest exact matches of short reads against a reference through a trie of its substrings (MUMmerGPU's
 * suffix-tree walk; {@code div_mum.cu}). Reads are substrings of the reference with substitutions and ambiguous
 * bases, so walks end at different depths and the ambiguous-base arm of the walk loop's branch has its own exit.
 */
public final class Mum implements DivergenceWorkload {
    static final int BLOCK = 128;
    static final int DEPTH = 20;
    static final int QUERY = 16;
    static final int MAX_AMBIGUOUS = 1;

    @Override
    public String name() {
        return "MUM";
    }

    @Override
    public String description() {
        return "longest matches of reads in a trie of the reference's substrings (MUMmerGPU)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    /** The trie: 4 children per node (-1 none) and each node's first child. */
    record Trie(int[] children, int[] firstChild) {}

    static Trie trie(byte[] reference) {
        int[] children = new int[4 * 16];
        Arrays.fill(children, -1);
        int nodes = 1;
        for (int s = 0; s < reference.length; s++) {
            int node = 0;
            for (int i = s; i < Math.min(reference.length, s + DEPTH); i++) {
                int c = reference[i];
                if (children[4 * node + c] < 0) {
                    if (4 * (nodes + 1) > children.length) {
                        int old = children.length;
                        children = Arrays.copyOf(children, old * 2);
                        Arrays.fill(children, old, children.length, -1);
                    }
                    children[4 * node + c] = nodes++;
                }
                node = children[4 * node + c];
            }
        }
        children = Arrays.copyOf(children, 4 * nodes);
        int[] first = new int[nodes];
        for (int v = 0; v < nodes; v++) {
            first[v] = -1;
            for (int c = 0; c < 4 && first[v] < 0; c++) {
                first[v] = children[4 * v + c];
            }
        }
        return new Trie(children, first);
    }

    /** [best length, best start] of one read, as the kernel computes it. */
    static int[] walk(byte[] q, int off, Trie t) {
        int best = 0;
        int bestAt = -1;
        for (int start = 0; start < QUERY; start++) {
            int node = 0;
            int length = 0;
            int ambiguous = 0;
            for (int i = start; i < QUERY; i++) {
                int c = q[off + i];
                int child;
                if (c >= 4) {
                    ambiguous++;
                    if (ambiguous > MAX_AMBIGUOUS) {
                        break;
                    }
                    child = t.firstChild[node];
                } else {
                    child = t.children[node * 4 + c];
                }
                if (child < 0) {
                    break;
                }
                node = child;
                length++;
            }
            if (length > best) {
                best = length;
                bestAt = start;
            }
        }
        return new int[] {best, bestAt};
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        byte[] reference = new byte[size.pick(1024, 4096)];
        for (int i = 0; i < reference.length; i++) {
            reference[i] = (byte) rnd.nextInt(4);
        }
        int count = size.pick(512, 7680);
        byte[] queries = new byte[count * QUERY];
        for (int q = 0; q < count; q++) {
            int at = rnd.nextInt(reference.length - QUERY);
            for (int i = 0; i < QUERY; i++) {
                double r = rnd.nextDouble();
                byte b = reference[at + i];
                if (r < 0.06) {
                    b = (byte) rnd.nextInt(4); // a substitution (sometimes the same base)
                } else if (r < 0.09) {
                    b = 4; // an ambiguous base
                }
                queries[q * QUERY + i] = b;
            }
        }
        Trie t = trie(reference);
        int[] bestLength = new int[count];
        int[] bestStart = new int[count];
        for (int q = 0; q < count; q++) {
            int[] r = walk(queries, q * QUERY, t);
            bestLength[q] = r[0];
            bestStart[q] = r[1];
        }
        PtxModule m = d.module("div_mum");
        long dq = d.upload(queries);
        long children = d.upload(t.children);
        long first = d.upload(t.firstChild);
        long len = d.zeros(4L * count);
        long at = d.zeros(4L * count);
        d.launch(
                m,
                "mum_walk",
                Dim3.of((count + BLOCK - 1) / BLOCK),
                Dim3.of(BLOCK),
                dq,
                QUERY,
                count,
                children,
                first,
                MAX_AMBIGUOUS,
                len,
                at);
        return new Check()
                .ints("bestLength", bestLength, d.ints(len, count))
                .ints("bestStart", bestStart, d.ints(at, count))
                .verdict();
    }
}
