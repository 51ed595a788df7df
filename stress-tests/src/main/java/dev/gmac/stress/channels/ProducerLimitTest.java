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
 * talloc ‖ talloc with a stale producer limit (decision 0206): a 4-element channel has carried one full lap,
 * so every slot is free again (data head 4) while the producers' cached free limit still says 4 (head 0 plus
 * the capacity). Two producers ask for 2 elements each; each finds the cached limit too low, reads the data
 * head, stores the new limit (8) and reserves by CAS. The two limit stores race, and either may land last.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t ProducerLimitTest -m quick}.
 *
 * <p>Result: (first of actor 1, first of actor 2, data tail). Both requests fit, so both succeed with
 * disjoint, adjacent ranges: (4, 6, 8) or (6, 4, 8). A FULL (-1) would mean a producer trusted the stale
 * cache instead of reading the head before refusing; overlapping ranges or a tail other than 8 would mean a
 * limit above the real free space was used: forbidden.
 */
@JCStressTest
@Outcome(id = "4, 6, 8", expect = Expect.ACCEPTABLE, desc = "actor 1 reserved first")
@Outcome(id = "6, 4, 8", expect = Expect.ACCEPTABLE, desc = "actor 2 reserved first")
@Outcome(expect = Expect.FORBIDDEN, desc = "refused a request that fits, or over-committed")
@State
public class ProducerLimitTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    public ProducerLimitTest() {
        int[] slots = new int[4];
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.tfree(slots, ch.dispatch(slots, 4));
    }

    @Actor
    public void actor1(JJJ_Result r) {
        r.r1 = ch.talloc(2);
    }

    @Actor
    public void actor2(JJJ_Result r) {
        r.r2 = ch.talloc(2);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = ch.dataTail();
    }
}
