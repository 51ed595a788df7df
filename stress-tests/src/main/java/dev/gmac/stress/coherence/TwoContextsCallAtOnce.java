package dev.gmac.stress.coherence;

import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.ExecutionContext;
import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.ProtocolKind;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.WriteScope;
import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.nio.ByteBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Two execution contexts of one runtime call at once (issue 14: host writes were lost when thread B's call
 * released thread A's objects). Each actor is one context's thread: it writes its own object on the host,
 * calls a kernel that increments that byte on the accelerator, syncs and reads the byte back. Neither call
 * may release, acquire or wait for the other context's object or kernel. One test per protocol.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t TwoContextsCallAtOnce}.
 *
 * <p>Observed: r1, r2 = the bytes each actor read back (10 + 1, 20 + 1); r3 = implicit syncs (a context
 * waited for a kernel); r4 = 1 when the accelerator copies hold both results.
 *
 * <ul>
 *   <li>"11, 21, 0, 1" is the only acceptable outcome.
 *   <li>Forbidden: a lost write (10 or 20 read back: the other context's call sent the object before the
 *       write landed and its acquire or a later fetch overwrote it), a lost increment, an implicit sync
 *       (one context's call or sync waited for the other's kernel), or stale accelerator copies.
 * </ul>
 */
public class TwoContextsCallAtOnce {

    /** Two contexts with one object each, and the actors' work. */
    static final class Fixture {
        private final InMemoryAccelerator device = new InMemoryAccelerator(1 << 16, false);
        private final SharedMemoryManager manager;
        private final ExecutionContext a;
        private final ExecutionContext b;
        private final SharedObject pa;
        private final SharedObject pb;
        private final HostAccessor hostA;
        private final HostAccessor hostB;

        Fixture(ProtocolKind protocol) {
            CoherenceConfig config = CoherenceConfig.defaults()
                    .withProtocol(protocol)
                    .withBlockSize(8)
                    .withRollingIncrement(1)
                    .withAsyncEviction(false)
                    .withDirectHostMemory(false)
                    .withKernelFaultRecovery(false);
            manager = new SharedMemoryManager(device, config);
            a = manager.newContext("a");
            b = manager.newContext("b");
            pa = a.allocate(16);
            pb = b.allocate(16);
            hostA = manager.accessor(pa);
            hostB = manager.accessor(pb);
        }

        private int writeCallSyncRead(ExecutionContext context, HostAccessor host, SharedObject object, int value) {
            host.putByte(0, (byte) value);
            context.call(WriteScope.all(), () -> {
                ByteBuffer memory = device.view(object.deviceAddress(), 16);
                memory.put(0, (byte) (memory.get(0) + 1));
            });
            context.sync();
            return host.getByte(0);
        }

        void contextA(IIII_Result r) {
            r.r1 = writeCallSyncRead(a, hostA, pa, 10);
        }

        void contextB(IIII_Result r) {
            r.r2 = writeCallSyncRead(b, hostB, pb, 20);
        }

        void arbiter(IIII_Result r) {
            r.r3 = (int) manager.stats().implicitSyncs();
            boolean onDevice = CoherenceFixtures.deviceByte(device, pa, 0) == 11
                    && CoherenceFixtures.deviceByte(device, pb, 0) == 21;
            r.r4 = onDevice ? 1 : 0;
            manager.close();
        }
    }

    /** Batch-update: each call sends its context's objects and fetches them back at the sync. */
    @JCStressTest
    @Outcome(id = "11, 21, 0, 1", expect = Expect.ACCEPTABLE, desc = "isolated contexts")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost write or increment, or a wait for the other's kernel")
    @State
    public static class Batch {
        private final Fixture fixture = new Fixture(ProtocolKind.BATCH);

        @Actor
        public void contextA(IIII_Result r) {
            fixture.contextA(r);
        }

        @Actor
        public void contextB(IIII_Result r) {
            fixture.contextB(r);
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            fixture.arbiter(r);
        }
    }

    /** Lazy-update. */
    @JCStressTest
    @Outcome(id = "11, 21, 0, 1", expect = Expect.ACCEPTABLE, desc = "isolated contexts")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost write or increment, or a wait for the other's kernel")
    @State
    public static class Lazy {
        private final Fixture fixture = new Fixture(ProtocolKind.LAZY);

        @Actor
        public void contextA(IIII_Result r) {
            fixture.contextA(r);
        }

        @Actor
        public void contextB(IIII_Result r) {
            fixture.contextB(r);
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            fixture.arbiter(r);
        }
    }

    /** Rolling-update (8-byte blocks, rolling size 1 per object). */
    @JCStressTest
    @Outcome(id = "11, 21, 0, 1", expect = Expect.ACCEPTABLE, desc = "isolated contexts")
    @Outcome(expect = Expect.FORBIDDEN, desc = "lost write or increment, or a wait for the other's kernel")
    @State
    public static class Rolling {
        private final Fixture fixture = new Fixture(ProtocolKind.ROLLING);

        @Actor
        public void contextA(IIII_Result r) {
            fixture.contextA(r);
        }

        @Actor
        public void contextB(IIII_Result r) {
            fixture.contextB(r);
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            fixture.arbiter(r);
        }
    }
}
