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
 * (enq; deq) ‖ (enq; deq): each of two threads enqueues one element (values 1 and 2) and then dispatches
 * and reads everything that is ready, so each thread's dispatch races with the other's enq and dispatch.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqDeqBothWaysTest -m quick}.
 *
 * <p>Result: (sum thread 1 read, sum thread 2 read, elements left for the arbiter, total sum). Values are
 * bits, so a sum names the elements. The two threads must share out both elements, each exactly once and
 * intact: (3, 0), (0, 3), (1, 2) or (2, 1), with nothing left (0) and total 3.
 *
 * <p>Nothing may be left, and this is the store-buffering case of decision 0206: each thread's enq ends with a
 * release store of its control entry (no fence), and each dispatch decides readiness by reading the entry at
 * the head. Without more, each thread could read the other's entry unwritten while its own store still sits
 * in its store buffer, and both could report an empty channel with both elements enqueued. An empty
 * dispatch therefore issues a full fence and reads the entry again before it returns 0, so of the two
 * threads' final reads at least one sees the other's entry, and that thread takes what is left. A
 * duplicate, a lost or torn element, or one left behind: forbidden.
 */
@JCStressTest
@Outcome(
        id = {"3, 0, 0, 3", "0, 3, 0, 3"},
        expect = Expect.ACCEPTABLE,
        desc = "one thread took both")
@Outcome(id = "1, 2, 0, 3", expect = Expect.ACCEPTABLE, desc = "each thread took its own element")
@Outcome(id = "2, 1, 0, 3", expect = Expect.ACCEPTABLE, desc = "each thread took the other's element")
@Outcome(expect = Expect.FORBIDDEN, desc = "duplicated, lost, torn or stalled element")
@State
public class EnqDeqBothWaysTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 4, 2));

    @Actor
    public void thread1(JJJJ_Result r) {
        Elements.produce(ch, ch.talloc(1), 1, 1);
        r.r1 = Elements.drainSum(ch, new int[1]);
    }

    @Actor
    public void thread2(JJJJ_Result r) {
        Elements.produce(ch, ch.talloc(1), 1, 2);
        r.r2 = Elements.drainSum(ch, new int[1]);
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        int[] count = {0};
        long rest = Elements.drainSum(ch, count);
        r.r3 = count[0];
        r.r4 = rest < 0 || r.r1 < 0 || r.r2 < 0 ? -1 : rest + r.r1 + r.r2;
    }
}
