package dev.gmac.stress.coherence;

import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.accel.InMemoryAccelerator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Two host threads read the same invalid block at once: one of them fetches it (INVALID -> FETCHING ->
 * READ_ONLY), the other must wait for the fetch and then read the fetched bytes.
 *
 * <p>Setup: block 0 of P becomes invalid with 0x5A (90) bytes on the accelerator only: memset Q to 0x5A
 * (read-only, so both sides), then memcpy Q -> P, which runs on the accelerator (it moves no bytes) and
 * leaves P invalid on the host, whose copy still holds zeros.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t ReadRacesFetch}.
 *
 * <p>Observed: r1, r2 = the bytes the two readers got; r3 = read faults; r4 = transfers to the host.
 *
 * <ul>
 *   <li>"90, 90, 1, 1" is the only acceptable outcome: both read the accelerator's data, the block was
 *       fetched once and one fault counted.
 *   <li>Forbidden: a 0 (a reader read the stale host copy before the fetch completed, i.e. the FETCHING ->
 *       READ_ONLY publication did not order the fetched bytes), or two faults/fetches (both claimed the
 *       block).
 * </ul>
 */
@JCStressTest
@Outcome(id = "90, 90, 1, 1", expect = Expect.ACCEPTABLE, desc = "one fetch; both readers see fetched data")
@Outcome(expect = Expect.FORBIDDEN, desc = "stale read, or the block fetched twice")
@State
public class ReadRacesFetch {
    private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
    private final SharedMemoryManager manager = CoherenceFixtures.rolling(device, 2);
    private final SharedObject p = manager.allocate(16);
    private final SharedObject q = manager.allocate(16);
    private final HostAccessor host;

    public ReadRacesFetch() {
        manager.memset(q, 0, 0x5A, 16);
        manager.memcpy(p, 0, q, 0, 16);
        manager.resetStats();
        host = manager.accessor(p);
    }

    @Actor
    public void reader1(IIII_Result r) {
        r.r1 = host.getByte(0);
    }

    @Actor
    public void reader2(IIII_Result r) {
        r.r2 = host.getByte(1);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = (int) manager.stats().readFaults();
        r.r4 = (int) manager.stats().transfersToHost();
        manager.close();
    }
}
