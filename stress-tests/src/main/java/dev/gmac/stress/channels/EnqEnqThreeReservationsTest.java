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
 * enq ‖ enq over three reservations: one producer enqueues 1 then 3 elements, the other 2, so the three
 * control reservations are written in any order. Nobody advances a tail (decision 0206): an element is Ready
 * once its own entry and every entry before it are written, so once both enq calls have returned every
 * element must be Ready without any producer having helped another. Two actors only, so that the test also
 * runs on 2-CPU machines.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqEnqThreeReservationsTest -m quick}.
 *
 * <p>Result, after both returned: (control tail, control reserve tail, elements dispatched, sum of values).
 * Only (6, 6, 6, 1404) is acceptable: every entry written, so the computed tail reaches the reserve tail, and
 * every element is dispatched intact (100 + 300 + 301 + 302 + 200 + 201 = 1404). A tail behind the reserve
 * tail (an entry never written, or written for the wrong lap), a lost or a torn element: forbidden.
 */
@JCStressTest
@Outcome(id = "6, 6, 6, 1404", expect = Expect.ACCEPTABLE, desc = "all six elements Ready and intact")
@Outcome(expect = Expect.FORBIDDEN, desc = "tail stalled, element lost or torn")
@State
public class EnqEnqThreeReservationsTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 8, 2));

    @Actor
    public void oneThenThree() {
        Elements.produce(ch, ch.talloc(1), 1, 100);
        Elements.produce(ch, ch.talloc(3), 3, 300);
    }

    @Actor
    public void two() {
        Elements.produce(ch, ch.talloc(2), 2, 200);
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r1 = ch.controlTail();
        r.r2 = ch.controlReserveTail();
        int[] count = {0};
        r.r4 = Elements.drainSum(ch, count);
        r.r3 = count[0];
    }
}
