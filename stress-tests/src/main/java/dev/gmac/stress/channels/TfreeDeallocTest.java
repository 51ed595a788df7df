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
 * tfree ‖ deallocation ‖ reuse: a full 4-element channel with two done-count groups of 2 (slots 0–1 and
 * 2–3), all dispatched, the second group already done (Orr et al., ISCA 2014, §3.2.1, t9–t11). A consumer
 * reads the first group's elements and then {@code tfree}s them, which frees both groups in order; a
 * producer meanwhile asks for 2 elements and, if it gets them, overwrites them at once.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TfreeDeallocTest -m quick}.
 *
 * <p>Result: (sum the consumer read, producer's first element, data head). The consumer must read the
 * original values 1 + 2 = 3 whatever the producer does: a slot is never reused before its done count
 * completes. The producer gets FULL (-1), because the done second group cannot be freed before the first,
 * or sequence 4 (slots 0–1) once the first group is freed. The head ends at 4: both groups freed, in order.
 * Anything else: forbidden.
 */
@JCStressTest
@Outcome(id = "3, -1, 4", expect = Expect.ACCEPTABLE, desc = "producer came before the first group was freed")
@Outcome(id = "3, 4, 4", expect = Expect.ACCEPTABLE, desc = "producer reused the first group after it was freed")
@Outcome(expect = Expect.FORBIDDEN, desc = "reuse before done, out-of-order or lost free")
@State
public class TfreeDeallocTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    public TfreeDeallocTest() {
        Elements.produce(ch, ch.talloc(4), 4, 1);
        ch.dispatch(new int[4], 4);
        ch.tfree(2);
        ch.tfree(3);
    }

    @Actor
    public void consumer(JJJ_Result r) {
        r.r1 = Elements.read(ch, 0) + Elements.read(ch, 1);
        ch.tfree(0);
        ch.tfree(1);
    }

    @Actor
    public void producer(JJJ_Result r) {
        long first = ch.talloc(2);
        if (first >= 0) {
            Elements.write(ch, first, 100);
            Elements.write(ch, first + 1, 100);
        }
        r.r2 = first;
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = ch.dataHead();
    }
}
