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
 * enq ‖ enq ‖ deq ‖ deq: two producers enqueue one element each (values 1 and 2) while two consumers each
 * dispatch whatever is ready.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqDeqTwoByTwoTest -m quick}.
 *
 * <p>Result: (sum consumer 1 read, sum consumer 2 read, elements in total, sum in total), totals including
 * what the arbiter drained. Values are bits, so a sum names the elements: each consumer gets any subset,
 * the two subsets are disjoint, and in total exactly both elements are seen once (2, 3). A shared element
 * (duplicate), a lost one, or a torn read (-1): forbidden.
 */
@JCStressTest
@Outcome(
        id = {"0, 0, 2, 3", "1, 0, 2, 3", "2, 0, 2, 3", "3, 0, 2, 3", "0, 1, 2, 3", "0, 2, 2, 3", "0, 3, 2, 3"},
        expect = Expect.ACCEPTABLE,
        desc = "at most one consumer got anything")
@Outcome(id = {"1, 2, 2, 3", "2, 1, 2, 3"}, expect = Expect.ACCEPTABLE, desc = "each consumer got one element")
@Outcome(expect = Expect.FORBIDDEN, desc = "duplicated, lost or torn element")
@State
public class EnqDeqTwoByTwoTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));
    private final int[] counts = new int[2];

    @Actor
    public void producer1() {
        Elements.produce(ch, ch.talloc(1), 1, 1);
    }

    @Actor
    public void producer2() {
        Elements.produce(ch, ch.talloc(1), 1, 2);
    }

    @Actor
    public void consumer1(JJJJ_Result r) {
        int[] count = {0};
        r.r1 = Elements.drainSum(ch, count);
        counts[0] = count[0];
    }

    @Actor
    public void consumer2(JJJJ_Result r) {
        int[] count = {0};
        r.r2 = Elements.drainSum(ch, count);
        counts[1] = count[0];
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        int[] count = {0};
        long rest = Elements.drainSum(ch, count);
        r.r3 = counts[0] + counts[1] + count[0];
        r.r4 = rest < 0 || r.r1 < 0 || r.r2 < 0 ? -1 : rest + r.r1 + r.r2;
    }
}
