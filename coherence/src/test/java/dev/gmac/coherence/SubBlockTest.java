package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Granularity that follows the access (decision 0113), derived by hand: rolling-update objects track valid and
 * dirty byte ranges inside their 256-byte blocks, so what moves is what the host touched; and per-object hints
 * choose protocol, block size, fetch granularity and read-mostly.
 */
class SubBlockTest {
    private static final int BLOCK = 256;

    private static SharedMemoryManager manager(InMemoryAccelerator device) {
        return new SharedMemoryManager(
                device,
                CoherenceConfig.defaults()
                        .withBlockSize(BLOCK)
                        .withRollingIncrement(8)
                        .withAsyncEviction(false)
                        .withDirectHostMemory(false));
    }

    private static void invalidate(ExecutionContext context, SharedObject object) {
        context.call(Reach.of(List.of(object)), WriteScope.all(), () -> {});
        context.sync();
    }

    @Test
    void aFourByteWriteSendsFourBytes() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(1024);
            HostAccessor host = manager.accessor(object);
            host.putFloat(100, 1.5f); // byte 400: block 1
            assertEquals("valid=whole dirty={[144, 148)}", object.describeRanges(1));
            invalidate(context, object);
            TransferSnapshot stats = manager.stats();
            assertEquals(4, stats.bytesToAccelerator());
            assertEquals(1, stats.transfersToAccelerator());
            assertEquals(
                    1.5f,
                    device.view(object.deviceAddress(), 1024)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .getFloat(400));
        }
    }

    @Test
    void aSparseReadOfAnInvalidBlockFetchesTheElementAndAReadModifyWriteSendsItBack() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(1024);
            ByteBuffer memory = device.view(object.deviceAddress(), 1024).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            HostAccessor host = manager.accessor(object);
            invalidate(context, object);
            memory.putFloat(520, 2f);
            memory.putFloat(600, 9f);
            manager.resetStats();
            host.putFloat(130, host.getFloat(130) + 1f); // the stencil's point source: read-modify-write of byte 520
            assertEquals(3f, host.getFloat(130));
            assertEquals(4, manager.stats().bytesToHost());
            assertEquals(1, manager.stats().readFaults());
            assertEquals(1, manager.stats().writeFaults());
            assertEquals(9f, host.getFloat(150), "another sparse read: 4 more bytes");
            assertEquals(8, manager.stats().bytesToHost());
            invalidate(context, object);
            assertEquals(4, manager.stats().bytesToAccelerator(), "only the element written goes back");
            assertEquals(3f, memory.getFloat(520));
            assertEquals(9f, memory.getFloat(600));
        }
    }

    /**
     * Decision 0123: after sparse reads (the heat sample's probes), a bulk read of the block fetches the rest as one
     * transfer, re-reading the few valid bytes between the gaps, instead of one transfer per gap. In a block with
     * dirty bytes between the gaps, each gap goes alone and the dirty bytes survive.
     */
    @Test
    void aBulkReadAfterSparseReadsFetchesTheGapsAsOneTransfer() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(BLOCK);
            ByteBuffer memory = device.view(object.deviceAddress(), BLOCK).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            HostAccessor host = manager.accessor(object);
            invalidate(context, object);
            for (int i = 0; i < BLOCK / 4; i++) {
                memory.putFloat(4 * i, i);
            }
            host.getFloat(10);
            host.getFloat(30);
            host.getFloat(50);
            manager.resetStats();
            float[] all = new float[BLOCK / 4];
            host.copyTo(0, all, 0, all.length);
            for (int i = 0; i < all.length; i++) {
                assertEquals(i, all[i]);
            }
            assertEquals(1, manager.stats().transfersToHost(), "one DMA request for the four gaps");
            assertEquals(BLOCK, manager.stats().bytesToHost(), "the 12 valid bytes between them come again");

            invalidate(context, object);
            host.putFloat(30, -1f); // dirty bytes between the gaps
            host.getFloat(10);
            manager.resetStats();
            host.copyTo(0, all, 0, all.length);
            assertEquals(-1f, all[30], "the host's write is not overwritten");
            assertEquals(29f, all[29]);
            assertEquals(3, manager.stats().transfersToHost(), "a dirty block's gaps go one by one");
            assertEquals(BLOCK - 8, manager.stats().bytesToHost());
        }
    }

    @Test
    void sequentialElementLoopsMoveWholeBlocksAfterOneShortStart() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(4 * BLOCK);
            HostAccessor host = manager.accessor(object);
            for (int i = 0; i < BLOCK; i++) {
                host.putFloat(i, i);
            }
            // Two faults in block 0 (the element, then the rest of the block); then the write stream (decision 0118):
            // block 1 starts a unit of 2 blocks (1 and 2), block 3 one of 4, cut at the object's end.
            assertEquals(2 + 2, manager.stats().writeFaults(), "two faults in block 0, then one per unit");
            assertEquals(BlockState.DIRTY, object.state(2), "claimed with block 1");
            invalidate(context, object);
            assertEquals(4 * BLOCK, manager.stats().bytesToAccelerator());
            assertEquals(1, manager.stats().transfersToAccelerator(), "four contiguous dirty blocks: one transfer");
            manager.resetStats();
            float sum = 0;
            for (int i = 0; i < BLOCK; i++) {
                sum += host.getFloat(i);
            }
            assertEquals(BLOCK * (BLOCK - 1) / 2f, sum);
            assertEquals(4 * BLOCK, manager.stats().bytesToHost());
            assertEquals(2 + 3, manager.stats().readFaults());
            assertEquals(5, manager.stats().transfersToHost(), "4 bytes, then the rest of block 0, then whole blocks");
        }
    }

    /**
     * The price of a write stream (decision 0118): a stream that stops inside a unit has claimed blocks it did not
     * write, and they are sent. 64 floats fill block 0 (two faults: the element, then the rest of the block); float
     * 64 starts block 1 and continues the stream, so the fault claims a unit of 2 blocks (1 and 2); the loop stops
     * at float 95, half way into block 1. The call sends blocks 0 to 2, contiguous: one transfer of 768 bytes for
     * 384 bytes written (the rest of block 1 was already claimed before write streams, by the run rule of 0113).
     */
    @Test
    void aStreamThatStopsInsideAUnitSendsTheUnit() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(8 * BLOCK);
            HostAccessor host = manager.accessor(object);
            for (int i = 0; i < 96; i++) {
                host.putFloat(i, i);
            }
            assertEquals(3, manager.stats().writeFaults());
            assertEquals(BlockState.DIRTY, object.state(2), "claimed with block 1");
            assertEquals(BlockState.READ_ONLY, object.state(3), "a unit of two blocks");
            invalidate(context, object);
            assertEquals(3 * BLOCK, manager.stats().bytesToAccelerator());
            assertEquals(1, manager.stats().transfersToAccelerator());
            assertEquals(
                    95f,
                    device.view(object.deviceAddress(), 8 * BLOCK)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .getFloat(95 * 4));
        }
    }

    @Test
    void aPartialBulkWriteIsNotFetchedFirst() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(1024);
            HostAccessor host = manager.accessor(object);
            invalidate(context, object);
            manager.resetStats();
            host.copyFrom(new int[] {1, 2, 3}, 0, 10, 3); // bytes 40..52 of an invalid block
            assertEquals(0, manager.stats().bytesToHost(), "written, not read: no fetch");
            invalidate(context, object);
            assertEquals(12, manager.stats().bytesToAccelerator());
            assertEquals(2, host.getInt(11));
        }
    }

    @Test
    void scatteredWritesBeyondEightRangesMakeTheBlockWhole() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(BLOCK);
            HostAccessor host = manager.accessor(object);
            invalidate(context, object);
            manager.resetStats();
            for (int i = 0; i < 9; i++) {
                host.putInt(i * 7, i); // bytes 0, 28, 56, ...: nine separate ranges
            }
            assertEquals(BLOCK - 9 * 4, manager.stats().bytesToHost(), "the gaps were fetched to make it whole");
            assertEquals("valid=whole dirty={[0, 228)}", object.describeRanges(0));
            invalidate(context, object);
            assertEquals(228, manager.stats().bytesToAccelerator(), "the hull of the written ranges");
        }
    }

    @Test
    void hintsChooseProtocolBlockSizeAndFetchGranularityPerObject() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject lazy = context.allocate(1024, ObjectHints.defaults().withProtocol(ProtocolKind.LAZY));
            SharedObject small = context.allocate(1024, ObjectHints.defaults().withBlockSize(64));
            SharedObject paged = context.allocate(1024, ObjectHints.defaults().withFetchGranularity(128));
            SharedObject mostly = context.allocate(1024, ObjectHints.defaults().withReadMostly(true));
            SharedObject paper = context.allocate(1024, ObjectHints.defaults().withSubBlock(false));
            assertEquals(ProtocolKind.LAZY, lazy.protocol().kind());
            assertEquals(1, lazy.blockCount());
            assertEquals(16, small.blockCount());
            assertTrue(small.tracksRanges());
            assertTrue(!paper.tracksRanges() && !lazy.tracksRanges());
            context.call(Reach.of(List.of(lazy, small, paged, mostly, paper)), WriteScope.all(), () -> {});
            context.sync();
            long fetched = 0;
            for (SharedObject object : List.of(lazy, small, paged, mostly, paper)) {
                manager.accessor(object).getInt(50); // byte 200
                long now = manager.stats().bytesToHost();
                fetched = now - fetched;
                switch ((int) object.id()) {
                    case 1 -> assertEquals(1024, fetched, "lazy: the whole object");
                    case 2 -> assertEquals(4, fetched, "sub-block: the element");
                    case 3 -> assertEquals(128, fetched, "the 128-byte granule around it");
                    case 4 -> assertEquals(BLOCK, fetched, "read-mostly: the whole block");
                    default -> assertEquals(BLOCK, fetched, "the paper's rolling-update: the whole block");
                }
                fetched = now;
            }
        }
    }

    @Test
    void prefetchesMoveDataAheadOfTheAccesses() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = manager(device)) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(1024);
            HostAccessor host = manager.accessor(object);
            host.copyFrom(new byte[600]); // blocks 0, 1 whole and 88 bytes of block 2 dirty
            manager.prefetchToDevice(object, 0, 1024);
            assertEquals(600, manager.stats().bytesToAccelerator());
            assertEquals(BlockState.READ_ONLY, object.state(0));
            invalidate(context, object);
            assertEquals(600, manager.stats().bytesToAccelerator(), "nothing left to send at the call");
            manager.prefetchToHost(object, 256, 512);
            assertEquals(512, manager.stats().bytesToHost());
            long faults = manager.stats().readFaults();
            host.copyTo(256, new byte[512], 0, 512);
            assertEquals(faults, manager.stats().readFaults(), "no fault after the prefetch");
            assertEquals(512, manager.stats().bytesToHost());
        }
    }

    @Test
    void anEvictionSendsOnlyTheDirtyRangesAndKeepsTheValidOnes() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = new SharedMemoryManager(
                device,
                CoherenceConfig.defaults()
                        .withBlockSize(BLOCK)
                        .withRollingIncrement(1)
                        .withAsyncEviction(false)
                        .withDirectHostMemory(false))) {
            ExecutionContext context = manager.newContext("t");
            SharedObject object = context.allocate(4 * BLOCK);
            HostAccessor host = manager.accessor(object);
            invalidate(context, object);
            manager.resetStats();
            host.getInt(0); // block 0: [0, 4) valid
            host.putInt(10, 7); // block 0: [40, 44) valid and dirty
            host.putInt(100, 8); // block 1 dirty: over the rolling size of 1, block 0 is evicted
            assertEquals(1, manager.stats().evictions());
            assertEquals(4, manager.stats().bytesToAccelerator(), "only [40, 44) of block 0");
            assertEquals(BlockState.INVALID, object.state(0));
            assertEquals("valid={[0, 4), [40, 44)} dirty=null", object.describeRanges(0));
            long fetched = manager.stats().bytesToHost();
            assertEquals(7, host.getInt(10), "still valid on the host after the eviction");
            assertEquals(fetched, manager.stats().bytesToHost());
        }
    }
}
