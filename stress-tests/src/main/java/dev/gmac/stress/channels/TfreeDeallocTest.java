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
 * tfree ‖ deallocation ‖ talloc: a full 4-element channel with two done-count groups of 2 (slots 0–1 and
 * 2–3), all dispatched. Two consumers read their group's elements and then {@code tfree} them; a producer
 * meanwhile asks for 2 elements and, if it gets them, overwrites them at once (Orr et al., ISCA 2014,
 * §3.2.1, t9–t11).
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TfreeDeallocTest -m quick}.
 *
 * <p>Result: (sum consumer of slots 0–1 read, sum consumer of slots 2–3 read, producer's first element,
 * data head). The consumers must read the original values 1+2 = 3 and 3+4 = 7 whatever the producer does:
 * a slot is never reused before its done count completes. The producer gets FULL (-1) or sequence 4 (slots
 * 0–1, the first group, freed first): space is freed in allocation order, so group 2–3 finishing first
 * frees nothing. The head ends at 4: both groups freed, neither free lost. Anything else: forbidden.
 */
@JCStressTest
@Outcome(id = "3, 7, -1, 4", expect = Expect.ACCEPTABLE, desc = "producer came before the first group was freed")
@Outcome(id = "3, 7, 4, 4", expect = Expect.ACCEPTABLE, desc = "producer reused the first group after it was freed")
@Outcome(expect = Expect.FORBIDDEN, desc = "reuse before done, out-of-order or lost free")
@State
public class TfreeDeallocTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    public TfreeDeallocTest() {
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.dispatch(new int[4], 4);
    }

    @Actor
    public void consumerOfFirstGroup(JJJJ_Result r) {
        r.r1 = Elements.read(ch, 0) + Elements.read(ch, 1);
        ch.tfree(0);
        ch.tfree(1);
    }

    @Actor
    public void consumerOfSecondGroup(JJJJ_Result r) {
        r.r2 = Elements.read(ch, 2) + Elements.read(ch, 3);
        ch.tfree(2);
        ch.tfree(3);
    }

    @Actor
    public void producer(JJJJ_Result r) {
        long first = ch.talloc(2);
        if (first >= 0) {
            Elements.write(ch, first, 100);
            Elements.write(ch, first + 1, 100);
        }
        r.r3 = first;
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r4 = ch.dataHead();
    }
}
