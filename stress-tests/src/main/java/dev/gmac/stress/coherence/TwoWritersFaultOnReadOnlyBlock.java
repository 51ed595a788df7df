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
 * Two host threads write different bytes of the same read-only block through the same accessor, so both
 * miss the window and both enter the write-fault handler (the RO -> DIRTY CAS) at about the same time.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TwoWritersFaultOnReadOnlyBlock}.
 *
 * <p>Observed by the arbiter: r1 = state of block 0 (2 = DIRTY), r2 = write faults counted, r3 = dirty
 * blocks rolling-update tracks, r4 = 1 when, after a flush of dirty data, the accelerator holds both bytes.
 *
 * <ul>
 *   <li>"2, 1, 1, 1" is the only acceptable outcome: exactly one thread wins the CAS and counts the fault
 *       and queues the block once; the loser sees DIRTY and just installs a window; both bytes reach the
 *       accelerator.
 *   <li>Forbidden: 2 faults or 2 queued blocks (both threads believed they made the transition, so the
 *       rolling size would be consumed twice by one block); a state other than DIRTY (a transition lost);
 *       r4 = 0 (a write lost).
 * </ul>
 */
@JCStressTest
@Outcome(id = "2, 1, 1, 1", expect = Expect.ACCEPTABLE, desc = "one fault, block queued once, no write lost")
@Outcome(expect = Expect.FORBIDDEN, desc = "double transition, lost transition or lost write")
@State
public class TwoWritersFaultOnReadOnlyBlock {
    private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
    private final SharedMemoryManager manager = CoherenceFixtures.rolling(device, 2);
    private final SharedObject object = manager.allocate(16);
    private final HostAccessor host = manager.accessor(object);

    @Actor
    public void writer1() {
        host.putByte(0, (byte) 11);
    }

    @Actor
    public void writer2() {
        host.putByte(1, (byte) 22);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = object.state(0).ordinal();
        r.r2 = (int) manager.stats().writeFaults();
        r.r3 = object.protocol().dirtyBlocks();
        object.owner().flushDirty();
        boolean both = CoherenceFixtures.deviceByte(device, object, 0) == 11
                && CoherenceFixtures.deviceByte(device, object, 1) == 22;
        r.r4 = both ? 1 : 0;
        manager.close();
    }
}
