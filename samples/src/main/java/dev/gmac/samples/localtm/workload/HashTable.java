package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import java.util.Arrays;
import java.util.List;

/**
 * HT, the hash table of Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5 ({@code localtm_ht.cu}): every
 * work-item inserts 4 keys (the key's bucket count, then the slot it names); 4 buckets (HC: at step i work-item t
 * inserts into bucket (t + i) % 4, so each bucket takes 64 of a step's 256 inserts, 16 from each wavefront) or 256
 * (LC). Slot order inside a bucket is the schedule's, so each bucket's keys are compared as a set.
 */
public final class HashTable implements LocalTmWorkload {
    private static final int PER_ITEM = 4;

    @Override
    public String name() {
        return "HT";
    }

    @Override
    public String title() {
        return "hash table insertions";
    }

    @Override
    public String module() {
        return "localtm_ht";
    }

    @Override
    public String prefix() {
        return "ht";
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int keys = groups * LocalTmLaunch.WORK_ITEMS * PER_ITEM;
        int buckets = contention == Contention.HC ? 4 : 256;
        int capacity = LocalTmLaunch.WORK_ITEMS * PER_ITEM / buckets;
        int words = buckets + buckets * capacity;
        int[] values = new int[keys];
        for (int j = 0; j < keys; j++) {
            int item = j / PER_ITEM;
            int step = j % PER_ITEM;
            // HC: at step i work-item t inserts into bucket (t + i) % 4 (the kernel's hash is key % 4 here), so each
            // bucket takes 64 of a step's 256 inserts (16 from each wavefront); the keys are still 0 .. keys - 1.
            values[j] = contention == Contention.HC ? item * PER_ITEM + (item + step) % PER_ITEM : j;
        }
        return new Setup(
                List.of(new Buffer(values), new Scalar(PER_ITEM), new Scalar(buckets), new Scalar(capacity)),
                words,
                4 * words,
                4 * (words + buckets),
                4 * words,
                Check.canonical(t -> {
                    for (int b = 0; b < buckets; b++) {
                        int from = buckets + b * capacity;
                        Arrays.sort(t, from, from + Math.max(0, Math.min(t[b], capacity)));
                    }
                    return t;
                }));
    }
}
