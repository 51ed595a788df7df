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
 * enq ‖ enq with out-of-order completion, the paper's t1–t8 (Orr et al., ISCA 2014, §3.2.1): wavefront 0
 * reserved elements 0–1 first (in the constructor); wavefront 1 reserves 2–3; both write and enqueue at
 * once, so wavefront 1 may make its elements Ready before wavefront 0 does, and neither waits for the other.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t EnqEnqOutOfOrderTest -m quick}.
 *
 * <p>Result, after both enq calls returned: (control tail, elements dispatched, sum of their values, data
 * slot dispatched first). The tail (the first unwritten control entry, decision 0206) must equal the control
 * reserve tail (4): every element is Ready, none lost, none torn (sum 10+11+20+21 = 62). The first slot is 0
 * when wavefront 0 reserved control space first and 2 when wavefront 1 did (published earlier although it
 * allocated later): both acceptable. A tail short of 4 (an entry left unwritten), fewer elements or a torn
 * one: forbidden.
 */
@JCStressTest
@Outcome(id = "4, 4, 62, 0", expect = Expect.ACCEPTABLE, desc = "wavefront 0 reached the control array first")
@Outcome(id = "4, 4, 62, 2", expect = Expect.ACCEPTABLE, desc = "wavefront 1, which allocated later, was Ready first")
@Outcome(expect = Expect.FORBIDDEN, desc = "tail stalled, element lost or torn")
@State
public class EnqEnqOutOfOrderTest {
    private final Channel ch = Channel.allocate(ChannelLayout.of(Elements.SIZE, 8, 4));
    private final long wavefront0 = ch.talloc(2);

    @Actor
    public void wavefront0() {
        Elements.produce(ch, wavefront0, 2, 10);
    }

    @Actor
    public void wavefront1() {
        Elements.produce(ch, ch.talloc(2), 2, 20);
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r1 = ch.controlTail();
        int first = ch.dispatchOne();
        r.r4 = first;
        int[] count = {1};
        long sum = Elements.drainSum(ch, count);
        long head = first < 0 ? -1 : Elements.read(ch, first);
        r.r2 = count[0];
        r.r3 = sum < 0 || head < 0 ? -1 : sum + head;
    }
}
