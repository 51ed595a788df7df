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
 * Full channel: two producers each ask for 5 elements of an 8-element channel; only one request fits.
 * {@code talloc} must report the full channel with {@link Channel#FULL} (-1) instead of blocking or
 * over-committing (Orr et al., ISCA 2014, §3.2; §5.3 relies on producers learning that a channel is full).
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t FullChannelTest -m quick}.
 *
 * <p>Result: (first of actor 1, first of actor 2, data tail). Exactly one succeeds at 0 and the tail is 5:
 * (0, -1, 5) or (-1, 0, 5). Both succeeding would put 10 elements in 8 slots; both failing would refuse a
 * request that fits; a blocked actor would hang the test: all forbidden.
 */
@JCStressTest
@Outcome(id = "0, -1, 5", expect = Expect.ACCEPTABLE, desc = "actor 1 won, actor 2 was told FULL")
@Outcome(id = "-1, 0, 5", expect = Expect.ACCEPTABLE, desc = "actor 2 won, actor 1 was told FULL")
@Outcome(expect = Expect.FORBIDDEN, desc = "over-committed or refused a request that fits")
@State
public class FullChannelTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 8, 4));

    @Actor
    public void actor1(JJJ_Result r) {
        r.r1 = ch.talloc(5);
    }

    @Actor
    public void actor2(JJJ_Result r) {
        r.r2 = ch.talloc(5);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = ch.dataTail();
    }
}
