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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A host write to block X races rolling-update's eager eviction of X. The rolling size is 1 (one
 * allocation, growing by 1 block). The evictor writes X, then block Y: Y exceeds the rolling size, so the
 * oldest dirty block, X, is evicted (DIRTY -> FLUSHING, copied, FLUSHING -> READ_ONLY) unless another
 * thread may be writing the object through a cached window. The other thread writes a different byte of X
 * through its own accessor at the same time.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t WriteRacesEagerEviction}.
 *
 * <p>Observed: r1 = final state of X (2 = DIRTY), r2 = evictions, r3 = 1 when, after a flush of dirty data,
 * the accelerator holds both threads' bytes.
 *
 * <ul>
 *   <li>"2, 0, 1" acceptable: the writer joined the object's writers before the evictor checked them (or
 *       wrote before the evictor started), so X was not evicted; X stays dirty and is flushed later.
 *   <li>"2, 1, 1" acceptable, interesting: X was evicted; the writer then found it FLUSHING or READ_ONLY,
 *       faulted, and made it DIRTY again, so its byte goes to the accelerator with the next flush.
 *   <li>Forbidden: X READ_ONLY at the end (the writer's byte may have landed after the eviction's copy and
 *       would never be sent: a lost update), X FLUSHING (an eviction never completed), or r3 = 0.
 * </ul>
 */
@JCStressTest
@Outcome(id = "2, 0, 1", expect = Expect.ACCEPTABLE, desc = "eviction refused or not tried; X dirty")
@Outcome(id = "2, 1, 1", expect = Expect.ACCEPTABLE_INTERESTING, desc = "X evicted, then re-dirtied by the write")
@Outcome(expect = Expect.FORBIDDEN, desc = "lost update: X clean while a write may be missing on the device")
@State
public class WriteRacesEagerEviction {
    private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
    private final SharedMemoryManager manager = CoherenceFixtures.rolling(device, 1);
    private final SharedObject object = manager.allocate(16);
    private final HostAccessor evictorView = manager.accessor(object);
    private final HostAccessor writerView = manager.accessor(object);

    @Actor
    public void evictor() {
        evictorView.putByte(0, (byte) 11); // X dirty (1 of 1)
        evictorView.putByte(8, (byte) 33); // Y dirty: 2 > 1, evict the oldest (X)
    }

    @Actor
    public void writer() {
        writerView.putByte(1, (byte) 22); // X again, different byte
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = object.state(0).ordinal();
        r.r2 = (int) manager.stats().evictions();
        object.owner().flushDirty();
        boolean both = CoherenceFixtures.deviceByte(device, object, 0) == 11
                && CoherenceFixtures.deviceByte(device, object, 1) == 22
                && CoherenceFixtures.deviceByte(device, object, 8) == 33;
        r.r3 = both ? 1 : 0;
        manager.close();
    }
}
