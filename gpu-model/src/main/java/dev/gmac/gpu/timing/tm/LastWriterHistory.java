package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.tm.H3Hash;
import java.util.Arrays;

/**
 * The last writer history of a commit unit (Fung thesis §4.2.5, "Hazard Detection, Last Writer History Update";
 * digest §6.8): for a word address, a conservative commit ID of the youngest transaction in the later pipeline stages
 * that may write it. An address-indexed, set-associative lookup table keeps the exact (word, CID) pairs of recent
 * write-sets; a matching word takes the newer CID, and a new word evicts the least recently inserted entry of its set
 * into a recency bloom filter: {@code subArrays} arrays of CID buckets, each indexed by its own H3 hash of the word.
 *
 * <ul>
 *   <li>Insert into the filter keeps the larger CID in every bucket (the thesis says buckets are "updated"; the
 *       maximum keeps a bucket from moving back to an older CID when a young writer aliased into it before an older
 *       one is evicted, which preserves conservativeness; digest §9).
 *   <li>A query returns the lookup table's CID on a hit, else the minimum over the sub-arrays: the value least
 *       likely to be aliased, and still never below the last CID inserted for that word.
 *   <li>Buckets start below every CID; retired writers drop out implicitly because their CIDs fall below every later
 *       transaction's RCID.
 * </ul>
 *
 * <p>Invariant (tested with random streams): {@code lookup(w) >=} the last CID inserted for {@code w}; aliasing only
 * ever makes the answer younger (a false writer lengthens a validation wait, never breaks correctness).
 */
public final class LastWriterHistory {
    /** A CID older than every real one. */
    public static final long NONE = -1;

    private final int sets;
    private final int assoc;
    private final long[] words;
    private final long[] cids;
    private final long[] stamp;
    private final int subArrays;
    private final int buckets;
    private final long[][] filter;
    private final H3Hash[] hashes;
    private long clock;

    /** A history with {@code entries} lookup-table entries in {@code assoc} ways and a filter of {@code bucketsTotal}. */
    public LastWriterHistory(int entries, int assoc, int bucketsTotal, int subArrays) {
        this.assoc = assoc;
        this.sets = entries / assoc;
        this.words = new long[entries];
        this.cids = new long[entries];
        this.stamp = new long[entries];
        Arrays.fill(words, -1);
        this.subArrays = subArrays;
        this.buckets = bucketsTotal / subArrays;
        this.filter = new long[subArrays][buckets];
        for (long[] f : filter) {
            Arrays.fill(f, NONE);
        }
        this.hashes = new H3Hash[subArrays];
        for (int i = 0; i < subArrays; i++) {
            hashes[i] = new H3Hash(64 + i);
        }
    }

    private int set(long word) {
        return (int) Math.floorMod(word, (long) sets);
    }

    /** The youngest writer of {@code word} the history may know of, or {@link #NONE}. */
    public long lookup(long word) {
        int base = set(word) * assoc;
        for (int i = base; i < base + assoc; i++) {
            if (words[i] == word) {
                return cids[i];
            }
        }
        long min = Long.MAX_VALUE;
        for (int s = 0; s < subArrays; s++) {
            min = Math.min(min, filter[s][hashes[s].index(word, buckets)]);
        }
        return min;
    }

    /** Transaction {@code cid} writes {@code word} (inserted in commit-ID order). */
    public void insert(long word, long cid) {
        int base = set(word) * assoc;
        int victim = base;
        for (int i = base; i < base + assoc; i++) {
            if (words[i] == word) {
                cids[i] = Math.max(cids[i], cid);
                stamp[i] = ++clock;
                return;
            }
            if (words[i] == -1) {
                victim = i;
                stamp[victim] = Long.MIN_VALUE;
            } else if (stamp[i] < stamp[victim]) {
                victim = i;
            }
        }
        if (words[victim] != -1) {
            evict(words[victim], cids[victim]);
        }
        words[victim] = word;
        cids[victim] = cid;
        stamp[victim] = ++clock;
    }

    private void evict(long word, long cid) {
        for (int s = 0; s < subArrays; s++) {
            int b = hashes[s].index(word, buckets);
            filter[s][b] = Math.max(filter[s][b], cid);
        }
    }
}
