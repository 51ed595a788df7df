package dev.gmac.stress.channels;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * tfree ‖ tfree, incomplete first group: groups of 2 in a 4-element channel, all dispatched. One consumer
 * completes the second group (slots 2–3) while the other marks only one element of the first group done.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t DeallocInOrderTest -m quick}.
 *
 * <p>Result: (data head, done count of the first group, done count of the second). Only (0, 1, 2): the
 * second group is complete but may not be freed before the first, and the first may not be freed with one
 * element still in use. Any other head: forbidden.
 */
@JCStressTest
@Outcome(id = "0, 1, 2", expect = Expect.ACCEPTABLE, desc = "nothing freed: the oldest group is still in use")
@Outcome(expect = Expect.FORBIDDEN, desc = "freed out of allocation order or before done")
@State
public class DeallocInOrderTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    public DeallocInOrderTest() {
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.dispatch(new int[4], 4);
    }

    @Actor
    public void completesSecondGroup() {
        ch.tfree(3);
        ch.tfree(2);
    }

    @Actor
    public void halfOfFirstGroup() {
        ch.tfree(0);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r1 = ch.dataHead();
        r.r2 = ch.doneCount(0);
        r.r3 = ch.doneCount(2);
    }
}
