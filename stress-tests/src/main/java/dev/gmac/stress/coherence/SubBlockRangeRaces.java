package dev.gmac.stress.coherence;

import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.ExecutionContext;
import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.ProtocolKind;
import dev.gmac.coherence.Reach;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.WriteScope;
import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.util.List;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Sub-block ranges (decision 0113) change by claim: a thread CASes the block to FETCHING, computes the new valid
 * and dirty ranges (fetching what it must), writes them, then publishes the state with a volatile write.
 * Threads that find the block FETCHING wait. These tests race two such transitions on one 16-byte block.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t SubBlockRangeRaces}.
 */
public class SubBlockRangeRaces {

    static SharedMemoryManager manager(InMemoryAccelerator device) {
        return new SharedMemoryManager(
                device,
                CoherenceConfig.defaults()
                        .withProtocol(ProtocolKind.ROLLING)
                        .withBlockSize(16)
                        .withRollingIncrement(4)
                        .withAsyncEviction(false)
                        .withDirectHostMemory(false)
                        .withKernelFaultRecovery(false));
    }

    /**
     * Two threads write different bytes of one read-only block through their own accessors: each write fault
     * adds its byte to the dirty ranges. Observed: r1 = write faults, r2 = 1 when the flush sent both bytes,
     * r3 = bytes sent.
     *
     * <ul>
     *   <li>"2, 1, 2": both ranges recorded, exactly the two bytes sent.
     *   <li>Forbidden: a byte missing on the accelerator (one claim overwrote the other's ranges), or more bytes
     *       sent than written.
     * </ul>
     */
    @JCStressTest
    @Outcome(id = "2, 1, 2", expect = Expect.ACCEPTABLE, desc = "both writes in the dirty ranges, 2 bytes sent")
    @Outcome(expect = Expect.FORBIDDEN, desc = "a write lost from the ranges, or extra bytes sent")
    @State
    public static class TwoWriters {
        private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
        private final SharedMemoryManager manager = manager(device);
        private final SharedObject object = manager.allocate(16);
        private final HostAccessor first = manager.accessor(object);
        private final HostAccessor second = manager.accessor(object);

        @Actor
        public void writer1() {
            first.putByte(2, (byte) 11);
        }

        @Actor
        public void writer2() {
            second.putByte(9, (byte) 22);
        }

        @Arbiter
        public void arbiter(III_Result r) {
            r.r1 = (int) manager.stats().writeFaults();
            object.owner().flushDirty();
            r.r2 = CoherenceFixtures.deviceByte(device, object, 2) == 11
                            && CoherenceFixtures.deviceByte(device, object, 9) == 22
                    ? 1
                    : 0;
            r.r3 = (int) manager.stats().bytesToAccelerator();
            manager.close();
        }
    }

    /**
     * A read of byte 0 (fetches that element) races a write of byte 8 (makes that element valid and dirty
     * without fetching it) on an invalid block whose accelerator copy holds 0x5A everywhere. Observed: r1 = the
     * byte read, r2 = bytes fetched, r3 = bytes sent by a flush, r4 = the accelerator's byte 8 after it.
     *
     * <ul>
     *   <li>"90, 1, 1, 33": the reader got the accelerator's byte, one byte moved each way, the write arrived.
     *   <li>Forbidden: a stale read (0), the written byte fetched over (the write lost), or more bytes moved.
     * </ul>
     */
    @JCStressTest
    @Outcome(id = "90, 1, 1, 33", expect = Expect.ACCEPTABLE, desc = "one byte each way, nothing lost")
    @Outcome(expect = Expect.FORBIDDEN, desc = "stale read, lost write or extra bytes")
    @State
    public static class ReadRacesWrite {
        private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
        private final SharedMemoryManager manager = manager(device);
        private final ExecutionContext context = manager.newContext("t");
        private final SharedObject object = context.allocate(16);
        private final HostAccessor reader = manager.accessor(object);
        private final HostAccessor writer = manager.accessor(object);

        public ReadRacesWrite() {
            context.call(Reach.of(List.of(object)), WriteScope.all(), () -> device.view(object.deviceAddress(), 16)
                    .put(new byte[] {90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90}));
            context.sync();
            manager.resetStats();
        }

        @Actor
        public void read(IIII_Result r) {
            r.r1 = reader.getByte(0);
        }

        @Actor
        public void write() {
            writer.putByte(8, (byte) 33);
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            r.r2 = (int) manager.stats().bytesToHost();
            context.flushDirty();
            r.r3 = (int) manager.stats().bytesToAccelerator();
            r.r4 = CoherenceFixtures.deviceByte(device, object, 8);
            manager.close();
        }
    }
}
