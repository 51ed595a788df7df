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
 * enq ‖ dispatchOne, readiness from the entry tags (decision 0206): a producer enqueues a batch of two
 * elements (values 1 and 2) and then one more (value 3), while a consumer takes one element at a time with
 * {@code dispatchOne} until it finds none ready. The consumer decides readiness only from the tag of the
 * entry at the control head; nobody maintains a tail.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqDispatchOneOrderTest -m quick}.
 *
 * <p>Result: (values the consumer took, as base-8 digits in the order it took them; the bits of every value
 * taken by the consumer and then by the arbiter, value v counting 2^(v-1), or 100 for a torn element). The
 * second number must be 7: each element taken exactly once and intact. The consumer sees a prefix of the
 * control order: nothing (0), the batch (digits 1, 2: 1*8 + 2 = 10) or everything (1, 2, 3: 83). The batch's
 * second entry is written before its first, which is stored last with release, so a consumer that took
 * value 1 (acquire) must find value 2 ready: 1 alone is forbidden, as is 3 before the batch (a later entry
 * dispatched before an earlier one), and a lost, duplicated or torn element.
 */
@JCStressTest
@Outcome(id = "0, 7", expect = Expect.ACCEPTABLE, desc = "consumer came first; the arbiter took everything")
@Outcome(id = "10, 7", expect = Expect.ACCEPTABLE, desc = "consumer took the batch; the single was not written yet")
@Outcome(id = "83, 7", expect = Expect.ACCEPTABLE, desc = "consumer took everything, in control order")
@Outcome(expect = Expect.FORBIDDEN, desc = "half a batch, out of control order, lost, duplicated or torn")
@State
public class EnqDispatchOneOrderTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 8, 4));
    private long order;
    private long bits;

    @Actor
    public void producer() {
        Elements.produce(ch, ch.talloc(2), 2, 1);
        Elements.produce(ch, ch.talloc(1), 1, 3);
    }

    @Actor
    public void consumer() {
        int slot;
        while ((slot = ch.dispatchOne()) >= 0) {
            long v = Elements.read(ch, slot);
            order = order * 8 + (v < 0 ? 7 : v);
            bits += bit(v);
        }
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        int slot;
        while ((slot = ch.dispatchOne()) >= 0) {
            bits += bit(Elements.read(ch, slot));
        }
        r.r1 = order;
        r.r2 = bits;
    }

    private static long bit(long value) {
        return value < 1 ? 100 : 1L << (value - 1);
    }
}
