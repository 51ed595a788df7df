package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * AP (Fung thesis §4.3 and §6.6, Table 6.2): candidate support counting of Apriori over 4000 market-basket
 * records, one thread per record (112 blocks of 64 threads at full scale, as Table 4.2 lists), each counting all
 * item pairs of its record (2 to 6 of 300 items, drawn with a skew, so a few pairs are hot) in a shared chained hash
 * table in one large transaction. One commit per record. A record's candidate nodes are private until linked, so
 * a first launch ({@code ap_prefill}, before either version) fills in their pair and count; the transaction, or the
 * bucket lock in the FGL version, covers the shared table only (bucket heads, chain links, counts of existing
 * candidates), as the thesis's AP protects "candidate insertion and support value counting". Checked:
 * every pair's count equals the number of records holding it, and every chain is well formed.
 */
public final class Apriori implements TmWorkload {
    private static final int RECORDS = 4000;
    private static final int BLOCK = 64;
    private static final int GRID = 112;
    private static final int ITEMS = 300;
    private static final int MAX_PAIRS = 120;
    private static final int BUCKETS = 16381;

    @Override
    public String name() {
        return "AP";
    }

    @Override
    public String description() {
        return "Apriori pair support counting, 4000 records at full scale";
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        int records = scale.of(RECORDS, 64);
        int grid = Math.min(scale.of(GRID, 1), (records + BLOCK - 1) / BLOCK);
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x4150L);
        int[] offsets = new int[records + 1];
        java.util.List<Integer> items = new java.util.ArrayList<>();
        Map<Long, Integer> reference = new HashMap<>();
        for (int r = 0; r < records; r++) {
            int count = 2 + rnd.nextInt(5);
            TreeSet<Integer> set = new TreeSet<>();
            while (set.size() < count) {
                double u = rnd.nextDouble();
                set.add((int) (ITEMS * u * Math.sqrt(u))); // skewed: low item ids are common
            }
            offsets[r] = items.size();
            items.addAll(set);
            Integer[] it = set.toArray(new Integer[0]);
            for (int i = 0; i < it.length; i++) {
                for (int j = i + 1; j < it.length; j++) {
                    reference.merge(((long) it[i] << 32) | it[j], 1, Integer::sum);
                }
            }
        }
        offsets[records] = items.size();
        int[] flat = items.stream().mapToInt(Integer::intValue).toArray();
        return new Instance() {
            @Override
            public String size() {
                return records + " records, " + reference.size() + " distinct pairs";
            }

            @Override
            public long expectedCommits() {
                return records;
            }

            @Override
            public void run(TmMachine m, String mode) {
                long off = m.ints(offsets);
                long it = m.ints(flat);
                long heads = m.fill(BUCKETS, -1);
                long cand = m.fill(4 * records * MAX_PAIRS, 0);
                m.launch("tm_apriori", "ap_prefill", grid, BLOCK, null, off, it, cand, MAX_PAIRS, records);
                if (mode.equals(FGL)) {
                    long locks = m.fill(BUCKETS, 0);
                    m.launch(
                            "tm_apriori",
                            "ap_count_fgl",
                            grid,
                            BLOCK,
                            null,
                            off,
                            it,
                            heads,
                            cand,
                            locks,
                            BUCKETS,
                            MAX_PAIRS,
                            records);
                } else {
                    m.launch(
                            "tm_apriori",
                            "ap_count_tm",
                            grid,
                            BLOCK,
                            mode,
                            off,
                            it,
                            heads,
                            cand,
                            BUCKETS,
                            MAX_PAIRS,
                            records);
                }
                check(m.readInts(heads, BUCKETS), m.readInts(cand, 4 * records * MAX_PAIRS));
            }

            private void check(int[] heads, int[] cand) {
                Map<Long, Integer> found = new HashMap<>();
                int nodes = records * MAX_PAIRS;
                for (int b = 0; b < BUCKETS; b++) {
                    int steps = 0;
                    for (int n = heads[b]; n >= 0; n = cand[4 * n + 3]) {
                        if (n >= nodes || ++steps > nodes) {
                            throw new WorkloadException("AP: bucket " + b + "'s chain is broken");
                        }
                        long key = ((long) cand[4 * n] << 32) | cand[4 * n + 1];
                        if (found.put(key, cand[4 * n + 2]) != null) {
                            throw new WorkloadException(
                                    "AP: pair " + cand[4 * n] + "," + cand[4 * n + 1] + " is in the table twice");
                        }
                    }
                }
                if (!found.equals(reference)) {
                    for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                        Integer got = found.get(e.getKey());
                        if (!e.getValue().equals(got)) {
                            throw new WorkloadException(
                                    "AP: pair " + (e.getKey() >>> 32) + "," + (int) (long) e.getKey() + " counted "
                                            + got + " times; " + e.getValue() + " records hold it");
                        }
                    }
                    throw new WorkloadException("AP: the table holds pairs no record has");
                }
            }
        };
    }
}
