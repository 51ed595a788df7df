package dev.gmac.stress.gpu;

import dev.gmac.gpu.LaunchIds;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * Two host threads launch kernels at once and each takes a launch ID from the same {@link LaunchIds}.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t LaunchIdsUniqueness}.
 *
 * <p>The vendor starts at 1, so the two IDs must be exactly {1, 2} in either order. Equal IDs would mean a
 * lost update in {@code getAndAdd}: forbidden. Any other value would mean a torn or stale read: forbidden.
 */
@JCStressTest
@Outcome(id = "1, 2", expect = Expect.ACCEPTABLE, desc = "actor1 took its ID first")
@Outcome(id = "2, 1", expect = Expect.ACCEPTABLE, desc = "actor2 took its ID first")
@Outcome(expect = Expect.FORBIDDEN, desc = "duplicate or skipped ID: a launch would be mis-tagged")
@State
public class LaunchIdsUniqueness {
    private final LaunchIds ids = new LaunchIds();

    @Actor
    public void actor1(JJ_Result r) {
        r.r1 = ids.next();
    }

    @Actor
    public void actor2(JJ_Result r) {
        r.r2 = ids.next();
    }
}
