package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.Arrays;
import java.util.List;

/**
 * QU, shared FIFO work queues ({@code localtm_qu.cu}; Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5:
 * "prone to conflicts"): every work-item makes 2 steps on queue {@code t % queues}, each taking the head task and
 * putting its successor at the tail; 1 queue (HC: every step of the work-group on one head and one tail) or 64 (LC:
 * a wavefront's work-items on different queues). A FIFO's k-th step takes the k-th task whoever runs it, so the TM
 * version must equal the serialised one word for word; the atomics version reserves head and tail separately, so its
 * queues are compared as multisets of tasks with exact heads and tails.
 */
public final class WorkQueues implements LocalTmWorkload {
    private static final int PER_ITEM = 2;

    @Override
    public String name() {
        return "QU";
    }

    @Override
    public String title() {
        return "FIFO work queues";
    }

    @Override
    public String module() {
        return "localtm_qu";
    }

    @Override
    public String prefix() {
        return "qu";
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int queues = contention == Contention.HC ? 1 : 64;
        int initial = LocalTmLaunch.WORK_ITEMS * PER_ITEM / queues; // steps per queue
        int capacity = 2 * initial;
        int stride = 2 + capacity;
        int words = queues * stride;
        Check exact = Check.exact();
        Check multiset = Check.canonical(q -> {
            for (int b = 0; b < words; b += stride) {
                Arrays.sort(q, b + 2, b + stride);
            }
            return q;
        });
        return new Setup(
                List.of(new Scalar(PER_ITEM), new Scalar(queues), new Scalar(capacity), new Scalar(initial)),
                words,
                4 * words,
                4 * (words + queues),
                4 * words,
                (version, serial, out) -> (version == Version.ATOMIC ? multiset : exact).compare(version, serial, out));
    }
}
