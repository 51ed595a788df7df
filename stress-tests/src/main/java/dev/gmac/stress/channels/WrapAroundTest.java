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
 * Wrap-around at capacity: a 4-element channel (control array of 8) that has already carried 6 elements,
 * so the data head is at slot 2 and the control tail at entry 6. One producer reserves 3 elements, the
 * other 1 and then dispatches whatever is ready, so the reservations wrap past the end of the data array
 * and their control entries past the end of the control array, where entries of the previous lap still lie.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t WrapAroundTest -m quick}.
 *
 * <p>Result: (elements in total, sum of values in total, elements the second thread dispatched, first
 * sequence of the triple). In total exactly the 4 new elements, intact (100 + 101 + 102 + 1000 = 1303).
 * The triple starts at 6, or at 7 if the single element reserved data first. Control entries 6–9 lie at
 * array indices 6, 7, 0, 1, where the previous lap's entries 0 and 1 still hold their old tags, which must
 * read as unwritten. The second thread, after its own enq returned, sees a prefix of the control order: 0
 * (the triple reached the control array first and its entries are not written yet, so the single, entry 9,
 * waits behind them), 1 (the single reached it first, as entry 6, and the triple's entries 7–9 are not
 * written yet) or 4 (everything). Its own entry is always visible to it, and a triple whose first entry it
 * reads written (acquire) is visible whole, because the triple's producer writes its first entry last: so
 * 2 or 3 (half a batch), a stale entry of the previous lap taken for a new one, or a lost or torn element:
 * forbidden.
 */
@JCStressTest
@Outcome(
        id = {"4, 1303, 0, 6", "4, 1303, 1, 6", "4, 1303, 4, 6"},
        expect = Expect.ACCEPTABLE,
        desc = "triple reserved data first (slots 2, 3, 0)")
@Outcome(
        id = {"4, 1303, 0, 7", "4, 1303, 1, 7", "4, 1303, 4, 7"},
        expect = Expect.ACCEPTABLE,
        desc = "single reserved data first; triple at slots 3, 0, 1")
@Outcome(expect = Expect.FORBIDDEN, desc = "stale, torn, lost or half-published element")
@State
public class WrapAroundTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));
    private int consumed;
    private long consumedSum;

    public WrapAroundTest() {
        int[] slots = new int[4];
        for (int lap = 0; lap < 3; lap++) {
            Elements.produce(ch, ch.talloc(2), 2, 7);
            ch.tfree(slots, ch.dispatch(slots, 4));
        }
    }

    @Actor
    public void triple(JJJJ_Result r) {
        long first = ch.talloc(3);
        Elements.produce(ch, first, 3, 100);
        r.r4 = first;
    }

    @Actor
    public void singleThenConsume(JJJJ_Result r) {
        Elements.produce(ch, ch.talloc(1), 1, 1000);
        int[] count = {0};
        consumedSum = Elements.drainSum(ch, count);
        consumed = count[0];
        r.r3 = count[0];
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        int[] count = {0};
        long rest = Elements.drainSum(ch, count);
        r.r1 = consumed + count[0];
        r.r2 = rest < 0 || consumedSum < 0 ? -1 : rest + consumedSum;
    }
}
