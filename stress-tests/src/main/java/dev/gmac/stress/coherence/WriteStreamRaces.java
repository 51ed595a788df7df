package dev.gmac.stress.coherence;

import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.ProtocolKind;
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
 * A sequential write stream claims a unit of blocks ahead (decision 0118) while another thread writes a block of
 * that unit, and the stream's thread then makes the unit the oldest entry of the dirty queue and over the rolling
 * size, so it may be evicted as one DMA request while the other thread writes.
 *
 * <p>8-byte blocks with sub-block ranges, rolling size 2 (two allocations, 1 block each). The streamer writes
 * bytes 0 to 8 of A (block 0 whole, then byte 8 continues the stream: the fault claims blocks 1 and 2 as one
 * unit), then bytes 0 and 16 of B (two single blocks: the queue holds A0, A[1..2], B0, B2, so A0 and the unit are
 * evicted when no other thread may be writing A). The writer writes byte 20 of A (block 2) at the same time: it
 * finds the block read-only (its fault takes it first, and the stream's claim stops there), dirty (claimed by the
 * stream: no fault), or flushing or read-only after an eviction (it faults and makes it dirty again).
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t WriteStreamRaces}.
 *
 * <p>Observed after both actors and a flush of everything dirty: r1 = 1 when the accelerator holds every byte the
 * streamer wrote, r2 = 1 when it holds the writer's byte, r3 = eager evictions. Forbidden: any byte missing (a
 * write that landed in a claimed or evicted block after its copy, and was never sent again).
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = Expect.ACCEPTABLE, desc = "nothing evicted")
@Outcome(id = "1, 1, 1", expect = Expect.ACCEPTABLE, desc = "the writer had joined A: only B0 evicted")
@Outcome(id = "1, 1, 2", expect = Expect.ACCEPTABLE_INTERESTING, desc = "A0 and the unit evicted, then written")
@Outcome(id = "1, 1, 3", expect = Expect.ACCEPTABLE_INTERESTING, desc = "three entries evicted")
@Outcome(expect = Expect.FORBIDDEN, desc = "a byte missing on the accelerator: a lost update")
@State
public class WriteStreamRaces {
    private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
    private final SharedMemoryManager manager = new SharedMemoryManager(
            device,
            CoherenceConfig.defaults()
                    .withProtocol(ProtocolKind.ROLLING)
                    .withBlockSize(8)
                    .withRollingIncrement(1)
                    .withAsyncEviction(false)
                    .withDirectHostMemory(false)
                    .withKernelFaultRecovery(false));
    private final SharedObject a = manager.allocate(32);
    private final SharedObject b = manager.allocate(24);
    private final HostAccessor streamA = manager.accessor(a);
    private final HostAccessor streamB = manager.accessor(b);
    private final HostAccessor writerA = manager.accessor(a);

    @Actor
    public void streamer() {
        for (int i = 0; i <= 8; i++) {
            streamA.putByte(i, (byte) (10 + i));
        }
        streamB.putByte(0, (byte) 40);
        streamB.putByte(16, (byte) 41);
    }

    @Actor
    public void writer() {
        writerA.putByte(20, (byte) 22);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = (int) manager.stats().evictions();
        a.owner().flushDirty();
        boolean stream =
                CoherenceFixtures.deviceByte(device, b, 0) == 40 && CoherenceFixtures.deviceByte(device, b, 16) == 41;
        for (int i = 0; i <= 8; i++) {
            stream &= CoherenceFixtures.deviceByte(device, a, i) == 10 + i;
        }
        r.r1 = stream ? 1 : 0;
        r.r2 = CoherenceFixtures.deviceByte(device, a, 20) == 22 ? 1 : 0;
        manager.close();
    }
}
