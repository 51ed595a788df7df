package dev.gmac.stress.channels;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJJ_Result;

/**
 * enq ‖ deq: a producer writes two 16-byte elements and enqueues them with one call while a consumer
 * dispatches whatever is ready and reads it.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqDeqTest -m quick}.
 *
 * <p>Result: (elements the consumer got, sum of what it read, elements in total, sum in total), the totals
 * including what the arbiter drained afterwards. One {@code enq} makes its batch Ready at once, so the
 * consumer gets none or both, and what it reads must be complete: (0, 0, 2, 11) or (2, 11, 2, 11). One
 * element only, a torn read (-1), a lost or a duplicated element: forbidden.
 */
@JCStressTest
@Outcome(id = "0, 0, 2, 11", expect = Expect.ACCEPTABLE, desc = "consumer came too early; nothing lost")
@Outcome(id = "2, 11, 2, 11", expect = Expect.ACCEPTABLE, desc = "consumer got both, fully written")
@Outcome(expect = Expect.FORBIDDEN, desc = "half a batch, torn, lost or duplicated element")
@State
public class EnqDeqTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 4));
    private int consumed;
    private long consumedSum;

    @Actor
    public void producer() {
        Elements.produce(ch, ch.talloc(2), 2, 5);
    }

    @Actor
    public void consumer(JJJJ_Result r) {
        int[] count = {0};
        long sum = Elements.drainSum(ch, count);
        consumed = count[0];
        consumedSum = sum;
        r.r1 = count[0];
        r.r2 = sum;
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        int[] count = {0};
        long sum = Elements.drainSum(ch, count);
        r.r3 = consumed + count[0];
        r.r4 = sum < 0 || consumedSum < 0 ? -1 : sum + consumedSum;
    }
}
