package dev.gmac.gpu.timing.tm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The last writer history is only ever conservative (Fung thesis §4.2.5; digest §4.5 invariant 6): whatever the
 * aliasing in its lookup table and recency bloom filter, a query never returns a commit ID below the last one
 * inserted for that word, so a hazard is never missed. Random streams of inserts in CID order over many address
 * sets and geometries, from one so small that nearly everything aliases to the thesis's 5 kB history.
 */
class LastWriterHistoryTest {
    @ParameterizedTest(name = "{0} entries, {1} ways, {2} buckets in {3} sub-arrays, {4} addresses")
    @CsvSource({
        "4, 2, 4, 2, 50",
        "8, 2, 16, 4, 200",
        "16, 4, 8, 1, 1000",
        "64, 4, 64, 4, 5000",
        "512, 4, 1024, 4, 20000",
        "512, 4, 1024, 4, 300"
    })
    void aQueryIsNeverOlderThanTheLastWriter(int entries, int assoc, int buckets, int subArrays, int addresses) {
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 7919 + addresses);
            LastWriterHistory h = new LastWriterHistory(entries, assoc, buckets, subArrays);
            Map<Long, Long> last = new HashMap<>();
            long[] words = new long[addresses];
            for (int i = 0; i < addresses; i++) {
                words[i] = rnd.nextBoolean() ? rnd.nextLong(1L << 40) : 0x4000_0000L + i; // random and dense
            }
            int aliased = 0;
            for (long cid = 0; cid < 4000; cid++) {
                int writes = rnd.nextInt(6);
                for (int k = 0; k < writes; k++) {
                    long w = words[rnd.nextInt(addresses)];
                    h.insert(w, cid);
                    last.put(w, cid);
                }
                for (int q = 0; q < 4; q++) {
                    long w = words[rnd.nextInt(addresses)];
                    long got = h.lookup(w);
                    Long want = last.get(w);
                    if (want != null) {
                        assertTrue(
                                got >= want,
                                "word " + w + ": history says CID " + got + " but " + want + " wrote it last (seed "
                                        + seed + ")");
                        aliased += got > want ? 1 : 0;
                    }
                    assertTrue(got <= cid, "no CID from the future");
                }
            }
            if (entries < addresses / 4) {
                assertTrue(aliased > 0, "this geometry aliases (the test exercises the filter)");
            }
        }
    }

    @ParameterizedTest(name = "{0} words")
    @CsvSource({"10", "100"})
    void aHistoryLargeEnoughForEveryWordIsExact(int words) {
        LastWriterHistory h = new LastWriterHistory(512, 4, 1024, 4);
        SplittableRandom rnd = new SplittableRandom(11);
        Map<Long, Long> last = new HashMap<>();
        for (long cid = 0; cid < 2000; cid++) {
            long w = rnd.nextInt(words);
            h.insert(w, cid);
            last.put(w, cid);
        }
        for (Map.Entry<Long, Long> e : last.entrySet()) {
            assertEquals(e.getValue(), h.lookup(e.getKey()), "the lookup table holds the exact last writer");
        }
        assertEquals(LastWriterHistory.NONE, h.lookup(1_000_000L), "a word never written has no writer");
    }
}
