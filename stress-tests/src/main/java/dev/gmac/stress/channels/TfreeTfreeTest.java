package dev.gmac.stress.channels;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * tfree ‖ tfree, both groups complete: groups of 2 in a 4-element channel, all dispatched; one consumer
 * completes the second group while the other completes the first. Whoever completes the second group
 * while the first is still in use cannot free it; whoever then frees the first must go on to free it too.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TfreeTfreeTest -m quick}.
 *
 * <p>Result: (data head, data tail). Only (4, 4): both groups freed. A head of 2 means the second group's
 * free was lost (each side thought the other would do it): forbidden.
 */
@JCStressTest
@Outcome(id = "4, 4", expect = Expect.ACCEPTABLE, desc = "both groups freed")
@Outcome(expect = Expect.FORBIDDEN, desc = "a free was lost")
@State
public class TfreeTfreeTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    public TfreeTfreeTest() {
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.dispatch(new int[4], 4);
    }

    @Actor
    public void completesSecondGroup() {
        ch.tfree(new int[] {2, 3}, 2);
    }

    @Actor
    public void completesFirstGroup() {
        ch.tfree(new int[] {0, 1}, 2);
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r1 = ch.dataHead();
        r.r2 = ch.dataTail();
    }
}
