package dev.gmac.stress.channels;

import dev.gmac.channels.Channel;
import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.ChannelStackNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.Levelization;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.Z_Result;

/**
 * Levelization (Orr et al., ISCA 2014, §5.2) against a batch in flight, with the host executor's protocol
 * ({@code HostGraphExecutor}: count the batch in flight and bump the epoch before the dispatch CAS, again after its
 * kernels returned). A spawn stack's level 1 holds one element; actor 1 runs a batch on it that dispatches the
 * element, enqueues a child into the same level and frees the parent. Actor 2 asks whether level 0 of a
 * continuation stack may be dispatched. Level 1 is never quiet during the run (an element is Ready, or a batch is
 * in flight, or the child is Ready), so {@code mayDispatch} must answer false whatever the interleaving.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t LevelizationQuiescenceTest -m quick}.
 */
@JCStressTest
@Outcome(id = "false", expect = Expect.ACCEPTABLE, desc = "the deeper level's work was seen")
@Outcome(id = "true", expect = Expect.FORBIDDEN, desc = "a continuation was allowed while deeper work existed")
@State
public class LevelizationQuiescenceTest implements Levelization.InFlight {
    private final Graph graph = new Graph();
    private final ChannelStackNode spawn = graph.channelStack("spawn", Elements.SIZE, 64, 2);
    private final ChannelStackNode cont =
            graph.channelStack("cont", Elements.SIZE, 64, 2).afterDeeperLevels();
    private final ChannelNode deeper = spawn.level(1);
    private final Levelization levels = graph.levelization();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong epoch = new AtomicLong();

    public LevelizationQuiescenceTest() {
        Channel c = deeper.channel();
        c.enq(c.talloc(1), 1);
    }

    @Override
    public int inFlight(ChannelNode node) {
        return node == deeper ? inFlight.get() : 0;
    }

    @Override
    public long epoch() {
        return epoch.get();
    }

    @Actor
    public void batch() {
        inFlight.incrementAndGet();
        epoch.incrementAndGet();
        Channel c = deeper.channel();
        int slot = c.dispatchOne();
        long child = c.talloc(1);
        c.enq(child, 1);
        if (slot >= 0) {
            c.tfree(slot);
        }
        inFlight.decrementAndGet();
        epoch.incrementAndGet();
    }

    @Actor
    public void check(Z_Result r) {
        r.r1 = levels.mayDispatch(cont.level(0), this);
    }
}
