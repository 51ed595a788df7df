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
 * Full channel ‖ tfree: a full 4-element channel (one done-count group) whose elements are all dispatched;
 * one actor marks them done while a producer asks for 4 elements.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t FullChannelFreedTest -m quick}.
 *
 * <p>Result: (producer's first, data head, data tail). Before the consumer's tfree frees the group the
 * producer is told FULL: (-1, 4, 4). After, it gets the next lap at sequence 4: (4, 4, 8). Any other first
 * element (space reused before it was freed) or a head that stayed at 0 (a missed free) is forbidden.
 */
@JCStressTest
@Outcome(id = "-1, 4, 4", expect = Expect.ACCEPTABLE, desc = "producer ran first and was told FULL")
@Outcome(id = "4, 4, 8", expect = Expect.ACCEPTABLE, desc = "producer saw the freed group and took it")
@Outcome(expect = Expect.FORBIDDEN, desc = "space reused before freed, or a free lost")
@State
public class FullChannelFreedTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 4));
    private final int[] slots = new int[4];

    public FullChannelFreedTest() {
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.dispatch(slots, 4);
    }

    @Actor
    public void consumer() {
        ch.tfree(slots, 4);
    }

    @Actor
    public void producer(JJJ_Result r) {
        r.r1 = ch.talloc(4);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r2 = ch.dataHead();
        r.r3 = ch.dataTail();
    }
}
