package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.SplittableRandom;

/**
 * HT-H, HT-M and HT-L (Fung thesis §4.3, Tables 4.2-4.3 and 6.2): 23040 threads (120 blocks of 192) each insert one
 * key into a chained hash table of 8000, 80000 or 800000 buckets (high, medium, low contention). Every thread
 * commits exactly one transaction: 23040 at full scale, the thesis's count. Checked: every node is reachable from
 * the head of its key's bucket exactly once, with its key.
 */
public final class HashTable implements TmWorkload {
    private static final int INSERTS = 23040;
    private static final int BLOCK = 192;

    private final String name;
    private final int buckets;

    private HashTable(String name, int buckets) {
        this.name = name;
        this.buckets = buckets;
    }

    /** HT-H: 8000 buckets. */
    public static HashTable high() {
        return new HashTable("HT-H", 8000);
    }

    /** HT-M: 80000 buckets. */
    public static HashTable medium() {
        return new HashTable("HT-M", 80_000);
    }

    /** HT-L: 800000 buckets. */
    public static HashTable low() {
        return new HashTable("HT-L", 800_000);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "chained hash table, one insert per thread, " + buckets + " buckets at full scale";
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        int n = scale.of(INSERTS, BLOCK);
        int b = scale.of(buckets, 16);
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x48544854L);
        int[] keys = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextInt(Integer.MAX_VALUE);
        }
        return new Instance() {
            @Override
            public String size() {
                return n + " inserts into " + b + " buckets";
            }

            @Override
            public long expectedCommits() {
                return n;
            }

            @Override
            public void run(TmMachine m, String mode) {
                long heads = m.fill(b, -1);
                long nodes = m.fill(3 * n, 0);
                long k = m.ints(keys);
                int grid = (n + BLOCK - 1) / BLOCK;
                if (mode.equals(FGL)) {
                    long locks = m.fill(b, 0);
                    m.launch("tm_hashtable", "ht_insert_fgl", grid, BLOCK, null, heads, nodes, k, locks, b, n);
                } else {
                    m.launch("tm_hashtable", "ht_insert_tm", grid, BLOCK, mode, heads, nodes, k, b, n);
                }
                check(m.readInts(heads, b), m.readInts(nodes, 3 * n));
            }

            private void check(int[] h, int[] nodes) {
                boolean[] seen = new boolean[n];
                int count = 0;
                for (int bucket = 0; bucket < b; bucket++) {
                    for (int i = h[bucket]; i >= 0; i = nodes[3 * i + 2]) {
                        if (i >= n || seen[i]) {
                            throw new WorkloadException(name + ": node " + i + " linked twice or out of range");
                        }
                        seen[i] = true;
                        count++;
                        if (nodes[3 * i] != keys[i] || Integer.remainderUnsigned(keys[i], b) != bucket) {
                            throw new WorkloadException(name + ": node " + i + " holds key " + nodes[3 * i]
                                    + " in bucket " + bucket + "; its key is " + keys[i]);
                        }
                    }
                }
                if (count != n) {
                    throw new WorkloadException(name + ": " + count + " of " + n + " inserted nodes are reachable");
                }
            }
        };
    }
}
