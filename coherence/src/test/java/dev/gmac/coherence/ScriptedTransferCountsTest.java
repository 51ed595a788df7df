package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * Scripted scenarios with exact transfer counts, derived by hand from the rules of ADSM paper §4.3 (and,
 * for the write-set annotation, the extension it proposes there). Each derivation is in the test's comment;
 * the numbers in the assertions are the derivation's result, not a recording of what the code did.
 *
 * <p>Common setup: 64-byte blocks for rolling-update, rolling size growing by 2 blocks per allocation,
 * synchronous ("inline") evictions so counts are read at a quiescent point, whole-block transfers (the paper's
 * protocol; sub-block ranges are {@code SubBlockTest}'s).
 */
class ScriptedTransferCountsTest {
    private static final int BLOCK = 64;

    private static CoherenceConfig config(ProtocolKind protocol) {
        return CoherenceConfig.defaults()
                .withProtocol(protocol)
                .withBlockSize(BLOCK)
                .withRollingIncrement(2)
                .withAsyncEviction(false)
                .withDirectHostMemory(false)
                .withSubBlock(false); // the paper's rolling-update: blocks move whole (SubBlockTest covers ranges)
    }

    /** A kernel that adds 1 to every int of {@code object} in device memory. */
    private static KernelTask increment(InMemoryAccelerator device, SharedObject object) {
        return () -> {
            ByteBuffer memory = device.view(object.deviceAddress(), (int) object.byteSize());
            for (int i = 0; i < object.byteSize() / 4; i++) {
                memory.putInt(i * 4, memory.getInt(i * 4) + 1);
            }
        };
    }

    /**
     * One 256-byte object (4 rolling blocks) written once on the host (every int, in order), used by three
     * kernel calls that read and write it, and read once (every int) at the end.
     *
     * <ul>
     *   <li>Batch: no detection, so no faults. Each call sends the whole object (1 transfer, 256 bytes) and each
     *       sync fetches it back (1 transfer, 256 bytes): 3 + 3 transfers, 768 + 768 bytes.
     *   <li>Lazy: the object starts read-only; the first write is one write fault (dirty). Call 1 sends it
     *       (1 transfer) and invalidates it; calls 2 and 3 send nothing (it is invalid, not dirty); syncs move
     *       nothing. The first read at the end is one read fault that fetches it whole (1 transfer). Totals:
     *       1 + 1 transfers of 256 bytes, 1 write fault, 1 read fault.
     *   <li>Rolling: rolling size 2 (one allocation x 2). Writing blocks 0..3 in order makes each dirty with
     *       one write fault (4). Block 2 exceeds the rolling size and evicts block 0; block 3 evicts block 1
     *       (2 evictions, 2 transfers of 64 bytes). Call 1 sends the dirty blocks 2 and 3, which are contiguous:
     *       one DMA request (1 transfer, decision 0118), and invalidates all four; calls 2 and 3 send nothing.
     *       Reading every int faults once per block and fetches only that block: 4 read faults, 4 transfers.
     *       Totals: 3 + 4 transfers, 256 + 256 bytes.
     * </ul>
     */
    @Test
    void writtenOnceUsedByThreeCallsReadOnce() {
        long[][] expected = {
            // transfersToAcc, bytesToAcc, transfersToHost, bytesToHost, writeFaults, readFaults, evictions
            {3, 768, 3, 768, 0, 0, 0}, // batch
            {1, 256, 1, 256, 1, 1, 0}, // lazy
            {3, 256, 4, 256, 4, 4, 2}, // rolling
        };
        for (ProtocolKind protocol : ProtocolKind.values()) {
            InMemoryAccelerator device = new InMemoryAccelerator();
            try (SharedMemoryManager manager = new SharedMemoryManager(device, config(protocol))) {
                SharedObject object = manager.allocate(256);
                HostAccessor host = manager.accessor(object);
                for (int i = 0; i < 64; i++) {
                    host.putInt(i, 1000 + i);
                }
                for (int call = 0; call < 3; call++) {
                    manager.call(WriteScope.all(), increment(device, object));
                    manager.sync();
                }
                for (int i = 0; i < 64; i++) {
                    assertEquals(1003 + i, host.getInt(i), protocol + " int " + i);
                }
                assertCounts(protocol, expected[protocol.ordinal()], manager.stats());
            }
        }
    }

    /**
     * Input A and output B (128 bytes = 2 rolling blocks each); the host writes A, one call computes B = 2A,
     * the host reads B, then reads A. Unannotated, then with the write set {B}.
     *
     * <ul>
     *   <li>Batch, unannotated: the call sends A and B (2 transfers), the sync fetches both (2). Annotated: the
     *       call still sends both (batch-update does not know what the host changed) but fetches only B (1).
     *       No faults either way.
     *   <li>Lazy, unannotated: 1 write fault on A; the call sends A (1) and invalidates A and B; reading B
     *       fetches it (1 fault, 1 transfer); reading A fetches it too (1 fault, 1 transfer): the paper's
     *       "potential deficiency". Annotated: A is sent and becomes read-only, B becomes invalid; reading B
     *       costs 1 fault and 1 transfer, reading A nothing.
     *   <li>Rolling (rolling size 4 after two allocations, so no eviction): writing A's 2 blocks is 2 write
     *       faults; the call sends them, contiguous, as one DMA request (1 transfer, decision 0118). Unannotated:
     *       reading B and A element by element fetches all 4 blocks (4 faults, 4 transfers). Annotated: only B's 2
     *       blocks (2 faults, 2 transfers).
     * </ul>
     */
    @Test
    void writeSetAnnotationKeepsInputsOnTheHost() {
        long[][] unannotated = {
            {2, 256, 2, 256, 0, 0, 0}, // batch
            {1, 128, 2, 256, 1, 2, 0}, // lazy
            {1, 128, 4, 256, 2, 4, 0}, // rolling
        };
        long[][] annotated = {
            {2, 256, 1, 128, 0, 0, 0}, // batch
            {1, 128, 1, 128, 1, 1, 0}, // lazy
            {1, 128, 2, 128, 2, 2, 0}, // rolling
        };
        for (boolean annotate : new boolean[] {false, true}) {
            for (ProtocolKind protocol : ProtocolKind.values()) {
                InMemoryAccelerator device = new InMemoryAccelerator();
                try (SharedMemoryManager manager = new SharedMemoryManager(device, config(protocol))) {
                    SharedObject a = manager.allocate(128);
                    SharedObject b = manager.allocate(128);
                    HostAccessor hostA = manager.accessor(a);
                    HostAccessor hostB = manager.accessor(b);
                    for (int i = 0; i < 32; i++) {
                        hostA.putInt(i, i);
                    }
                    KernelTask doubleIt = () -> {
                        ByteBuffer in = device.view(a.deviceAddress(), 128);
                        ByteBuffer out = device.view(b.deviceAddress(), 128);
                        for (int i = 0; i < 32; i++) {
                            out.putInt(i * 4, 2 * in.getInt(i * 4));
                        }
                    };
                    manager.call(annotate ? WriteScope.of(java.util.List.of(b)) : WriteScope.all(), doubleIt);
                    manager.sync();
                    for (int i = 0; i < 32; i++) {
                        assertEquals(2 * i, hostB.getInt(i));
                    }
                    for (int i = 0; i < 32; i++) {
                        assertEquals(i, hostA.getInt(i));
                    }
                    long[] want = (annotate ? annotated : unannotated)[protocol.ordinal()];
                    assertCounts(protocol + (annotate ? " annotated" : " unannotated"), want, manager.stats());
                }
            }
        }
    }

    /**
     * After a kernel writes a 512-byte object (8 rolling blocks), the host reads one int in block 5.
     * Lazy-update fetches the whole object (1 transfer, 512 bytes); rolling-update only the block holding
     * the int (1 transfer, 64 bytes); batch-update fetched everything at the sync (1 transfer, 512 bytes).
     * Nobody wrote on the host, so the call sends nothing under lazy and rolling; batch sends the object.
     */
    @Test
    void scatteredReadFetchesOneBlockUnderRolling() {
        long[][] expected = {
            {1, 512, 1, 512, 0, 0, 0}, // batch
            {0, 0, 1, 512, 0, 1, 0}, // lazy
            {0, 0, 1, 64, 0, 1, 0}, // rolling
        };
        for (ProtocolKind protocol : ProtocolKind.values()) {
            InMemoryAccelerator device = new InMemoryAccelerator();
            try (SharedMemoryManager manager = new SharedMemoryManager(device, config(protocol))) {
                SharedObject object = manager.allocate(512);
                HostAccessor host = manager.accessor(object);
                manager.call(WriteScope.all(), increment(device, object));
                manager.sync();
                assertEquals(1, host.getInt(5 * 16 + 3));
                assertCounts(protocol, expected[protocol.ordinal()], manager.stats());
            }
        }
    }

    /**
     * Bulk operations after a kernel wrote A and B (128 bytes each, invalid on the host under lazy and
     * rolling): memset(A) runs on the accelerator only (0 transfers: invalid blocks are set there); memcpy
     * A -> B runs on the accelerator (0 bytes that way, against fetching A and later sending B on the host);
     * then a copyFrom that overwrites all of B on the host needs no fetch (whole blocks), only write faults: one per
     * run of consecutive blocks the operation needs the protocol for (decision 0118).
     * Batch-update fetched A and B at the sync (2 transfers), and does memset and memcpy on the host (its
     * host copies are always valid), so nothing else moves.
     */
    @Test
    void bulkOperationsMoveNoBytesWhenTheAcceleratorCanDoThem() {
        long[][] expected = {
            {2, 256, 2, 256, 0, 0, 0}, // batch: call sends both, sync fetches both
            {0, 0, 0, 0, 1, 0, 0}, // lazy: one write fault (B, claimed whole, not fetched)
            {0, 0, 0, 0, 1, 0, 0}, // rolling: one write fault (B's two blocks, one run)
        };
        for (ProtocolKind protocol : ProtocolKind.values()) {
            InMemoryAccelerator device = new InMemoryAccelerator();
            try (SharedMemoryManager manager = new SharedMemoryManager(device, config(protocol))) {
                SharedObject a = manager.allocate(128);
                SharedObject b = manager.allocate(128);
                manager.call(WriteScope.all(), () -> {
                    device.view(a.deviceAddress(), 128).putInt(0, 7);
                    device.view(b.deviceAddress(), 128).putInt(0, 8);
                });
                manager.sync();
                manager.memset(a, 0, 0x11, 128);
                manager.memcpy(b, 0, a, 0, 128);
                HostAccessor hostB = manager.accessor(b);
                hostB.copyFrom(new int[32]);
                assertCounts(protocol, expected[protocol.ordinal()], manager.stats());
                assertEquals(0, hostB.getInt(3));
                HostAccessor hostA = manager.accessor(a);
                manager.resetStats();
                assertEquals(0x11111111, hostA.getInt(0));
            }
        }
    }

    /**
     * A bulk read knows its whole range (decision 0118): after a kernel wrote a 256-byte object (4 rolling blocks),
     * {@code copyTo} of all of it under rolling-update fetches the 4 invalid blocks as one DMA request (1 transfer,
     * 256 bytes, one setup latency: 10 µs + 256 B at 6 GB/s) and counts one read fault; then the host rewrites
     * blocks 1 and 2 element by element (2 write faults, no eviction: rolling size 2) and the next call sends the two
     * contiguous dirty blocks as one transfer of 128 bytes.
     */
    @Test
    void aBulkReadAndAReleaseMoveContiguousBlocksAsOneTransfer() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = new SharedMemoryManager(device, config(ProtocolKind.ROLLING))) {
            SharedObject object = manager.allocate(256);
            HostAccessor host = manager.accessor(object);
            manager.call(WriteScope.all(), increment(device, object));
            manager.sync();
            int[] all = new int[64];
            host.copyTo(all);
            assertEquals(1, all[63]);
            assertCounts("bulk read", new long[] {0, 0, 1, 256, 0, 1, 0}, manager.stats());
            double oneTransfer = manager.stats().modelledSecondsToHost();
            assertEquals(10e-6 + 256 / 6.0e9, oneTransfer, 1e-12, "one setup latency for the whole range");
            for (int i = 16; i < 48; i++) {
                host.putInt(i, -i);
            }
            manager.call(WriteScope.all(), increment(device, object));
            manager.sync();
            assertCounts("bulk read, then a release", new long[] {1, 128, 1, 256, 2, 1, 0}, manager.stats());
            assertEquals(-31 + 1, host.getInt(31), "the host's write, then the kernel's increment");
        }
    }

    private static void assertCounts(Object label, long[] want, TransferSnapshot stats) {
        long[] got = {
            stats.transfersToAccelerator(),
            stats.bytesToAccelerator(),
            stats.transfersToHost(),
            stats.bytesToHost(),
            stats.writeFaults(),
            stats.readFaults(),
            stats.evictions()
        };
        assertEquals(
                java.util.Arrays.toString(want),
                java.util.Arrays.toString(got),
                label
                        + ": [transfersToAcc, bytesToAcc, transfersToHost, bytesToHost, writeFaults, readFaults, evictions]");
    }
}
