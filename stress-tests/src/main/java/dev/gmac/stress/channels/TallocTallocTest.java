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
 * talloc ‖ talloc: two producers reserve 3 and 4 elements of an 8-element channel at once (Orr et al., ISCA
 * 2014, §3.2.1, t1–t2: one CAS on the data tail per reservation).
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TallocTallocTest -m quick}.
 *
 * <p>Result: (first of actor 1, first of actor 2, data tail). Both fit, so both succeed, in either order, and
 * the ranges are disjoint and adjacent: (0, 3, 7) or (4, 0, 7). Anything else means overlapping ranges (a
 * lost CAS update) or a refused reservation that fits: forbidden.
 */
@JCStressTest
@Outcome(id = "0, 3, 7", expect = Expect.ACCEPTABLE, desc = "actor 1 reserved [0,3), then actor 2 reserved [3,7)")
@Outcome(id = "4, 0, 7", expect = Expect.ACCEPTABLE, desc = "actor 2 reserved [0,4), then actor 1 reserved [4,7)")
@Outcome(expect = Expect.FORBIDDEN, desc = "overlapping or lost reservation")
@State
public class TallocTallocTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 8, 4));

    @Actor
    public void actor1(JJJ_Result r) {
        r.r1 = ch.talloc(3);
    }

    @Actor
    public void actor2(JJJ_Result r) {
        r.r2 = ch.talloc(4);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = ch.dataTail();
    }
}
