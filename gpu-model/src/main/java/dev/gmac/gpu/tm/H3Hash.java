package dev.gmac.gpu.tm;

import java.util.SplittableRandom;

/**
 * A member of the H3 family of universal hash functions (Carter and Wegman; the hashes of the thesis's bloom
 * filters, signatures and the recency bloom filter, Fung thesis §4.1.1 and §4.2.5): each key bit selects a fixed
 * random row and the hash is the exclusive-or of the rows of the set bits. Implemented with one 256-entry table per
 * key byte, so a hash costs eight table reads. The rows come from a fixed seed, so every run hashes alike.
 */
public final class H3Hash {
    private final int[][] tables = new int[8][256];

    /** Hash number {@code index} of the family (sub-array {@code index} of a filter). */
    public H3Hash(int index) {
        SplittableRandom rnd = new SplittableRandom(0x4833_4841_5348L + 0x9E3779B97F4A7C15L * (index + 1));
        int[] rows = new int[64];
        for (int b = 0; b < 64; b++) {
            rows[b] = rnd.nextInt();
        }
        for (int t = 0; t < 8; t++) {
            for (int v = 0; v < 256; v++) {
                int h = 0;
                for (int bit = 0; bit < 8; bit++) {
                    if ((v & (1 << bit)) != 0) {
                        h ^= rows[t * 8 + bit];
                    }
                }
                tables[t][v] = h;
            }
        }
    }

    /** The 32-bit hash of {@code key}. */
    public int hash(long key) {
        return tables[0][(int) key & 0xFF]
                ^ tables[1][(int) (key >>> 8) & 0xFF]
                ^ tables[2][(int) (key >>> 16) & 0xFF]
                ^ tables[3][(int) (key >>> 24) & 0xFF]
                ^ tables[4][(int) (key >>> 32) & 0xFF]
                ^ tables[5][(int) (key >>> 40) & 0xFF]
                ^ tables[6][(int) (key >>> 48) & 0xFF]
                ^ tables[7][(int) (key >>> 56) & 0xFF];
    }

    /** The bucket of {@code key} among {@code buckets} buckets. */
    public int index(long key, int buckets) {
        return Integer.remainderUnsigned(hash(key), buckets);
    }
}
