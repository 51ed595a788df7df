package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Execution contexts (GMAC's per-thread mode, ADSM paper §4.1): two host threads on one runtime each own
 * their buffers and never see each other's calls. Issue 14's reproductions: the two-thread program (each
 * thread writes one element, calls, syncs and reads it back) lost writes under every protocol when thread
 * B's call released thread A's buffers; a four-thread soak with only the calls ordered between threads lost
 * 165,836 and 846,000 elements under batch-update.
 *
 * <p>{@code gmac.contextIterations} (default 10,000) sets the two-thread program's iterations and {@code
 * gmac.soakRounds} (default 60) the soak's rounds per thread.
 */
class ContextIsolationTest {
    private static final int ITERATIONS = Integer.getInteger("gmac.contextIterations", 10_000);
    private static final int SOAK_ROUNDS = Integer.getInteger("gmac.soakRounds", 60);

    private static AdsmConfig config(Protocol protocol) {
        return AdsmConfig.defaults().withProtocol(protocol).withBlockSize(256);
    }

    /** The program: per thread, write one element, call, sync, read it back; no write may be lost. */
    @ParameterizedTest
    @EnumSource(Protocol.class)
    void twoThreadsWriteCallSyncAndReadBackWithoutLosingAWrite(Protocol protocol) throws Exception {
        try (Adsm adsm = Adsm.open(config(protocol))) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            AtomicLong lost = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CyclicBarrier start = new CyclicBarrier(2);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int self = t;
                threads.add(new Thread(
                        () -> {
                            try {
                                SharedBuffer y = adsm.adsmAlloc(64);
                                SharedBuffer x = adsm.adsmAlloc(64);
                                x.putFloat(0, 1f);
                                start.await();
                                for (int i = 0; i < ITERATIONS; i++) {
                                    float written = self * 1_000_000 + i;
                                    y.putFloat(0, written);
                                    adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 1f, 1);
                                    adsm.adsmSync();
                                    if (y.getFloat(0) != written + 1) {
                                        lost.incrementAndGet();
                                    }
                                }
                            } catch (Throwable e) {
                                failure.compareAndSet(null, e);
                            }
                        },
                        "writer-" + t));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertEquals(0, lost.get(), "writes lost in " + 2 * ITERATIONS + " iterations under " + protocol);
            assertEquals(0, adsm.stats().implicitSyncs(), "a thread waited for the other's kernel");
        }
    }

    /**
     * The soak: four threads, each filling its own buffer on the host, then calling a kernel that increments
     * every element (the calls, and only the calls, ordered between threads by a lock), syncing and checking
     * every element. Host writes of one thread run while another thread's call is released.
     */
    @ParameterizedTest
    @EnumSource(Protocol.class)
    void fourThreadsWithOnlyTheCallsOrderedLoseNothing(Protocol protocol) throws Exception {
        int elements = 4096;
        try (Adsm adsm = Adsm.open(config(protocol).withBlockSize(1024).withRollingSize(1))) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            ReentrantLock calls = new ReentrantLock();
            AtomicLong wrong = new AtomicLong();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            CyclicBarrier start = new CyclicBarrier(4);
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int self = t;
                threads.add(new Thread(
                        () -> {
                            try {
                                SharedBuffer y = adsm.adsmAlloc(4L * elements);
                                SharedBuffer ones = adsm.adsmAlloc(4L * elements);
                                for (int i = 0; i < elements; i++) {
                                    ones.putFloat(i, 1f);
                                }
                                start.await();
                                for (int round = 0; round < SOAK_ROUNDS; round++) {
                                    float base = self * 100_000 + round * 10;
                                    for (int i = 0; i < elements; i++) {
                                        y.putFloat(i, base + (i & 7));
                                    }
                                    calls.lock();
                                    try {
                                        adsm.adsmCall(
                                                scaleAdd, Dim3.of(elements / 128), Dim3.of(128), y, ones, 1f, elements);
                                    } finally {
                                        calls.unlock();
                                    }
                                    adsm.adsmSync();
                                    for (int i = 0; i < elements; i++) {
                                        if (y.getFloat(i) != base + (i & 7) + 1) {
                                            wrong.incrementAndGet();
                                        }
                                    }
                                }
                            } catch (Throwable e) {
                                failure.compareAndSet(null, e);
                            }
                        },
                        "soak-" + t));
            }
            threads.forEach(Thread::start);
            for (Thread thread : threads) {
                thread.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertEquals(0, wrong.get(), "wrong elements under " + protocol);
        }
    }

    @Test
    void eachThreadHasItsOwnContextAndOwnsWhatItAllocates() throws Exception {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            SharedBuffer mine = adsm.adsmAlloc(64);
            AdsmContext main = adsm.context();
            assertEquals(main, adsm.context(), "a thread keeps its context");
            assertTrue(main.owns(mine));
            AtomicReference<AdsmContext> other = new AtomicReference<>();
            AtomicReference<SharedBuffer> theirs = new AtomicReference<>();
            Thread thread = new Thread(() -> {
                other.set(adsm.context());
                theirs.set(adsm.adsmAlloc(64));
            });
            thread.start();
            thread.join();
            assertNotEquals(main, other.get());
            assertTrue(other.get().owns(theirs.get()));
            assertFalse(main.owns(theirs.get()));
        }
    }

    @Test
    void aCallThatReachesAnotherContextsBufferIsRejectedUntilItIsHandedOver() {
        try (Adsm adsm = Adsm.open(config(Protocol.LAZY))) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            AdsmContext worker = adsm.newContext("worker");
            SharedBuffer y = worker.adsmAlloc(64);
            SharedBuffer x = adsm.adsmAlloc(64);
            x.putFloat(0, 2f);
            AdsmException foreign = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 1f, 1));
            assertEquals(AdsmException.Reason.OTHER_CONTEXT, foreign.reason());
            assertTrue(foreign.getMessage().contains("'worker'"), foreign.getMessage());
            assertTrue(foreign.getMessage().contains("adopt"), foreign.getMessage());

            adsm.context().adopt(y);
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 1f, 1);
            adsm.adsmSync();
            assertEquals(2f, y.getFloat(0));
            assertTrue(adsm.context().owns(y));
            assertFalse(worker.owns(y));
        }
    }

    /** A call releases only what the kernel reaches: a dirty buffer it is not given stays on the host. */
    @Test
    void aCallReleasesOnlyTheBuffersTheKernelReaches() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            SharedBuffer y = adsm.adsmAlloc(64);
            SharedBuffer x = adsm.adsmAlloc(64);
            SharedBuffer bystander = adsm.adsmAlloc(4096);
            x.putFloat(0, 3f);
            bystander.putFloat(0, 7f);
            adsm.resetStats();
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 1f, 1);
            adsm.adsmSync();
            assertEquals(3f, y.getFloat(0));
            TransferStats stats = adsm.stats();
            assertEquals(4, stats.bytesToAccelerator(), "only x's written float, of the reached buffers, went");
            assertEquals(7f, bystander.getFloat(0), "the bystander kept its host copy");
            adsm.call(scaleAdd, Dim3.of(1), Dim3.of(32), y, x, 1f, 1)
                    .reaches(bystander)
                    .launch();
            adsm.adsmSync();
            assertEquals(stats.bytesToAccelerator() + 4, adsm.stats().bytesToAccelerator(), "named: it goes");
        }
    }

    /** Two contexts call at once: neither call waits for the other's kernel. */
    @Test
    void twoContextsHaveKernelsInFlightAtOnce() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            PtxKernel scaleAdd = adsm.kernelResource(AdsmApiTest.KERNELS, "scale_add");
            AdsmContext a = adsm.newContext("a");
            AdsmContext b = adsm.newContext("b");
            SharedBuffer ya = a.adsmAlloc(64);
            SharedBuffer xa = a.adsmAlloc(64);
            SharedBuffer yb = b.adsmAlloc(64);
            SharedBuffer xb = b.adsmAlloc(64);
            xa.putFloat(0, 1f);
            xb.putFloat(0, 2f);
            a.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), ya, xa, 1f, 1);
            b.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), yb, xb, 1f, 1);
            assertTrue(a.kernelInFlight(), "b's call did not sync a's");
            b.adsmSync();
            assertTrue(a.kernelInFlight(), "b's sync did not sync a's");
            assertEquals(2f, yb.getFloat(0));
            a.adsmSync();
            assertEquals(1f, ya.getFloat(0));
            assertEquals(0, adsm.stats().implicitSyncs());
        }
    }
}
